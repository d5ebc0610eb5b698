import {
  API,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
} from '@alumnet/contract';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, outbox, passwordResets, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/passwords';
import { buildTestApp } from '../../test/build';
import { hashToken, newSessionToken } from './tokens';

const BAD_CREDENTIALS = 'The e-mail, phone or password is not right.';
const NEW_PASSWORD = 'a brand new passphrase';

describe('password reset ("Forgot password?")', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  /** Approved seeded members, one per test that changes an account. */
  let spare: { id: string; email: string; phone: string | null }[];

  // Every call from its own address, except the test of the per-IP limit.
  let calls = 0;
  const nextIp = () => `10.9.${Math.floor(++calls / 250)}.${(calls % 250) + 1}`;
  const ask = (userName: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: API.auth.passwordReset,
      payload: { userName },
      remoteAddress: ip,
    });
  const check = (token: string) =>
    t.app.inject({ url: API.auth.passwordResetToken(token), remoteAddress: nextIp() });
  const reset = (token: string, password: string, confirm = password, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: API.auth.passwordResetToken(token),
      payload: { newPassword: password, confirmPassword: confirm },
      headers: cookie ? { cookie } : {},
      remoteAddress: nextIp(),
    });
  const login = (userName: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password },
      remoteAddress: nextIp(),
    });
  const cookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((c) => c.name === 'alumnet_session');
    if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return `alumnet_session=${cookie.value}`;
  };
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user as {
      _id: string;
    } | null;
  /** What the outbox holds for a recipient, newest first. */
  const sentTo = (recipient: string) =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, recipient), like(outbox.idempotencyKey, 'password-reset.%')))
      .orderBy(desc(outbox.createdAt));
  const tokenIn = (text: string) => {
    const found = /\/reset-password\/([\w-]+)/.exec(text);
    if (!found) throw new Error(`no reset link in ${text}`);
    return found[1]!;
  };
  /** Asks for a link for this member and reads it from the outbox. */
  async function linkFor(email: string) {
    const before = (await sentTo(email)).length;
    expect((await ask(email)).statusCode).toBe(200);
    const rows = await sentTo(email);
    expect(rows).toHaveLength(before + 1);
    return tokenIn(rows[0]!.body);
  }

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://alumni.example.org' });
    spare = await t.db
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(and(eq(users.isApproved, true), like(users.email, '%@example.com')))
      .orderBy(users.email)
      .limit(12);
  });
  afterAll(() => t.close());

  describe('asking for a link', () => {
    it('answers known, unknown, pending and uninvited addresses alike', async () => {
      const [pending] = await t.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isApproved, false), eq(users.isRegistered, true)))
        .limit(1);
      const [uninvited] = await t.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.isRegistered, false))
        .limit(1);
      const answers = await Promise.all(
        [spare[0]!.email, 'nobody@example.org', '9999999999', pending!.email, uninvited!.email].map(
          async (userName) => {
            const response = await ask(userName);
            return {
              status: response.statusCode,
              body: response.json(),
              cookies: response.cookies,
            };
          },
        ),
      );
      for (const answer of answers)
        expect(answer).toEqual({
          status: 200,
          body: { message: PASSWORD_RESET_SENT_MESSAGE },
          cookies: [],
        });

      // Only the member who may sign in got a link.
      expect(await sentTo(spare[0]!.email)).toHaveLength(1);
      for (const nobody of ['nobody@example.org', pending!.email, uninvited!.email])
        expect(await sentTo(nobody)).toEqual([]);
    });

    it('e-mails a link to /reset-password/{token} built on PUBLIC_URL, and keeps only its hash', async () => {
      const member = spare[1]!;
      expect((await ask(member.email.toUpperCase())).json().message).toBe(
        PASSWORD_RESET_SENT_MESSAGE,
      );
      const [mail] = await sentTo(member.email);
      expect(mail).toMatchObject({ channel: 'email', subject: 'Choose a new Alumnet password' });
      expect(mail!.body).toMatch(/https:\/\/alumni\.example\.org\/reset-password\/[\w-]{40,}/);
      expect(mail!.html).toContain('https://alumni.example.org/reset-password/');
      const token = tokenIn(mail!.body);

      const [stored] = await t.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, member.id));
      expect(stored!.tokenHash).toBe(hashToken(token));
      expect(stored!.tokenHash).not.toContain(token);
      const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);
    });

    it('texts the link to a member who gave their phone number', async () => {
      const member = spare[2]!;
      const response = await ask(`+91 ${member.phone}`);
      expect(response.json().message).toBe(PASSWORD_RESET_SENT_MESSAGE);
      const [sms] = await sentTo(`+91${member.phone}`);
      expect(sms).toMatchObject({ channel: 'sms', subject: null, html: null });
      const token = tokenIn(sms!.body);
      expect((await check(token)).json()).toEqual({ valid: true });
      expect(await sentTo(member.email)).toEqual([]);
    });

    it('sends one link a minute per member, silently: the first one keeps working', async () => {
      const member = spare[3]!;
      const first = await linkFor(member.email);
      const again = await ask(member.email);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe(PASSWORD_RESET_SENT_MESSAGE);
      expect(await sentTo(member.email)).toHaveLength(1);
      // By phone it is the same member, and the same budget.
      await ask(member.phone!);
      expect(await sentTo(`+91${member.phone}`)).toEqual([]);
      expect((await check(first)).json()).toEqual({ valid: true });
    });

    it('asks for an e-mail or phone', async () => {
      for (const payload of [{}, { userName: '' }, { userName: '   ' }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: API.auth.passwordReset,
          payload,
          remoteAddress: nextIp(),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please enter your e-mail or phone');
      }
    });

    it('answers the 21st call within a minute from one address with 429', async () => {
      const ip = '192.0.2.99';
      for (let i = 0; i < 20; i++)
        expect((await ask(`nobody-${i}@example.org`, ip)).statusCode).toBe(200);
      const response = await ask('nobody-else@example.org', ip);
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe(
        'Too many requests. Please wait a minute and try again.',
      );
    });
  });

  describe('using a link', () => {
    it('sets the password, ends every session, signs this browser in, and works once', async () => {
      const member = spare[4]!;
      const laptop = cookieOf(await login(member.email, DEMO_PASSWORD));
      const phone = cookieOf(await login(member.email, DEMO_PASSWORD));
      const token = await linkFor(member.email);
      expect((await check(token)).json()).toEqual({ valid: true });

      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        _id: member.id,
        email: member.email,
        mustChangePassword: false,
      });
      const cookie = cookieOf(response);
      expect(response.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(await me(cookie)).toMatchObject({ _id: member.id });
      expect(await me(laptop)).toBeNull();
      expect(await me(phone)).toBeNull();

      const old = await login(member.email, DEMO_PASSWORD);
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe(BAD_CREDENTIALS);
      expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);

      // Used up.
      expect((await check(token)).json()).toEqual({ valid: false });
      const twice = await reset(token, 'yet another passphrase');
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
      expect(twice.cookies).toEqual([]);
      expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('opens an account locked by failed logins', async () => {
      const member = spare[5]!;
      for (let i = 0; i < 5; i++) await login(member.email, `wrong-${i}`);
      expect((await login(member.email, DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await reset(await linkFor(member.email), NEW_PASSWORD)).statusCode).toBe(200);
      expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an expired link with 400', async () => {
      const member = spare[6]!;
      const token = await linkFor(member.email);
      await t.db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, member.id));
      expect((await check(token)).json()).toEqual({ valid: false });
      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
      expect((await login(member.email, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it.each([
      ['an unknown token', newSessionToken()],
      ['a short token', 'abc'],
    ])('refuses %s with 400', async (_label, token) => {
      const response = await reset(token, NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(PASSWORD_RESET_INVALID_MESSAGE);
      expect((await check(token)).json()).toEqual({ valid: false });
    });

    it('refuses the link of a member rejected since', async () => {
      const member = spare[7]!;
      const token = await linkFor(member.email);
      await t.db.update(users).set({ isRejected: true }).where(eq(users.id, member.id));
      expect((await check(token)).json()).toEqual({ valid: false });
      expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(400);
    });

    // One link for the four refusals and the success after them: asking again within the
    // minute would send none.
    const tokens = new Map<string, string>();
    it.each([
      ['too short', 'short1', 'short1', 'Password must be at least 8 characters'],
      ['not confirmed', NEW_PASSWORD, `${NEW_PASSWORD}!`, 'Passwords do not match!'],
      ['common', 'iloveyou', 'iloveyou', COMMON_PASSWORD_MESSAGE],
      ['common in other case', 'QwertyUiop', 'QwertyUiop', COMMON_PASSWORD_MESSAGE],
    ])(
      'refuses a password that is %s and keeps the link usable',
      async (_l, pw, confirm, message) => {
        const member = spare[8]!;
        const token = tokens.get(member.id) ?? (await linkFor(member.email));
        tokens.set(member.id, token);
        const response = await reset(token, pw, confirm);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
        expect((await check(token)).json()).toEqual({ valid: true });
        expect((await login(member.email, DEMO_PASSWORD)).statusCode).toBe(200);
      },
    );

    it('accepts a long password (100 characters) after the refusals above', async () => {
      const member = spare[8]!;
      const long = 'correct horse battery staple '.repeat(4).slice(0, 100);
      expect((await reset(tokens.get(member.id)!, long)).statusCode).toBe(200);
      expect((await login(member.email, long)).statusCode).toBe(200);
    });
  });

  describe('common passwords are refused wherever a password is chosen', () => {
    it('on the profile', async () => {
      const member = spare[9]!;
      const cookie = cookieOf(await login(member.email, DEMO_PASSWORD));
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        payload: { userId: member.id, newpwd: 'Password1', confirmPassword: 'Password1' },
        headers: { cookie },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(COMMON_PASSWORD_MESSAGE);
      expect((await login(member.email, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it("on an invitation's password, which stays usable", async () => {
      const [alumnus] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isRegistered, false), eq(users.isRejected, false)))
        .limit(1);
      const token = newSessionToken();
      await t.db.insert(invitations).values({
        tokenHash: hashToken(token),
        userId: alumnus!.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      const accept = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: API.invitations.accept(token),
          payload: { newPassword: password, confirmPassword: password },
          remoteAddress: nextIp(),
        });
      const refused = await accept('sunshine1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(COMMON_PASSWORD_MESSAGE);
      expect((await accept(NEW_PASSWORD)).statusCode).toBe(200);
    });
  });
});
