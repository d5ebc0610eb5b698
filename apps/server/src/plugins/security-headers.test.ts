import { API } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../test/build';

/** What every answer carries, whatever route (or none) it came from. */
const HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self' ws: wss:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('go with a signed-in call, a refused one, a missing route and a health check alike', async () => {
    const member = await loginAs(t.app, 'member@demo.alumnet.dev');
    const answers = await Promise.all([
      t.app.inject({ url: API.auth.me, headers: { cookie: member.cookie } }),
      t.app.inject({ url: API.dashboard.download('x.csv') }),
      t.app.inject({ url: '/api/nothing-here' }),
      t.app.inject({ url: '/healthz' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) expect(answer.headers).toMatchObject(HEADERS);
  });
});
