import {
  CHAT_HISTORY_LIMIT,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatUsersAnswer,
} from '@alumnet/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Realtime } from '../../realtime/chat-gateway';
import type { SessionUser } from '../auth/repository';
import { presentChatUser, presentMessage } from './presenter';
import * as repo from './repository';

export const chatErrors = {
  sameCollegeOnly: 'You can only chat with members of your own college.',
  noSuchMember: 'No such member.',
  notYourself: 'You cannot chat with yourself.',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  clientIdReused: 'This client id was already used for another message.',
} as const;

export function createChatService(db: Database, realtime: Pick<Realtime, 'sendToUsers'>) {
  /** The other member of a conversation: someone else, approved, in the viewer's college. */
  async function partnerOf(viewer: SessionUser, memberId: string) {
    const otherId = memberId.toLowerCase();
    if (otherId === viewer.id) throw badRequest(chatErrors.notYourself);
    const other = await repo.findChatMember(db, otherId);
    if (!other) throw notFound(chatErrors.noSuchMember);
    if (!viewer.collegeId || other.collegeId !== viewer.collegeId)
      throw forbidden(chatErrors.sameCollegeOnly);
    return { id: other.id, collegeId: viewer.collegeId };
  }

  /** The message a retry with this client id stands for (it must be to the same member). */
  async function storedBefore(senderId: string, receiverId: string, clientId: string | null) {
    const earlier = clientId ? await repo.findMessageByClientId(db, senderId, clientId) : null;
    if (!earlier) throw new Error('message insert returned nothing');
    if (earlier.conversationId !== (await repo.findConversationId(db, senderId, receiverId)))
      throw conflict(chatErrors.clientIdReused);
    return earlier;
  }

  return {
    async listMembers(
      viewer: SessionUser,
      page: { pageId: number; searchText?: string },
    ): Promise<ChatUsersAnswer> {
      if (!viewer.collegeId) return { users: [], totalResults: 0 };
      const { rows, total } = await repo.listChatMembers(db, {
        viewerId: viewer.id,
        collegeId: viewer.collegeId,
        search: page.searchText,
        limit: CHAT_PAGE_SIZE,
        offset: (page.pageId - 1) * CHAT_PAGE_SIZE,
      });
      return { users: rows.map(presentChatUser), totalResults: total };
    },

    /** The latest CHAT_HISTORY_LIMIT messages with that member (or those before `before`). */
    async history(viewer: SessionUser, memberId: string, before?: string): Promise<ChatMessage[]> {
      const other = await partnerOf(viewer, memberId);
      const conversationId = await repo.findConversationId(db, viewer.id, other.id);
      if (!conversationId) return [];
      const rows = await repo.listMessages(db, conversationId, CHAT_HISTORY_LIMIT, before);
      return rows.map((row) => presentMessage(row, viewer.id, other.id));
    },

    /**
     * Stores the message (creating the conversation on the first one), and only once it is
     * committed tells the receiver's and the sender's connections. A retry with the same client
     * id answers (and announces) the message stored the first time.
     */
    async send(
      viewer: SessionUser,
      memberId: string,
      body: { message: string; clientId?: string },
    ): Promise<ChatMessage> {
      const otherId = memberId.toLowerCase();
      if (otherId === viewer.id) throw badRequest(chatErrors.notYourself);
      if (!viewer.collegeId) throw forbidden(chatErrors.sameCollegeOnly);
      const clientId = body.clientId ?? null;
      // The statement checks the receiver itself; only when it stores nothing do we ask why.
      let stored = await repo.storeMessage(db, {
        collegeId: viewer.collegeId,
        senderId: viewer.id,
        receiverId: otherId,
        message: body.message,
        clientId,
      });
      if (!stored) {
        await partnerOf(viewer, otherId);
        stored = await storedBefore(viewer.id, otherId, clientId);
      }
      const message = presentMessage(stored, viewer.id, otherId);
      realtime.sendToUsers([otherId, viewer.id], 'newMessage', message);
      return message;
    },
  };
}
