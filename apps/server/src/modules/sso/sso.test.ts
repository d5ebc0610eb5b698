import { API, SSO_ERRORS } from '@alumnet/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oidcAttempts, sessions, userIdentities, users } from '../../db/schema';
import { insertSession } from '../auth/repository';
import { hashToken, newSessionToken, SESSION_COOKIE } from '../auth/tokens';
import { buildTestApp } from '../../test/build';
import { SSO_STATE_COOKIE } from './routes';

const PUBLIC_URL = 'http://portal.test';
const CALLBACK = `${PUBLIC_URL}${API.sso.callback}`;
const CLIENT_SECRET = 'a-client-secret-the-portal-must-never-show';

/** Who the test provider signs in next: the claims its ID token carries. */
interface Person {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  amr?: string[];
}

/**
 * A real OpenID provider on a loopback port. Its interaction (the provider's login page) signs in
 * whoever `person` is at once, with that person's `amr`; consent is taken as given.
 */
async function startProvider() {
  const state: { person: Person } = {
    person: { sub: 'nobody', email: 'nobody@example.org', email_verified: false },
  };
  let handle: http.RequestListener = () => {};
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'alumnet',
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [key as never] },
    cookies: { keys: ['test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: {
      // The login's `amr` is in the ID token only when a granted scope lists it.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The claims of the scopes in the ID token itself, as Google's and Microsoft's carry them.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ ...state.person, sub: id }) };
    },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const { sub, amr } = state.person;
    provider
      .interactionFinished(
        req,
        res,
        { login: { accountId: sub, ...(amr ? { amr } : {}) } },
        { mergeWithLastSubmission: false },
      )
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  };
  return { issuer, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('single sign-on per college (OpenID Connect)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let op: Awaited<ReturnType<typeof startProvider>>;
  let collegeId: string;
  let memberId: string;
  const cookies: Record<string, string> = {};

  /** A session of the demo account, its second factor passed (admin routes would ask for it). */
  async function signIn(email: string) {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const token = newSessionToken();
    await insertSession(
      t.db,
      user!.id,
      hashToken(token),
      new Date(Date.now() + 3_600_000),
      new Date(),
    );
    return `${SESSION_COOKIE}=${token}`;
  }

  const send = (method: 'GET' | 'PUT' | 'DELETE', id: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url: API.sso.college(id),
      headers: cookie ? { cookie } : {},
      payload,
    });

  const counts = async () => ({
    users: (await t.db.select({ n: count() }).from(users))[0]!.n,
    identities: (await t.db.select({ n: count() }).from(userIdentities))[0]!.n,
    sessions: (await t.db.select({ n: count() }).from(sessions))[0]!.n,
  });

  /**
   * The browser's way: the start link, the provider (its cookies kept), back to the callback URL.
   * Answers the callback's query and the state cookie the start set, before the callback is called.
   */
  async function throughProvider(person: Person) {
    op.state.person = person;
    const start = await t.app.inject({ url: API.sso.start(collegeId) });
    expect(start.statusCode, start.body).toBe(302);
    const stateCookie = start.cookies.find((c) => c.name === SSO_STATE_COOKIE)!;
    expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const jar = new Map<string, string>();
    let location = start.headers.location as string;
    for (let hops = 0; !location.startsWith(CALLBACK); hops++) {
      if (hops > 10) throw new Error(`the provider never sent the browser back (${location})`);
      const response = await fetch(location, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = [
          pair!.slice(0, pair!.indexOf('=')),
          pair!.slice(pair!.indexOf('=') + 1),
        ];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      const next = response.headers.get('location');
      if (!next)
        throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      location = new URL(next, location).href;
    }
    return { search: location.slice(CALLBACK.length), state: stateCookie.value };
  }

  const callback = (search: string, state?: string) =>
    t.app.inject({
      url: `${API.sso.callback}${search}`,
      headers: state ? { cookie: `${SSO_STATE_COOKIE}=${state}` } : {},
    });

  async function signInThroughProvider(person: Person) {
    const { search, state } = await throughProvider(person);
    return callback(search, state);
  }

  const member = (extra: Partial<Person> = {}): Person => ({
    sub: 'member-subject',
    email: 'member@demo.alumnet.dev',
    email_verified: true,
    amr: ['pwd'],
    ...extra,
  });

  beforeAll(async () => {
    op = await startProvider();
    t = await buildTestApp({
      PUBLIC_URL,
      SSO_ALLOW_HTTP_ISSUERS: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const [row] = await t.db
      .select({ id: users.id, collegeId: users.collegeId })
      .from(users)
      .where(eq(users.email, 'member@demo.alumnet.dev'));
    memberId = row!.id;
    collegeId = row!.collegeId!;
    cookies.super = await signIn('super@demo.alumnet.dev');
    cookies.admin = await signIn('admin@demo.alumnet.dev');
    cookies.member = await signIn('member@demo.alumnet.dev');
    const saved = await send('PUT', collegeId, cookies.super, {
      issuer: op.issuer,
      clientId: 'alumnet',
      clientSecret: CLIENT_SECRET,
      allowedDomains: ['Demo.Alumnet.dev'],
      enabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  describe('the super admin sets a college provider', () => {
    it('is refused to members (403), college admins (403) and visitors (401)', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const body = { issuer: op.issuer, clientId: 'x', allowedDomains: ['evil.example'] };
        expect((await send(method, collegeId, cookies.member, body)).statusCode).toBe(403);
        expect((await send(method, collegeId, cookies.admin, body)).statusCode).toBe(403);
        expect((await send(method, collegeId, undefined, body)).statusCode).toBe(401);
      }
      const view = await send('GET', collegeId, cookies.super);
      expect(view.json()).toMatchObject({
        clientId: 'alumnet',
        allowedDomains: ['demo.alumnet.dev'],
      });
    });

    it('never sends the secret back, and keeps it when saved empty', async () => {
      const view = await send('GET', collegeId, cookies.super);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({
        collegeId,
        collegeName: expect.any(String),
        issuer: op.issuer,
        clientId: 'alumnet',
        hasSecret: true,
        allowedDomains: ['demo.alumnet.dev'],
        enabled: true,
      });
      const resaved = await send('PUT', collegeId, cookies.super, {
        issuer: op.issuer,
        clientId: 'alumnet',
        clientSecret: '',
        allowedDomains: ['demo.alumnet.dev'],
      });
      expect(resaved.statusCode, resaved.body).toBe(200);
      expect(resaved.body).not.toContain(CLIENT_SECRET);
      expect(resaved.json().hasSecret).toBe(true);
      // The stored value is sealed, not the secret itself.
      const stored = await t.db.execute(sql`select client_secret from college_sso`);
      expect(JSON.stringify(stored.rows)).not.toContain(CLIENT_SECRET);
      // Still signs in with the secret kept (the token call would fail without it).
      expect((await signInThroughProvider(member())).headers.location).toBe('/');
    });

    it('checks the issuer answers discovery before saving (400, nothing changed)', async () => {
      const before = await t.db.select({ n: count() }).from(auditLog);
      const refused = await send('PUT', collegeId, cookies.super, {
        issuer: 'http://127.0.0.1:9/nothing-here',
        clientId: 'alumnet',
        clientSecret: 'x',
        allowedDomains: ['demo.alumnet.dev'],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/did not answer OpenID Connect discovery/);
      expect((await send('GET', collegeId, cookies.super)).json().issuer).toBe(op.issuer);
      expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(before);

      const bad = await send('PUT', collegeId, cookies.super, {
        issuer: op.issuer,
        clientId: 'alumnet',
        allowedDomains: ['not a domain'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/college\.edu/);
    });

    it('writes each change to the audit log, without the secret', async () => {
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'sso.change'), eq(auditLog.collegeId, collegeId)))
        .orderBy(auditLog.at);
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(entries[0]).toMatchObject({
        actorName: expect.any(String),
        targetType: 'college',
        targetId: collegeId,
        details: expect.objectContaining({ issuer: op.issuer, secretChanged: true }),
      });
      expect(JSON.stringify(entries)).not.toContain(CLIENT_SECRET);
    });

    it('lists the enabled provider for the login page', async () => {
      const answer = await t.app.inject({ url: API.sso.providers });
      expect(answer.json().providers).toContainEqual({
        collegeId,
        collegeName: expect.any(String),
      });
    });
  });

  describe('signing in', () => {
    it('links the demo member by e-mail and signs them in', async () => {
      await t.db.delete(userIdentities);
      const answer = await signInThroughProvider(member());
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/');
      const session = answer.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
      });
      expect(me.json().user).toMatchObject({ _id: memberId, email: 'member@demo.alumnet.dev' });
      const linked = await t.db.select().from(userIdentities);
      expect(linked).toEqual([
        expect.objectContaining({ issuer: op.issuer, subject: 'member-subject', userId: memberId }),
      ]);
      // A password alone at the provider: the session still owes its own second factor.
      const [row] = await t.db
        .select({ mfaPassedAt: sessions.mfaPassedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(session.value)));
      expect(row!.mfaPassedAt).toBeNull();
    });

    it('finds the linked identity the second time, whatever e-mail the provider says now', async () => {
      const answer = await signInThroughProvider(
        member({ email: 'member.renamed@demo.alumnet.dev' }),
      );
      expect(answer.headers.location).toBe('/');
      const session = answer.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const me = await t.app.inject({
        url: '/api/auth/me',
        headers: { cookie: `${SESSION_COOKIE}=${session.value}` },
      });
      expect(me.json().user._id).toBe(memberId);
      expect(await t.db.select().from(userIdentities)).toHaveLength(1);
    });

    it('ends the session the browser carried before, as a password login does', async () => {
      const earlier = await signIn('member@demo.alumnet.dev');
      const { search, state } = await throughProvider(member());
      const answer = await t.app.inject({
        url: `${API.sso.callback}${search}`,
        headers: { cookie: `${SSO_STATE_COOKIE}=${state}; ${earlier}` },
      });
      expect(answer.headers.location).toBe('/');
      const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: earlier } });
      expect(me.json().user).toBeNull();
    });

    it("sends an admin to the second step unless the provider's amr counts as one", async () => {
      const admin = {
        sub: 'admin-subject',
        email: 'admin@demo.alumnet.dev',
        email_verified: true,
      };
      const withPassword = await signInThroughProvider({ ...admin, amr: ['pwd'] });
      expect(withPassword.headers.location).toBe('/login/verify');
      const owing = withPassword.cookies.find((c) => c.name === SESSION_COOKIE)!;
      // Not yet signed in for the admin routes: the factor is still owed.
      const refused = await send('GET', collegeId, `${SESSION_COOKIE}=${owing.value}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('mfa_required');
      const withKey = await signInThroughProvider({ ...admin, amr: ['pwd', 'hwk'] });
      expect(withKey.headers.location).toBe('/');
    });

    it("counts the provider's second factor when its amr says so", async () => {
      const answer = await signInThroughProvider(member({ amr: ['pwd', 'mfa'] }));
      const session = answer.cookies.find((c) => c.name === SESSION_COOKIE)!;
      const [row] = await t.db
        .select({ mfaPassedAt: sessions.mfaPassedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(session.value)));
      expect(row!.mfaPassedAt).toBeInstanceOf(Date);
    });

    it('creates a sign-up waiting for approval, named by the provider', async () => {
      const answer = await signInThroughProvider({
        sub: 'new-subject',
        email: 'Nila.Varma@demo.alumnet.dev',
        email_verified: true,
        given_name: 'Nila',
        family_name: 'Varma',
      });
      expect(answer.headers.location).toBe('/login?sso=pending');
      expect(answer.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      const [created] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, 'nila.varma@demo.alumnet.dev'));
      expect(created).toMatchObject({
        collegeId,
        firstName: 'Nila',
        lastName: 'Varma',
        fullName: 'Nila Varma',
        isApproved: false,
        isRejected: false,
      });
      // Signing in again while under review: told so again, nothing more created.
      const before = await counts();
      const again = await signInThroughProvider({
        sub: 'new-subject',
        email: 'nila.varma@demo.alumnet.dev',
        email_verified: true,
      });
      expect(again.headers.location).toBe('/login?sso=pending');
      expect(await counts()).toEqual(before);
      expect(SSO_ERRORS.pending).toMatch(/waiting/);
    });

    it('signs the sign-up in once approved; a rejected one is told so', async () => {
      const nila = {
        sub: 'new-subject',
        email: 'nila.varma@demo.alumnet.dev',
        email_verified: true,
      };
      await t.db
        .update(users)
        .set({ isRejected: true })
        .where(eq(users.email, 'nila.varma@demo.alumnet.dev'));
      const before = await counts();
      expect((await signInThroughProvider(nila)).headers.location).toBe('/login?sso=rejected');
      expect(await counts()).toEqual(before);
      await t.db
        .update(users)
        .set({ isRejected: false, isApproved: true })
        .where(eq(users.email, 'nila.varma@demo.alumnet.dev'));
      expect((await signInThroughProvider(nila)).headers.location).toBe('/');
    });

    it('refuses to link an account of another college: nothing created', async () => {
      const before = await counts();
      const answer = await signInThroughProvider({
        sub: 'other-college-subject',
        email: 'admin2@demo.alumnet.dev',
        email_verified: true,
        amr: ['mfa'],
      });
      expect(answer.headers.location).toBe('/login?sso=failed');
      expect(await counts()).toEqual(before);
    });

    it('refuses a tampered state, and a callback without the cookie: nothing created', async () => {
      const before = await counts();
      const { search, state } = await throughProvider(member());
      const tampered = search.replace(/state=[^&]+/, 'state=tampered');
      expect((await callback(tampered, state)).headers.location).toBe('/login?sso=failed');
      expect((await callback(tampered, 'tampered')).headers.location).toBe('/login?sso=failed');
      expect((await callback(search)).headers.location).toBe('/login?sso=failed');
      expect(await counts()).toEqual(before);
      // Single use: the real state, refused once, does not work a second time either.
      const once = await throughProvider(member());
      expect((await callback(once.search, once.state)).headers.location).toBe('/');
      expect((await callback(once.search, once.state)).headers.location).toBe('/login?sso=failed');
    });

    it('refuses a wrong nonce: nothing created', async () => {
      const before = await counts();
      const { search, state } = await throughProvider(
        member({ sub: 'nonce-subject', email: 'nonce.person@demo.alumnet.dev' }),
      );
      await t.db.update(oidcAttempts).set({ nonce: 'not-the-nonce-sent' });
      expect((await callback(search, state)).headers.location).toBe('/login?sso=failed');
      expect(await counts()).toEqual(before);
    });

    it('refuses an e-mail the provider has not verified: nothing created', async () => {
      const before = await counts();
      const answer = await signInThroughProvider({
        sub: 'unverified-subject',
        email: 'unverified@demo.alumnet.dev',
        email_verified: false,
        given_name: 'Un',
        family_name: 'Verified',
      });
      expect(answer.headers.location).toBe('/login?sso=unverified');
      expect(await counts()).toEqual(before);
    });

    it('refuses an e-mail outside the allowed domains: nothing created', async () => {
      const before = await counts();
      const answer = await signInThroughProvider({
        sub: 'foreign-subject',
        email: 'someone@elsewhere.example',
        email_verified: true,
        given_name: 'Some',
        family_name: 'One',
      });
      expect(answer.headers.location).toBe('/login?sso=domain');
      expect(await counts()).toEqual(before);
    });
  });

  describe('removing the provider', () => {
    it('takes the college off the login page and its link refuses', async () => {
      const removed = await send('DELETE', collegeId, cookies.super);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await t.app.inject({ url: API.sso.providers })).json().providers).toEqual([]);
      const start = await t.app.inject({ url: API.sso.start(collegeId) });
      expect(start.headers.location).toBe('/login?sso=failed');
      expect((await send('GET', collegeId, cookies.super)).statusCode).toBe(404);
      const [last] = await t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.action, 'sso.change'))
        .orderBy(sql`${auditLog.at} desc`)
        .limit(1);
      expect(last!.details).toEqual({ removed: true });
    });
  });
});
