import {
  API,
  chatHistoryQuery,
  chatMessage,
  chatMessageList,
  chatUserAnswer,
  chatUsersAnswer,
  chatUsersBody,
  chatUsersSearchBody,
  memberIdParams,
  sendMessageBody,
  socketSendMessage,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { assertActsForSelf } from '../../lib/policy';
import { memberBudget } from '../../lib/rate-limits';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { chatErrors, createChatService } from './service';

/** member-portal.md §7, the chat calls; `{id}` is always the other member's id. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createChatService(app.db, app.realtime, pushNotifications(app));
  const tags = ['chat'];
  // Per sender, over HTTP and the socket together, on every server process.
  const spendSend = memberBudget(app, 'chat-send', 20, 10_000, chatErrors.tooFast);

  // The same send over the member's open connection: checked against the same contract and
  // budget, and acknowledged with the stored message.
  app.realtime.handleSendMessage(async (sender, payload) => {
    const parsed = socketSendMessage.safeParse(payload);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message');
    await spendSend(sender.userId);
    const viewer = { id: sender.userId, collegeId: sender.collegeId };
    return chat.send(viewer, parsed.data.receiverId, parsed.data);
  });

  app.post(
    API.messages.users,
    {
      onRequest: app.requireUser,
      schema: { tags, body: chatUsersBody, response: { 200: chatUsersAnswer } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      return chat.listMembers(viewer, { pageId: request.body.pageId });
    },
  );

  app.post(
    API.messages.search,
    {
      onRequest: app.requireUser,
      schema: { tags, body: chatUsersSearchBody, response: { 200: chatUsersAnswer } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, request.body);
      const { pageId, searchText } = request.body;
      return chat.listMembers(viewer, { pageId, searchText });
    },
  );

  app.get(
    '/api/messages/users/:id',
    {
      onRequest: app.requireUser,
      schema: { tags, params: memberIdParams, response: { 200: chatUserAnswer } },
    },
    async (request) => chat.member(currentUser(request), request.params.id),
  );

  app.get(
    '/api/messages/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: memberIdParams,
        querystring: chatHistoryQuery,
        response: { 200: chatMessageList },
      },
    },
    async (request) => chat.history(currentUser(request), request.params.id, request.query.before),
  );

  app.post(
    '/api/messages/send/:id',
    {
      onRequest: app.requireUser,
      preHandler: async (request) => spendSend(currentUser(request).id),
      schema: {
        tags,
        params: memberIdParams,
        body: sendMessageBody,
        response: { 200: chatMessage },
      },
    },
    async (request) => chat.send(currentUser(request), request.params.id, request.body),
  );
};
