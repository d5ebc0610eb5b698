import { GROUP_CHAT_PAGE_SIZE, GROUP_MESSAGES, type GroupChatMessage } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Realtime } from '../../realtime/chat-gateway';
import { groupRoom } from '../../realtime/rooms';
import type { SessionUser } from '../auth/repository';
import { besideAccess, demand, loadGroupAccess } from '../groups/access';
import { presentGroupMessage } from './presenter';
import * as repo from './repository';

export const groupChatMessages = {
  invalidBefore: 'No such message in this group to page back from.',
  clientIdReused: 'This client id was already used for another message.',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  removed: 'Message removed.',
} as const;

/**
 * A group's one conversation (issue 27). Every call asks groups/access.ts first: members chat,
 * the college's admins and super admins read and moderate; the same over HTTP and the socket.
 * Live delivery is the group's room, which its members' connections join on connect and leave
 * when they leave the group.
 */
export function createGroupChatService(db: Database, realtime: Pick<Realtime, 'sendToRoom'>) {
  async function chatAccess(user: SessionUser, groupId: string) {
    const access = await loadGroupAccess(db, user, groupId);
    return demand(access, 'mayChat', GROUP_MESSAGES.membersOnly);
  }

  return {
    /** The latest page, or the page before `before`; oldest first. */
    async history(user: SessionUser, groupId: string, before?: string) {
      const { value: rows } = await besideAccess(
        db,
        user,
        groupId,
        'mayChat',
        GROUP_MESSAGES.membersOnly,
        (id) => repo.listGroupMessages(db, id, GROUP_CHAT_PAGE_SIZE, before?.toLowerCase()),
      );
      if (!rows) throw badRequest(groupChatMessages.invalidBefore);
      return rows.map(presentGroupMessage);
    },

    /**
     * Stores the message and, once committed, sends it to the group's room. A retry with the
     * same client id answers the message stored the first time and sends nothing again.
     */
    async send(
      user: SessionUser,
      groupId: string,
      body: { message: string; clientId: string },
    ): Promise<GroupChatMessage> {
      const { group } = await chatAccess(user, groupId);
      const values = { groupId: group.id, senderId: user.id, ...body };
      const row =
        (await repo.insertGroupMessage(db, values)) ??
        (await repo.findByClientId(db, user.id, body.clientId));
      if (!row) throw new Error('group message insert returned nothing');
      if (row.groupId !== group.id) throw conflict(groupChatMessages.clientIdReused);
      const message = presentGroupMessage(row);
      if (row.created === true)
        realtime.sendToRoom(groupRoom(group.id), 'newGroupMessage', message);
      return message;
    },

    async remove(user: SessionUser, groupId: string, messageId: string) {
      const access = await loadGroupAccess(db, user, groupId);
      demand(access, 'mayModerate', GROUP_MESSAGES.moderatorsOnly);
      const id = messageId.toLowerCase();
      if (!(await repo.removeGroupMessage(db, access.group.id, id, user.id)))
        throw notFound(GROUP_MESSAGES.noSuchMessage);
      realtime.sendToRoom(groupRoom(access.group.id), 'groupMessageRemoved', {
        groupId: access.group.id,
        messageId: id,
      });
      return { message: groupChatMessages.removed };
    },

    /** The member behind a connection, as a session user (their role read now, not at connect). */
    async socketUser(sender: { userId: string; sessionId: string }): Promise<SessionUser> {
      const member = await repo.findSocketMember(db, sender.userId);
      if (!member) throw notFound(GROUP_MESSAGES.notFound);
      return { ...member, sessionId: sender.sessionId };
    },
  };
}
export type GroupChatService = ReturnType<typeof createGroupChatService>;
