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
