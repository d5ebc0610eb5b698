import { ADMIN_MESSAGES, type AdminUserRow } from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { useDeleteUser } from '../api/dashboard';

interface Props {
  user: AdminUserRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** admin-area.md §2 "Delete User". */
export function DeleteDialog({ user, onClose, onDone }: Props) {
  const remove = useDeleteUser();

  async function confirm() {
    if (!user || remove.isPending) return;
    try {
      const answer = await remove.mutateAsync({ userId: user._id });
      adminNotify.success(answer.message);
      onDone();
    } catch (error) {
      adminNotify.error(serverMessage(error, ADMIN_MESSAGES.deleteFailed));
    }
  }

  return (
    <Modal opened={user !== null} onClose={onClose} title="Delete User" centered>
      <Stack gap="md">
        <Text>Are you sure you want to delete this user? This action cannot be undone.</Text>
        {user && (
          <Text size="sm" c="dimmed">
            {user.fullName} ({user.email})
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
