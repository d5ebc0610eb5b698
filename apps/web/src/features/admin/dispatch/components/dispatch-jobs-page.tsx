import { ADMIN_MESSAGES } from '@alumnet/contract';
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight, IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { AdminOnly } from '../../shared/components/admin-only';
import { CollegeSelect } from '../../shared/components/college-select';
import { PageHeader } from '../../shared/components/page-header';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { adminNotify } from '../../shared/notify';
import { jobsQuery } from '../api/jobs';
import { ConfirmJobDialog, type JobConfirm } from './confirm-job-dialog';
import { JobsTable } from './jobs-table';

/** `/dashboard/jobs`: admin-area.md §2 "Dispatch jobs". */
export function DispatchJobsPage() {
  return (
    <AdminOnly>
      <DispatchJobs />
    </AdminOnly>
  );
}

function DispatchJobs() {
  const { user, collegeId, isSuperAdmin, isLoading } = useAdminCollege();
  // Another college's jobs start again from their first page.
  const [paging, setPaging] = useState({ collegeId, page: 1 });
  const page = paging.collegeId === collegeId ? paging.page : 1;
  const setPage = (next: number) => setPaging({ collegeId, page: next });
  const [confirm, setConfirm] = useState<JobConfirm>(null);
  // A super admin waits for the chosen college; a college admin's comes from the session.
  const ready = Boolean(user) && !(isSuperAdmin && isLoading);
  const jobs = useQuery({ ...jobsQuery(user?._id ?? '', collegeId, page), enabled: ready });

  // admin-area.md §8: a failed load is a toast; the last good page stays on screen.
  const failed = jobs.isError;
  useEffect(() => {
    if (failed) adminNotify.error(ADMIN_MESSAGES.fetchJobsFailed);
  }, [failed]);

  const totalPages = Math.max(1, jobs.data?.totalPages ?? 1);
  const list = jobs.data?.jobs ?? [];

  return (
    <Stack gap="md">
      <PageHeader
        back={paths.home}
        title="Dispatch Jobs"
        description="Check a job's input CSV, then dispatch it. Jobs in review can still be deleted."
      >
        <Group gap="xs">
          <CollegeSelect />
          <Button
            component={Link}
            to={paths.outbox}
            variant="light"
            leftSection={<IconInbox size={16} />}
          >
            Outbox
          </Button>
        </Group>
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} pos="relative">
        {!jobs.data && jobs.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{ADMIN_MESSAGES.fetchJobsFailed}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => jobs.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !jobs.data ? (
          <Center py="xl">
            <Loader aria-label="Loading jobs" />
          </Center>
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No dispatch jobs yet. Choose users on the dashboard and press Approve, Email, WhatsApp
            or SMS.
          </Text>
        ) : (
          <Box pos="relative">
            <LoadingOverlay visible={jobs.isPlaceholderData} loaderProps={{ size: 'sm' }} />
            <JobsTable
              jobs={list}
              onDispatch={(job) => setConfirm({ kind: 'dispatch', job })}
              onDelete={(job) => setConfirm({ kind: 'delete', job })}
            />
          </Box>
        )}
        <Group justify="flex-end" gap="xs" mt="md">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <Text size="sm">
            {page} / {totalPages}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={page >= totalPages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      </Paper>
      <ConfirmJobDialog confirm={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
