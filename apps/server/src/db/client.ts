import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];
/** A Drizzle handle that is either the pool or one transaction's client. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const POOL_SIZE = 10;

/** The one way the app reaches a database, embedded or not: the `pg` driver. */
export function createDatabase(url: string, poolSize = POOL_SIZE) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Runs SQL text with values: how a library that brings its own SQL (pg-boss) joins our connection. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * A transaction on one pooled client, given both as Drizzle and as raw SQL, so that a library's
 * statements (pg-boss inserting jobs) commit or roll back together with ours.
 */
export async function inClientTransaction<T>(
  db: Database,
  work: (tx: Executor, executeSql: ExecuteSql) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const tx = drizzle(client, { schema });
    const result = await work(tx as unknown as Executor, (text, values) =>
      client.query(text, values),
    );
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
