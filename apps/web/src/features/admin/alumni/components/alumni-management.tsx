import {
  jobAddedMessage,
  jobAddFailedMessage,
  ADMIN_MESSAGES,
  type AddJobBody,
  type AdminUserRow,
  type DispatchMethod,
} from '@alumnet/contract';
import { Alert, Box, Button, Group, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useState } from 'react';
import { useStagedList } from '../../../../lib/use-staged-list';
import { ProcessingOverlay } from '../../shared/components/processing-overlay';
import { adminNotify } from '../../shared/notify';
import { serverMessage } from '../../shared/utils/errors';
import { ACTION_MUTATION_KEY, useAddJob } from '../api/dashboard';
import { useAlumniSearch } from '../hooks/use-alumni-search';
import { actionRules } from '../utils/actions';
import { filterData } from '../utils/filters';
import {
  emptySelection,
  selectedRows,
  toggleRow,
  togglePage,
  type Selection,
} from '../utils/selection';
import { ActionBar } from './action-bar';
import { AdminFilterBar } from './admin-filter-bar';
import { AdminUsersTable } from './admin-users-table';
import { DeleteDialog } from './delete-dialog';
import { MetadataDialog } from './metadata-dialog';
import { RejectDialog } from './reject-dialog';

type Dialog = { kind: 'reject' | 'delete' | 'metadata'; user: AdminUserRow } | null;

/** admin-area.md §2: the alumni search, its table and the actions on the chosen users. */
export function AlumniManagement({ collegeId, adminId }: { collegeId: string; adminId: string }) {
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [dialog, setDialog] = useState<Dialog>(null);
  const clearSelection = () => setSelection(emptySelection);
  const list = useAlumniSearch(collegeId, clearSelection);
  const addJob = useAddJob();
  const processing = useIsMutating({ mutationKey: ACTION_MUTATION_KEY }) > 0;

  const rows = selectedRows(selection);
  const users = list.search.data?.users;
  // A page of rows is a thousand components or more: drawn in a background render React can
  // slice, rather than in the one its answer's arrival starts, which cannot be interrupted.
  const shownUsers = useDeferredValue(users);
  // About what a phone's screen shows under the filters first, the rest right after.
  const [drawnUsers, allDrawn] = useStagedList(shownUsers, 8);
  const onTogglePage = useCallback(
    () => setSelection((s) => togglePage(s, shownUsers ?? [])),
    [shownUsers],
  );
  const onToggleRow = useCallback(
    (row: AdminUserRow) => setSelection((s) => toggleRow(s, row, shownUsers ?? [])),
    [shownUsers],
  );
  const rules = actionRules({ rows, selectAll: selection.selectAll, processing });

  async function runJob(method: DispatchMethod) {
    // admin-area.md §5: a second press while one runs is ignored.
    if (addJob.isPending) return;
    const body: AddJobBody = selection.selectAll
      ? {
          method,
          reqUserId: adminId,
          totalResults: list.totalResults,
          selectAll: true,
          filterData: filterData(list.applied, collegeId),
        }
      : {
          method,
          reqUserId: adminId,
          totalResults: rows.length,
          selectAll: false,
          userIds: rows.map((row) => row._id),
        };
    try {
      await addJob.mutateAsync(body);
      adminNotify.success(jobAddedMessage(method));
      clearSelection();
    } catch (error) {
      adminNotify.failure(jobAddFailedMessage(method), error);
    }
  }

  function openDelete() {
    const user = rules.single;
    if (!user) return adminNotify.error(ADMIN_MESSAGES.deleteOne);
    // admin-area.md §5: said at once rather than after a confirm the server would refuse.
    if (user.isRegistered) return adminNotify.error(ADMIN_MESSAGES.cannotDeleteRegistered);
    setDialog({ kind: 'delete', user });
  }
  function openReject() {
    if (!rules.single) return adminNotify.error(ADMIN_MESSAGES.rejectOne);
    setDialog({ kind: 'reject', user: rules.single });
  }
  const closeDialog = () => setDialog(null);
  const dialogDone = () => {
    setDialog(null);
    clearSelection();
  };
  const turnPage = (step: 1 | -1) => list.setPage((page) => page + step);

  return (
    <Stack gap="md">
      <AdminFilterBar
        collegeId={collegeId}
        filters={list.filters}
        onChange={list.change}
        onClear={list.clear}
        totalResults={list.totalResults}
      />
      <Group justify="space-between" gap="xs">
        <Text fw={600} aria-live="polite">
          Total Results: {list.search.data ? list.totalResults : '…'}
        </Text>
        {list.search.data && list.totalResults > 0 && (
          <Text size="sm" c="dimmed">
            Page {list.page} of {list.pageCount}
          </Text>
        )}
      </Group>
      <ActionBar
        rules={rules}
        selectedCount={rows.length}
        totalResults={list.totalResults}
        selectAll={selection.selectAll}
        onJob={runJob}
        onUpdateMetadata={() => rules.single && setDialog({ kind: 'metadata', user: rules.single })}
        onReject={openReject}
        onDelete={openDelete}
        onClear={clearSelection}
      />
      {list.search.isError && !list.search.data ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(list.search.error, ADMIN_MESSAGES.connection)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => list.search.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : users && users.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {ADMIN_MESSAGES.noResults}
        </Text>
      ) : (
        <Box pos="relative">
          <LoadingOverlay
            visible={list.search.isPlaceholderData}
            overlayProps={{ blur: 1, backgroundOpacity: 0.4 }}
            loaderProps={{ size: 'sm' }}
          />
          <AdminUsersTable
            users={drawnUsers}
            selection={selection}
            onTogglePage={onTogglePage}
            onToggleRow={onToggleRow}
          />
        </Box>
      )}
      {/* Drawn with the whole first page: below the table's placeholder (or its first rows) it
          would only jump down. */}
      {list.search.data && allDrawn && (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={!list.hasPrevious}
            onClick={() => turnPage(-1)}
          >
            Previous
          </Button>
          {list.hasNext && (
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              onClick={() => turnPage(1)}
            >
              Next
            </Button>
          )}
        </Group>
      )}

      <RejectDialog
        user={dialog?.kind === 'reject' ? dialog.user : null}
        onClose={closeDialog}
        onDone={dialogDone}
      />
      <DeleteDialog
        user={dialog?.kind === 'delete' ? dialog.user : null}
        onClose={closeDialog}
        onDone={dialogDone}
      />
      <MetadataDialog
        user={dialog?.kind === 'metadata' ? dialog.user : null}
        collegeId={collegeId}
        onClose={closeDialog}
        onDone={dialogDone}
      />
      <ProcessingOverlay visible={processing} />
    </Stack>
  );
}
