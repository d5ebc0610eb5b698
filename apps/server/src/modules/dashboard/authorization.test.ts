import { API } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchJobs, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

type Role = 'visitor' | 'member' | 'otherAdmin' | 'admin' | 'superAdmin';
const ROLES: Role[] = ['visitor', 'member', 'otherAdmin', 'admin', 'superAdmin'];
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  member: 'member@demo.alumnet.dev',
  otherAdmin: 'admin2@demo.alumnet.dev',
  admin: 'admin@demo.alumnet.dev',
  superAdmin: 'super@demo.alumnet.dev',
};
const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * Every admin call of this issue, as each kind of caller. The admin of another college acts on
 * this college's people and jobs and must be refused (403) or find nothing (404, 400), and the
 * row must be untouched afterwards.
 */
describe('who may call the admin routes', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const cookies: Partial<Record<Role, string>> = {};
  let collegeId: string;
  let target: { id: string; isRejected: boolean; isRegistered: boolean };
  let jobId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const [role, email] of Object.entries(ACCOUNTS))
      cookies[role as Role] = (await loginAs(t.app, email)).cookie;
    collegeId = (await loginAs(t.app, ACCOUNTS.admin)).user.collegeId;
    const [row] = await t.db
      .select({ id: users.id, isRejected: users.isRejected, isRegistered: users.isRegistered })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.isRegistered, false)))
      .limit(1);
    target = row!;
    const [job] = await t.db
      .select({ id: dispatchJobs.id })
      .from(dispatchJobs)
      .where(and(eq(dispatchJobs.collegeId, collegeId), eq(dispatchJobs.status, 'review')));
    jobId = job!.id;
  });
  afterAll(() => t.close());

  // `real`: this college's own people and jobs (the other college's admin tries them);
  // admins of this college get harmless versions that still pass the guard.
  const calls = (real: boolean) => [
    { name: 'filter options', method: 'GET' as const, url: API.dashboard.filterOptions },
    {
      name: 'search',
      method: 'POST' as const,
      url: API.dashboard.search,
      payload: { filters: { collegeId } },
    },
    {
      name: 'add job',
      method: 'POST' as const,
      url: API.dashboard.addJob,
      payload: { method: 'email', selectAll: false, userIds: [real ? target.id : NOBODY] },
    },
    {
      name: 'reject',
      method: 'POST' as const,
      url: API.dashboard.reject,
      payload: { userId: real ? target.id : NOBODY },
    },
    {
      name: 'delete user',
      method: 'POST' as const,
      url: API.dashboard.deleteUser,
      payload: { userId: real ? target.id : NOBODY },
    },
    {
      name: 'update metadata',
      method: 'POST' as const,
      url: API.dashboard.updateUserMetadata,
      payload: {
        userId: real ? target.id : NOBODY,
        degreeId: NOBODY,
        batchId: NOBODY,
        branchId: NOBODY,
      },
    },
    {
      name: 'fetch jobs',
      method: 'POST' as const,
      url: API.dashboard.fetchJobs,
      payload: { collegeId, page: 1 },
    },
    {
      name: 'dispatch',
      method: 'POST' as const,
      url: API.dashboard.dispatch(real ? jobId : NOBODY),
    },
    {
      name: 'delete job',
      method: 'POST' as const,
      url: API.dashboard.deleteJob(real ? jobId : NOBODY),
    },
    { name: 'download', method: 'GET' as const, url: API.dashboard.download(`${jobId}-input.csv`) },
    {
      name: 'outbox',
      method: 'GET' as const,
      url: `${API.dashboard.outbox}?collegeId=${collegeId}`,
    },
  ];

  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      for (const call of calls(role === 'otherAdmin')) {
        const response = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: cookies[role] ? { cookie: cookies[role] } : {},
          payload: 'payload' in call ? call.payload : undefined,
        });
        const status = response.statusCode;
        const label = `${role} → ${call.name}: ${status} ${response.body.slice(0, 120)}`;
        if (role === 'visitor') expect(status, label).toBe(401);
        else if (role === 'member') expect(status, label).toBe(403);
        else if (role === 'otherAdmin') {
          if (call.name === 'filter options') {
            expect(status, label).toBe(200);
            expect(response.json().colleges.map((c: { _id: string }) => c._id)).not.toContain(
              collegeId,
            );
          } else expect([400, 403, 404], label).toContain(status);
        } else expect([401, 403], label).not.toContain(status);
      }
    });
  }

  it('left the target and the job as they were', async () => {
    const [after] = await t.db
      .select({ id: users.id, isRejected: users.isRejected, isRegistered: users.isRegistered })
      .from(users)
      .where(eq(users.id, target.id));
    expect(after).toEqual(target);
    const [job] = await t.db
      .select({ status: dispatchJobs.status })
      .from(dispatchJobs)
      .where(eq(dispatchJobs.id, jobId));
    expect(job).toEqual({ status: 'review' });
    expect(await t.db.$count(dispatchJobs, eq(dispatchJobs.createdBy, NOBODY))).toBe(0);
  });
});
