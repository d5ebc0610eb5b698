import { ACTIVITY_DAYS, API, type CollegeActivity } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema';
import { buildRoleApp, expectedSuperAdminStatus, ROLES } from '../../test/roles';
import { lastDays, presentActivity } from './presenter';

let t: Awaited<ReturnType<typeof buildRoleApp>>;

beforeAll(async () => {
  t = await buildRoleApp();
});
afterAll(() => t.close());

describe('who may read the job and activity counts', () => {
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const response = await t.call(role, 'GET', API.community.jobsCount);
      expect(response.statusCode, response.body).toBe(expectedSuperAdminStatus(role));
    });
  }
});

describe('GET /api/dashboard/jobs-count', () => {
  it('answers 30 zero-filled days per college that add up to the 30-day totals', async () => {
    const response = await t.call('superAdmin', 'GET', API.community.jobsCount);
    expect(response.statusCode).toBe(200);
    const colleges = response.json() as CollegeActivity[];
    expect(colleges.length).toBeGreaterThanOrEqual(2);
    for (const c of colleges) {
      expect(c.data).toHaveLength(ACTIVITY_DAYS);
      expect(c.data.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    }
    const since = new Date(`${colleges[0]!.data[0]!.date}T00:00:00Z`);
    const all = await t.db.select().from(jobs);
    const recent = all.filter((j) => j.createdAt >= since);
    const counted = colleges
      .flatMap((c) => c.data)
      .reduce((sum, d) => sum + d.internshipCount + d.fulltimeCount, 0);
    expect(counted).toBe(recent.length);
    const likes = colleges.flatMap((c) => c.data).reduce((s, d) => s + d.postLikesCount, 0);
    expect(likes).toBeGreaterThan(0);
  });
});

describe('presentActivity', () => {
  it('zero-fills the days and adds counts to the right college and day', () => {
    const days = lastDays(new Date('2026-03-02T10:00:00Z'), 3);
    expect(days).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    const [a, b] = presentActivity(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      days,
      [
        { college_id: 'a', day: '2026-03-01', kind: 'internship', n: 2 },
        { college_id: 'a', day: '2026-03-01', kind: 'postLike', n: 5 },
        { college_id: 'b', day: '2026-02-28', kind: 'jobComment', n: 1 },
        { college_id: 'b', day: '2026-01-01', kind: 'fulltime', n: 9 },
      ],
    );
    expect(a!.data[1]).toMatchObject({ internshipCount: 2, postLikesCount: 5, fulltimeCount: 0 });
    expect(a!.data[0]!.internshipCount).toBe(0);
    expect(b!.data[0]!.jobCommentsCount).toBe(1);
    expect(b!.data.reduce((s, d) => s + d.fulltimeCount, 0)).toBe(0);
  });
});
