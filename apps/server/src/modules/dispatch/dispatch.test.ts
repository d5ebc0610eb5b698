import { API, jobAddedMessage, type DispatchJob } from '@alumnet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchRecipients, outbox, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { startWorker } from '../../worker';
import { neutralizeFormula } from './csv';

describe('dispatch jobs (admin-area.md Dispatch jobs, PRODUCT.md Dispatch jobs)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  let admin: { cookie: string; user: { _id: string; collegeId: string } };

  const post = (url: string, payload?: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const jobs = async () => {
    const response = await post(API.dashboard.fetchJobs, { userId: admin.user._id, page: 1 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { jobs: DispatchJob[]; totalPages: number; totalJobs: number };
  };
  const waitForJob = async (jobId: string, status: DispatchJob['status'] = 'done') => {
    for (let i = 0; i < 150; i++) {
      const job = (await jobs()).jobs.find((j) => j._id === jobId);
      if (job?.status === status) return job;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`job ${jobId} never became ${status}`);
  };
  const csv = async (fileName: string) => {
    const response = await t.app.inject({
      url: API.dashboard.download(fileName),
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    return response.body.trim().split('\n');
  };

  beforeAll(async () => {
    t = await buildTestApp({ JOB_POLL_SECONDS: '0.5', PUBLIC_URL: 'https://alumni.example.edu' });
    worker = await startWorker({ db: t.db, config: t.config, log: t.app.log });
    admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('lists the demo jobs: one dispatched with both CSVs, one in review', async () => {
    const { jobs: list, totalJobs } = await jobs();
    expect(totalJobs).toBe(2);
    expect(list.map((j) => [j.action, j.status])).toEqual([
      ['approve', 'review'],
      ['email', 'done'],
    ]);
    const done = list[1]!;
    expect(done.outputCsvPath).toBe(`${done._id}-output.csv`);
    const output = await csv(done.outputCsvPath!);
    expect(output[0]).toBe(
      'fullName,email,phone,degreeName,batchName,branchName,result,processedAt',
    );
    expect(output).toHaveLength(done.count + 1);
    expect(output[1]).toContain('delivered');
  });

  it('freezes a select-all e-mail job, dispatches it once, invites everyone exactly once', async () => {
    const filter = { isRegistered: 'no' };
    const search = await post(API.dashboard.search, { filters: filter, pageId: 1 });
    const { totalResults } = search.json();
    expect(totalResults).toBeGreaterThan(3);

    const stale = await post(API.dashboard.addJob, {
      method: 'email',
      reqUserId: admin.user._id,
      selectAll: true,
      filterData: filter,
      totalResults: totalResults + 1,
    });
    expect(stale.statusCode).toBe(409);

    const added = await post(API.dashboard.addJob, {
      method: 'email',
      reqUserId: admin.user._id,
      selectAll: true,
      filterData: filter,
      totalResults,
    });
    expect(added.statusCode, added.body).toBe(200);
    const job = added.json().job as DispatchJob;
    expect(added.json().message).toBe(jobAddedMessage('email'));
    expect(job).toMatchObject({
      action: 'email',
      status: 'review',
      count: totalResults,
      sent: 0,
      outputCsvPath: null,
    });
    const input = await csv(job.inputCsvPath);
    expect(input).toHaveLength(totalResults + 1);

    // Two admins press Dispatch together: one dispatches, the other is told it already was.
    const [a, b] = await Promise.all([
      post(API.dashboard.dispatch(job._id)),
      post(API.dashboard.dispatch(job._id)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toBe(
      'This job has already been dispatched.',
    );
    const deleted = await post(API.dashboard.deleteJob(job._id));
    expect(deleted.statusCode).toBe(409);

    const done = await waitForJob(job._id);
    expect(done.sent).toBe(totalResults);
    const recipients = await t.db
      .select({ userId: dispatchRecipients.userId, email: dispatchRecipients.email })
      .from(dispatchRecipients)
      .where(eq(dispatchRecipients.jobId, job._id));
    const mails = await t.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.recipient,
          recipients.map((r) => r.email),
        ),
      );
    const invitations = mails.filter((m) => m.subject?.includes('invites you'));
    expect(invitations).toHaveLength(totalResults);
    expect(new Set(invitations.map((m) => m.recipient)).size).toBe(totalResults);
    expect(invitations[0]!.body).toMatch(/https:\/\/alumni\.example\.edu\/invite\/[\w-]{40,}/);

    const invited = await t.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          recipients.map((r) => r.userId),
        ),
      );
    expect(
      invited.every(
        (u) => u.isInvited && u.invitedBy === admin.user._id && u.emailStatus === 'delivered',
      ),
    ).toBe(true);
    const output = await csv(done.outputCsvPath!);
    expect(output).toHaveLength(totalResults + 1);
    expect(output.slice(1).every((line) => line.includes(',delivered,'))).toBe(true);

    // The alumnus follows the link: sets a password, is registered and signed in; once only.
    const mail = invitations[0]!;
    const token = /\/invite\/([\w-]+)/.exec(mail.body)![1]!;
    const shown = await t.app.inject({ url: API.invitations.show(token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email: mail.recipient, collegeName: expect.any(String) });
    const mismatch = await post(API.invitations.accept(token), {
      newPassword: 'Alumni#2026',
      confirmPassword: 'x',
    });
    expect(mismatch.statusCode).toBe(400);
    const accepted = await post(API.invitations.accept(token), {
      newPassword: 'Alumni#2026',
      confirmPassword: 'Alumni#2026',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ email: mail.recipient, mustChangePassword: false });
    expect(accepted.cookies.some((c) => c.name === 'alumnet_session')).toBe(true);
    const [registered] = await t.db.select().from(users).where(eq(users.email, mail.recipient));
    expect(registered).toMatchObject({ isRegistered: true, isApproved: true });
    const reused = await t.app.inject({ url: API.invitations.show(token) });
    expect(reused.statusCode).toBe(404);
    const login = await post(
      API.auth.login,
      { userName: mail.recipient, password: 'Alumni#2026' },
      '',
    );
    expect(login.statusCode).toBe(200);
  });

  it('approves a waiting sign-up: one-time password by e-mail, then Set New Password', async () => {
    const [waiting] = await t.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.collegeId, admin.user.collegeId),
          eq(users.isApproved, false),
          eq(users.isRegistered, true),
          eq(users.newCollegeData, false),
          eq(users.isRejected, false),
        ),
      )
      .limit(1);
    const added = await post(API.dashboard.addJob, {
      method: 'approve',
      reqUserId: admin.user._id,
      selectAll: false,
      userIds: [waiting!.id],
      totalResults: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    const job = added.json().job as DispatchJob;
    expect((await post(API.dashboard.dispatch(job._id))).statusCode).toBe(200);
    await waitForJob(job._id);

    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, waiting!.email),
          eq(outbox.idempotencyKey, `${job._id}.${waiting!.id}.email`),
        ),
      );
    const password = /Password: (\S+)/.exec(mail!.body)![1]!;
    const login = await post(API.auth.login, { userName: waiting!.email, password }, '');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().mustChangePassword).toBe(true);
  });

  it('refuses new-data rows, strangers and SMS to a whole filter', async () => {
    const [newData] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.collegeId, admin.user.collegeId), eq(users.newCollegeData, true)))
      .limit(1);
    const blocked = await post(API.dashboard.addJob, {
      method: 'approve',
      selectAll: false,
      userIds: [newData!.id],
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toMatch(/new college data/);

    const other = await loginAs(t.app, 'other@demo.alumnet.dev');
    const stranger = await post(API.dashboard.addJob, {
      method: 'email',
      selectAll: false,
      userIds: [other.user._id],
    });
    expect(stranger.statusCode).toBe(400);

    const sms = await post(API.dashboard.addJob, {
      method: 'sms',
      selectAll: true,
      filterData: {},
    });
    expect(sms.statusCode).toBe(400);
    const someoneElse = await post(API.dashboard.addJob, {
      method: 'email',
      reqUserId: other.user._id,
      selectAll: false,
      userIds: [newData!.id],
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('neutralizes spreadsheet formulas in CSV cells', () => {
    expect(neutralizeFormula('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(neutralizeFormula('+919100000000')).toBe(`'+919100000000`);
    expect(neutralizeFormula('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(neutralizeFormula('Meera Menon')).toBe('Meera Menon');
  });
});
