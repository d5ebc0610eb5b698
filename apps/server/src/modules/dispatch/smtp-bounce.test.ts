import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSuppressions } from '../../db/schema';
import { startSmtpSink } from '../../test/smtp-sink';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';
import { insertAlumni, runEmailJob } from './test-support';

const GONE = 'smtpbounce.1@example.com';

/**
 * A dispatch job sent through a real SMTP server that refuses one mailbox for good (550): that
 * recipient's result is "bounce", the address goes on the suppression list, and the next job
 * does not e-mail it again.
 */
describe('a mail server refusing a dispatch recipient', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink({ refuse: [GONE] });
    t = await buildTestApp({ SMTP_URL: smtp.url, JOB_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records the bounce, suppresses the address, and leaves it out of the next job', async () => {
    const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    await insertAlumni(t.db, admin.user.collegeId, 'Smtpbounce', 2);
    const runJob = async () =>
      (await runEmailJob(t.app, admin, 'smtpbounce alumnus', 2)).find((line) =>
        line.includes(GONE),
      ) ?? '';

    const worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
    try {
      expect(await runJob()).toContain(',bounce,');
      expect(smtp.received.map((m) => m.to)).toEqual(['smtpbounce.0@example.com']);
      const [entry] = await t.db.select().from(emailSuppressions);
      expect(entry).toMatchObject({ email: GONE, reason: 'bounce', source: 'smtp' });

      smtp.received.length = 0;
      expect(await runJob()).toContain(',suppressed,');
      expect(smtp.received.map((m) => m.to)).not.toContain(GONE);
    } finally {
      await worker.stop();
    }
  });
});
