import { ADMIN_MESSAGES, type AdminUserRow } from '@alumnet/contract';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lookups } from '../../../../lib/lookups';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { useUpdateUserMetadata } from '../api/dashboard';

interface Props {
  user: AdminUserRow | null;
  collegeId: string;
  onClose: () => void;
  onDone: () => void;
}

/** admin-area.md §2 "Update User Metadata": maps a row's new college data onto the structure. */
export function MetadataDialog({ user, collegeId, onClose, onDone }: Props) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Update User Metadata" centered>
      {/* Keyed by user: each opening starts from that user's own degree, batch and branch. */}
      {user && (
        <MetadataForm
          key={user._id}
          user={user}
          collegeId={collegeId}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

const current = (name: string | null, requested: string | null) =>
  name ?? (requested ? `${requested} (requested)` : 'N/A');

function MetadataForm({ user, collegeId, onClose, onDone }: Props & { user: AdminUserRow }) {
  const update = useUpdateUserMetadata();
  const [degreeId, setDegreeId] = useState(user.degreeId ?? '');
  const [batchId, setBatchId] = useState(user.batchId ?? '');
  const [branchId, setBranchId] = useState(user.branchId ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const degrees = useQuery(lookups.degrees(collegeId));
  const batches = useQuery(lookups.batches(collegeId, degreeId));
  const branches = useQuery(lookups.branches(collegeId, batchId));

  async function save() {
    if (update.isPending) return;
    if (!degreeId || !batchId || !branchId) return setProblem(ADMIN_MESSAGES.selectAllFields);
    setProblem(null);
    try {
      await update.mutateAsync({
        userId: user._id,
        degreeId,
        batchId,
        branchId,
        originalData: {
          degreeId: user.degreeId,
          batchId: user.batchId,
          branchId: user.branchId,
          degreeName: user.degreeName,
          batchName: user.batchName,
          branchName: user.branchName,
        },
      });
      adminNotify.success(ADMIN_MESSAGES.metadataUpdated);
      onDone();
    } catch (error) {
      const message = `${ADMIN_MESSAGES.metadataFailed}: ${serverMessage(error, ADMIN_MESSAGES.genericError)}`;
      setProblem(message);
      adminNotify.error(message);
    }
  }

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" fw={600}>
          {user.fullName}
        </Text>
        <SimpleGrid cols={3} spacing="xs" mt={4}>
          <Current label="Degree" value={current(user.degreeName, user.newDegreeRequestName)} />
          <Current label="Batch" value={current(user.batchName, user.newBatchRequestName)} />
          <Current label="Branch" value={current(user.branchName, user.newBranchRequestName)} />
        </SimpleGrid>
      </div>
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
          {problem}
        </Alert>
      )}
      <Select
        label="Degree"
        placeholder="Select Degree"
        data={(degrees.data ?? []).map((d) => ({ value: d._id, label: d.degreeName }))}
        value={degreeId || null}
        onChange={(value) => {
          // A new degree invalidates the batch and branch chosen under the old one.
          setDegreeId(value ?? '');
          setBatchId('');
          setBranchId('');
        }}
        error={degrees.isError ? ADMIN_MESSAGES.failedDegrees : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Batch"
        placeholder="Select Batch"
        data={(batches.data ?? []).map((b) => ({ value: b._id, label: b.batchName }))}
        value={batchId || null}
        onChange={(value) => {
          setBatchId(value ?? '');
          setBranchId('');
        }}
        disabled={!degreeId}
        error={batches.isError ? ADMIN_MESSAGES.failedBatches : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Branch"
        placeholder="Select Branch"
        data={(branches.data ?? []).map((b) => ({ value: b._id, label: b.branchName }))}
        value={branchId || null}
        onChange={(value) => setBranchId(value ?? '')}
        disabled={!batchId}
        error={branches.isError ? ADMIN_MESSAGES.failedBranches : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} disabled={update.isPending}>
          {update.isPending ? 'Updating...' : 'Update'}
        </Button>
      </Group>
    </Stack>
  );
}

function Current({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        Current {label.toLowerCase()}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
