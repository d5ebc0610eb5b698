import { ANALYTICS_MESSAGES, API } from '@alumnet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

type Role = 'visitor' | 'member' | 'otherAdmin' | 'admin' | 'superAdmin';
const ROLES: Role[] = ['visitor', 'member', 'otherAdmin', 'admin', 'superAdmin'];
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = {
  member: 'member@demo.alumnet.dev',
  otherAdmin: 'admin2@demo.alumnet.dev',
  admin: 'admin@demo.alumnet.dev',
  superAdmin: 'super@demo.alumnet.dev',
};

let t: Awaited<ReturnType<typeof buildTestApp>>;
const cookies: Partial<Record<Role, string>> = {};
let collegeId: string;
let secondCollegeId: string;

beforeAll(async () => {
  t = await buildTestApp();
  for (const [role, email] of Object.entries(ACCOUNTS))
    cookies[role as Role] = (await loginAs(t.app, email)).cookie;
  collegeId = (await loginAs(t.app, ACCOUNTS.admin)).user.collegeId;
  secondCollegeId = (await loginAs(t.app, ACCOUNTS.otherAdmin)).user.collegeId;
});
afterAll(() => t.close());

const call = (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookies[role] ? { cookie: cookies[role] } : {},
    payload,
  });

/** The college's alumni as the analytics count them: not admins, not rejected. */
async function alumniCount(college: string, extra = sql`true`) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.collegeId, college),
        eq(users.userType, 'u'),
        eq(users.isSuperAdmin, false),
        eq(users.isRejected, false),
        extra,
      ),
    );
  return row!.n;
}

describe('who may call the analytics routes', () => {
  const calls = () => [
    {
      name: 'distribution',
      method: 'POST' as const,
      url: API.analytics.distribution,
      payload: { collegeId, distributionType: 'batch' },
    },
    {
      name: 'new data',
      method: 'POST' as const,
      url: API.analytics.newData,
      payload: { collegeId, page: 1, limit: 10 },
    },
    {
      name: 'companies',
      method: 'GET' as const,
      url: `${API.analytics.companies(collegeId)}?page=1&limit=10`,
    },
    {
      name: 'all companies',
      method: 'GET' as const,
      url: `${API.analytics.companies('all')}?page=1&limit=10`,
    },
  ];

  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      for (const c of calls()) {
        const response = await call(role, c.method, c.url, c.payload);
        const status = response.statusCode;
        const label = `${role} → ${c.name}: ${status} ${response.body.slice(0, 120)}`;
        if (role === 'visitor') expect(status, label).toBe(401);
        else if (role === 'member') expect(status, label).toBe(403);
        else if (role === 'otherAdmin') expect(status, label).toBe(403);
        else if (role === 'admin' && c.name === 'all companies') {
          expect(status, label).toBe(403);
          expect(response.json().message).toBe(ANALYTICS_MESSAGES.onlySuperAdminAll);
        } else expect(status, label).toBe(200);
      }
    });
  }
});

