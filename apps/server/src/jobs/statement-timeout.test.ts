import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { createDatabase, withTransactionStatementTimeout, type Database } from '../db/client';
import { createTestDatabase } from '../test/build';

describe('JOB_STATEMENT_TIMEOUT_SECONDS', () => {
  it('defaults to 10 minutes; 0 means no limit', () => {
    expect(loadConfig({}).jobs.statementMs).toBe(600_000);
    expect(loadConfig({ JOB_STATEMENT_TIMEOUT_SECONDS: '0' }).jobs.statementMs).toBe(0);
    expect(loadConfig({ JOB_STATEMENT_TIMEOUT_SECONDS: '90' }).jobs.statementMs).toBe(90_000);
    expect(() => loadConfig({ JOB_STATEMENT_TIMEOUT_SECONDS: '-1' })).toThrow(
      'JOB_STATEMENT_TIMEOUT_SECONDS',
    );
  });
});

/**
 * In a process that serves requests and runs jobs (ROLE=all), one pool carries the requests'
 * statement timeout and the jobs' transactions set their own. Only real PostgreSQL cancels
 * statements on a timer, so this runs there (CI does).
 */
describe.skipIf(inject('dbTemplate').kind !== 'postgres')(
  'jobs run with their own statement timeout on the requests’ pool',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let pool: ReturnType<typeof createDatabase>;
    beforeAll(async () => {
      database = await createTestDatabase();
      // One connection, so every statement below runs on the same session: a limit the jobs'
      // transactions set must not be left on it for the requests that come after.
      pool = createDatabase(database.url, 1, { statementMs: 300 });
    });
    afterAll(async () => {
      await pool?.close();
      await database?.drop();
    });

    const sleep = (db: Database | Parameters<Parameters<Database['transaction']>[0]>[0]) =>
      db.execute(sql`SELECT pg_sleep(0.6)`);
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );
    const sqlState = (error: unknown) =>
      (error as { cause?: { code?: string } } | undefined)?.cause?.code ??
      (error as { code?: string } | undefined)?.code;

    it('cancels a long statement of a request, as before', async () => {
      expect(sqlState(await failure(sleep(pool.db)))).toBe('57014');
    });

    it('lets a job’s transaction run past the requests’ limit, and no further than its own', async () => {
      const jobs = withTransactionStatementTimeout(pool.db, 5_000);
      await jobs.transaction(async (tx) => {
        await sleep(tx);
        // A nested transaction (a savepoint) is inside the same limit.
        await tx.transaction((inner) => sleep(inner));
      });
      // The rest of the handle is the same database, on the same pool.
      expect(jobs.$client).toBe(pool.db.$client);
      expect((await jobs.execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);

      const short = withTransactionStatementTimeout(pool.db, 100);
      const error = await failure(short.transaction(async (tx) => sleep(tx)));
      expect(sqlState(error)).toBe('57014');

      const unlimited = withTransactionStatementTimeout(pool.db, 0);
      await unlimited.transaction(async (tx) => sleep(tx));
    });

    it('leaves the connection with the requests’ limit once the job’s transaction ends', async () => {
      await withTransactionStatementTimeout(pool.db, 0).transaction(async (tx) => {
        expect((await tx.execute(sql`SHOW statement_timeout`)).rows).toEqual([
          { statement_timeout: '0' },
        ]);
      });
      expect((await pool.db.execute(sql`SHOW statement_timeout`)).rows).toEqual([
        { statement_timeout: '300ms' },
      ]);
      expect(sqlState(await failure(sleep(pool.db)))).toBe('57014');
      // Nor after a job's transaction that failed and rolled back.
      await failure(
        withTransactionStatementTimeout(pool.db, 0).transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          throw new Error('the job failed');
        }),
      );
      expect(sqlState(await failure(sleep(pool.db)))).toBe('57014');
    });
  },
);
