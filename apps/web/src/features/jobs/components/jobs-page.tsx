import { Button, Grid, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconBriefcase } from '@tabler/icons-react';
import type { Job, SignedInUser } from '@alumnet/contract';
import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { notify } from '../../../lib/notify';
import { meQuery } from '../../../lib/session';
import { useFromBreakpoint } from '../../../lib/use-from-breakpoint';
import { jobsQuery, oneJobQuery } from '../api/jobs';
import { JobDetail } from './job-detail';
import { JobList } from './job-list';

// The rich-text editor is most of this screen's code: it loads when a member first adds a job.
const AddJobModal = lazy(async () => ({ default: (await import('./add-job-modal')).AddJobModal }));

/** The board's first page, for the route's loader (app/route-prefetch.ts). */
export const prefetchFirstJobs = (client: QueryClient, user: SignedInUser) =>
  client.prefetchQuery(jobsQuery(user, 1));

/** `/jobs` (member-portal.md §2 "Jobs board", §4 Jobs). */
export function JobsPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <JobsBoard user={data.user} />}</MemberLayout>;
}

function JobsBoard({ user }: { user: SignedInUser }) {
  // Below the md breakpoint the board is one column: the list, or the chosen job with Back.
  const twoColumns = useFromBreakpoint('md');
  // `/jobs?job={id}` (a notification's link) opens that job, also when it is not on the page.
  const { search } = useLocation();
  const linkedId = new URLSearchParams(search).get('job');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(linkedId);
  const [showingDetail, setShowingDetail] = useState(linkedId !== null);
  const [followedLink, setFollowedLink] = useState(linkedId);
  if (linkedId !== followedLink) {
    // A link followed while the board is open.
    setFollowedLink(linkedId);
    if (linkedId) {
      setSelectedId(linkedId);
      setShowingDetail(true);
    }
  }
  const [adding, addModal] = useDisclosure(false);
  const [editorWanted, setEditorWanted] = useState(false);
  const { data, error, isPending } = useQuery(jobsQuery(user, page));
  const jobs = data?.jobs ?? [];
  const linkedOffPage =
    linkedId !== null &&
    selectedId === linkedId &&
    !isPending &&
    !jobs.some((j) => j.id === linkedId);
  const linked = useQuery({ ...oneJobQuery(linkedId ?? ''), enabled: linkedOffPage });

  // member-portal.md §8: fetch errors are only logged.
  useEffect(() => {
    if (error) console.error('Failed to fetch jobs', error);
  }, [error]);
  useEffect(() => {
    if (linked.error) notify.error('This job posting is no longer available.');
  }, [linked.error]);

  const totalPages = data?.totalPages ?? 0;
  // §4: the first job on the page is selected whenever none (or none on this page) is.
  const selected =
    jobs.find((j) => j.id === selectedId) ??
    (linkedOffPage ? linked.data : undefined) ??
    jobs[0] ??
    null;
  const loadingDetail = isPending || (linkedOffPage && linked.isPending);

  function choose(job: Job) {
    setSelectedId(job.id);
    setShowingDetail(true);
    if (!twoColumns) window.scrollTo({ top: 0 });
  }

  function created(job: Job) {
    setPage(1);
    choose(job);
  }

  function deleted() {
    setSelectedId(null);
    setShowingDetail(false);
    // Deleting the last job of a later page goes back to the page before it.
    if (page > 1 && jobs.length <= 1) setPage(page - 1);
  }

  const list = (
    <JobList
      jobs={jobs}
      loading={isPending}
      selectedId={selected?.id ?? null}
      onSelect={choose}
      onAdd={() => {
        setEditorWanted(true);
        addModal.open();
      }}
      page={page}
      totalPages={totalPages}
      totalResults={data?.totalResults ?? 0}
      onPage={(next) => {
        setPage(next);
        setSelectedId(null);
      }}
    />
  );
  const detail = loadingDetail ? (
    <Skeleton height={360} radius="lg" />
  ) : selected ? (
    <JobDetail key={selected.id} job={selected} onDeleted={deleted} />
  ) : (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" c="dimmed" py="xl">
        <IconBriefcase size={40} stroke={1.4} />
        <Text ta="center">Select a job posting to view the details</Text>
      </Stack>
    </Paper>
  );

  return (
    <>
      {twoColumns ? (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={5}>{list}</Grid.Col>
          <Grid.Col span={7}>{detail}</Grid.Col>
        </Grid>
      ) : showingDetail && selected ? (
        <Stack gap="sm">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() => setShowingDetail(false)}
            style={{ alignSelf: 'flex-start' }}
          >
            Back to job postings
          </Button>
          {detail}
        </Stack>
      ) : (
        list
      )}
      {editorWanted && (
        <Suspense fallback={null}>
          <AddJobModal user={user} opened={adding} onClose={addModal.close} onCreated={created} />
        </Suspense>
      )}
    </>
  );
}
