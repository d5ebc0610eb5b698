import { API, type DispatchJob } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dispatchJobs, dispatchRecipients } from '../../db/schema';
import { startSmtpSink, type ReceivedMail } from '../../test/smtp-sink';
import { buildTestApp, loginAs } from '../../test/build';
import { insertAlumni } from './test-support';

const RECIPIENTS = 1_000;
/** How long the killed worker's chunk stays taken before another worker may resume it. */
const CHUNK_TIMEOUT = '5';
const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));

/**
 * A worker killed with SIGKILL in the middle of a 1,000-recipient e-mail job, then started again:
 * a real SMTP server counts what arrived. The worker is a process of its own, so it needs a
 * database that takes more than one connection: real PostgreSQL (CI runs this file on it).
 */
describe.skipIf(inject('dbTemplate').kind !== 'postgres')(
  'a dispatch worker killed mid-job',
  () => {
    let t: Awaited<ReturnType<typeof buildTestApp>>;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let smtpUrl: string;
    let received: ReceivedMail[];
    const workers: ChildProcess[] = [];

    const startWorkerProcess = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          ROLE: 'worker',
          // A worker serves its health checks: on a port of its own, as several run at once.
          PORT: '0',
          DATABASE_URL: t.databaseUrl,
          SMTP_URL: smtpUrl,
          SEED_DEMO: 'false',
          DISPATCH_CHUNK_TIMEOUT_SECONDS: CHUNK_TIMEOUT,
          JOB_POLL_SECONDS: '0.5',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(child);
      return child;
    };
    const until = async (check: () => Promise<boolean> | boolean, what: string, ms = 90_000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    beforeAll(async () => {
      smtp = await startSmtpSink();
      ({ url: smtpUrl, received } = smtp);
      // The process that queues a chunk sets its timeout: the web app here, like the worker.
      t = await buildTestApp({ SMTP_URL: smtpUrl, DISPATCH_CHUNK_TIMEOUT_SECONDS: CHUNK_TIMEOUT });
    }, 120_000);
    afterAll(async () => {
      for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
      await t?.close();
      await smtp?.close();
    });

    it('delivers every recipient exactly once', { timeout: 240_000 }, async () => {
      const admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
      await insertAlumni(t.db, admin.user.collegeId, 'Killtest', RECIPIENTS);
      const post = (url: string, payload?: object) =>
        t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
      const added = await post(API.dashboard.addJob, {
        method: 'email',
        selectAll: true,
        filterData: { searchText: 'killtest alumnus' },
        totalResults: RECIPIENTS,
      });
      expect(added.statusCode, added.body).toBe(200);
      const job = added.json().job as DispatchJob;
      expect((await post(API.dashboard.dispatch(job._id))).statusCode).toBe(200);

      const started = Date.now();
      const first = startWorkerProcess();
      await until(() => received.length >= RECIPIENTS * 0.4, '400 messages');
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const atKill = received.length;
      const killedAt = Date.now();
      expect(atKill).toBeLessThan(RECIPIENTS);

      startWorkerProcess();
      const status = async () =>
        (
          await t.db
            .select({ status: dispatchJobs.status })
            .from(dispatchJobs)
            .where(eq(dispatchJobs.id, job._id))
        )[0]!.status;
      await until(async () => (await status()) === 'done', 'the job to finish', 180_000);

      const recipients = await t.db
        .select({
          userId: dispatchRecipients.userId,
          email: dispatchRecipients.email,
          state: dispatchRecipients.state,
        })
        .from(dispatchRecipients)
        .where(eq(dispatchRecipients.jobId, job._id));
      expect(recipients).toHaveLength(RECIPIENTS);
      expect(recipients.every((r) => r.state === 'done')).toBe(true);

      // Each recipient's messages all carry its one idempotency key, and arrive once by that key.
      const byRecipient = new Map<string, Set<string>>();
      for (const r of received)
        byRecipient.set(r.to, (byRecipient.get(r.to) ?? new Set()).add(r.messageId));
      expect(byRecipient.size).toBe(RECIPIENTS);
      for (const r of recipients)
        expect([...(byRecipient.get(r.email) ?? [])]).toEqual([
          `<${job._id}.${r.userId}.email@alumnet>`,
        ]);
      // A raw resend can only be the one message in flight when the worker died (sends are
      // sequential); a receiver deduplicating on Message-ID keeps one.
      const rawDuplicates = received.length - RECIPIENTS;
      console.log(
        `killed after ${atKill} messages (${killedAt - started} ms); done ${Date.now() - killedAt} ms later; raw duplicates: ${rawDuplicates}`,
      );
      expect(rawDuplicates).toBeLessThanOrEqual(1);
    });
  },
);
