import { COMMUNITY_MESSAGES } from '@alumnet/contract';
import { Card, Center, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, generatePath } from 'react-router';
import { paths } from '../../../../config/paths';
import { PageHeader } from '../../shared/components/page-header';
import { SuperAdminOnly } from '../../shared/components/super-admin-only';
import { useAdminCollege } from '../../shared/hooks/use-admin-college';
import { collegeGroupsQuery } from '../api/groups';

/** `/dashboard/join-request`: a college's groups with their waiting join requests. */
export function JoinRequestsPage() {
  return (
    <SuperAdminOnly>
      <JoinRequests />
    </SuperAdminOnly>
  );
}

function JoinRequests() {
  const { colleges, collegeId, setCollegeId, isLoading, error } = useAdminCollege();
  const groups = useQuery(collegeGroupsQuery(collegeId));
  const list = groups.data?.groups ?? [];

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <PageHeader back={paths.home} title="Join Group Requests">
        <Select
          aria-label={COMMUNITY_MESSAGES.selectCollege}
          placeholder={COMMUNITY_MESSAGES.selectCollege}
          data={colleges.map((c) => ({ value: c._id, label: c.name }))}
          value={collegeId || null}
          onChange={(value) => value && setCollegeId(value)}
          allowDeselect={false}
          searchable
          disabled={isLoading}
          w={{ base: '100%', xs: 320 }}
        />
      </PageHeader>
      {error && <Text c="red">{COMMUNITY_MESSAGES.collegesFetchFailed}</Text>}
      {groups.isError && <Text c="red">{COMMUNITY_MESSAGES.groupsFetchFailed}</Text>}
      {groups.isLoading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : groups.isSuccess && list.length === 0 ? (
        <Text c="dimmed">{COMMUNITY_MESSAGES.noGroups}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {list.map((group) => (
            <Card
              key={group.groupId}
              withBorder
              radius="md"
              component={Link}
              to={generatePath(paths.pendingRequests, { groupId: group.groupId })}
            >
              <Stack gap={6}>
                <IconUsersGroup size={22} />
                <Text fw={600}>{group.groupName}</Text>
                <Text
                  size="sm"
                  c={group.pendingCount > 0 ? 'var(--mantine-color-orange-light-color)' : 'dimmed'}
                >
                  Pending Requests: {group.pendingCount}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
