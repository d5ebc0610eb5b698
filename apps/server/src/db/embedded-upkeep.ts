import { sql } from 'drizzle-orm';
import type { BaseLogger } from 'pino';
import { expectedWaitMs } from './call-deadline';
import type { Database, Executor } from './client';

/** How often the embedded database's tables are looked at (about autovacuum's default naptime). */
export const EMBEDDED_UPKEEP_INTERVAL_MS = 60_000;
/**
 * The next table waits for the next round while a query asking now would wait longer than this
 * for a connection: a vacuum holds the one-statement-at-a-time database for its whole length,
 * and a burst (an RSVP rush, a quiz's answers) should not queue behind it.
 */
export const EMBEDDED_UPKEEP_YIELD_MS = 50;
/** A table's vacuum or analyze this long held every call back long enough to be shed: warned. */
const LONG_UPKEEP_MS = 250;

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
 * analyzed, one statement at a time, each queued on the pool like any other. `giveWay` is asked
 * before each table; true ends the round there. Answers what was done, in order.
 */
export async function upkeepRound(db: Executor, giveWay: () => boolean = () => false) {
  const done: { name: string; vacuum: boolean; ms: number }[] = [];
  const due = await db.execute<{ name: string; vacuum: boolean }>(dueTables);
  for (const table of due.rows) {
    if (giveWay()) break;
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
 * `intervalMs` one round runs (never two at once), and gives way to a busy pool between tables;
 * answers a stop that waits for the round.
 */
export function startEmbeddedUpkeep(
  db: Database,
  log: Pick<BaseLogger, 'debug' | 'warn'>,
  intervalMs = EMBEDDED_UPKEEP_INTERVAL_MS,
) {
  let stopped = false;
  let running: Promise<void> | undefined;
  const busy = () => expectedWaitMs(db.$client) > EMBEDDED_UPKEEP_YIELD_MS;
  const timer = setInterval(() => {
    if (running) return;
    running = upkeepRound(db, () => stopped || busy())
      .then((done) => {
        if (done.length > 0) log.debug({ tables: done }, 'embedded database upkeep');
        const long = done.filter((table) => table.ms >= LONG_UPKEEP_MS);
        if (long.length > 0)
          log.warn(
            { tables: long },
            "the embedded database's upkeep held every statement back while it ran (a vacuum or analyze of a large table)",
          );
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
