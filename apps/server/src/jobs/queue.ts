import PgBoss from 'pg-boss';
import type { DispatchChunk, ImportChunk } from '@alumnet/contract';
import type { Database, ExecuteSql } from '../db/client';

/** Every queue, named once. */
export const QUEUES = { dispatchChunk: 'dispatch-chunk', importChunk: 'import-chunk' } as const;

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
  for (const name of Object.values(QUEUES)) {
    if (await boss.getQueue(name)) continue;
    await boss
      .createQueue(name, {
        name,
        policy: 'standard',
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: options.chunkTimeoutSeconds,
      })
      // Two processes starting at once: the other one made it.
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(name))) throw error;
      });
  }

  /** Queues chunks inside the caller's transaction (see inClientTransaction); one job per key. */
  const enqueue = async <T extends object>(
    name: string,
    chunks: T[],
    keyOf: (chunk: T) => string,
    inTransaction: ExecuteSql,
  ) =>
    boss.insert(
      chunks.map((data) => ({
        name,
        data,
        singletonKey: keyOf(data),
        expireInSeconds: options.chunkTimeoutSeconds,
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
      })),
      { db: { executeSql: inTransaction as PgBoss.Db['executeSql'] } },
    );

  return {
    boss,
    pollSeconds: options.pollSeconds,
    enqueueDispatch: (chunks: DispatchChunk[], inTransaction: ExecuteSql) =>
      enqueue(QUEUES.dispatchChunk, chunks, (c) => `${c.jobId}:${c.from}`, inTransaction),
    enqueueImport: (chunks: ImportChunk[], inTransaction: ExecuteSql) =>
      enqueue(QUEUES.importChunk, chunks, (c) => `${c.importId}:${c.from}`, inTransaction),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }),
  };
}
export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
