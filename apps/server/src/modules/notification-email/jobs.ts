import { digestChunk, type DigestChunk } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { QUEUES, type JobQueue } from '../../jobs/queue';
import type { Transports } from '../../mail/transports';
import { createNotificationMailer } from './service';

/**
 * The e-mail side of notifications in a worker: instant e-mails every minute, and every 15
 * minutes a look for members whose morning it is, whose digests go out as jobs of 500 members.
 * `loop` is the worker's own (it logs and rethrows, so the queue retries).
 */
export async function startNotificationEmailJobs({
  db,
  queue,
  transports,
  publicUrl,
  chunkTimeoutSeconds,
  loop,
  log,
}: {
  db: Database;
  queue: JobQueue;
  transports: Transports;
  publicUrl: string;
  chunkTimeoutSeconds: number;
  loop: <T extends object>(name: string, handle: (data: T) => Promise<void>) => Promise<void>;
  log: FastifyBaseLogger;
}) {
  const mailer = createNotificationMailer({ db, transports, publicUrl });
  await loop(QUEUES.notifyInstant, async () => {
    const sent = await mailer.sendInstant();
    if (sent > 0) log.info({ sent }, 'notification e-mails sent');
  });
  await loop(QUEUES.digestScan, async () => {
    const chunks = await mailer.digestChunks();
    if (chunks.length === 0) return;
    // Members found again by the next scan while their chunk still waits may be queued again;
    // the second chunk finds their notifications told (or locked) and sends nothing.
    await queue.boss.insert(
      chunks.map((data) => ({
        name: QUEUES.digestChunk,
        data,
        singletonKey: `digest:${data.at.slice(0, 10)}:${data.members[0]!.userId}`,
        expireInSeconds: chunkTimeoutSeconds,
        retryLimit: 20,
        retryDelay: 2,
        retryBackoff: true,
      })),
    );
    log.info(
      { members: chunks.reduce((n, c) => n + c.members.length, 0), jobs: chunks.length },
      'digests queued',
    );
  });
  await loop<DigestChunk>(QUEUES.digestChunk, async (data) => {
    await mailer.sendDigestChunk(digestChunk.parse(data));
  });
  await queue.boss.schedule(QUEUES.notifyInstant, '* * * * *');
  await queue.boss.schedule(QUEUES.digestScan, '*/15 * * * *');
}
