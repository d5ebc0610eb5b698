import {
  API,
  feedbackBody,
  feedbackListAnswer,
  feedbackQuery,
  groupMessageAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { createFeedbackService } from './service';

/** Reading feedback: super admins only. Sending it: any signed-in member, as themselves. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const feedback = createFeedbackService(app.db);
  const tags = ['feedback'];

  app.get(
    API.community.feedback,
    {
      onRequest: app.requireSuperAdmin,
      schema: { tags, querystring: feedbackQuery, response: { 200: feedbackListAnswer } },
    },
    (request) => feedback.list(request.query.sortField, request.query.sortOrder),
  );

  app.post(
    API.community.feedback,
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: feedbackBody, response: { 200: groupMessageAnswer } },
    },
    (request) => feedback.send(currentUser(request), request.body),
  );
};
