import {
  groupChatHistoryQuery,
  groupChatMessage,
  groupChatMessageList,
  groupChatSendBody,
  groupMessageAnswer,
  groupMessageParams,
  groupParams,
  socketSendGroupMessage,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { memberBudget, perMember } from '../../lib/rate-limits';
import { currentUser } from '../auth/plugin';
import { createGroupChatService, groupChatMessages } from './service';

/** A group's chat (issue 27): history, send (also over the socket), and an organiser's removal. */
export const groupChatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createGroupChatService(app.db, app.realtime);
  const tags = ['groups'];
  // Per sender, over HTTP and the socket together, on every server process (as 1:1 chat).
  const spendSend = memberBudget(app, 'group-chat-send', 20, 10_000, groupChatMessages.tooFast);

  // The same send over the member's open connection: the same contract, access and budget.
  app.realtime.handleSendGroupMessage(async (sender, payload) => {
    const parsed = socketSendGroupMessage.safeParse(payload);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message');
    await spendSend(sender.userId);
    const { groupId, ...body } = parsed.data;
    return chat.send(await chat.socketUser(sender), groupId, body);
  });

  app.get(
    '/api/groups/:id/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: groupParams,
        querystring: groupChatHistoryQuery,
        response: { 200: groupChatMessageList },
      },
    },
    (request) => chat.history(currentUser(request), request.params.id, request.query.before),
  );

  app.post(
    '/api/groups/:id/messages',
    {
      onRequest: app.requireUser,
      preHandler: async (request) => spendSend(currentUser(request).id),
      schema: {
        tags,
        params: groupParams,
        body: groupChatSendBody,
        response: { 200: groupChatMessage },
      },
    },
    (request) => chat.send(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/groups/:id/messages/:messageId/remove',
    {
      onRequest: app.requireUser,
      config: perMember(60),
      schema: { tags, params: groupMessageParams, response: { 200: groupMessageAnswer } },
    },
    (request) => chat.remove(currentUser(request), request.params.id, request.params.messageId),
  );
};
