import {
  API,
  FEED_PAGE_SIZE,
  GROUP_CHAT_PAGE_SIZE,
  feedCursor,
  groupAnswer,
  groupChatMessage,
  groupChatMessageList,
  groupInviteAnswer,
  groupMembersAnswer,
  groupMessageAnswer,
  myGroupsAnswer,
  pendingMembersAnswer,
  post,
  postList,
  type GroupAnswer,
  type GroupChatMessage,
  type Post,
} from '@alumnet/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, api } from '../../../lib/api-client';
import { POSTS_KEY } from '../../../lib/post-actions';
import { realtimeStore } from '../../../lib/realtime';

/** The answers of the organisers' actions carry nothing the screen reads: it asks again. */
const anyAnswer = z.unknown();

export const groupKeys = {
  all: ['groups'] as const,
  mine: ['groups', 'mine'] as const,
  /** Everything about one group: its header, members, requests and chat. */
  group: (id: string) => ['groups', 'one', id] as const,
  detail: (id: string, invite: string) => ['groups', 'one', id, 'detail', invite] as const,
  members: (id: string) => ['groups', 'one', id, 'members'] as const,
  memberPage: (id: string, search: string, page: number) =>
    ['groups', 'one', id, 'members', search, page] as const,
  pending: (id: string) => ['groups', 'one', id, 'pending'] as const,
  messages: (id: string) => ['groups', 'one', id, 'messages'] as const,
  sendMessage: ['groups', 'send-message'] as const,
  /** Under the posts' key, so a like or a comment (lib/post-actions) changes it in place too. */
  posts: (id: string) => [...POSTS_KEY, 'group', id] as const,
};

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** A refusal the server means (403, 404) is its answer: asking again would not change it. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 2;

/** GET /api/groups/mine: the member's college groups and where the member stands in each. */
export const myGroupsQuery = queryOptions({
  queryKey: groupKeys.mine,
  queryFn: () => api.get(API.community.myGroups, myGroupsAnswer),
});

/** GET /api/groups/{id}?invite=: the header; a hidden group's invitation lets a non-member see it. */
export const groupQuery = (id: string, invite: string) =>
  queryOptions({
    queryKey: groupKeys.detail(id, invite),
    queryFn: () => api.get(withQuery(API.groups.one(id), { invite }), groupAnswer),
    retry: retryUnlessRefused,
  });

/** Every cached header of the group (with and without an invitation), changed in place. */
export function updateCachedGroup(
  queryClient: QueryClient,
  id: string,
  change: (group: GroupAnswer['group']) => GroupAnswer['group'],
) {
  queryClient.setQueriesData<GroupAnswer>(
    { queryKey: [...groupKeys.group(id), 'detail'] },
    (data) => (data ? { group: change(data.group) } : data),
  );
}

/** POST /api/groups/join {groupId, invite}: joins an open group, asks to join the others. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, invite }: { groupId: string; invite?: string }) =>
      api.post(API.community.join, groupMessageAnswer, invite ? { groupId, invite } : { groupId }),
    onSuccess: (_answer, { groupId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.mine }),
        queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) }),
      ]),
  });
}

/** POST /api/groups/{id}/leave. */
export function useLeaveGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.groups.leave(groupId), anyAnswer),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.mine }),
        queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) }),
      ]),
  });
}

// ---------------------------------------------------------------- posts

type PostPages = InfiniteData<Post[], string | undefined>;

/**
 * GET /api/groups/{id}/posts?cursor=: the pinned post leads page one; each next page continues
 * after the last post that is not the pinned one (the feed's keyset cursor).
 */
export const groupPostsQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: groupKeys.posts(groupId),
    queryFn: ({ pageParam }) =>
      api.get(withQuery(API.groups.posts(groupId), { cursor: pageParam }), postList),
    initialPageParam: undefined as string | undefined,
    retry: retryUnlessRefused,
    getNextPageParam: (page: Post[]) => {
      const dated = page.filter((p) => !p.pinned);
      const last = dated.at(-1);
      return dated.length < FEED_PAGE_SIZE || !last ? undefined : feedCursor(last);
    },
  });

