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
 * The longest untended first (never first), then the furthest past its threshold. Ordered by
 * dead rows alone, the tables that churn most (notifications) came first in every round, and on
 * a busy database, which gives way after the first, tables that only grew (posts, comments,
 * likes) were never analyzed in a 30-minute soak.
 */
const dueTables = sql`
  SELECT name, vacuum FROM (
    SELECT format('%I.%I', schemaname, relname) AS name,
           n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum,
           greatest(n_dead_tup / (50 + 0.2 * n_live_tup),
                    n_mod_since_analyze / (50 + 0.1 * n_live_tup)) AS overdue,
           greatest(last_vacuum, last_analyze) AS tended
      FROM pg_stat_user_tables) t
   WHERE overdue > 1
   ORDER BY tended ASC NULLS FIRST, overdue DESC`;

/**
 * One round of what PostgreSQL's autovacuum would have done by now: each table due is vacuumed or
 * analyzed, one statement at a time, each queued on the pool like any other. `busy` is asked
 * before each table after the first: true ends the round there. The first is done whatever the
 * load, so that a database that is always busy still gets its upkeep, a table a minute.
 * `stopped` ends it before any. Answers what was done, in order.
 */
export async function upkeepRound(
  db: Executor,
  {
    busy = () => false,
    stopped = () => false,
  }: { busy?: () => boolean; stopped?: () => boolean } = {},
) {
  const done: { name: string; vacuum: boolean; ms: number }[] = [];
  const due = await db.execute<{ name: string; vacuum: boolean }>(dueTables);
  for (const table of due.rows) {
    if (stopped() || (done.length > 0 && busy())) break;
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
 * `intervalMs` one round runs (never two at once), giving way to a busy pool after its first
 * table; answers a stop that waits for the round.
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
    running = upkeepRound(db, { busy, stopped: () => stopped })
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
