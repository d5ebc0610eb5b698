import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DispatchChunk, ImportChunk } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { inClientTransaction, type Database, type ExecuteSql } from '../db/client';
import { isDatabaseUnavailable, type Dependency } from '../ops/outages';

/** Every queue, named once. */
export const QUEUES = {
  dispatchChunk: 'dispatch-chunk',
  importChunk: 'import-chunk',
  /** Every minute: notifications members want e-mailed at once. */
  notifyInstant: 'notify-instant',
  /** Every 15 minutes: whose morning digest is due; queues digestChunk jobs. */
  digestScan: 'digest-scan',
  digestChunk: 'digest-chunk',
  /** Every hour: admins' summary of sign-ups waiting (at most one a day per admin and college). */
  signupsSummary: 'signups-summary',
  /** Every minute: event reminders due (a day and an hour before), each claimed once. */
  eventReminders: 'event-reminders',
  /** Ticket e-mails of members who just became going, queued in their RSVP's transaction. */
  eventTickets: 'event-tickets',
  /** Every hour: mentoring requests unanswered past their expiry, each claimed once. */
  mentoringExpiry: 'mentoring-expiry',
  /** "Download my data": one member's zip, built and e-mailed as a link (issue 30). */
  dataExport: 'data-export',
  /** Every hour: accounts whose deletion grace ran out, and export files past their link. */
  accountDeletion: 'account-deletion',
} as const;

/** Members who just became going to one event, and so hold a new ticket to be e-mailed. */
export interface EventTicketsJob {
  eventId: string;
  userIds: string[];
}

/** A member's "Download my data" request (issue 30), built into one zip by the worker. */
export interface DataExportJob {
  exportId: string;
}

/** Scheduled runs that must not overlap (a slow run and the next minute's on another worker). */
const ONE_AT_A_TIME: ReadonlySet<string> = new Set([
  QUEUES.notifyInstant,
  QUEUES.digestScan,
  QUEUES.signupsSummary,
  QUEUES.eventReminders,
  QUEUES.mentoringExpiry,
  QUEUES.accountDeletion,
]);

/**
 * How often a worker looks at a scheduled queue: its jobs come from a schedule of a minute or
 * more, so a few seconds late is on time, and the six idle queues' polls at the default second
 * were a few percent of the embedded database's time (bench:soak).
 */
const SCHEDULED_POLL_SECONDS = 5;

export interface JobQueueOptions {
  /** Expire the chunks of dead workers and clean up: on in worker processes. */
  supervise: boolean;
  pollSeconds: number;
  chunkTimeoutSeconds: number;
  /**
   * The database as this process watches it (ops/outages.ts). pg-boss swallows a failed fetch, so
   * the queue's own statements report it instead: a worker alone in its process notices an
   * outage, and its end, within a polling interval, and logs each once.
   */
  database?: Dependency;
  /** Where pg-boss's errors that are not the database being away are logged. */
  log?: FastifyBaseLogger;
}

/**
 * How much of a job's expireInSeconds its handler may use before it stops taking new steps. pg-boss
 * stops waiting for a handler at its expiry, fails the job and gives it out again, to this worker
 * or another, while the first run still goes on: two runs of one dispatch chunk would then send
 * the same messages side by side. The rest of the time is for the step in hand to end.
 */
const HANDLER_SHARE = 0.8;

/**
 * Thrown by a handler that reached its deadline with work left: the queue carries the job on in a
 * new one of the same data (see work), which resumes where this run stopped.
 */
export class OutOfTime extends Error {
  constructor(done: number, left: number) {
    super(`out of time after ${done} steps, ${left} left; the queue resumes the job`);
    this.name = 'OutOfTime';
  }
}

/**
 * pg-boss over the app's own pool (its `db` option), so in embedded mode it shares the single
 * connection instead of opening a second one, and its inserts can join our transactions.
 */
