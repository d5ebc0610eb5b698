import type { DispatchChunk, ImportChunk } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  createJobQueue,
  OutOfTime,
  QUEUES,
  type DataExportJob,
  type EventTicketsJob,
} from './jobs/queue';
import { closeTransports, createTransports } from './mail/transports';
import { runAccountDeletion, runDataExport } from './modules/account-data';
import { createDispatchWorker } from './modules/dispatch/worker';
import { sendEventReminders } from './modules/events/reminders';
import { createTicketMailer } from './modules/events/ticket-mail';
import { createImportWorker } from './modules/imports/service';
import { expireMentoringRequests } from './modules/mentoring';
import { startNotificationEmailJobs } from './modules/notification-email';
import { summarizeWaitingSignups } from './modules/notifications';
import { isDatabaseUnavailable, watchDatabase, type Dependency } from './ops/outages';
import { createStorage } from './storage';

/**
 * The background worker: takes queued chunks of dispatch jobs and CSV imports. Runs inside `npm start` beside the
 * web server, or alone (ROLE=worker) beside web-only processes on the same PostgreSQL.
 */
export async function startWorker({
  db,
  config,
  log,
  database = watchDatabase(log, 'worker'),
}: {
  /** Jobs' statements may need a longer limit than requests' (see main.ts). */
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * The process's watch on the database (`app.outages.database`), so that the web side and the
   * worker report an outage once between them. Unset: one of the worker's own.
   */
  database?: Dependency;
}) {
  const transports = createTransports(config);
  const queue = await createJobQueue(db, {
    supervise: true,
    pollSeconds: config.jobs.pollSeconds,
    chunkTimeoutSeconds: config.jobs.chunkTimeoutSeconds,
    database,
    log,
  });
  const processChunk = createDispatchWorker({
    db,
    transports,
    publicUrl: config.publicUrl,
    invitationDays: config.invitationDays,
    log,
  });
  /**
   * A failed chunk is thrown back, so the queue retries it. It is logged, unless the database is
   * away: that is logged once for the whole outage, not once per chunk. A statement of the chunk
   * cancelled by JOB_STATEMENT_TIMEOUT_SECONDS is this chunk's own failure, and logged. A chunk
   * that ran out of its time (OutOfTime) is no failure: it goes back to resume.
   */
  const loop = <T extends object>(
    name: string,
    handle: (chunk: T, deadline: number) => Promise<void>,
  ) =>
    queue.work<T>(name, async (chunk, deadline) => {
      try {
        await handle(chunk, deadline);
      } catch (error) {
        if (error instanceof OutOfTime) log.info({ queue: name, chunk }, error.message);
        else if (isDatabaseUnavailable(error) && !hasCode(error, QUERY_CANCELED))
          database.down(error);
        else log.warn({ err: error, queue: name, chunk }, 'chunk failed; the queue retries it');
        throw error;
      }
    });
  await loop<DispatchChunk>(QUEUES.dispatchChunk, processChunk);
  // Two import loops: a chunk is one big INSERT, and while one waits on the database the other
  // prepares; on real PostgreSQL the two run side by side.
  const importChunk = createImportWorker(db);
  await loop<ImportChunk>(QUEUES.importChunk, importChunk);
  await loop<ImportChunk>(QUEUES.importChunk, importChunk);
  // Sign-ups waiting, summed up for each admin: recorded here, shown at the bell's next fetch (a
  // worker holds no connections to push to).
  await loop<object>(QUEUES.signupsSummary, async () => void (await summarizeWaitingSignups(db)));
  await queue.boss.schedule(QUEUES.signupsSummary, '7 * * * *');
  // Event reminders become notifications here; notify-instant e-mails them within the minute.
  await loop<object>(QUEUES.eventReminders, async () => void (await sendEventReminders(db)));
  await queue.boss.schedule(QUEUES.eventReminders, '* * * * *');
  // Mentoring requests unanswered for MENTORING_REQUEST_DAYS expire, and their mentees are told.
  await loop<object>(QUEUES.mentoringExpiry, async () => void (await expireMentoringRequests(db)));
  await queue.boss.schedule(QUEUES.mentoringExpiry, '23 * * * *');
  // "Delete my account" past its grace, and "Download my data" files past their link (issue 30).
  const storage = createStorage(config);
  await loop<object>(
    QUEUES.accountDeletion,
    async () => void (await runAccountDeletion(db, storage)),
  );
  await queue.boss.schedule(QUEUES.accountDeletion, '41 * * * *');
  await loop<DataExportJob>(QUEUES.dataExport, async ({ exportId }) => {
    await runDataExport(exportId, { db, storage, transports, publicUrl: config.publicUrl, log });
  });
  const sendTickets = createTicketMailer({ db, transports, publicUrl: config.publicUrl, log });
  await loop<EventTicketsJob>(QUEUES.eventTickets, (job) => sendTickets(job.eventId, job.userIds));
  await startNotificationEmailJobs({
    db,
    queue,
    transports,
    publicUrl: config.publicUrl,
    chunkTimeoutSeconds: config.jobs.chunkTimeoutSeconds,
    loop,
    log,
  });
  log.info(
    { transports: { email: transports.email.name, sms: transports.sms.name } },
    'worker started',
  );
  return {
    stop: async () => {
      await queue.stop();
      await closeTransports(transports);
    },
  };
}

/** SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** Whether the error, or one it wraps (Drizzle wraps the driver's), carries this SQLSTATE. */
function hasCode(error: unknown, code: string) {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
