import { ActionIcon, Badge, Indicator, NavLink, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { unreadCountQuery } from '../lib/notification-count';
import { useAfterLoad } from '../lib/use-after-load';

/**
 * The member's count of unread notifications, or null while not known. Asked for once the page
 * has loaded, like the socket that keeps it live: no screen needs it to paint, and a page the
 * server drew (src/ssr.tsx) is drawn without it, so the browser takes it over as drawn.
 */
export function useUnreadNotifications(): number | null {
  const loaded = useAfterLoad();
  const { data } = useQuery({ ...unreadCountQuery, enabled: loaded });
  return data?.unread ?? null;
}

const shown = (count: number) => (count > 99 ? '99+' : String(count));
const label = (count: number | null) =>
  count ? `Notifications, ${count} unread` : 'Notifications';

/**
 * The header's bell: a link to /notifications with the unread count on it. The count sits over
 * the icon's corner (Indicator, absolutely placed), so its arrival moves nothing around it.
 */
export function NotificationBell() {
  const count = useUnreadNotifications();
  const here = useLocation().pathname === paths.notifications;
  return (
    <Indicator
      inline
      disabled={!count}
      label={<span aria-hidden="true">{count ? shown(count) : ''}</span>}
      size={18}
      offset={6}
      color="red"
      withBorder
    >
      <Tooltip label="Notifications">
        <ActionIcon
          component={Link}
          to={paths.notifications}
          variant={here ? 'light' : 'subtle'}
          size="lg"
          aria-label={label(count)}
          aria-current={here ? 'page' : undefined}
        >
          <IconBell size={20} />
        </ActionIcon>
      </Tooltip>
    </Indicator>
  );
}

/**
 * The phone drawer's entry for the same, its name read from what it shows ("Notifications 3
 * unread"): an aria-label would have to repeat the visible "3" word for word.
 */
export function NotificationsNavLink({
  active,
  onClick,
}: {
  active: boolean;
  onClick: () => void;
}) {
  const count = useUnreadNotifications();
  return (
    <NavLink
      component={Link}
      to={paths.notifications}
      label="Notifications"
      leftSection={<IconBell size={18} />}
      rightSection={
        count ? (
          <Badge size="sm" color="red" circle={count < 10}>
            {shown(count)} <VisuallyHidden>unread</VisuallyHidden>
          </Badge>
        ) : null
      }
      active={active}
      onClick={onClick}
    />
  );
}
