import type { AdminUserRow } from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { adminNotify } from '../../shared/notify';
import { useRejectUser } from '../api/dashboard';

interface Props {
  user: AdminUserRow | null;
  onClose: () => void;
  /** The user was rejected: the caller clears the selection. */
  onDone: () => void;
}

/** admin-area.md §2 "Reject User"; the server's message is the toast, green or red (§8). */
export function RejectDialog({ user, onClose, onDone }: Props) {
  const reject = useRejectUser();
  const [reason, setReason] = useState('');

  const close = () => {
    setReason('');
    onClose();
  };
  async function confirm() {
    if (!user || reject.isPending) return;
    try {
      const answer = await reject.mutateAsync({ userId: user._id, reason });
      adminNotify.success(answer.message);
      setReason('');
      onDone();
    } catch (error) {
      adminNotify.error((error as Error).message);
    }
  }

  return (
    <Modal opened={user !== null} onClose={close} title="Reject User" centered>
      <Stack gap="md">
        {user && (
          <Text size="sm">
            Reject <b>{user.fullName}</b> ({user.email})? They will not be able to log in.
          </Text>
        )}
        <Textarea
          label="Reason for rejection"
          placeholder="Enter reason for rejection"
          autosize
          minRows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={reject.isPending}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
