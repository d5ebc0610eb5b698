import { API } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildRoleApp, type Role } from '../../test/roles';

/**
 * The spec's upload, a row at a time (admin-area.md §4 "Hierarchy resolution per row", §7):
 * resolve degree, then batch within it, then branch within that, then sign the row up.
 */
describe('POST /api/auth/signup with a CSV row', () => {
  let t: Awaited<ReturnType<typeof buildRoleApp>>;
  let collegeId: string;

  const post = (role: Role, url: string, payload: object) => t.call(role, 'POST', url, payload);

  /** What the spec's upload page does with one CSV row. */
  async function resolve(role: Role, names: { degree: string; batch: string; branch: string }) {
    const { degreeId } = (
      await post(role, API.setup.degreeId, { collegeId, degreeName: names.degree })
    ).json();
    const batchId = degreeId
      ? (
          await post(role, API.setup.batchId, { collegeId, degreeId, batchName: names.batch })
        ).json().batchId
      : null;
    const branchId = batchId
      ? (
          await post(role, API.setup.branchId, { collegeId, batchId, branchName: names.branch })
        ).json().branchId
      : null;
    return { degreeId: degreeId ?? '', batchId: batchId ?? '', branchId: branchId ?? '' };
  }

  const row = (overrides: Record<string, unknown> = {}) => ({
    fullName: 'Nisha  Varghese Menon',
    collegeId,
    email: 'Nisha.Menon@Row.Example',
    phoneCountryCode: '+91',
    phoneValue: '98450 77777',
    newCollegeRequestName: '',
    newDegreeRequestName: 'B.Tech',
    newBatchRequestName: '2018-2022',
    newBranchRequestName: 'Computer Science',
    ...overrides,
  });
  const stored = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    t = await buildRoleApp();
    collegeId = t.users.admin!.collegeId;
  });
  afterAll(() => t.close());

  it('adds a resolved row to the college as an unregistered alumnus', async () => {
    const ids = await resolve('admin', {
      degree: 'B.Tech',
      batch: '2018-2022',
      branch: 'Computer Science',
    });
    expect(ids.branchId).not.toBe('');

    const response = await post('admin', API.auth.signup, row(ids));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      message: 'User added.',
      newCollegeData: false,
    });
    expect(await stored('nisha.menon@row.example')).toMatchObject({
      id: response.json().userId,
      collegeId,
      ...ids,
      firstName: 'Nisha',
      lastName: 'Varghese Menon',
      fullName: 'Nisha Varghese Menon',
      phone: '9845077777',
      phoneCountryCode: '+91',
      isRegistered: false,
      isApproved: false,
      newCollegeData: false,
      newDegreeRequestName: null,
      newBranchRequestName: null,
    });

    // The same person again is refused, never doubled.
    const again = await post('admin', API.auth.signup, row({ ...ids, phoneValue: '' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An account with this email already exists.');
    const samePhone = await post(
      'admin',
      API.auth.signup,
      row({ ...ids, email: 'other@row.example' }),
    );
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('An account with this phone number already exists.');
  });

  it('keeps names it could not resolve as a New Data request', async () => {
    const ids = await resolve('admin', {
      degree: 'B.Tech',
      batch: '2018-2022',
      branch: 'Marine Biology',
    });
    expect(ids).toMatchObject({ branchId: '' });
    expect(ids.batchId).not.toBe('');

    const response = await post(
      'admin',
      API.auth.signup,
      row({
        ...ids,
        email: 'marine@row.example',
        phoneValue: '',
        newBranchRequestName: 'Marine Biology',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().newCollegeData).toBe(true);
    expect(await stored('marine@row.example')).toMatchObject({
      degreeId: ids.degreeId,
      batchId: ids.batchId,
      branchId: null,
      newCollegeData: true,
      newDegreeRequestName: null,
      newBatchRequestName: null,
      newBranchRequestName: 'Marine Biology',
    });
    // It is what the admin's New Data tab lists.
    const newData = await t.call('admin', 'POST', API.analytics.newData, { collegeId, limit: 100 });
    expect(JSON.stringify(newData.json())).toContain('Marine Biology');
  });

  it('refuses ids from another college and bad rows with readable messages', async () => {
    const otherCollege = t.users.otherAdmin!.collegeId;
    const foreign = await (async () => {
      const list = await post('otherAdmin', '/api/colleges/degrees/fetch', {
        collegeId: otherCollege,
      });
      return list.json()[0]._id as string;
    })();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { degreeId: foreign, email: 'x1@row.example' },
        400,
        'The selected degree, batch and branch do not belong to the selected college.',
      ],
      [
        { collegeId: otherCollege, email: 'x2@row.example' },
        403,
        'You can only manage your own college.',
      ],
      [{ fullName: ' ', email: 'x3@row.example' }, 400, 'fullName is required'],
      [{ email: 'not-an-address' }, 400, 'Invalid email format'],
      [{ phoneValue: '12', email: 'x4@row.example' }, 400, 'Phone must have 7 to 15 digits'],
    ];
    const before = await t.db.$count(users);
    for (const [overrides, status, message] of cases) {
      const response = await post('admin', API.auth.signup, row(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await t.db.$count(users)).toBe(before);
  });

  it('is for admins only: a visitor or a member cannot add people', async () => {
    const visitor = await post('visitor', API.auth.signup, row({ email: 'v@row.example' }));
    expect(visitor.statusCode).toBe(401);
    const member = await post('member', API.auth.signup, row({ email: 'm@row.example' }));
    expect(member.statusCode).toBe(403);
    expect(await stored('v@row.example')).toBeUndefined();
    expect(await stored('m@row.example')).toBeUndefined();
  });

  it('lets a super admin add to the college they name', async () => {
    const otherCollege = t.users.otherAdmin!.collegeId;
    const response = await post(
      'superAdmin',
      API.auth.signup,
      row({ collegeId: otherCollege, email: 'sa@row.example', phoneValue: '' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored('sa@row.example'))?.collegeId).toBe(otherCollege);
  });
});
