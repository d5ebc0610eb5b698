import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/client';
import { createTestDatabase } from '../test/build';
import { createJobQueue, QUEUES } from './queue';

/**
 * Stopping the queue is what every process does right before closing its pool: nothing of the
 * queue's may reach the pool afterwards, and no job may be lost on the way.
 */
describe('job queue stop', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const open = async () => {
    const { db, close } = createDatabase(database.url, database.poolSize);
    const queue = await createJobQueue(db, {
      supervise: false,
      pollSeconds: 0.5,
      chunkTimeoutSeconds: 60,
    });
    const pool = db.$client;
    const add = async (from: number) => {
      await queue.enqueueImport(
        [{ importId: 'stop-test', collegeId: 'c', from, to: from + 1 }] as never,
        (text, values) => pool.query(text, values),
      );
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = $1 AND data->>'from' = $2`,
        [QUEUES.importChunk, String(from)],
      );
      return rows[0]!.id;
    };
    const stateOf = async (id: string) =>
      (await pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]))
        .rows[0]!.state;
    return { queue, add, stateOf, close };
  };

  it('waits for the job in hand and records its outcome before returning', async () => {
    const { queue, add, stateOf, close } = await open();
    const id = await add(1);
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      void queue.work(QUEUES.importChunk, async () => {
        resolve();
        await new Promise<void>((r) => (release = r));
      });
    });
    await started;
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await stateOf(id)).toBe('completed');
    await close();
  });

  it('gives a job fetched while stopping back to the queue, untouched', async () => {
    const { queue, add, stateOf, close } = await open();
    const id = await add(2);
    let handled = 0;
    // The worker's first fetch is on its way when stop begins.
    await queue.work(QUEUES.importChunk, async () => {
      handled += 1;
    });
    await queue.stop();
    expect(handled).toBe(0);
    expect(await stateOf(id)).toBe('retry');
    await close();
  });
});
