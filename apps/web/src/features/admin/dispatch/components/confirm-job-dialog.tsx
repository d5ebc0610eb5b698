import {
  deleteJobConfirmText,
  dispatchConfirmText,
  ADMIN_MESSAGES,
  type DispatchJob,
} from '@alumnet/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format-date';
import { adminNotify } from '../../shared/notify';
import { useDeleteJob, useDispatchJob } from '../api/jobs';

export type JobConfirm = { kind: 'dispatch' | 'delete'; job: DispatchJob } | null;

/** admin-area.md §2 "Confirm Dispatch" and "Confirm Delete". */
export function ConfirmJobDialog({
  confirm,
  onClose,
}: {
  confirm: JobConfirm;
  onClose: () => void;
}) {
  const dispatch = useDispatchJob();
  const remove = useDeleteJob();
  const busy = dispatch.isPending || remove.isPending;
  const job = confirm?.job;
  const time = job ? formatDateTime(job.createdAt) : '';

  async function run() {
    // admin-area.md §5: a press while the request runs is ignored.
    if (!confirm || busy) return;
    const isDispatch = confirm.kind === 'dispatch';
    try {
      const answer = isDispatch
        ? await dispatch.mutateAsync(confirm.job._id)
        : await remove.mutateAsync(confirm.job._id);
      adminNotify.success(answer.message);
    } catch (error) {
      adminNotify.failure(
        isDispatch ? ADMIN_MESSAGES.dispatchFailed : ADMIN_MESSAGES.deleteJobFailed,
        error,
      );
    }
    onClose();
  }

  const isDispatch = confirm?.kind === 'dispatch';
  return (
    <Modal
      opened={confirm !== null}
      onClose={() => !busy && onClose()}
      title={isDispatch ? 'Confirm Dispatch' : 'Confirm Delete'}
      centered
    >
      <Stack gap="md">
        {job && (
          <Text>
            {isDispatch
              ? dispatchConfirmText(job.action, job.count, time)
              : deleteJobConfirmText(job.action, time)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={isDispatch ? 'blue' : 'red'} onClick={run} disabled={busy}>
            {isDispatch
              ? dispatch.isPending
                ? 'Dispatching...'
                : 'Dispatch'
              : remove.isPending
                ? 'Deleting...'
                : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
