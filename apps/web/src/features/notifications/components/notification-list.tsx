import {
  Box,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck, IconCircleCheck } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Link } from 'react-router';
import { useUnreadNotifications } from '../../../components/notification-bell';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useTimeZone } from '../../../lib/time-zone';
import { notificationsQuery, useMarkRead } from '../api/notifications';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

/** At most this many ids go in one POST /api/notifications/read (the contract's limit). */
const IDS_PER_CALL = 100;

function ListSkeleton() {
  return (
    <Stack gap={0} aria-busy aria-label="Loading notifications">
      {[0, 1, 2].map((row) => (
        <Group key={row} gap="sm" p="md" wrap="nowrap">
          <Skeleton circle height={44} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="25%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The signed-in member's notifications (issue 26): newest first, 20 at a time with "Show more".
 * What the list has shown is marked read once it is on screen, and the bell's count drops; the
 * rows keep their unread look until the member leaves (or marks all as read), so that what is
 * new stays easy to spot on this visit.
 */
export function NotificationList() {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const query = useInfiniteQuery(notificationsQuery(queryClient));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const notifications = data?.pages.flatMap((page) => page.notifications) ?? [];
  const unreadCount = useUnreadNotifications();
  const markShown = useMarkRead();
  const markAll = useMarkRead();

  // Each shown row is sent once; a row grouped with more since is a new row, with a new id.
  const sent = useRef(new Set<string>());
  const markWhatIsShown = useEffectEvent(() => {
    const ids = notifications.filter((n) => !n.readAt && !sent.current.has(n.id)).map((n) => n.id);
    for (const id of ids) sent.current.add(id);
    for (let from = 0; from < ids.length; from += IDS_PER_CALL) {
      markShown.mutate(
        { ids: ids.slice(from, from + IDS_PER_CALL) },
        { onError: (error) => console.error('Failed to mark notifications read', error) },
      );
    }
  });
  // After the rows are on screen (an effect runs once they are committed).
  useEffect(() => markWhatIsShown(), [data]);

  const anyUnread = (unreadCount ?? 0) > 0 || notifications.some((n) => !n.readAt);

  return (
    <Box maw={760} mx="auto">
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Title order={1} size="h3">
          Notifications
        </Title>
        <Group gap="xs">
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconCheck size={18} />}
            disabled={!anyUnread}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate({ all: true }, { onError: (error) => notify.error(error.message) })
            }
          >
            Mark all as read
          </Button>
          <Button
            component={Link}
            to={paths.notificationSettings}
            variant="subtle"
            size="compact-md"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
          >
            Settings
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" className={classes.panel}>
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError && notifications.length === 0 ? (
          <Stack align="center" gap="sm" p="xl">
            <Text c="dimmed">Your notifications could not be loaded.</Text>
            <Button variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : notifications.length === 0 ? (
          <Card radius="lg" padding="xl">
            <EmptyState
              variant="light"
              icon={<IconCircleCheck size={28} />}
              title="You're all caught up"
              description="When someone likes or comments on your posts and jobs, writes to you, or answers your request to join a group, you'll find it here."
            />
          </Card>
        ) : (
          <Box component="ul" className={classes.list} aria-label="Your notifications">
            {notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} timeZone={timeZone} />
            ))}
          </Box>
        )}
      </Paper>

      {hasNextPage && (
        <Center mt="md">
          <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            Show more
          </Button>
        </Center>
      )}
    </Box>
  );
}
