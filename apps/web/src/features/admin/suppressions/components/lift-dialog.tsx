import type { Suppression } from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { adminNotify } from '../../shared/notify';
import { useLiftSuppression } from '../api/suppressions';
import { REASON_LABEL } from '../utils/reason';

/** Asks before an address that bounced or complained is e-mailed again. */
export function LiftDialog({
  suppression,
  collegeId,
  onClose,
}: {
  suppression: Suppression | null;
  collegeId: string;
  onClose: () => void;
}) {
  const lift = useLiftSuppression();

  async function confirm() {
    // A second press while the request runs is ignored.
    if (!suppression || lift.isPending) return;
    try {
      const answer = await lift.mutateAsync({ email: suppression.email, collegeId });
      adminNotify.success(answer.message);
    } catch (error) {
      adminNotify.failure('Could not lift the suppression.', error);
    }
    onClose();
  }

  return (
    <Modal
      opened={suppression !== null}
      onClose={() => !lift.isPending && onClose()}
      title="Lift suppression"
      centered
    >
      <Stack gap="md">
        {suppression && (
          <Text style={{ overflowWrap: 'anywhere' }}>
            Lift the suppression of <strong>{suppression.email}</strong> (
            {REASON_LABEL[suppression.reason].toLowerCase()})? The portal will send it
            notifications, digests and dispatch jobs again.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={lift.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={lift.isPending}>
            Lift
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
