import {
  API,
  fetchHelpRequestsAnswer,
  fetchHelpRequestsBody,
  helpRequestBody,
  okSchema,
  updateHelpStatusAnswer,
  updateHelpStatusBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insertHelpRequest } from './repository';
import { createHelpService } from './service';

export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const help = createHelpService(app.db);

  app.post(
    '/api/help/add',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['help'], body: helpRequestBody, response: { 200: okSchema } },
    },
    async (request) => {
      await insertHelpRequest(app.db, request.body);
      return {
        ok: true as const,
        message: 'Thank you! We received your message and will get back to you soon.',
      };
    },
  );

  // Need Help Requests: super admins only (help requests belong to no college).
  app.post(
    API.community.fetchHelpRequests,
    {
      onRequest: app.requireSuperAdmin,
      schema: {
        tags: ['help'],
        body: fetchHelpRequestsBody,
        response: { 200: fetchHelpRequestsAnswer },
      },
    },
    (request) => help.page(request.body.page),
  );

  app.put(
    API.community.updateHelpStatus,
    {
      onRequest: app.requireSuperAdmin,
      schema: {
        tags: ['help'],
        body: updateHelpStatusBody,
        response: { 200: updateHelpStatusAnswer },
      },
    },
    (request) => help.setStatus(request.body.id, request.body.status),
  );
};