/** The loaded posts in order, each once (a post pinned later may also sit in an older page). */
export function groupPosts(data: { pages: Post[][] } | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const p of data?.pages.flat() ?? []) {
    if (seen.has(p._id)) continue;
    seen.add(p._id);
    posts.push(p);
  }
  return posts;
}

/** POST /api/groups/{id}/posts: the stored post goes on top, under the pinned one. */
export function useAddGroupPost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; image: string | null }) =>
      api.post(API.groups.posts(groupId), post, body),
    onSuccess: (created) =>
      queryClient.setQueryData<PostPages>(groupKeys.posts(groupId), (data) => {
        if (!data) return data;
        const [first = [], ...rest] = data.pages;
        const pinned = first.filter((p) => p.pinned);
        const others = first.filter((p) => !p.pinned);
        return { ...data, pages: [[...pinned, created, ...others], ...rest] };
      }),
  });
}

export type PostAction =
  | { kind: 'pin'; postId: string | null }
  | { kind: 'removePost'; postId: string }
  | { kind: 'removeComment'; commentId: string };

/** An organiser's pin, unpin, or removal of a post or a comment; the posts are read again. */
export function usePostModeration(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PostAction) => {
      switch (action.kind) {
        case 'pin':
          return api.post(API.groups.pin(groupId), anyAnswer, { postId: action.postId });
        case 'removePost':
          return api.post(API.groups.removePost(groupId, action.postId), anyAnswer);
        case 'removeComment':
          return api.post(API.groups.removeComment(groupId, action.commentId), anyAnswer);
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
      ]),
  });
}

// ---------------------------------------------------------------- members and requests

/** GET /api/groups/{id}/members?search=&page=. */
export const groupMembersQuery = (groupId: string, search: string, page: number) =>
  queryOptions({
    queryKey: groupKeys.memberPage(groupId, search, page),
    queryFn: () =>
      api.get(withQuery(API.groups.members(groupId), { search, page }), groupMembersAnswer),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

/** Adding or removing a member changes the list, the count and maybe the requests. */
function useMembershipChange<V, R>(groupId: string, call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.group(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.mine }),
      ]),
  });
}

/** POST /api/groups/{id}/members {userId}. */
export const useAddMember = (groupId: string) =>
  useMembershipChange(groupId, (userId: string) =>
    api.post(API.groups.members(groupId), anyAnswer, { userId }),
  );

/** POST /api/groups/{id}/members/{userId}/remove. */
export const useRemoveMember = (groupId: string) =>
  useMembershipChange(groupId, (userId: string) =>
    api.post(API.groups.removeMember(groupId, userId), anyAnswer),
  );

/** GET /api/groups/pending/{id}: who asks to join (organisers). */
export const pendingRequestsQuery = (groupId: string) =>
  queryOptions({
    queryKey: groupKeys.pending(groupId),
    queryFn: () => api.get(API.community.pending(groupId), pendingMembersAnswer),
    retry: retryUnlessRefused,
  });

/** The spec's approve and reject calls, which an organiser may make for their group. */
export const useDecideRequest = (groupId: string) =>
  useMembershipChange(groupId, ({ memberId, approve }: { memberId: string; approve: boolean }) =>
    api.post(approve ? API.community.approve : API.community.reject, groupMessageAnswer, {
      groupId,
      memberId,
    }),
  );

/** POST /api/groups/{id}/invite: a new invitation link; the old one stops working. */
export function useNewInvite(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.groups.invite(groupId), groupInviteAnswer),
    onSuccess: ({ invitePath }) =>
      updateCachedGroup(queryClient, groupId, (group) => ({ ...group, invitePath })),
  });
}

/** College members by name (the chat's search, 3 letters at least), to add one to the group. */
export const memberSearchQuery = (userId: string, searchText: string) =>
  queryOptions({
    queryKey: ['groups', 'member-search', searchText] as const,
    queryFn: () =>
      api.post(
        API.messages.search,
        z.object({
          users: z.array(z.object({ _id: z.string(), fullName: z.string() }).loose()),
        }),
        { userId, pageId: 1, searchText },
      ),
    enabled: searchText.trim().length >= 3,
    placeholderData: keepPreviousData,
  });

