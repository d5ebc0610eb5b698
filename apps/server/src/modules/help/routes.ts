import { helpRequestBody, okSchema } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insertHelpRequest } from './repository';

export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
