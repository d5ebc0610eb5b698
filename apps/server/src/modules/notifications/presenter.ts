import type {
  Notification,
  NotificationKind,
  NotificationPreference,
  NotificationTargetType,
  NotificationsAnswer,
} from '@alumnet/contract';
import type { NotificationRow } from './repository';

/** The app's address of the exact place a notification is about (apps/web's routes). */
export function targetUrl(type: NotificationTargetType, id: string): string {
  const q = encodeURIComponent(id);
  switch (type) {
    case 'post':
      return `/feed?post=${q}`;
    case 'job':
      return `/jobs?job=${q}`;
    // The conversation's target id is the other member's: the chat opens with them.
    case 'conversation':
      return `/chat?with=${q}`;
    case 'group':
      return `/groups/${q}`;
    case 'event':
      return `/events/${q}`;
    case 'college':
      return '/dashboard';
    case 'mentoring_request':
      return `/mentoring/requests?request=${q}`;
    case 'mentorship':
      return `/mentoring/mentorships/${q}`;
  }
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    count: Math.max(1, row.count),
    actors: row.actors.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      profilePicture: a.profilePic,
    })),
    target: {
      type: row.targetType,
      id: row.targetId,
      url: targetUrl(row.targetType, row.targetId),
    },
    createdAt: row.updatedAt,
    readAt: row.readAt,
    detail: row.detail,
  };
}

/** `${updatedAt}|${id}` of the last row shown, when a page is full. */
export function presentPage(
  rows: NotificationRow[],
  unread: number,
  pageSize: number,
): NotificationsAnswer {
  const last = rows.length === pageSize ? rows[rows.length - 1] : undefined;
  return {
    notifications: rows.map(presentNotification),
    unread,
    nextCursor: last ? `${last.updatedAt}|${last.id}` : null,
  };
}

export const presentPreferences = (
  preferences: Record<NotificationKind, NotificationPreference>,
) => ({ preferences });