// ---------------------------------------------------------------- chat

export type GroupChatPages = InfiniteData<GroupChatMessage[], string | undefined>;
export type SendGroupMessageVariables = { groupId: string; message: string; clientId: string };

/**
 * GET /api/groups/{id}/messages?before=: the latest page, oldest first; each earlier page asks
 * for those before its oldest message. pages[0] is the newest page.
 */
export const groupMessagesQuery = (groupId: string) =>
  infiniteQueryOptions({
    queryKey: groupKeys.messages(groupId),
    queryFn: ({ pageParam }) =>
      api.get(withQuery(API.groups.messages(groupId), { before: pageParam }), groupChatMessageList),
    initialPageParam: undefined as string | undefined,
    retry: retryUnlessRefused,
    getNextPageParam: (page: GroupChatMessage[]) =>
      page.length < GROUP_CHAT_PAGE_SIZE ? undefined : page[0]?._id,
  });

/** Every loaded message, oldest first. */
export const chatMessages = (
  data: { pages: GroupChatMessage[][] } | undefined,
): GroupChatMessage[] => (data ? [...data.pages].reverse().flat() : []);

const byTime = (a: GroupChatMessage, b: GroupChatMessage) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * Puts a stored message into the group's cached chat, once: the send's answer and the
 * `newGroupMessage` echo of the same message may both arrive, in either order.
 */
export function addGroupMessage(queryClient: QueryClient, message: GroupChatMessage) {
  const key = groupKeys.messages(message.groupId);
  queryClient.setQueryData<GroupChatPages>(key, (data) => {
    if (!data || data.pages.some((page) => page.some((m) => m._id === message._id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, message].sort(byTime), ...older] };
  });
  // A fetch that read the table before this message was stored would overwrite it: ask again.
  if (queryClient.isFetching({ queryKey: key }) > 0) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** Marks a message removed wherever the group's chat holds it. */
export function markGroupMessageRemoved(
  queryClient: QueryClient,
  groupId: string,
  messageId: string,
) {
  queryClient.setQueryData<GroupChatPages>(groupKeys.messages(groupId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.map((m) => (m._id === messageId ? { ...m, removed: true, message: '' } : m)),
          ),
        }
      : data,
  );
}

/** How long a send over the open connection may wait for its acknowledgement before HTTP. */
const SOCKET_ACK_TIMEOUT_MS = 5000;

/**
 * `sendGroupMessage` over the app's open connection, else (or when no acknowledgement comes in
 * time) POST /api/groups/{id}/messages; the client id makes a retry by either way store it once.
 */
async function sendGroupMessage({ groupId, message, clientId }: SendGroupMessageVariables) {
  const socket = realtimeStore.socket();
  if (socket?.connected) {
    const ack = await socket
      .timeout(SOCKET_ACK_TIMEOUT_MS)
      .emitWithAck('sendGroupMessage', { groupId, message, clientId })
      .catch(() => null);
    if (ack?.ok) return ack.message;
    if (ack) throw new ApiRequestError(ack.error, ack.status);
  }
  return api.post(API.groups.messages(groupId), groupChatMessage, { message, clientId });
}

/** Sends a message; a network failure is retried with the same client id. */
/** Sends a message; its failure is the caller's to show (the composer puts the text back). */
export function useSendGroupMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: groupKeys.sendMessage,
    mutationFn: sendGroupMessage,
    retry: (count, error) => error instanceof ApiRequestError && error.status === 0 && count < 2,
    onSuccess: (stored) => addGroupMessage(queryClient, stored),
  });
}

/** POST /api/groups/{id}/messages/{messageId}/remove (organisers). */
export function useRemoveGroupMessage(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      api.post(API.groups.removeMessage(groupId, messageId), anyAnswer),
    onSuccess: (_answer, messageId) => markGroupMessageRemoved(queryClient, groupId, messageId),
  });
}