describe('POST /api/dashboard/distribution', () => {
  it('counts the college alumni by batch, country and company, with the total', async () => {
    const total = await alumniCount(collegeId);
    for (const distributionType of ['batch', 'country', 'company'] as const) {
      const response = await call('superAdmin', 'POST', API.analytics.distribution, {
        collegeId,
        degreeId: '',
        registrationStatus: '',
        distributionType,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { distribution, totalUsers } = response.json() as {
        distribution: { name: string; value: number }[];
        totalUsers: number;
      };
      expect(totalUsers).toBe(total);
      expect(distribution.reduce((sum, s) => sum + s.value, 0)).toBe(total);
      expect(distribution.length).toBeLessThanOrEqual(10);
      const named = distribution.filter((s) => s.name !== 'Others');
      expect(named.length).toBeLessThanOrEqual(9);
      expect(named.map((s) => s.value)).toEqual(
        [...named.map((s) => s.value)].sort((a, b) => b - a),
      );
      expect(distribution.some((s) => s.name === 'Unknown' || s.name === '')).toBe(false);
    }
  });

  it('a college admin gets their own college without naming it', async () => {
    const response = await call('admin', 'POST', API.analytics.distribution, {
      distributionType: 'country',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().totalUsers).toBe(await alumniCount(collegeId));
  });

  it('filters by registration status and degree', async () => {
    const registered = await call('admin', 'POST', API.analytics.distribution, {
      registrationStatus: 'Registered',
      distributionType: 'company',
    });
    const unregistered = await call('admin', 'POST', API.analytics.distribution, {
      registrationStatus: 'Unregistered',
      distributionType: 'company',
    });
    expect(registered.json().totalUsers).toBe(
      await alumniCount(collegeId, eq(users.isRegistered, true)),
    );
    expect(unregistered.json().totalUsers).toBe(
      await alumniCount(collegeId, eq(users.isRegistered, false)),
    );
    expect(unregistered.json().totalUsers).toBeGreaterThan(0);

    const [someone] = await t.db
      .select({ degreeId: users.degreeId })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), sql`${users.degreeId} IS NOT NULL`))
      .limit(1);
    const byDegree = await call('admin', 'POST', API.analytics.distribution, {
      degreeId: someone!.degreeId,
      distributionType: 'batch',
    });
    expect(byDegree.json().totalUsers).toBe(
      await alumniCount(collegeId, eq(users.degreeId, someone!.degreeId!)),
    );
  });

  it('a super admin reads another college', async () => {
    const response = await call('superAdmin', 'POST', API.analytics.distribution, {
      collegeId: secondCollegeId,
      distributionType: 'batch',
    });
    expect(response.json().totalUsers).toBe(await alumniCount(secondCollegeId));
  });

  it('refuses bad input with a readable message', async () => {
    for (const payload of [
      { distributionType: 'planet' },
      { distributionType: 'batch', registrationStatus: 'maybe' },
      { distributionType: 'batch', collegeId: 'nope' },
      {},
    ]) {
      const response = await call('admin', 'POST', API.analytics.distribution, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('POST /api/newData/getNewData', () => {
  it('pages the members waiting for new college data, 10 a page', async () => {
    const total = await alumniCount(collegeId, eq(users.newCollegeData, true));
    expect(total).toBeGreaterThan(0);
    const response = await call('admin', 'POST', API.analytics.newData, { page: 1, limit: 10 });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      data: { degree: string | null; batch: string | null; branch: string | null }[];
      pagination: { totalPages: number; totalItems: number };
    };
    expect(body.pagination.totalItems).toBe(total);
    expect(body.pagination.totalPages).toBe(Math.max(1, Math.ceil(total / 10)));
    expect(body.data.length).toBe(Math.min(10, total));
    expect(body.data[0]).toEqual({
      degree: expect.any(String),
      batch: expect.any(String),
      branch: expect.any(String),
    });
  });

  it('shows null (N/A) for a name not given, and defaults to page 1 of 10', async () => {
    await t.db
      .update(users)
      .set({ newBatchRequestName: null, newBranchRequestName: '  ' })
      .where(eq(users.email, 'other@demo.alumnet.dev'));
    await t.db
      .update(users)
      .set({ newCollegeData: true, newDegreeRequestName: 'PhD' })
      .where(eq(users.email, 'other@demo.alumnet.dev'));
    const mine = await call('otherAdmin', 'POST', API.analytics.newData, {});
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toContainEqual({ degree: 'PhD', batch: null, branch: null });
  });

  it('an empty page past the end, and bad paging refused', async () => {
    const far = await call('admin', 'POST', API.analytics.newData, { page: 999 });
    expect(far.json().data).toEqual([]);
    const bad = await call('admin', 'POST', API.analytics.newData, { page: 0 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/dashboard/companies/{collegeId|all}', () => {
  it('pages the college company names, one per name, sorted', async () => {
    const first = await call(
      'admin',
      'GET',
      `${API.analytics.companies(collegeId)}?page=1&limit=10`,
    );
    expect(first.statusCode).toBe(200);
    const body = first.json() as {
      companies: { _id: string; name: string }[];
      totalPages: number;
      totalCompanies: number;
    };
    const [row] = await t.db
      .select({ n: sql<number>`count(DISTINCT lower(btrim(${users.companyName})))::int` })
      .from(users)
      .where(
        and(
          eq(users.collegeId, collegeId),
          eq(users.userType, 'u'),
          eq(users.isRejected, false),
          sql`btrim(${users.companyName}) <> ''`,
        ),
      );
    expect(body.totalCompanies).toBe(row!.n);
    expect(body.totalPages).toBe(Math.max(1, Math.ceil(row!.n / 10)));
    expect(body.companies.length).toBe(Math.min(10, row!.n));
    const keys = body.companies.map((c) => c._id);
    expect(keys).toEqual([...keys].sort());
    expect(body.companies.find((c) => c.name === 'Infosys')?._id ?? 'infosys').toBe('infosys');
  });

  it('all colleges for a super admin covers at least each college', async () => {
    const all = await call('superAdmin', 'GET', `${API.analytics.companies('all')}?limit=100`);
    const one = await call('superAdmin', 'GET', `${API.analytics.companies(secondCollegeId)}`);
    expect(all.statusCode).toBe(200);
    expect(one.statusCode).toBe(200);
    expect(all.json().totalCompanies).toBeGreaterThanOrEqual(one.json().totalCompanies);
    const names = new Set(all.json().companies.map((c: { name: string }) => c.name));
    for (const c of one.json().companies as { name: string }[]) expect(names).toContain(c.name);
  });

  it('no companies: an empty page with one page in all', async () => {
    const response = await call(
      'superAdmin',
      'GET',
      `${API.analytics.companies(collegeId)}?page=500`,
    );
    expect(response.json().companies).toEqual([]);
    expect(response.json().totalPages).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed college id or page', async () => {
    for (const url of [
      API.analytics.companies('nope'),
      `${API.analytics.companies(collegeId)}?page=0`,
      `${API.analytics.companies(collegeId)}?limit=1000`,
    ]) {
      const response = await call('superAdmin', 'GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});