export async function createJobQueue(db: Database, options: JobQueueOptions) {
  const pool = db.$client;
  /**
   * pg-boss records a job's outcome without awaiting it, and a fetch already sent when stop()
   * begins still hands its jobs over afterwards. Both are tracked, so stop() returns only once
   * nothing of the queue's still needs the pool its owner is about to close.
   */
  const pending = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    pending.add(promise);
    void promise.then(
      () => pending.delete(promise),
      () => pending.delete(promise),
    );
    return promise;
  };
  let stopping = false;
  const { database, log } = options;
  const executeSql: ExecuteSql = (text, values) =>
    track(pool.query(text, values)).then(
      (result) => {
        database?.recovered();
        return result;
      },
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) database?.down(error);
        throw error;
      },
    );
  const boss = new PgBoss({
    db: { executeSql: executeSql as PgBoss.Db['executeSql'] },
    schema: 'pgboss',
    supervise: options.supervise,
    // Worker processes turn schedules (boss.schedule) into jobs; web-only ones need not.
    schedule: options.supervise,
    maintenanceIntervalSeconds: Math.max(
      1,
      Math.min(60, Math.floor(options.chunkTimeoutSeconds / 2)),
    ),
  });
  // pg-boss reports errors as events; without a listener they would crash the process.
  boss.on('error', (error: unknown) => {
    if (isDatabaseUnavailable(error)) database?.down(error);
    else log?.error({ err: error }, 'job queue error');
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    if (await boss.getQueue(name)) continue;
    await boss
      .createQueue(name, {
        name,
        policy: ONE_AT_A_TIME.has(name) ? 'singleton' : 'standard',
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

  /**
   * One loop taking jobs of a queue, one at a time. pg-boss waits a whole polling interval between
   * fetches even when it found work; a job done means more may be queued, so it fetches again at
   * once. A job handed over while stopping is refused, so the queue gives it out again later.
   * The handler gets its deadline (epoch milliseconds; see HANDLER_SHARE). One that stops there
   * (OutOfTime) is carried on by a new job of the same data, queued as this one completes in one
   * transaction: a retry would wait out its backoff and count toward the limit, and a job that
   * expired meanwhile has its retry already, so it gets no second one.
   */
  const work = async <T extends object>(
    name: string,
    handle: (data: T, deadline: number) => Promise<void>,
  ) => {
    let workerId = '';
    workerId = await boss.work<T>(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: ONE_AT_A_TIME.has(name)
          ? Math.max(options.pollSeconds, SCHEDULED_POLL_SECONDS)
          : options.pollSeconds,
      },
      async ([job]) => {
        if (!job) return;
        if (stopping) throw new Error('the worker is stopping');
        const started = Date.now();
        const expiresAt = started + job.expireInSeconds * 1000;
        try {
          await track(handle(job.data, started + (expiresAt - started) * HANDLER_SHARE));
        } catch (error) {
          // Past its expiry, pg-boss has failed the job already, and may have given it out again.
          if (!(error instanceof OutOfTime) || Date.now() >= expiresAt) throw error;
          await track(
            inClientTransaction(db, async (_tx, inTransaction) => {
              const inTx = { db: { executeSql: inTransaction as PgBoss.Db['executeSql'] } };
              // pg-boss 10 answers how many it completed, though its types say void.
              const completed = (await boss.complete(name, job.id, {}, inTx)) as unknown as {
                affected: number;
              };
              if (completed.affected === 0) return;
              await enqueue(name, [job.data], () => job.singletonKey ?? job.id, inTransaction);
            }),
          );
        }
        boss.notifyWorker(workerId);
      },
    );
  };

  /**
   * Chunks waiting for a worker (created or to be retried), per queue, in one statement: asking
   * pg-boss queue by queue (getQueueSize) was 11 statements per metrics scrape.
   */
  const queuedCounts = async () => {
    const names = Object.values(QUEUES);
    const { rows } = await executeSql(
      `SELECT name, count(*)::int AS n FROM pgboss.job
        WHERE name = ANY($1::text[]) AND state < 'active'
        GROUP BY name`,
      [names],
    );
    const counts = new Map((rows as { name: string; n: number }[]).map((r) => [r.name, r.n]));
    return names.map((name) => [name, counts.get(name) ?? 0] as const);
  };

  const stop = async () => {
    stopping = true;
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    // setImmediate runs after the promise chains a settled query starts (fetch, handler, the
    // outcome's own query), so an empty set after it means nothing more is coming.
    do {
      await Promise.allSettled([...pending]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (pending.size > 0);
  };

  return {
    boss,
    work,
    pollSeconds: options.pollSeconds,
    queuedCounts,
    enqueueDispatch: (chunks: DispatchChunk[], inTransaction: ExecuteSql) =>
      enqueue(QUEUES.dispatchChunk, chunks, (c) => `${c.jobId}:${c.from}`, inTransaction),
    enqueueImport: (chunks: ImportChunk[], inTransaction: ExecuteSql) =>
      enqueue(QUEUES.importChunk, chunks, (c) => `${c.importId}:${c.from}`, inTransaction),
    // Each job its own key: the e-mails' idempotency keys, not the queue, keep a ticket to one.
    enqueueTickets: (job: EventTicketsJob, inTransaction: ExecuteSql) =>
      enqueue(QUEUES.eventTickets, [job], () => randomUUID(), inTransaction),
    /** One "Download my data" zip, queued with its request's row. */
    enqueueDataExport: (job: DataExportJob, inTransaction: ExecuteSql) =>
      enqueue(QUEUES.dataExport, [job], (j) => j.exportId, inTransaction),
    stop,
  };
}
export type JobQueue = Awaited<ReturnType<typeof createJobQueue>>;
