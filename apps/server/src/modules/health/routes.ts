import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) };
  app.get('/healthz', { schema: { hide: true, response: answer } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: answer } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};
