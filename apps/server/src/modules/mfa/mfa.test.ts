import {
  API,
  MFA_BAD_CODE_MESSAGE,
  MFA_CODE_USED_MESSAGE,
  MFA_ENROL_MESSAGE,
  MFA_FAILURE_LIMIT,
  MFA_VERIFY_MESSAGE,
  mfaLockedMessage,
  RECOVERY_CODE_COUNT,
} from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResets, users } from '../../db/schema';
import { DEMO_TOTP_SECRET } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';
import { findSessionUser } from '../auth/repository';
import { hashToken, SESSION_COOKIE } from '../auth/tokens';
import { mfaMessages } from './service';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The real first step only: the session still owes its second factor. */
async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: API.auth.login,
    payload: { userName: email, password: 'alumnet-demo' },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
  return {
    cookie: `${SESSION_COOKIE}=${cookie.value}`,
    answer: response.json() as { mfa: string | null; _id: string },
  };
}

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const verify = (cookie: string, code: string) => call(cookie, 'POST', API.mfa.totpVerify, { code });

/** A code of the step after the current one: a fresh step the app has not seen used. */
const codeAt = (secret: string, stepOffset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });

describe('the second step of a demo admin', () => {
  it('keeps a pending session out of every guarded route until a right code passes it', async () => {
    const { cookie, answer } = await signIn('admin@demo.alumnet.dev');
    expect(answer.mfa).toBe('verify');

    for (const url of [API.dashboard.filterOptions, API.gallery.fetch, API.me.factors]) {
      const refused = await call(cookie, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'mfa_required', message: MFA_VERIFY_MESSAGE });
    }
    const me = await call(cookie, 'GET', API.auth.me);
    expect(me.json()).toMatchObject({ user: { email: 'admin@demo.alumnet.dev' }, mfa: 'verify' });
    // A session owing its factor may not enrol another one instead.
    expect((await call(cookie, 'POST', API.mfa.totpEnrol)).statusCode).toBe(403);

    const code = await codeAt(DEMO_TOTP_SECRET);
    const passed = await verify(cookie, code);
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toMatchObject({ ok: true, recoveryCodes: null });
    expect((await call(cookie, 'GET', API.dashboard.filterOptions)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', API.auth.me)).json()).toMatchObject({ mfa: null });

    // The same code again, from another sign-in: refused as used.
    const other = await signIn('admin@demo.alumnet.dev');
    const replay = await verify(other.cookie, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MFA_CODE_USED_MESSAGE);
    expect((await call(other.cookie, 'GET', API.dashboard.filterOptions)).statusCode).toBe(403);
  });

  it('of two verifies of one code at once, one passes', async () => {
    const a = await signIn('admin@demo.alumnet.dev');
    const b = await signIn('admin@demo.alumnet.dev');
    const code = await codeAt(DEMO_TOTP_SECRET, 1);
    const answers = await Promise.all([verify(a.cookie, code), verify(b.cookie, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('locks the step after five wrong codes, even against a right one', async () => {
    const { cookie } = await signIn('super@demo.alumnet.dev');
    for (let i = 1; i < MFA_FAILURE_LIMIT; i++) {
      const wrong = await verify(cookie, '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(MFA_BAD_CODE_MESSAGE);
    }
    const locking = await verify(cookie, '000000');
    expect(locking.statusCode).toBe(429);
    expect(locking.json().message).toBe(mfaLockedMessage(15));
    const right = await verify(cookie, await codeAt(DEMO_TOTP_SECRET));
    expect(right.statusCode).toBe(429);
    expect((await call(cookie, 'GET', API.dashboard.filterOptions)).statusCode).toBe(403);
    // The lock over, a right code passes.
    await t.db
      .update(users)
      .set({ mfaLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, 'super@demo.alumnet.dev'));
    expect((await verify(cookie, await codeAt(DEMO_TOTP_SECRET, -1))).statusCode).toBe(200);
  });

  it('gives a pending session no socket (the gateways look sessions up here)', async () => {
    const { cookie } = await signIn('admin@demo.alumnet.dev');
    const tokenHash = hashToken(cookie.split('=')[1]!);
    expect(await findSessionUser(t.db, tokenHash)).toBeNull();
    await t.db
      .update(users)
      .set({ mfaLockedUntil: null, totpLastStep: null })
      .where(eq(users.email, 'admin@demo.alumnet.dev'));
    expect((await verify(cookie, await codeAt(DEMO_TOTP_SECRET, 1))).statusCode).toBe(200);
    expect(await findSessionUser(t.db, tokenHash)).toMatchObject({ mfa: null });
  });

  it('still asks for the factor after a password reset', async () => {
    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@demo.alumnet.dev'));
    const token = `reset-${Date.now()}`;
    await t.db.insert(passwordResets).values({
      userId: admin!.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: API.auth.passwordResetToken(token),
      payload: { newPassword: 'a fresh passphrase', confirmPassword: 'a fresh passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().mfa).toBe('verify');
    const cookie = reset.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const refused = await call(
      `${SESSION_COOKIE}=${cookie.value}`,
      'GET',
      API.dashboard.filterOptions,
    );
    expect(refused.statusCode).toBe(403);
    await t.db
      .update(users)
      .set({
        passwordHash: (
          await t.db.select().from(users).where(eq(users.email, 'member@demo.alumnet.dev'))
        )[0]!.passwordHash,
      })
      .where(eq(users.id, admin!.id));
  });

  it('lets a pending session sign out', async () => {
    const { cookie } = await signIn('admin@demo.alumnet.dev');
    expect((await call(cookie, 'POST', API.auth.logout)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', API.auth.me)).json()).toEqual({ user: null, mfa: null });
  });
});

describe('a member without a factor', () => {
  it('signs in with the password alone', async () => {
    const { cookie, answer } = await signIn('member@demo.alumnet.dev');
    expect(answer.mfa).toBeNull();
    expect((await call(cookie, 'GET', API.gallery.fetch)).statusCode).toBe(200);
    expect((await call(cookie, 'GET', API.me.factors)).json()).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      required: false,
    });
  });
});

describe('an admin whose factors a super admin reset', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('is reset by a super admin only, audited, and every session ends', async () => {
    const adminSession = await loginAs(t.app, 'admin2@demo.alumnet.dev');
    const admin2 = adminSession.user._id;
    const byAdmin = await loginAs(t.app, 'admin@demo.alumnet.dev');
    expect((await call(byAdmin.cookie, 'POST', API.accounts.resetMfa(admin2))).statusCode).toBe(
      403,
    );

    const superAdmin = await loginAs(t.app, 'super@demo.alumnet.dev');
    const reset = await call(superAdmin.cookie, 'POST', API.accounts.resetMfa(admin2));
    expect(reset.statusCode).toBe(200);
    expect((await call(adminSession.cookie, 'GET', API.auth.me)).json().user).toBeNull();
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.targetId, admin2)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actorId).toBe(superAdmin.user._id);
  });

  it('must enrol before anything else, and sees its recovery codes once', async () => {
    const { cookie, answer } = await signIn('admin2@demo.alumnet.dev');
    expect(answer.mfa).toBe('enrol');
    const refused = await call(cookie, 'GET', API.dashboard.filterOptions);
    expect(refused.json()).toMatchObject({ error: 'mfa_required', message: MFA_ENROL_MESSAGE });
    expect((await verify(cookie, '123456')).json().message).toBe(mfaMessages.noEnrolment);

    const enrol = await call(cookie, 'POST', API.mfa.totpEnrol);
    expect(enrol.statusCode).toBe(200);
    ({ secret } = enrol.json() as { secret: string });
    expect(enrol.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\/Alumnet:admin2%40demo/);
    expect(enrol.json().qrSvg).toContain('<svg');
    // Not enabled yet: a new sign-in still has to enrol.
    expect((await signIn('admin2@demo.alumnet.dev')).answer.mfa).toBe('enrol');

    const confirmed = await verify(cookie, await codeAt(secret));
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json().recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await call(cookie, 'GET', API.dashboard.filterOptions)).statusCode).toBe(200);
    const factors = await call(cookie, 'GET', API.me.factors);
    expect(factors.json()).toMatchObject({ totp: true, recoveryCodesLeft: 10, required: true });
    // Codes are never shown again.
    expect(factors.body).not.toContain(recoveryCodes[0]);
  });

  it('signs in with a recovery code, once', async () => {
    const first = await signIn('admin2@demo.alumnet.dev');
    expect(first.answer.mfa).toBe('verify');
    expect((await verify(first.cookie, recoveryCodes[0]!.toUpperCase())).statusCode).toBe(200);
    const second = await signIn('admin2@demo.alumnet.dev');
    const reused = await verify(second.cookie, recoveryCodes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MFA_BAD_CODE_MESSAGE);
    expect((await call(first.cookie, 'GET', API.me.factors)).json().recoveryCodesLeft).toBe(9);

    const fresh = await call(first.cookie, 'POST', API.me.recoveryCodes);
    expect(fresh.json().recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // The old ones are void.
    expect((await verify(second.cookie, recoveryCodes[1]!)).statusCode).toBe(400);
    expect((await verify(second.cookie, fresh.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it('cannot remove its last factor', async () => {
    const { cookie } = await loginAs(t.app, 'admin2@demo.alumnet.dev');
    const removed = await call(cookie, 'DELETE', API.me.totp);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(mfaMessages.lastFactor);
    expect((await call(cookie, 'GET', API.me.factors)).json().totp).toBe(true);
  });
});

describe('a member who turns an authenticator app on', () => {
  it('then needs it at sign-in, and may turn it off', async () => {
    const { cookie } = await signIn('member2@demo.alumnet.dev');
    const { secret } = (await call(cookie, 'POST', API.mfa.totpEnrol)).json() as {
      secret: string;
    };
    expect((await verify(cookie, await codeAt(secret))).statusCode).toBe(200);
    const next = await signIn('member2@demo.alumnet.dev');
    expect(next.answer.mfa).toBe('verify');
    expect((await call(next.cookie, 'GET', API.gallery.fetch)).statusCode).toBe(403);

    expect((await call(cookie, 'DELETE', API.me.totp)).statusCode).toBe(200);
    expect((await signIn('member2@demo.alumnet.dev')).answer.mfa).toBeNull();
  });
});
