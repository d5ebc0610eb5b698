import { sql } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import type { Executor } from './client';

/** How often the embedded database's tables are looked at (about autovacuum's default naptime). */
export const EMBEDDED_UPKEEP_INTERVAL_MS = 60_000;

/**
 * The tables past autovacuum's default thresholds: dead row versions over 50 + 20% of the live
 * rows (vacuum, and analyze with it), or changes since the last analyze over 50 + 10% (analyze).
 * Most dead rows first.
 */
const dueTables = sql`
  SELECT format('%I.%I', schemaname, relname) AS name,
         n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
    FROM pg_stat_user_tables
   WHERE n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
   ORDER BY n_dead_tup DESC`;

/**
 * One round of what PostgreSQL's autovacuum would have done by now: each table due is vacuumed or
 * analyzed, one statement at a time, each queued on the pool like any other. Answers what was
 * done, in order.
 */
export async function upkeepRound(db: Executor, isStopped: () => boolean = () => false) {
  const done: { name: string; vacuum: boolean; ms: number }[] = [];
  const due = await db.execute<{ name: string; vacuum: boolean }>(dueTables);
  for (const table of due.rows) {
    if (isStopped()) break;
    const started = performance.now();
    // The name comes from the catalog, quoted by format('%I'); VACUUM takes no parameters.
    await db.execute(sql.raw(`${table.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${table.name}`));
    done.push({ ...table, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * Autovacuum for the embedded database, which has none: PGlite runs PostgreSQL as one process
 * without background workers, so the dead row versions that every like toggled, notification
 * updated and job finished leaves behind were never cleared, nor the planner's statistics
 * refreshed. In a 30-minute bench:soak every call grew slower minute by minute (issue 32). Every
 * `intervalMs` one round runs (never two at once); answers a stop that waits for the round.
 */
export function startEmbeddedUpkeep(
  db: Executor,
  log: Pick<BaseLogger, 'debug' | 'warn'>,
  intervalMs = EMBEDDED_UPKEEP_INTERVAL_MS,
) {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = upkeepRound(db, () => stopped)
      .then((done) => {
        if (done.length > 0) log.debug({ tables: done }, 'embedded database upkeep');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'embedded database upkeep failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
