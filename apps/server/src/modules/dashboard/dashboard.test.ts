import { ADMIN_MESSAGES, ADMIN_SEARCH_PAGE_SIZE, API, type AdminUserRow } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, branches, colleges, degrees, outbox, users } from '../../db/schema';
import { SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';

describe('alumni management (admin-area.md Admin dashboard)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: string;
  let superAdmin: string;
  let collegeId: string;

  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const search = async (cookie: string, payload: object) => {
    const response = await post(API.dashboard.search, cookie, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { users: AdminUserRow[]; totalResults: number };
  };
  const member = async (where: Parameters<typeof and>[0]) => {
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, collegeId), where))
      .limit(1);
    return row!;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const session = await loginAs(t.app, 'admin@demo.alumnet.dev');
    admin = session.cookie;
    collegeId = session.user.collegeId;
    superAdmin = (await loginAs(t.app, 'super@demo.alumnet.dev')).cookie;
  });
  afterAll(() => t.close());

  it('lists the college alumni, 15 a page, newest first, with every column of the table', async () => {
    const page1 = await search(admin, { filters: {}, searchText: '', pageId: 1 });
    const total = await t.db.$count(
      users,
      and(eq(users.collegeId, collegeId), eq(users.userType, 'u'), eq(users.isSuperAdmin, false)),
    );
    expect(page1.totalResults).toBe(total);
    expect(page1.users).toHaveLength(ADMIN_SEARCH_PAGE_SIZE);
    const dates = page1.users.map((u) => u.createdAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await search(admin, { filters: {}, pageId: 2 });
    expect(page2.users[0]!._id).not.toBe(page1.users[0]!._id);

    const meera = (await search(admin, { filters: {}, searchText: 'meera menon' })).users[0]!;
    expect(meera).toMatchObject({
      fullName: 'Meera Menon',
      email: 'member@demo.alumnet.dev',
      phone: '+91 9000000003',
      isApproved: true,
      isRegistered: true,
      communicationStatus: { email: 'delivered', sms: 'not_sent', whatsapp: 'not_sent' },
      isInvited: false,
      invitedBy: null,
      locationCountry: 'India',
      locationCity: 'Bengaluru',
      companyName: 'Infosys',
      newCollegeData: 'no',
    });
    expect(meera.degreeName).toBeTruthy();
    expect(meera.batchName).toBeTruthy();
    expect(meera.branchName).toBeTruthy();
  });

  it('filters by status, place, structure and company, and never shows admins', async () => {
    const unregistered = await search(admin, { filters: { isRegistered: 'no' } });
    expect(unregistered.totalResults).toBeGreaterThan(0);
    expect(unregistered.users.every((u) => !u.isRegistered)).toBe(true);

    const waiting = await search(admin, { filters: { isApproved: 'no', isRegistered: 'yes' } });
    expect(waiting.users.every((u) => !u.isApproved && u.isRegistered)).toBe(true);

    const meera = await member(eq(users.email, 'member@demo.alumnet.dev'));
    const sameBranch = await search(admin, {
      filters: {
        degree: meera.degreeId,
        batch: meera.batchId,
        branch: meera.branchId,
        locationCountry: 'IN',
      },
    });
    expect(sameBranch.users.length).toBeGreaterThan(0);
    expect(
      sameBranch.users.every((u) => u.branchId === meera.branchId && u.locationCountry === 'India'),
    ).toBe(true);
    const infosys = await search(admin, { filters: { companyId: 'infosys' } });
    expect(infosys.users.every((u) => u.companyName === 'Infosys')).toBe(true);

    const admins = await search(admin, { filters: {}, searchText: 'admin' });
    expect(admins.users.map((u) => u.email)).not.toContain('admin@demo.alumnet.dev');
    expect(admins.users.map((u) => u.email)).not.toContain('super@demo.alumnet.dev');
  });

  it('keeps a college admin in their college; a super admin picks one', async () => {
    const [second] = await t.db.select().from(colleges).where(eq(colleges.name, SECOND_COLLEGE));
    const refused = await post(API.dashboard.search, admin, { filters: { collegeId: second!.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only manage your own college.');

    const picked = await search(superAdmin, { filters: { collegeId: second!.id } });
    expect(picked.totalResults).toBeGreaterThan(0);
    const secondIds = new Set(
      (await t.db.select({ id: users.id }).from(users).where(eq(users.collegeId, second!.id))).map(
        (u) => u.id,
      ),
    );
    expect(picked.users.every((u) => secondIds.has(u._id))).toBe(true);

    const companies = (cookie: string) =>
      post(API.alumzone.companies, cookie, { collegeId: second!.id });
    expect((await companies(superAdmin)).json().length).toBeGreaterThan(0);
    expect((await companies(admin)).statusCode).toBe(403);

    const options = await t.app.inject({
      url: API.dashboard.filterOptions,
      headers: { cookie: admin },
    });
    expect(options.json().colleges).toEqual([{ _id: collegeId, name: expect.any(String) }]);
    const all = await t.app.inject({
      url: API.dashboard.filterOptions,
      headers: { cookie: superAdmin },
    });
    expect(all.json().colleges.length).toBeGreaterThanOrEqual(2);
  });

  it('rejects one user: reason kept, e-mail written, login refused, out of the list', async () => {
    const waiting = await member(and(eq(users.isApproved, false), eq(users.isRegistered, true)));
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, waiting.id));
    const response = await post(API.dashboard.reject, admin, {
      userId: waiting.id,
      reason: 'We could not find you in the 2019 batch records.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: `${waiting.fullName} has been rejected.`,
      rejectedUser: { _id: waiting.id, fullName: waiting.fullName },
    });
    const [saved] = await t.db.select().from(users).where(eq(users.id, waiting.id));
    expect(saved).toMatchObject({
      isRejected: true,
      rejectionReason: 'We could not find you in the 2019 batch records.',
    });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, waiting.email));
    expect(mail!.subject).toContain('alumni network request');
    expect(mail!.body).toContain('We could not find you in the 2019 batch records.');

    const login = await t.app.inject({
      method: 'POST',
      url: API.auth.login,
      payload: { userName: waiting.email, password: 'whatever-it-is' },
    });
    // Refused as any wrong password is: that the account was rejected is told only to someone
    // who knows its password (auth/service.ts).
    expect(login.statusCode).toBe(401);
    const listed = await search(admin, { filters: {}, searchText: waiting.fullName });
    expect(listed.users.map((u) => u._id)).not.toContain(waiting.id);

    const again = await post(API.dashboard.reject, admin, { userId: waiting.id, reason: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${waiting.fullName} has already been rejected.`);
  });

  it('deletes only a user who never registered', async () => {
    const registered = await member(and(eq(users.isRegistered, true), eq(users.userType, 'u')));
    const refused = await post(API.dashboard.deleteUser, admin, { userId: registered.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.cannotDeleteRegistered);

    const imported = await member(eq(users.isRegistered, false));
    const deleted = await post(API.dashboard.deleteUser, admin, { userId: imported.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: `${imported.fullName} has been deleted.` });
    expect(await t.db.$count(users, eq(users.id, imported.id))).toBe(0);
  });

  it('maps a new-data row onto the college structure', async () => {
    const row = await member(eq(users.newCollegeData, true));
    const missing = await post(API.dashboard.updateUserMetadata, admin, {
      userId: row.id,
      degreeId: '',
      batchId: '',
      branchId: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ADMIN_MESSAGES.selectAllFields);

    const [chain] = await t.db
      .select({ degreeId: degrees.id, batchId: batches.id, branchId: branches.id })
      .from(branches)
      .innerJoin(batches, eq(batches.id, branches.batchId))
      .innerJoin(degrees, eq(degrees.id, batches.degreeId))
      .where(eq(degrees.collegeId, collegeId))
      .limit(1);
    // A degree's id where the batch should be: not a chain of this college.
    const wrong = await post(API.dashboard.updateUserMetadata, admin, {
      userId: row.id,
      ...chain,
      batchId: chain!.degreeId,
    });
    expect(wrong.statusCode).toBe(400);

    const updated = await post(API.dashboard.updateUserMetadata, admin, {
      userId: row.id,
      ...chain,
      originalData: { degreeName: 'M.Sc', batchName: null, branchName: null },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ message: ADMIN_MESSAGES.metadataUpdated });
    const [saved] = await t.db.select().from(users).where(eq(users.id, row.id));
    expect(saved).toMatchObject({ ...chain, newCollegeData: false, newDegreeRequestName: null });
  });

  it('shows a college its own outbox', async () => {
    const response = await t.app.inject({
      url: `${API.dashboard.outbox}?page=1`,
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalMessages).toBeGreaterThan(0);
    expect(body.messages[0]).toMatchObject({ channel: 'email', subject: expect.any(String) });
  });
});
