import type { MemberGroupRow } from '@alumnet/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, generatePath } from 'react-router';
import { MemberLayout } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { myGroupsQuery, useJoinGroup } from '../api/groups';
import { GroupCover } from './group-cover';
import { KIND_COLORS, KIND_LABELS, groupAction, memberCount } from './group-kind';
import classes from './groups.module.css';

/** `/groups`: the college's groups, the member's own first; each card opens the group's page. */
export function GroupsPage() {
  return (
    <MemberLayout>
      <Groups />
    </MemberLayout>
  );
}

function Groups() {
  const groups = useQuery(myGroupsQuery);
  const list = groups.data?.groups ?? [];
  const mine = list.filter((g) => g.status === 'approved');
  const others = list.filter((g) => g.status !== 'approved');

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Groups
        </Title>
        <Text c="dimmed" size="sm">
          Chapters, classes and clubs of your college: their posts, members and chat.
        </Text>
      </Stack>
      {groups.isError && <Alert color="red">Could not load the groups. Please try again.</Alert>}
      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy aria-label="Loading groups">
          <Skeleton h={260} radius="md" />
          <Skeleton h={260} radius="md" />
        </SimpleGrid>
      ) : groups.isSuccess && list.length === 0 ? (
        <Text c="dimmed">Your college has no groups yet.</Text>
      ) : (
        <>
          {mine.length > 0 && <GroupSection title="My groups" groups={mine} />}
          {others.length > 0 && <GroupSection title="Other groups" groups={others} />}
        </>
      )}
    </Stack>
  );
}

function GroupSection({ title, groups }: { title: string; groups: MemberGroupRow[] }) {
  const id = `groups-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((group) => (
          <GroupCard key={group.groupId} group={group} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GroupCard({ group }: { group: MemberGroupRow }) {
  const join = useJoinGroup();
  const action = groupAction(group.kind, group.status);
  const to = generatePath(paths.group, { id: group.groupId });

  const ask = () =>
    join.mutate(
      { groupId: group.groupId },
      {
        onSuccess: ({ message }) => notify.success(message),
        onError: (error) =>
          notify.error(
            error instanceof ApiRequestError ? error.message : 'Could not send the request.',
          ),
      },
    );

  return (
    <Card withBorder radius="md" padding={0} className={classes.card} data-group-id={group.groupId}>
      <Link to={to} aria-label={`Open ${group.groupName}`} style={{ color: 'inherit' }}>
        <GroupCover picture={group.coverPicture} name={group.groupName} height={120} />
      </Link>
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text
            component={Link}
            to={to}
            fw={600}
            lh={1.3}
            style={{ color: 'inherit', overflowWrap: 'anywhere' }}
          >
            {group.groupName}
          </Text>
          <Badge variant="light" color={KIND_COLORS[group.kind]} style={{ flexShrink: 0 }}>
            {KIND_LABELS[group.kind]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
          {group.description}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {memberCount(group.memberCount)}
          </Text>
          {action === 'member' ? (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
              Member
            </Badge>
          ) : action === 'pending' ? (
            <Badge color="yellow" variant="light">
              Pending
            </Badge>
          ) : action === 'automatic' ? (
            <Text size="xs" c="dimmed">
              By profile
            </Text>
          ) : (
            <Button
              size="xs"
              loading={join.isPending}
              onClick={ask}
              aria-label={`${action === 'request' ? 'Request to join' : 'Join'} ${group.groupName}`}
            >
              {action === 'request' ? 'Request to join' : 'Join'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
