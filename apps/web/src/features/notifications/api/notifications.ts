import {
  API,
  notificationsAnswer,
  unreadCountAnswer,
  type MarkReadBody,
  type NotificationsAnswer,
} from '@alumnet/contract';
import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys, setUnreadCount } from '../../../lib/notification-count';

type NotificationPages = InfiniteData<NotificationsAnswer, string | undefined>;

/**
 * GET /api/notifications, newest first, NOTIFICATIONS_PAGE_SIZE a page; each next page continues
 * from the answer's `nextCursor`. The first page's answer also brings the bell its count.
 */
export const notificationsQuery = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam }) => {
      const answer = await api.get(
        pageParam
          ? `${API.notifications.list}?cursor=${encodeURIComponent(pageParam)}`
          : API.notifications.list,
        notificationsAnswer,
      );
      if (!pageParam) setUnreadCount(queryClient, answer.unread);
      return answer;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: NotificationsAnswer) => page.nextCursor ?? undefined,
  });

/** Sets `readAt` on the cached rows `marked` picks. */
function markCached(queryClient: QueryClient, marked: (id: string) => boolean) {
  const now = new Date().toISOString();
  queryClient.setQueryData<NotificationPages>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) =>
              !n.readAt && marked(n.id) ? { ...n, readAt: now } : n,
            ),
          })),
        }
      : data,
  );
}

/**
 * POST /api/notifications/read with `{ids}` (what the list has shown) or `{all: true}`; the answer
 * is the new unread count, which the bell shows. Rows marked by being shown keep their unread
 * look while the list stays open (the member has yet to read them); "Mark all as read" clears it
 * from every row.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => api.post(API.notifications.read, unreadCountAnswer, body),
    onSuccess: ({ unread }, body) => {
      if ('all' in body) markCached(queryClient, () => true);
      setUnreadCount(queryClient, unread);
    },
  });
}
