import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { buildTestApp } from '../../test/build';

const EMAIL = 'member2@demo.alumnet.dev';
const ONE_TIME = 'OneTime-4711';
const CHOSEN = 'my own long password';

describe('POST /api/auth/set-password (one-time password flow)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let userId: string;

  let calls = 0;
  const nextIp = () => `10.3.0.${++calls}`;
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: EMAIL, password },
      remoteAddress: nextIp(),
    });
  const cookieOf = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((c) => c.name === 'alumnet_session');
    if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
    return `alumnet_session=${cookie.value}`;
  };
  const setPassword = (payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: nextIp(),
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user;

  beforeAll(async () => {
    t = await buildTestApp();
    // What the approval job leaves behind: a one-time password that must be replaced.
    const [row] = await t.db
      .update(users)
      .set({ passwordHash: await hashPassword(ONE_TIME), mustChangePassword: true })
      .where(eq(users.email, EMAIL))
      .returning({ id: users.id });
    userId = row!.id;
  });
  afterAll(() => t.close());

  it('refuses a caller without a session with 401', async () => {
    const response = await setPassword({ newPassword: CHOSEN, confirmPassword: CHOSEN });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please log in to continue.');
  });

  it('signs in with the one-time password and says it must be replaced', async () => {
    const response = await login(ONE_TIME);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: userId, email: EMAIL, mustChangePassword: true });
    expect(await me(cookieOf(response))).toMatchObject({ _id: userId, mustChangePassword: true });
  });

  it.each([
    [
      'a confirmation that differs',
      { newPassword: CHOSEN, confirmPassword: `${CHOSEN}!` },
      'Passwords do not match!',
    ],
    [
      'a short password',
      { newPassword: 'short1', confirmPassword: 'short1' },
      'Password must be at least 8 characters',
    ],
    [
      'a short, unconfirmed password',
      { newPassword: 'short1', confirmPassword: 'other' },
      'Password must be at least 8 characters',
    ],
    [
      'a password over 200 characters',
      { newPassword: 'x'.repeat(201), confirmPassword: 'x'.repeat(201) },
      'Password must be at most 200 characters',
    ],
    ['no new password', { confirmPassword: CHOSEN }, 'New Password is required'],
    ['no confirmation', { newPassword: CHOSEN }, 'Confirm New Password is required'],
    [
      'a common password, whatever its case',
      { newPassword: 'Password123', confirmPassword: 'Password123' },
      'This password is too common: it appears in lists of leaked passwords. Please choose another.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, message) => {
    const cookie = cookieOf(await login(ONE_TIME));
    const response = await setPassword(payload, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message, message });
    expect(await me(cookie)).toMatchObject({ _id: userId, mustChangePassword: true });
  });

  it('stores the new password, starts a new session and ends every old one', async () => {
    const oldCookie = cookieOf(await login(ONE_TIME));
    const otherDevice = cookieOf(await login(ONE_TIME));

    const saved = await setPassword({ newPassword: CHOSEN, confirmPassword: CHOSEN }, oldCookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ _id: userId, email: EMAIL, mustChangePassword: false });
    const newCookie = cookieOf(saved);
    expect(newCookie).not.toBe(oldCookie);
    expect(saved.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    expect(await me(oldCookie)).toBeNull();
    expect(await me(otherDevice)).toBeNull();
    expect(await me(newCookie)).toMatchObject({ _id: userId, mustChangePassword: false });

    const withOld = await login(ONE_TIME);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().message).toBe('The e-mail, phone or password is not right.');
    const withNew = await login(CHOSEN);
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().mustChangePassword).toBe(false);

    const [row] = await t.db
      .select({ mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(eq(users.id, userId));
    expect(row!.mustChangePassword).toBe(false);
  });
});
