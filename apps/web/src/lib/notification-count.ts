import { API, type NotificationEvent, type UnreadCountAnswer } from '@alumnet/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { requestJson } from './api-request';
import type { RealtimeSocket } from './realtime';

/**
 * The bell's count of unread notifications (issue 26), shared by the header of every signed-in
 * screen: so this module is part of the signed-in layout's own chunk and stays small. It checks
 * the answer by hand rather than with the contract's schema, which would bring the notifications
 * schemas (and their zod) into every signed-in screen's first download for one number.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

async function fetchUnreadCount(): Promise<UnreadCountAnswer> {
  const data = await requestJson('GET', API.notifications.unreadCount);
  const unread = (data as { unread?: unknown } | null)?.unread;
  if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0) {
    throw new Error('The unread count came back in an unexpected shape.');
  }
  return { unread };
}

/** GET /api/notifications/unread-count; kept fresh by the socket's `notification` event. */
export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: fetchUnreadCount,
  // Each screen draws its own header: a minute keeps a walk through the screens from asking
  // again every time, and the socket brings every change meanwhile.
  staleTime: 60_000,
});

/** Sets the bell's count (an answer that knows it: the socket's event, the list's answer). */
export const setUnreadCount = (queryClient: QueryClient, unread: number) =>
  queryClient.setQueryData<UnreadCountAnswer>(notificationKeys.unread, { unread });

/**
 * Keeps the count live over the app's Socket.IO connection: each `notification` event carries
 * the new count, and when a row came with it, a list on screen is fetched again to show it. After the connection
 * was lost and came back, the count is asked for again (events meanwhile were missed). Answers
 * a function that stops following.
 */
export function followNotifications(socket: RealtimeSocket, queryClient: QueryClient) {
  let wasDisconnected = false;
  const onNotification = (event: NotificationEvent) => {
    setUnreadCount(queryClient, event.unread);
    // Only a new (or newly grouped) row changes what the list shows. A count alone (read in
    // another tab, or here: the server tells every tab) leaves the rows on screen as they are.
    if (event.notification) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  };
  const onDisconnect = () => {
    wasDisconnected = true;
  };
  const onConnect = () => {
    if (!wasDisconnected) return;
    wasDisconnected = false;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  socket.on('notification', onNotification);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  return () => {
    socket.off('notification', onNotification);
    socket.off('disconnect', onDisconnect);
    socket.off('connect', onConnect);
  };
}
