import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The live quiz's lane: `db` unless the process opened one (main.ts). */
    liveDb: Database;
  }
}

/**
 * The app gets its database handed in: the process (or a test) owns its life cycle.
 *
 * A failed request marks the database away (plugins/errors.ts); a pool's next successful
 * connection marks it back. Idle connections the server drops are not an outage: the pool
 * replaces them.
 *
 * `liveDb` is the same database on a pool of its own, for the live quiz (joins, answers, the
 * host's Start/Next/End; the quiz module's other calls are rare): at the knee the main pool's
 * queue holds dozens of feed and directory reads, and a game's answer queued behind them in
 * bench:soak. On its own pool a game's statement waits only for those already running.
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; liveDb?: Database }) => {
    app.decorate('db', options.db);
    app.decorate('liveDb', options.liveDb ?? options.db);
    const pools = [...new Set([options.db.$client, app.liveDb.$client])];
    const onConnect = () => app.outages.database.recovered();
    for (const pool of pools) pool.on('connect', onConnect);
    app.addHook('onClose', async () => {
      for (const pool of pools) pool.off('connect', onConnect);
    });
  },
  { name: 'db', dependencies: ['outages'] },
);
