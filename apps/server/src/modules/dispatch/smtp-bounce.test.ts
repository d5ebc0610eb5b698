import { API, type DispatchJob } from '@alumnet/contract';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSuppressions, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';

const GONE = 'smtpbounce.1@example.com';

/**
 * A dispatch job sent through a real SMTP server that refuses one mailbox for good (550): that
 * recipient's result is "bounce", the address goes on the suppression list, and the next job
 * does not e-mail it again.
 */
describe('a mail server refusing a dispatch recipient', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address === GONE) {
          const refused = Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 });
          return callback(refused);
        }
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, JOB_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('records the bounce, suppresses the address, and leaves it out of the next job', async () => {
    const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    await t.db.insert(users).values(
      [0, 1].map((i) => ({
        collegeId: admin.user.collegeId,
        firstName: 'Smtpbounce',
        lastName: `Alumnus${i}`,
        fullName: `Smtpbounce Alumnus${i}`,
        username: `smtpbounce.${i}`,
        email: `smtpbounce.${i}@example.com`,
      })),
    );
    const post = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
    const runJob = async () => {
      const added = await post(API.dashboard.addJob, {
        method: 'email',
        selectAll: true,
        filterData: { searchText: 'smtpbounce alumnus' },
        totalResults: 2,
      });
      expect(added.statusCode, added.body).toBe(200);
      const job = added.json().job as DispatchJob;
      expect((await post(API.dashboard.dispatch(job._id))).statusCode).toBe(200);
      let done: DispatchJob | undefined;
      for (let i = 0; i < 150 && done?.status !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        const jobs = await post(API.dashboard.fetchJobs, { userId: admin.user._id, page: 1 });
        done = (jobs.json().jobs as DispatchJob[]).find((j) => j._id === job._id);
      }
      expect(done?.status).toBe('done');
      const csv = await t.app.inject({
        url: API.dashboard.download(done!.outputCsvPath!),
        headers: { cookie: admin.cookie },
      });
      return csv.body.split('\n').find((line) => line.includes(GONE)) ?? '';
    };

    const worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
    try {
      expect(await runJob()).toContain(',bounce,');
      expect(received).toEqual(['smtpbounce.0@example.com']);
      const [entry] = await t.db.select().from(emailSuppressions);
      expect(entry).toMatchObject({ email: GONE, reason: 'bounce', source: 'smtp' });

      received.length = 0;
      expect(await runJob()).toContain(',suppressed,');
      expect(received).not.toContain(GONE);
    } finally {
      await worker.stop();
    }
  });
});
