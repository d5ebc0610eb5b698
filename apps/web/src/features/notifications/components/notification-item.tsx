import { Box, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBell, IconCalendar, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Notification } from '@alumnet/contract';
import { memo } from 'react';
import { Link } from 'react-router';
import { AuthorAvatar } from '../../../components/author-avatar';
import { postTime, postTimeFull } from '../../../lib/time-zone';
import { notificationLink, quotedDetail, sentence } from '../utils/sentence';
import classes from './notifications.module.css';

const AVATAR = 44;

/** The first actor's picture, or for a summary with nobody to show, the kind's icon. */
function Picture({ notification }: { notification: Notification }) {
  const actor = notification.actors[0];
  if (actor) {
    return (
      <AuthorAvatar
        author={{ fullName: actor.fullName, profilePic: actor.profilePicture }}
        size={AVATAR}
      />
    );
  }
  const Icon =
    notification.kind === 'signups_waiting'
      ? IconUserPlus
      : notification.kind.startsWith('group_')
        ? IconUsersGroup
        : notification.kind.startsWith('event_')
          ? IconCalendar
          : IconBell;
  return (
    <ThemeIcon size={AVATAR} radius="xl" variant="light">
      <Icon size={22} />
    </ThemeIcon>
  );
}

/**
 * One row: who, what, when, and a link to the exact place it happened. An unread row has a
 * tinted background, a dot and a bolder sentence, and says "Unread" to a screen reader.
 */
export const NotificationItem = memo(function NotificationItem({
  notification,
  timeZone,
}: {
  notification: Notification;
  timeZone: string;
}) {
  const { who, what } = sentence(notification);
  const quote = quotedDetail(notification);
  const unread = !notification.readAt;
  return (
    <li>
      <Link
        to={notificationLink(notification)}
        className={classes.item}
        data-unread={unread || undefined}
        data-kind={notification.kind}
      >
        {/* The sentence names them: the picture is not read out again. */}
        <Box aria-hidden="true" className={classes.picture}>
          <Picture notification={notification} />
        </Box>
        <Box className={classes.body}>
          <Text size="sm" fw={unread ? 600 : 400} lh={1.4}>
            {who && (
              <Text span fw={700} inherit>
                {who}
              </Text>
            )}
            {who && ' '}
            {what}
          </Text>
          {quote && (
            <Text size="sm" c="dimmed" lineClamp={2} lh={1.4}>
              “{quote}”
            </Text>
          )}
          <Tooltip label={postTimeFull(notification.createdAt, timeZone)} withArrow>
            <Text size="xs" c={unread ? 'blue.8' : 'dimmed'} fw={unread ? 600 : 400} mt={2}>
              <time dateTime={notification.createdAt}>
                {postTime(notification.createdAt, new Date(), timeZone)}
              </time>
            </Text>
          </Tooltip>
        </Box>
        {unread && (
          <>
            <span className={classes.dot} aria-hidden="true" />
            <VisuallyHidden>Unread</VisuallyHidden>
          </>
        )}
      </Link>
    </li>
  );
});
