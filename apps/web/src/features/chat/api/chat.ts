import {
  API,
  CHAT_HISTORY_LIMIT,
  chatMessage,
  chatMessageList,
  chatUserAnswer,
  chatUsersAnswer,
  type ChatMessage,
  type ChatUsersAnswer,
} from '@alumnet/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type InfiniteData,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiRequestError, api } from '../../../lib/api-client';
import { realtimeStore } from '../../../lib/realtime';

/** member-portal.md §3 "Message": `shouldShake` is set on a live arrival, never by the server. */
export type LiveMessage = ChatMessage & { shouldShake?: boolean };

export type SendMessageVariables = { memberId: string; message: string; clientId: string };

export const chatKeys = {
  users: ['chat', 'users'] as const,
  userPage: (userId: string, searchText: string, pageId: number) =>
    ['chat', 'users', userId, searchText, pageId] as const,
  member: (memberId: string) => ['chat', 'member', memberId] as const,
  conversations: ['chat', 'conversation'] as const,
  conversation: (memberId: string) => ['chat', 'conversation', memberId] as const,
  send: ['chat', 'send'] as const,
};

/** One member as the list shows them: a `/chat?with=` link to someone past its first page. */
export const chatMemberQuery = (memberId: string) =>
  queryOptions({
    queryKey: chatKeys.member(memberId),
    queryFn: () => api.get(API.messages.member(memberId), chatUserAnswer),
  });

/**
 * The college's members, 10 a page: POST /api/messages/users, or /users/search when a search
 * term (already checked to have at least 3 characters) is given.
 */
export const chatUsersQuery = (userId: string, searchText: string, pageId: number) =>
  queryOptions({
    queryKey: chatKeys.userPage(userId, searchText, pageId),
    queryFn: () =>
      searchText
        ? api.post(API.messages.search, chatUsersAnswer, { userId, pageId, searchText })
        : api.post(API.messages.users, chatUsersAnswer, { userId, pageId }),
    // The list keeps the last page on screen while the next one loads, so it does not jump.
    placeholderData: keepPreviousData,
    // The route's loader (or the page the server drew) fetched the first page a moment before
    // the list mounts: taken as it is instead of asked for again at once.
    staleTime: 10_000,
  });

export type ConversationPages = InfiniteData<LiveMessage[], string | undefined>;

/**
 * GET /api/messages/{memberId}: the conversation with that member, oldest first, the latest
 * CHAT_HISTORY_LIMIT messages a page; each earlier page asks for those before its oldest message.
 * pages[0] is the newest page.
 */
export const conversationQuery = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversation(memberId),
    queryFn: ({ pageParam }): Promise<LiveMessage[]> =>
      api.get(
        pageParam
          ? `${API.messages.conversation(memberId)}?before=${encodeURIComponent(pageParam)}`
          : API.messages.conversation(memberId),
        chatMessageList,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: LiveMessage[]) =>
      page.length < CHAT_HISTORY_LIMIT ? undefined : page[0]?._id,
  });

/** Every loaded message of a conversation, oldest first. */
export const conversationMessages = (
  data: { pages: LiveMessage[][] } | undefined,
): LiveMessage[] => (data ? [...data.pages].reverse().flat() : []);

const byTime = (a: ChatMessage, b: ChatMessage) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * Puts a stored message into the cached conversation with `memberId`, once: the send answer and
 * the `newMessage` echo of the same message may both arrive, in either order.
 */
export function addMessage(
  queryClient: QueryClient,
  memberId: string,
  message: ChatMessage,
  shouldShake = false,
) {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversation(memberId), (data) => {
    if (!data || data.pages.some((page) => page.some((m) => m._id === message._id))) return data;
    const [newest = [], ...older] = data.pages;
    return { ...data, pages: [[...newest, { ...message, shouldShake }].sort(byTime), ...older] };
  });
  // A fetch that read the table before this message was stored would overwrite it: ask again.
  if (queryClient.isFetching({ queryKey: chatKeys.conversation(memberId) }) > 0) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(memberId) });
  }
}

/** Shows the green tick at once for a member we have just talked with, on every cached page. */
export function markChatted(queryClient: QueryClient, memberId: string) {
  queryClient.setQueriesData<ChatUsersAnswer>({ queryKey: chatKeys.users }, (answer) =>
    answer?.users.some((u) => u._id === memberId && u.hasChatted !== 'yes')
      ? {
          ...answer,
          users: answer.users.map((u) => (u._id === memberId ? { ...u, hasChatted: 'yes' } : u)),
        }
      : answer,
  );
}

/** True when this tab is sending (or has sent) the message with that client id. */
export function sentFromHere(queryClient: QueryClient, clientId: string | null) {
  if (!clientId) return false;
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: chatKeys.send })
    .some((m) => (m.state.variables as SendMessageVariables | undefined)?.clientId === clientId);
}

/** How long a send over the open connection may wait for its acknowledgement before HTTP. */
const SOCKET_ACK_TIMEOUT_MS = 5000;

/**
 * Sends over the open realtime connection when there is one (no HTTP request per message), else
 * with POST /api/messages/send/{memberId}; an acknowledgement that does not come in time is
 * followed by the HTTP call. Either way the message is stored before the answer comes, and the
 * client id makes a retry (by either way) store it once.
 */
async function sendMessage({ memberId, message, clientId }: SendMessageVariables) {
  const socket = realtimeStore.socket();
  if (socket?.connected) {
    const ack = await socket
      .timeout(SOCKET_ACK_TIMEOUT_MS)
      .emitWithAck('sendMessage', { receiverId: memberId, message, clientId })
      .catch(() => null);
    if (ack?.ok) return ack.message;
    if (ack) throw new ApiRequestError(ack.error, ack.status);
  }
  return api.post(API.messages.send(memberId), chatMessage, { message, clientId });
}

/** Sends a message; a network failure is retried with the same client id. */
/** Sends a message; its failure is the caller's to show (the composer puts the text back). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send,
    mutationFn: sendMessage,
    retry: (count, error) => error instanceof ApiRequestError && error.status === 0 && count < 2,
    onSuccess: (stored, { memberId }) => {
      addMessage(queryClient, memberId, stored);
      markChatted(queryClient, memberId);
    },
  });
}
