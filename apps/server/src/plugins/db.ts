import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * The app gets its database handed in: the process (or a test) owns its life cycle. A failed
 * request marks the database away (plugins/errors.ts); the pool's next successful connection
 * marks it back. Idle connections the server drops are not an outage: the pool replaces them.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('db', options.db);
    const pool = options.db.$client;
    const onConnect = () => app.outages.database.recovered();
    pool.on('connect', onConnect);
    app.addHook('onClose', async () => {
      pool.off('connect', onConnect);
    });
  },
  { name: 'db', dependencies: ['outages'] },
);
