import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, sessions, users } from '../../db/schema';
import { DEMO_COLLEGE, DEMO_PASSWORD } from '../../db/seed/demo';
import { buildTestApp } from '../../test/build';

const MEMBER = 'member@demo.alumnet.dev';

describe('PUT /api/users/update', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let memberId: string;
  let cookie: string;
  const city: Record<string, number> = {};

  // Logins are limited per address; every login here comes from its own.
  let logins = 0;
  const login = (userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password },
      remoteAddress: `10.7.0.${++logins}`,
    });
  async function signIn(userName: string, password = DEMO_PASSWORD) {
    const response = await login(userName, password);
    const session = response.cookies.find((c) => c.name === 'alumnet_session');
    if (response.statusCode !== 200 || !session) throw new Error(`login failed: ${response.body}`);
    return { cookie: `alumnet_session=${session.value}`, id: response.json()._id as string };
  }
  const update = (payload: object, session: string | null = cookie) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload,
      headers: session ? { cookie: session } : {},
    });
  const me = async (session: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).json().user;
  const row = async (id = memberId) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie, id: memberId } = await signIn(MEMBER));
    for (const [countryId, name] of [
      ['IN', 'Bengaluru'],
      ['IN', 'Mumbai'],
      ['US', 'Seattle'],
    ] as const) {
      const [found] = await t.db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.countryId, countryId), eq(cities.cityName, name)));
      city[name] = found!.id;
    }
  });
  afterAll(() => t.close());

  it('changes the allowed fields and answers with the signed-in user', async () => {
    const response = await update({
      userId: memberId,
      locationCountry: 'US',
      locationCity: String(city.Seattle),
      companyName: '  Microsoft  ',
      profilePic: '1763790000000_meera.png',
      isEntrepreneur: true,
      openToMentoring: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: memberId,
      fullName: 'Meera Menon',
      firstName: 'Meera',
      lastName: 'Menon',
      email: MEMBER,
      phone: '9000000003',
      profilePic: '1763790000000_meera.png',
      collegeId: expect.any(String),
      batchId: expect.any(String),
      branchId: expect.any(String),
      collegeName: DEMO_COLLEGE,
      batchName: '2012-2016',
      branchName: 'Computer Science',
      locationCountry: 'United States',
      locationCity: 'Seattle',
      companyName: 'Microsoft',
      userType: 'u',
      isSuperAdmin: false,
      mustChangePassword: false,
    });
    expect(await row()).toMatchObject({
      locationCountryId: 'US',
      locationCityId: city.Seattle,
      companyName: 'Microsoft',
      profilePic: '1763790000000_meera.png',
      isEntrepreneur: true,
      openToMentoring: true,
    });

    // The profile record reads the same.
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/users/user',
      payload: { userId: memberId },
      headers: { cookie },
    });
    expect(profile.json()).toMatchObject({
      companyName: 'Microsoft',
      locationCountryId: 'US',
      locationCityId: String(city.Seattle),
      isEntrepreneur: true,
      openToMentoring: true,
    });
  });

  it('keeps what the body leaves out and clears what it empties', async () => {
    await update({ locationCountry: 'IN', locationCity: String(city.Bengaluru) });
    const before = await row();

    expect((await update({ companyName: 'Wipro' })).statusCode).toBe(200);
    const after = await row();
    expect(after).toMatchObject({
      companyName: 'Wipro',
      locationCountryId: 'IN',
      locationCityId: city.Bengaluru,
      profilePic: before.profilePic,
      isEntrepreneur: before.isEntrepreneur,
      passwordHash: before.passwordHash,
    });

    const cleared = await update({ companyName: '', profilePic: null });
    expect(cleared.json()).toMatchObject({ companyName: null, profilePic: null });
  });

  it('clears the city when no country is chosen', async () => {
    await update({ locationCountry: 'IN', locationCity: String(city.Mumbai) });
    const response = await update({ locationCountry: '', locationCity: String(city.Mumbai) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ locationCountry: null, locationCity: null });
    expect(await row()).toMatchObject({ locationCountryId: null, locationCityId: null });
  });

  it('clears the old city when only the country changes', async () => {
    await update({ locationCountry: 'IN', locationCity: String(city.Mumbai) });
    const response = await update({ locationCountry: 'us' });
    expect(response.json()).toMatchObject({ locationCountry: 'United States', locationCity: null });
  });

  it.each([
    [
      'a city of another country',
      () => ({ locationCountry: 'US', locationCity: String(city.Mumbai) }),
      'The city does not belong to the chosen country.',
    ],
    [
      'a city that does not exist',
      () => ({ locationCountry: 'IN', locationCity: '999999999' }),
      'The city does not belong to the chosen country.',
    ],
    [
      'a city id beyond any stored one',
      () => ({ locationCountry: 'IN', locationCity: '99999999999' }),
      'The city does not belong to the chosen country.',
    ],
    ['an unknown country', () => ({ locationCountry: 'ZZ' }), 'Unknown country.'],
    ['a picture name with a path', () => ({ profilePic: '../secrets.png' }), 'Invalid image'],
    ['a picture name with a slash', () => ({ profilePic: 'a/b.png' }), 'Invalid image'],
    ['a dot name', () => ({ profilePic: '..' }), 'Invalid image'],
    [
      'a too long company name',
      () => ({ companyName: 'x'.repeat(201) }),
      'Company Name can have at most 200 characters.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    await update({
      locationCountry: 'IN',
      locationCity: String(city.Bengaluru),
      companyName: 'Infosys',
    });
    const before = await row();
    const response = await update({ companyName: 'Changed', ...body() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await row()).toEqual(before);
  });

  it.each([
    ['firstName', 'Mira'],
    ['lastName', 'M'],
    ['fullName', 'Someone Else'],
    ['collegeId', '00000000-0000-4000-8000-000000000000'],
    ['batchId', '00000000-0000-4000-8000-000000000000'],
    ['branchId', '00000000-0000-4000-8000-000000000000'],
    ['email', 'new@example.com'],
    ['phone', '9999999999'],
    ['userType', 'a'],
    ['isSuperAdmin', true],
  ])('refuses the read-only field %s, naming it', async (field, value) => {
    const before = await row();
    const response = await update({ companyName: 'Changed', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${field} cannot be changed from the profile`);
    expect(await row()).toEqual(before);
  });

  it('refuses a confirmation that differs', async () => {
    const before = await row();
    const response = await update({
      newpwd: 'a new long password',
      confirmPassword: 'another one',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Passwords do not match!');
    const missing = await update({ newpwd: 'a new long password' });
    expect(missing.json().message).toBe('Passwords do not match!');
    const short = await update({ newpwd: 'short', confirmPassword: 'short' });
    expect(short.json().message).toBe('Password must be at least 8 characters');
    expect((await row()).passwordHash).toBe(before.passwordHash);
  });

  it('refuses to update someone else', async () => {
    const [otherUser] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'member2@demo.alumnet.dev'));
    const response = await update({ userId: otherUser!.id, companyName: 'Hacked' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only act for yourself.');
    expect((await row(otherUser!.id)).companyName).not.toBe('Hacked');
  });

  it('answers a signed-out caller with 401', async () => {
    const response = await update({ companyName: 'Nobody' }, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please log in to continue.');
  });

  it('sets a new password, ends the other sessions and keeps this one', async () => {
    // A seeded member who must still replace a one-time password, signed in on two devices.
    const [seeded] = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          like(users.email, '%@example.com'),
          eq(users.isApproved, true),
          isNotNull(users.passwordHash),
        ),
      )
      .limit(1);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, seeded!.id));
    const laptop = await signIn(seeded!.email);
    const phone = await signIn(seeded!.email);
    const sessionCount = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, seeded!.id))).length;
    expect(await sessionCount()).toBe(2);

    const response = await update(
      { newpwd: 'my new long password', confirmPassword: 'my new long password' },
      laptop.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: seeded!.id, mustChangePassword: false });

    expect(await me(laptop.cookie)).toMatchObject({ _id: seeded!.id });
    expect(await me(phone.cookie)).toBeNull();
    expect(await sessionCount()).toBe(1);

    const old = await login(seeded!.email, DEMO_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('The e-mail, phone or password is not right.');
    const fresh = await login(seeded!.email, 'my new long password');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ _id: seeded!.id, mustChangePassword: false });
  });

  it("keeps the password when newpwd is ''", async () => {
    const before = await row();
    const response = await update({ newpwd: '', confirmPassword: '', companyName: 'Zoho' });
    expect(response.statusCode).toBe(200);
    expect((await row()).passwordHash).toBe(before.passwordHash);
    expect(await me(cookie)).toMatchObject({ _id: memberId, companyName: 'Zoho' });
  });
});
