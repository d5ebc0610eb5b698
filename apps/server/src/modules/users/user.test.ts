import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COLLEGE, SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;

describe('POST /api/users/user', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let member2: Session;
  let admin: Session;
  let superAdmin: Session;
  let other: Session;

  const readProfile = (userId: unknown, session?: Session) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/user',
      payload: { userId },
      headers: session ? { cookie: session.cookie } : {},
    });

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    member2 = await loginAs(t.app, 'member2@demo.alumnet.dev');
    admin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    superAdmin = await loginAs(t.app, 'super@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
  });
  afterAll(() => t.close());

  it('gives a member their own profile', async () => {
    const response = await readProfile(member.user._id, member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: member.user._id,
      firstName: 'Meera',
      lastName: 'Menon',
      fullName: 'Meera Menon',
      email: 'member@demo.alumnet.dev',
      phone: '9000000003',
      batchName: '2012-2016',
      branchName: 'Computer Science',
      collegeName: DEMO_COLLEGE,
      companyName: 'Infosys',
      locationCity: 'Bengaluru',
      locationCountry: 'India',
      locationCountryId: 'IN',
      locationCityId: expect.stringMatching(/^\d+$/),
      isEntrepreneur: expect.any(Boolean),
      openToMentoring: expect.any(Boolean),
      profilePic: null,
    });
  });

  it("refuses a member another member's profile, even in the same college", async () => {
    expect(member2.user.collegeId).toBe(member.user.collegeId);
    const response = await readProfile(member2.user._id, member);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'You can only view your own profile.',
      message: 'You can only view your own profile.',
    });
  });

  it('lets a college admin read members of their own college only', async () => {
    const own = await readProfile(member2.user._id, admin);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      _id: member2.user._id,
      email: 'member2@demo.alumnet.dev',
      collegeName: DEMO_COLLEGE,
    });

    const foreign = await readProfile(other.user._id, admin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You can only view your own profile.');
  });

  it('refuses a member of the second college a member of the first', async () => {
    expect((await readProfile(member.user._id, other)).statusCode).toBe(403);
  });

  it('lets the super admin read anyone', async () => {
    for (const target of [other, member, admin]) {
      const response = await readProfile(target.user._id, superAdmin);
      expect(response.statusCode).toBe(200);
      expect(response.json()._id).toBe(target.user._id);
    }
    expect((await readProfile(other.user._id, superAdmin)).json()).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Dsouza',
      collegeName: SECOND_COLLEGE,
    });
  });

  it('answers a signed-out caller with 401', async () => {
    const response = await readProfile(member.user._id);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please log in to continue.');
  });

  it.each([['not-a-uuid'], [''], [12345]])('answers the id %j with 400', async (userId) => {
    const response = await readProfile(userId, member);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid id');
  });

  it('answers an unknown id with 404', async () => {
    const response = await readProfile(randomUUID(), superAdmin);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such user.');
  });

  it('does not tell a member whether another id exists', async () => {
    const response = await readProfile(randomUUID(), member);
    expect(response.statusCode).toBe(403);
  });

  it('checks the session before the body', async () => {
    const response = await readProfile('not-a-uuid');
    expect(response.statusCode).toBe(401);
  });

  it('names the missing field when the body is absent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/user',
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('userId is required');
  });
});
