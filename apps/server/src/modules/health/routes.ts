import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../ops/outages';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { 200: z.object({ status: z.string() }), 503: z.object({ status: z.string() }) };
  app.get('/healthz', { schema: { hide: true, response: answer } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: answer } }, async (request, reply) => {
    // The probe is an observer like any request: an outage it finds (on a worker, often the
    // first to notice) is logged once, through the same watch, and so is its end.
    try {
      await app.db.execute(sql`SELECT 1`);
      app.outages.database.recovered();
      return { status: 'ready' };
    } catch (error) {
      if (isDatabaseUnavailable(error)) app.outages.database.down(error);
      else request.log.error({ err: error }, 'readiness probe failed');
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
};
