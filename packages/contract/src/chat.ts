import { z } from 'zod';
import { idSchema } from './common';

/** member-portal.md §9. */
export const CHAT_PAGE_SIZE = 10;
export const CHAT_SEARCH_MIN = 3;
// Word for word from member-portal.md §2 "Chat"; the 3 is CHAT_SEARCH_MIN above.
export const SEARCH_TOO_SHORT_MESSAGE = 'Search term must be at least 3 characters long';
export const MAX_MESSAGE_LENGTH = 2000;
/** GET /api/messages/{id} answers at most this many messages: the latest ones, oldest first. */
export const CHAT_HISTORY_LIMIT = 200;

/** A member in the chat list (member-portal.md §3 "Conversation entry"). */
export const chatUser = z.object({
  _id: idSchema,
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePic: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  collegeName: z.string().nullable(),
  /** 'yes' when the caller has already exchanged messages with this member. */
  hasChatted: z.enum(['yes', 'no']),
});
export type ChatUser = z.infer<typeof chatUser>;

export const chatUserAnswer = z.object({ user: chatUser });

export const chatUsersBody = z.object({
  userId: idSchema.optional(),
  pageId: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const chatUsersSearchBody = chatUsersBody.extend({
  searchText: z
    .string({ error: SEARCH_TOO_SHORT_MESSAGE })
    .trim()
    .min(CHAT_SEARCH_MIN, SEARCH_TOO_SHORT_MESSAGE)
    .max(100),
});
export const chatUsersAnswer = z.object({
  users: z.array(chatUser),
  totalResults: z.number().int(),
});
export type ChatUsersAnswer = z.infer<typeof chatUsersAnswer>;

/** member-portal.md §3 "Message"; `shouldShake` is a client-only flag and never sent. */
export const chatMessage = z.object({
  _id: idSchema,
  senderId: idSchema,
  receiverId: idSchema,
  message: z.string(),
  createdAt: z.iso.datetime(),
  /** The sender's retry key, echoed so a client can match its pending message. */
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessageList = z.array(chatMessage);

/** POST /api/messages/send/{otherMemberId}. */
export const sendMessageBody = z.object({
  message: z
    .string({ error: 'Message cannot be empty.' })
    .trim()
    .min(1, 'Message cannot be empty.')
    .max(MAX_MESSAGE_LENGTH, `A message can have at most ${MAX_MESSAGE_LENGTH} characters.`),
  /** Sending again with the same clientId (a retry) stores the message once. */
  clientId: z.string().trim().min(1).max(64).optional(),
});
export const memberIdParams = z.object({ id: idSchema });
/** GET /api/messages/{id}?before={messageId}: the page of older messages before that one. */
export const chatHistoryQuery = z.object({ before: idSchema.optional() });

/**
 * `sendMessage` over the open connection: the same message, rules and answer as
 * POST /api/messages/send/{receiverId} (which keeps working), without an HTTP request per
 * message. The acknowledgement comes once the message is stored, as the HTTP answer does.
 */
export const socketSendMessage = sendMessageBody.extend({ receiverId: idSchema });
export type SocketSendMessage = z.input<typeof socketSendMessage>;
/** What `sendMessage` is acknowledged with: the stored message, or the HTTP call's status and error. */
export type SendMessageAck =
  { ok: true; message: ChatMessage } | { ok: false; status: number; error: string };
