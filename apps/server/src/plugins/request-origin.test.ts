import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../test/build';
import { CROSS_SITE_MESSAGE, PASSWORD_IN_ADDRESS_MESSAGE } from './request-origin';

describe('requests from other sites, and passwords in addresses', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let cookie: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await buildTestApp({}, { logger: { level: 'info', stream } });
    ({ cookie } = await loginAs(t.app, 'member@demo.alumnet.dev'));
  });
  afterAll(() => t.close());

  const postsSaying = async (message: string) =>
    Number(
      (
        await t.db.execute<{ n: string }>(
          sql`select count(*) as n from posts where message = ${message}`,
        )
      ).rows[0]!.n,
    );
  const addPost = (message: string, headers: Record<string, string>, form = false) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts/add',
      headers: {
        cookie,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form
        ? new URLSearchParams({ message, accessLevel: 'college' }).toString()
        : { message, accessLevel: 'college' },
    });

  it("refuses another site's page, as a form or as JSON, and nothing is posted", async () => {
    const form = await addPost('from evil, a form', { origin: 'https://evil.example' }, true);
    expect(form.statusCode).toBe(403);
    expect(form.json().message).toBe(CROSS_SITE_MESSAGE);
    const json = await addPost('from evil, JSON', { origin: 'https://evil.example' });
    expect(json.statusCode).toBe(403);
    // A sibling subdomain is the same site for the cookie, not the same origin.
    const sibling = await addPost('from a sibling', { origin: 'https://blog.localhost' });
    expect(sibling.statusCode).toBe(403);
    const opaque = await addPost('from a sandbox', { origin: 'null' });
    expect(opaque.statusCode).toBe(403);
    for (const site of ['cross-site', 'same-site']) {
      const noOrigin = await addPost(`no origin, ${site}`, { 'sec-fetch-site': site });
      expect(noOrigin.statusCode).toBe(403);
    }
    for (const message of [
      'from evil, a form',
      'from evil, JSON',
      'from a sibling',
      'from a sandbox',
      'no origin, cross-site',
      'no origin, same-site',
    ])
      expect(await postsSaying(message)).toBe(0);
  });

  it('lets the portal itself, and callers that are not browsers, through', async () => {
    const own = await addPost('from the portal', {
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(200);
    const publicAddress = await addPost('from its public address', {
      origin: t.config.publicUrl,
    });
    expect(publicAddress.statusCode).toBe(200);
    const script = await addPost('from a script', {});
    expect(script.statusCode).toBe(200);
    expect(await postsSaying('from the portal')).toBe(1);
    expect(await postsSaying('from a script')).toBe(1);
  });

  it('takes JSON only: a form or plain text from the portal itself answers 415', async () => {
    const form = await addPost('a form from home', { origin: 'http://localhost:80' }, true);
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe('Send the request as JSON.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/posts/add',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'message=plain&accessLevel=college',
    });
    expect(text.statusCode).toBe(415);
    expect(await postsSaying('a form from home')).toBe(0);
  });

  it("leaves the providers' signed webhook to its signature", async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/messages/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://api.provider.example',
      },
      payload: 'MessageSid=SM1&MessageStatus=delivered',
    });
    // Not the same-site rule's 403 nor a 415: the route itself answers (no provider here).
    expect(hook.statusCode).toBe(404);
    expect(hook.json().message).toBe('No message provider is configured.');
  });

  it('refuses a page or a call with a password in its address, and logs no part of it', async () => {
    const page = await t.app.inject({
      url: '/login?userName=member%40demo.alumnet.dev&password=alumnet-demo',
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(PASSWORD_IN_ADDRESS_MESSAGE);
    const call = await t.app.inject({ url: '/api/auth/me?password=alumnet-demo' });
    expect(call.statusCode).toBe(400);
    expect(call.json().message).toBe(PASSWORD_IN_ADDRESS_MESSAGE);

    // Links' tokens and players' ids are credentials in the path: logged without them.
    await t.app.inject({ url: '/reset-password/reset-token-123' });
    await t.app.inject({ url: '/api/invitations/invite-token-456' });
    await t.app.inject({
      method: 'POST',
      url: '/api/kahoot/submit-answer/ABC123/player-id-789',
      payload: {},
    });
    await t.app.inject({ url: '/api/auth/me?view=full' });

    const logged = logLines.join('');
    expect(logged).toContain('/login?[query left out]');
    expect(logged).toContain('/reset-password/[token]');
    expect(logged).toContain('/api/invitations/[token]');
    expect(logged).toContain('/api/kahoot/submit-answer/ABC123/[token]');
    expect(logged).toContain('/api/auth/me?view=full');
    for (const secret of ['reset-token-123', 'invite-token-456', 'player-id-789'])
      expect(logged).not.toContain(secret);
    expect(logged).not.toContain('alumnet-demo');
    expect(logged).not.toContain('member%40demo');
  });
});
