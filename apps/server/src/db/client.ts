import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { boundWaitsByCall } from './call-deadline';
import { namingClient } from './named-statements';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];
/** A Drizzle handle that is either the pool or one transaction's client. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const POOL_SIZE = 10;

/** How long the app waits on a database server before calling it away (PostgreSQL only). */
export interface DatabaseTimeouts {
  /**
   * Opening a connection, or waiting for a free one when the pool is full. Without it a request
   * made while the server is unreachable waits for the operating system's TCP timeout (minutes).
   */
  connectMs?: number;
  /** The server cancels a statement running longer; 0 or unset: no limit. */
  statementMs?: number;
}

/** How the app's pool talks to its database. */
export interface DatabaseOptions extends DatabaseTimeouts {
  /**
   * Repeated statements are planned once per connection (named-statements.ts): for a PostgreSQL
   * server. The embedded database does it on its side, for every connection at once.
   */
  namedStatements?: boolean;
}

/**
 * The one way the app reaches a database, embedded or not: the `pg` driver. Timeouts are for a
 * server across a network; the embedded one is in this process (and its single connection is
 * often waited for under load, which a connect timeout would turn into errors).
 */
export function createDatabase(url: string, poolSize = POOL_SIZE, options: DatabaseOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.connectMs,
    statement_timeout: options.statementMs || undefined,
    ...(options.namedStatements ? { Client: namingClient() } : {}),
    // A connection to a server that vanished without closing it (a lost host) is noticed.
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  boundWaitsByCall(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The same database, whose transactions run under a statement timeout of their own: how the jobs
 * of a process that also serves requests (ROLE=all) get a longer limit than the requests' one on
 * the same pool. `set_config(..., true)` is SET LOCAL: it ends with the transaction, so the pooled
 * connection goes back with the pool's own limit (no session SET, see ARCHITECTURE.md). 0: none.
 * Statements outside a transaction keep the pool's limit.
 */
export function withTransactionStatementTimeout(db: Database, ms: number): Database {
  const scoped = Object.create(db) as Database;
  scoped.transaction = <T>(
    work: (tx: Transaction) => Promise<T>,
    config?: Parameters<Database['transaction']>[1],
  ) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`);
      return work(tx);
    }, config);
  return scoped;
}

/** Runs SQL text with values: how a library that brings its own SQL (pg-boss) joins our connection. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Drizzle over each pooled client, made once: making one reads the whole schema's relations,
 * which a rush of small transactions (bench:rsvp) paid on every one.
 */
const drizzleOfClient = new WeakMap<object, Executor>();

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
    let tx = drizzleOfClient.get(client);
    if (!tx) drizzleOfClient.set(client, (tx = drizzle(client, { schema }) as unknown as Executor));
    const result = await work(tx, (text, values) => client.query(text, values));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
