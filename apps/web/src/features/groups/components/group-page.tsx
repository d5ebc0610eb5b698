import type { GroupDetail, SignedInUser } from '@alumnet/contract';
import { Alert, Anchor, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconMessageCircle, IconNews, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';
import { groupQuery, pendingRequestsQuery } from '../api/groups';
import { useGroupEvents } from '../hooks/use-group-events';
import { GroupChat } from './group-chat';
import { GroupHeader } from './group-header';
import { GroupMembers } from './group-members';
import { GroupPosts } from './group-posts';
import { GroupRequests } from './group-requests';
import { groupRights } from './group-rights';

/** `/groups/{id}` (issue 27): the header, then the group's posts, members, chat and requests. */
export function GroupPage() {
  const { data } = useSuspenseQuery(meQuery);
  return <MemberLayout>{data.user && <GroupScreen user={data.user} />}</MemberLayout>;
}

type Tab = 'posts' | 'members' | 'chat' | 'requests';

function GroupScreen({ user }: { user: SignedInUser }) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const invite = search.get('invite') ?? '';
  const query = useQuery(groupQuery(id, invite));

  if (query.isPending) {
    return (
      <Stack maw={960} mx="auto" aria-busy aria-label="Loading the group">
        <Skeleton h={220} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    const refused = query.error instanceof ApiRequestError && query.error.status > 0;
    return (
      <Stack maw={640} mx="auto" gap="sm">
        <Alert color={refused ? 'yellow' : 'red'} title="This group cannot be shown">
          {refused ? query.error.message : 'The group could not be loaded. Please try again.'}
        </Alert>
        <Anchor component={Link} to={paths.groups}>
          See all groups
        </Anchor>
      </Stack>
    );
  }
  return (
    <GroupContent key={query.data.group.id} group={query.data.group} user={user} invite={invite} />
  );
}

function GroupContent({
  group,
  user,
  invite,
}: {
  group: GroupDetail;
  user: SignedInUser;
  invite: string;
}) {
  const [tab, setTab] = useState<Tab>('posts');
  const rights = groupRights(group);
  const showsRequests = group.mayModerate && group.kind === 'request';
  const pending = useQuery({ ...pendingRequestsQuery(group.id), enabled: showsRequests });
  const waiting = pending.data?.pendingMembers.length ?? 0;
  const { ended, resume } = useGroupEvents(group.id);
  // Joining again (here or in another tab) opens the chat again; the status that was read when
  // access ended does not.
  const [seenStatus, setSeenStatus] = useState(group.myStatus);
  if (group.myStatus !== seenStatus) {
    setSeenStatus(group.myStatus);
    if (group.myStatus === 'approved') resume();
  }

  return (
    <Stack maw={960} mx="auto" gap="md">
      <GroupHeader group={group} invite={invite} />
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as Tab | null) ?? 'posts')}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="posts" leftSection={<IconNews size={16} />}>
            Posts
          </Tabs.Tab>
          <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
            Members
          </Tabs.Tab>
          <Tabs.Tab value="chat" leftSection={<IconMessageCircle size={16} />}>
            Chat
          </Tabs.Tab>
          {showsRequests && (
            <Tabs.Tab value="requests" leftSection={<IconUserPlus size={16} />}>
              Requests ({waiting})
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="posts" pt="md">
          <GroupPosts group={group} user={user} rights={rights} />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <GroupMembers group={group} user={user} rights={rights} />
        </Tabs.Panel>
        <Tabs.Panel value="chat" pt="md">
          <GroupChat group={group} user={user} rights={rights} ended={ended} />
        </Tabs.Panel>
        {showsRequests && (
          <Tabs.Panel value="requests" pt="md">
            <GroupRequests group={group} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
