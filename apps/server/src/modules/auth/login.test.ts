import { API } from '@alumnet/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { DEMO_COLLEGE, DEMO_PASSWORD } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';
import { hashToken, newSessionToken } from './tokens';

const MESSAGES = {
  /** One answer for a wrong password and an unknown account: login tells nobody who is a member. */
  badCredentials: 'The e-mail, phone or password is not right.',
  pending:
    'Your details are still being reviewed. You will receive an e-mail with a one-time password once your account is approved.',
  rejected: 'Your registration was not approved. Please contact your college for details.',
  signedOut: 'Please log in to continue.',
};

describe('login, session and logout', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  /** Approved seeded members, one per test that changes an account's state. */
  let spare: { id: string; email: string }[];

  // Login is limited to 20 calls a minute per IP; only the test of that limit shares an address.
  let calls = 0;
  const nextIp = () => `10.2.${Math.floor(++calls / 250)}.${(calls % 250) + 1}`;
  const login = (
    userName: unknown,
    password: unknown,
    options: { cookie?: string; ip?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password },
      headers: options.cookie ? { cookie: options.cookie } : {},
      remoteAddress: options.ip ?? nextIp(),
    });
  const sessionCookie = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((c) => c.name === 'alumnet_session');
    if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return `alumnet_session=${cookie.value}`;
  };
  const me = async (cookie?: string) => {
    const response = await t.app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return response.json().user as { _id: string } | null;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    spare = await t.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.isApproved, true), like(users.email, '%@example.com')))
      .orderBy(users.email)
      .limit(8);
  });
  afterAll(() => t.close());

  describe('signing in', () => {
    it.each(['member@demo.alumnet.dev', 'Member@Demo.Alumnet.DEV', '  MEMBER@demo.alumnet.dev '])(
      'accepts the e-mail address %j',
      async (userName) => {
        const response = await login(userName, DEMO_PASSWORD);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          email: 'member@demo.alumnet.dev',
          fullName: 'Meera Menon',
        });
      },
    );

    it('answers with the signed-in user and sets an httpOnly, SameSite=Lax session cookie', async () => {
      const response = await login('member@demo.alumnet.dev', DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      const [row] = await t.db
        .select({
          id: users.id,
          collegeId: users.collegeId,
          batchId: users.batchId,
          branchId: users.branchId,
        })
        .from(users)
        .where(eq(users.email, 'member@demo.alumnet.dev'));
      expect(response.json()).toEqual({
        _id: row!.id,
        fullName: 'Meera Menon',
        firstName: 'Meera',
        lastName: 'Menon',
        email: 'member@demo.alumnet.dev',
        phone: '9000000003',
        profilePic: null,
        collegeId: row!.collegeId,
        batchId: row!.batchId,
        branchId: row!.branchId,
        collegeName: DEMO_COLLEGE,
        batchName: '2012-2016',
        branchName: 'Computer Science',
        locationCountry: 'India',
        locationCity: 'Bengaluru',
        companyName: 'Infosys',
        userType: 'u',
        isSuperAdmin: false,
        mustChangePassword: false,
        // A member without a second factor needs no second step (modules/mfa for the rest).
        mfa: null,
      });

      const cookies = response.cookies.filter((c) => c.name === 'alumnet_session');
      expect(cookies).toHaveLength(1);
      const cookie = cookies[0]!;
      expect(cookie.value).toMatch(/^[\w-]{40,}$/);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect((cookie.expires as Date).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    });

    it.each([
      '9000000003',
      '90000 00003',
      '90000-00003',
      ' 9000 000 003 ',
      '+91 90000 00003',
      '919000000003',
    ])('accepts the phone number %j', async (userName) => {
      const response = await login(userName, DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: 'member@demo.alumnet.dev',
        phone: '9000000003',
      });
    });

    it('tells administrators and super administrators apart', async () => {
      const admin = await login('admin@demo.alumnet.dev', DEMO_PASSWORD);
      expect(admin.json()).toMatchObject({
        userType: 'a',
        isSuperAdmin: false,
        collegeName: DEMO_COLLEGE,
      });
      const superAdmin = await login('super@demo.alumnet.dev', DEMO_PASSWORD);
      expect(superAdmin.json()).toMatchObject({ userType: 'a', isSuperAdmin: true, mfa: 'verify' });
    });

    it('GET /api/auth/me returns the user with the cookie and null without it', async () => {
      const response = await login('member2@demo.alumnet.dev', DEMO_PASSWORD);
      const cookie = sessionCookie(response);
      const user = await me(cookie);
      const { mfa, ...signedIn } = response.json();
      expect(mfa).toBeNull();
      expect(user).toEqual(signedIn);
      expect(await me()).toBeNull();
      expect(await me('alumnet_session=not-a-real-token')).toBeNull();
    });
  });

  describe('refusals', () => {
    it('answers a wrong password with 401 and sets no cookie', async () => {
      const response = await login('member2@demo.alumnet.dev', 'not-the-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: MESSAGES.badCredentials,
        message: MESSAGES.badCredentials,
      });
      expect(response.cookies).toEqual([]);
    });

    it.each(['nobody@demo.alumnet.dev', '9999999999'])(
      'answers the unknown account %j with 401',
      async (userName) => {
        const response = await login(userName, DEMO_PASSWORD);
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(MESSAGES.badCredentials);
      },
    );

    it('answers an unknown account exactly as a wrong password, by e-mail and by phone', async () => {
      const answers = await Promise.all(
        [
          ['nobody@demo.alumnet.dev', DEMO_PASSWORD],
          ['member2@demo.alumnet.dev', 'not-the-password'],
          ['9999999999', DEMO_PASSWORD],
          ['9000000003', 'not-the-password'],
        ].map(async ([userName, password]) => {
          const response = await login(userName, password);
          return { status: response.statusCode, body: response.body, cookies: response.cookies };
        }),
      );
      for (const answer of answers)
        expect(answer).toEqual({
          status: 401,
          body: JSON.stringify({
            statusCode: 401,
            error: MESSAGES.badCredentials,
            message: MESSAGES.badCredentials,
          }),
          cookies: [],
        });
    });

    it.each([
      ['both empty', { userName: '', password: '' }],
      ['an empty password', { userName: 'member@demo.alumnet.dev', password: '' }],
      ['a blank user name', { userName: '   ', password: DEMO_PASSWORD }],
      ['no fields at all', {}],
    ])('answers %s with 400', async (_label, payload) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please fill in all fields');
    });

    it('answers a call with no body at all with the same message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please fill in all fields');
    });

    it('answers a sign-up still under review (no password yet) as an unknown account', async () => {
      const [pending] = await t.db
        .select({ email: users.email, phone: users.phone })
        .from(users)
        .where(and(eq(users.isApproved, false), eq(users.isRegistered, true)))
        .limit(1);
      for (const userName of [pending!.email, pending!.phone!]) {
        for (const password of [DEMO_PASSWORD, 'something-else']) {
          const response = await login(userName, password);
          expect(response.statusCode).toBe(401);
          expect(response.json().message).toBe(MESSAGES.badCredentials);
          expect(response.cookies).toEqual([]);
        }
      }
    });

    it('says "under review" only to whoever gave the right password', async () => {
      const account = spare[5]!;
      await t.db.update(users).set({ isApproved: false }).where(eq(users.id, account.id));
      const wrong = await login(account.email, 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(MESSAGES.badCredentials);
      const right = await login(account.email, DEMO_PASSWORD);
      expect(right.statusCode).toBe(403);
      expect(right.json().message).toBe(MESSAGES.pending);
      expect(right.cookies).toEqual([]);
    });

    it('answers a rejected account with 403 and ends its open sessions', async () => {
      const account = spare[0]!;
      const cookie = sessionCookie(await login(account.email, DEMO_PASSWORD));
      expect(await me(cookie)).toMatchObject({ _id: account.id });

      // Rejected as an admin rejects, through the dashboard: every process forgets the session.
      const { cookie: admin } = await loginAs(t.app, 'super@demo.alumnet.dev');
      const rejected = await t.app.inject({
        method: 'POST',
        url: API.dashboard.reject,
        headers: { cookie: admin },
        payload: { userId: account.id, reason: 'Not an alumnus' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const response = await login(account.email, DEMO_PASSWORD);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.rejected);
      expect(await me(cookie)).toBeNull();
      // A wrong password learns nothing about the account's state.
      const guess = await login(account.email, 'not-the-password');
      expect(guess.statusCode).toBe(401);
      expect(guess.json().message).toBe(MESSAGES.badCredentials);
    });
  });

  describe('sessions', () => {
    it('rotates the session: logging in again with a cookie ends the old one', async () => {
      const first = sessionCookie(await login('member2@demo.alumnet.dev', DEMO_PASSWORD));
      const again = await login('member2@demo.alumnet.dev', DEMO_PASSWORD, { cookie: first });
      expect(again.statusCode).toBe(200);
      const second = sessionCookie(again);
      expect(second).not.toBe(first);
      expect(await me(first)).toBeNull();
      expect(await me(second)).toMatchObject({ email: 'member2@demo.alumnet.dev' });
    });

    it('keeps the sessions of other browsers when one logs in again', async () => {
      const laptop = sessionCookie(await login('member2@demo.alumnet.dev', DEMO_PASSWORD));
      const phone = sessionCookie(await login('member2@demo.alumnet.dev', DEMO_PASSWORD));
      sessionCookie(await login('member2@demo.alumnet.dev', DEMO_PASSWORD, { cookie: phone }));
      expect(await me(laptop)).toMatchObject({ email: 'member2@demo.alumnet.dev' });
    });

    it('logout ends the session and clears the cookie', async () => {
      const response = await login('member2@demo.alumnet.dev', DEMO_PASSWORD);
      const cookie = sessionCookie(response);
      const userId = response.json()._id;
      const readProfile = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/user',
          payload: { userId },
          headers: { cookie },
        });
      expect((await readProfile()).statusCode).toBe(200);

      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ ok: true, message: 'You have been logged out.' });
      const cleared = logout.cookies.find((c) => c.name === 'alumnet_session');
      expect(cleared?.value).toBe('');
      expect((cleared?.expires as Date).getTime()).toBeLessThanOrEqual(Date.now());

      const after = await readProfile();
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MESSAGES.signedOut);
      expect(await me(cookie)).toBeNull();
    });

    it('logout without a session still answers ok', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(response.statusCode).toBe(200);
      expect(response.json().ok).toBe(true);
    });
  });

  describe('per-account limit', () => {
    const locked = /^Too many failed login attempts for this account\. Try again in 15 minutes\.$/;

    it('locks the account after 5 wrong passwords, even for the right one, and only that account', async () => {
      const account = spare[1]!;
      for (let i = 0; i < 5; i++) {
        const response = await login(account.email, `wrong-${i}`);
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(MESSAGES.badCredentials);
      }
      const response = await login(account.email, DEMO_PASSWORD);
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toMatch(locked);
      expect(response.cookies).toEqual([]);
      // The same account reached by phone is the same account.
      const [row] = await t.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, account.id));
      expect((await login(row!.phone, DEMO_PASSWORD)).statusCode).toBe(429);

      expect((await login(spare[2]!.email, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('locks an address with no account the same way, so the lock tells nothing either', async () => {
      for (const userName of ['ghost@demo.alumnet.dev', '9111111111']) {
        for (let i = 0; i < 5; i++) {
          const response = await login(userName, `wrong-${i}`);
          expect(response.statusCode).toBe(401);
          expect(response.json().message).toBe(MESSAGES.badCredentials);
        }
        const response = await login(userName, DEMO_PASSWORD);
        expect(response.statusCode).toBe(429);
        expect(response.json().message).toMatch(locked);
      }
    });

    it('opens again once the 15-minute window is over', async () => {
      const account = spare[3]!;
      for (let i = 0; i < 5; i++) await login(account.email, 'wrong');
      expect((await login(account.email, DEMO_PASSWORD)).statusCode).toBe(429);

      await t.db.execute(
        sql`UPDATE users SET failed_login_window_start = now() - interval '16 minutes' WHERE id = ${account.id}`,
      );
      expect((await login(account.email, DEMO_PASSWORD)).statusCode).toBe(200);
      const [row] = await t.db
        .select({ count: users.failedLoginCount })
        .from(users)
        .where(eq(users.id, account.id));
      expect(row!.count).toBe(0);
    });

    it('forgets earlier failures after a successful login', async () => {
      const account = spare[4]!;
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++)
          expect((await login(account.email, 'wrong')).statusCode).toBe(401);
        expect((await login(account.email, DEMO_PASSWORD)).statusCode).toBe(200);
      }
    });
  });

  describe('per-IP limit', () => {
    it('answers the 21st login call within a minute from one address with 429', async () => {
      const ip = '192.0.2.77';
      for (let i = 0; i < 20; i++) {
        // Unknown names, each its own: only the per-address limit counts.
        expect((await login(`nobody-${i}@demo.alumnet.dev`, 'x', { ip })).statusCode).toBe(401);
      }
      const response = await login('member2@demo.alumnet.dev', DEMO_PASSWORD, { ip });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        statusCode: 429,
        error: 'Too many requests. Please wait a minute and try again.',
        message: 'Too many requests. Please wait a minute and try again.',
      });
      expect(response.cookies).toEqual([]);

      expect(
        (await login('member2@demo.alumnet.dev', DEMO_PASSWORD, { ip: '192.0.2.78' })).statusCode,
      ).toBe(200);
    });
  });

  it('answers each of many first calls arriving at once with its own member', async () => {
    // Sessions made in the database, so that no call has met them yet: each lookup misses the
    // cache, and those arriving together share one query (auth/plugin.ts).
    const members = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isApproved, true), eq(users.isRejected, false)))
      .limit(30);
    const tokens = members.map(() => newSessionToken());
    await t.db.insert(sessions).values(
      members.map((m, i) => ({
        userId: m.id,
        tokenHash: hashToken(tokens[i]!),
        expiresAt: new Date(Date.now() + (i === 0 ? -60_000 : 3_600_000)),
      })),
    );
    const signedIn = await Promise.all(
      [...tokens, newSessionToken()].map(async (token) => {
        const response = await t.app.inject({
          url: API.auth.me,
          headers: { cookie: `alumnet_session=${token}` },
        });
        expect(response.statusCode).toBe(200);
        return (response.json() as { user: { _id: string } | null }).user?._id ?? null;
      }),
    );
    // The first session has expired and the last token was never one: signed out, both.
    expect(signedIn).toEqual([null, ...members.slice(1).map((m) => m.id), null]);
  });
});
