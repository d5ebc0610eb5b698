import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';
import { insertAlumni, runEmailJob } from './test-support';

const RECIPIENTS = 150;
/** Per message: the chunk's 150 take six seconds, six times the chunk's time. */
const DELAY_MS = 40;

/**
 * A mail server slower than a chunk's time. pg-boss stops waiting for a chunk at its expiry and
 * gives it out again while the first run still sends; the worker stops at its deadline instead and
 * the chunk goes on in a new run, so every recipient gets one message.
 */
describe('a dispatch job through a mail server slower than its chunk time', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink({ delayMs: DELAY_MS });
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      JOB_POLL_SECONDS: '0.5',
      DISPATCH_CHUNK_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it(
    'sends each recipient one message, in several runs of the chunk',
    { timeout: 60_000 },
    async () => {
      const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
      await insertAlumni(t.db, admin.user.collegeId, 'Slowmail', RECIPIENTS);
      const worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
      try {
        const csv = await runEmailJob(t.app, admin, 'slowmail alumnus', RECIPIENTS);
        expect(csv.filter((line) => line.includes(',delivered,'))).toHaveLength(RECIPIENTS);
        const sent = smtp.received.map((m) => m.to);
        expect(new Set(sent).size).toBe(RECIPIENTS);
        expect(sent).toHaveLength(RECIPIENTS);
      } finally {
        await worker.stop();
      }
    },
  );
});
