import PgBoss from 'pg-boss';
import type { DispatchChunk } from '@alumnet/contract';
import type { Database, ExecuteSql } from '../db/client';

/** Every queue, named once. */
export const QUEUES = { dispatchChunk: 'dispatch-chunk' } as const;

export interface JobQueueOptions {
  /** Expire the chunks of dead workers and clean up: on in worker processes. */
  supervise: boolean;
  pollSeconds: number;
  chunkTimeoutSeconds: number;
}

/**
 * pg-boss over the app's own pool (its `db` option), so in embedded mode it shares the single
 * connection instead of opening a second one, and its inserts can join our transactions.
 */
export async function createJobQueue(db: Database, options: JobQueueOptions) {
  const pool = db.$client;
  const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
  const boss = new PgBoss({
    db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: false,
    maintenanceIntervalSeconds: Math.max(
      1,
      Math.min(60, Math.floor(options.chunkTimeoutSeconds / 2)),
    ),
  });
  // pg-boss reports errors as events; without a listener they would crash the process.
  boss.on('error', () => {});
  await boss.start();
  if (!(await boss.getQueue(QUEUES.dispatchChunk))) {
    await boss
      .createQueue(QUEUES.dispatchChunk, {
        name: QUEUES.dispatchChunk,
        policy: 'standard',
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: options.chunkTimeoutSeconds,
      })
      // Two processes starting at once: the other one made it.
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(QUEUES.dispatchChunk))) throw error;
      });
  }

  return {
    boss,
    pollSeconds: options.pollSeconds,
    /** Queues a dispatched job's chunks inside the caller's transaction (see inClientTransaction). */
    async enqueueDispatch(chunks: DispatchChunk[], inTransaction: ExecuteSql) {
      await boss.insert(
        chunks.map((data) => ({
          name: QUEUES.dispatchChunk,
          data,
          singletonKey: `${data.jobId}:${data.from}`,
          expireInSeconds: options.chunkTimeoutSeconds,
          retryLimit: 20,
          retryDelay: 2,
          retryBackoff: true,
        })),
        { db: { executeSql: inTransaction as PgBoss.Db['executeSql'] } },
      );
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
