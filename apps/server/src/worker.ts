import type { DispatchChunk, ImportChunk } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { createJobQueue, QUEUES } from './jobs/queue';
import { closeTransports, createTransports } from './mail/transports';
import { createDispatchWorker } from './modules/dispatch/worker';
import { createImportWorker } from './modules/imports/service';

/**
 * The background worker: takes queued chunks of dispatch jobs and CSV imports. Runs inside `npm start` beside the
 * web server, or alone (ROLE=worker) beside web-only processes on the same PostgreSQL.
 */
export async function startWorker({
  db,
  config,
  log,
}: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const transports = createTransports(config);
  const queue = await createJobQueue(db, {
    supervise: true,
    pollSeconds: config.jobs.pollSeconds,
    chunkTimeoutSeconds: config.jobs.chunkTimeoutSeconds,
  });
  const processChunk = createDispatchWorker({
    db,
    transports,
    publicUrl: config.publicUrl,
    invitationDays: config.invitationDays,
    log,
  });
  /** A failed chunk is logged and thrown back, so the queue retries it. */
  const loop = <T extends object>(name: string, handle: (chunk: T) => Promise<void>) =>
    queue.work<T>(name, async (chunk) => {
      try {
        await handle(chunk);
      } catch (error) {
        log.warn({ err: error, queue: name, chunk }, 'chunk failed; the queue retries it');
        throw error;
      }
    });
  await loop<DispatchChunk>(QUEUES.dispatchChunk, processChunk);
  // Two import loops: a chunk is one big INSERT, and while one waits on the database the other
  // prepares; on real PostgreSQL the two run side by side.
  const importChunk = createImportWorker(db);
  await loop<ImportChunk>(QUEUES.importChunk, importChunk);
  await loop<ImportChunk>(QUEUES.importChunk, importChunk);
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
