import {
  API,
  chatHistoryQuery,
  chatMessage,
  chatMessageList,
  chatUsersAnswer,
  chatUsersBody,
  chatUsersSearchBody,
  memberIdParams,
  sendMessageBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertActsForSelf } from '../../lib/policy';
import { perMember } from '../../lib/rate-limits';
import { currentUser } from '../auth/plugin';
import { chatErrors, createChatService } from './service';

/** member-portal.md §7, the chat calls; `{id}` is always the other member's id. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createChatService(app.db, app.realtime);
  const tags = ['chat'];

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
      // Per sender, on every server process (the limiter keeps its counts in Redis when set).
      config: perMember(20, 10_000, chatErrors.tooFast),
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
