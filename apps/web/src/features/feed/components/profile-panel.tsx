import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Divider,
  Flex,
  Group,
  SimpleGrid,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconLogout, IconMapPin, IconPencil } from '@tabler/icons-react';
import { COUNT_PLACEHOLDERS, imageUrl, type SignedInUser } from '@alumnet/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../../../components/member-layout';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { countErrorMessage, countQueries } from '../api/counts';
import classes from './feed-page.module.css';

/** A count that failed becomes the spec's toast, once per failure. */
function useCountToast(
  query: { error: Error | null; errorUpdatedAt: number },
  what: 'alumni' | 'batchmates' | 'branchmates',
) {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notify.error(countErrorMessage(error, what));
  }, [error, errorUpdatedAt, what]);
}

function Count({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <Flex
      direction={{ base: 'column-reverse', md: 'row' }}
      justify="space-between"
      align="center"
      gap={{ base: 0, md: 'sm' }}
      py={{ base: 6, md: 4 }}
      ta={{ base: 'center', md: 'left' }}
    >
      <Text size="sm" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fw={700} size="lg" lh={1.3} c={loading ? 'dimmed' : undefined} aria-busy={loading}>
        {value}
      </Text>
    </Flex>
  );
}

/** The dashboard's left panel (member-portal.md §2): who you are and how many are around you. */
export function ProfilePanel({ user }: { user: SignedInUser }) {
  const signOut = useSignOut();
  const nearby = useQuery(countQueries.nearbyAlumni(user._id));
  const batchmates = useQuery(countQueries.batchmates(user._id));
  const branchmates = useQuery(countQueries.branchmates(user._id));
  useCountToast(nearby, 'alumni');
  useCountToast(batchmates, 'batchmates');
  useCountToast(branchmates, 'branchmates');
  const needsCity = nearby.data === 'update city';
  // The spec's placeholders stand in while loading; after a failure a dash says "unknown".
  const shown = (query: { data?: number | string; isError: boolean }, placeholder: number) =>
    query.isError ? '—' : String(query.data ?? placeholder);
  const classOf = [user.branchName, user.batchName].filter(Boolean).join(' · ');

  return (
    <Card withBorder radius="lg" padding="lg" pos="relative">
      <Tooltip label="Edit profile">
        <ActionIcon
          component={Link}
          to={paths.profile}
          variant="subtle"
          pos="absolute"
          top={10}
          right={10}
          aria-label="Edit profile"
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>

      <Flex
        direction={{ base: 'row', md: 'column' }}
        align="center"
        gap={{ base: 'md', md: 'xs' }}
        ta={{ base: 'left', md: 'center' }}
        pr={{ base: 36, md: 0 }}
      >
        <Avatar
          src={user.profilePic ? imageUrl(user.profilePic, 'thumb') : null}
          alt={user.fullName}
          name={user.fullName}
          color="initials"
          className={classes.avatar}
        />
        <Box miw={0}>
          <Text fw={700} size="lg" lh={1.3}>
            {user.fullName}
          </Text>
          {classOf && (
            <Text size="sm" c="dimmed">
              {classOf}
            </Text>
          )}
          {user.collegeName && (
            <Text size="sm" c="dimmed">
              {user.collegeName}
            </Text>
          )}
        </Box>
      </Flex>

      <Divider my="md" />

      <SimpleGrid cols={{ base: 3, md: 1 }} spacing={{ base: 'xs', md: 0 }}>
        <Count
          label="Alumni Near Me"
          value={needsCity ? '—' : shown(nearby, COUNT_PLACEHOLDERS.nearbyAlumni)}
          loading={nearby.isPending}
        />
        <Count
          label="# Batch mates"
          value={shown(batchmates, COUNT_PLACEHOLDERS.batchmates)}
          loading={batchmates.isPending}
        />
        <Count
          label="# Branch mates"
          value={shown(branchmates, COUNT_PLACEHOLDERS.branchmates)}
          loading={branchmates.isPending}
        />
      </SimpleGrid>

      {needsCity && (
        <Group gap={6} wrap="nowrap" align="flex-start" mt="sm">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} color="gray" />
          <Text size="sm">
            Add your city to see alumni near you.{' '}
            <Anchor component={Link} to={paths.profile} size="sm" fw={600}>
              Update your city in your profile
            </Anchor>
          </Text>
        </Group>
      )}

      <Divider my={{ base: 'xs', md: 'md' }} />
      <Button
        variant="subtle"
        color="gray"
        size="sm"
        leftSection={<IconLogout size={18} />}
        onClick={signOut}
        fullWidth
      >
        Logout
      </Button>
    </Card>
  );
}
