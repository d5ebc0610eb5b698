import type { MentoringRequest } from '@alumnet/contract';
import { Alert, Anchor, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { requestsQuery } from '../api/mentoring';
import { MentoringFrame } from './mentoring-frame';
import { RequestCard } from './request-card';

/** `/mentoring/requests`: requests to the member as a mentor, and the member's own. */
export function MentoringRequestsPage() {
  return (
    <MentoringFrame
      title="Mentoring requests"
      description="Requests waiting for your answer as a mentor, and the ones you sent. An unanswered request expires after 14 days."
    >
      <Requests />
    </MentoringFrame>
  );
}

function Requests() {
  const requests = useQuery(requestsQuery);
  // A notification's link names the request: it is brought into view and marked.
  const [search] = useSearchParams();
  const pointed = search.get('request');
  // When the page was opened: "expires in N days" is read from it.
  const [now] = useState(Date.now);
  const loaded = requests.isSuccess;

  useEffect(() => {
    if (!loaded || !pointed) return;
    document
      .getElementById(`request-${pointed}`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [loaded, pointed]);

  if (requests.isPending) {
    return (
      <Stack aria-busy aria-label="Loading requests">
        <Skeleton h={200} radius="md" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (requests.isError) {
    return <Alert color="red">The requests could not be loaded. Please try again.</Alert>;
  }
  const { incoming, outgoing } = requests.data;
  return (
    <Stack gap="xl">
      <RequestSection
        id="incoming"
        title="To you, as a mentor"
        requests={incoming}
        incoming
        now={now}
        pointed={pointed}
        empty={
          <Text c="dimmed" size="sm">
            No requests to you.{' '}
            <Anchor component={Link} to={paths.mentorProfile}>
              Your mentor profile
            </Anchor>{' '}
            says whether you are taking them.
          </Text>
        }
      />
      <RequestSection
        id="outgoing"
        title="Sent by you"
        requests={outgoing}
        incoming={false}
        now={now}
        pointed={pointed}
        empty={
          <Text c="dimmed" size="sm">
            You have not asked anyone yet.{' '}
            <Anchor component={Link} to={paths.mentoring}>
              Find a mentor
            </Anchor>
          </Text>
        }
      />
    </Stack>
  );
}

function RequestSection({
  id,
  title,
  requests,
  incoming,
  now,
  pointed,
  empty,
}: {
  id: string;
  title: string;
  requests: MentoringRequest[];
  incoming: boolean;
  now: number;
  pointed: string | null;
  empty: ReactNode;
}) {
  const open = requests.filter((r) => r.status === 'open').length;
  return (
    <Stack component="section" aria-labelledby={`${id}-title`} gap="sm">
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
        {open > 0 && (
          <Text span c="dimmed" fw={400} size="sm">
            {' '}
            · {open} open
          </Text>
        )}
      </Title>
      {requests.length === 0 ? (
        empty
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              incoming={incoming}
              now={now}
              highlighted={request.id === pointed}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
