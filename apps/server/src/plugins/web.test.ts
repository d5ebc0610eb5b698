import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../test/build';

describe('serving the web app and compressed answers', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;
  const script = `console.log(${JSON.stringify('alumnet '.repeat(2000))});`;

  beforeAll(async () => {
    // A built web app as `vite build` leaves it: hashed assets with .br and .gz copies.
    dist = mkdtempSync(path.join(tmpdir(), 'alumnet-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    // And the visitors' pages it drew in advance (apps/web/build/prerender.ts).
    mkdirSync(path.join(dist, 'prerendered'));
    writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({ '/': 'prerendered/home.html', '/login': 'prerendered/login.html' }),
    );
    writeFileSync(path.join(dist, 'prerendered', 'home.html'), '<h1>Networking portal</h1>');
    writeFileSync(path.join(dist, 'prerendered', 'login.html'), '<h1>Log in</h1>');
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy the browser accepts, cached for good, and the file to others', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves robots.txt as text, and pages as the app', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('User-agent: *');
    const page = await t.app.inject({ url: '/alumzone' });
    expect(page.body).toContain('<div id="root">');
  });

  it("gives a visitor the page drawn in advance for its route, and a signed-in browser the app's shell", async () => {
    for (const [url, text] of [
      ['/', 'Networking portal'],
      ['/login', 'Log in'],
      ['/login/?next=%2Fjobs', 'Log in'],
    ] as const) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.body, url).toContain(text);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(String(page.headers.vary).toLowerCase(), url).toContain('cookie');
    }
    const member = await t.app.inject({ url: '/', cookies: { alumnet_session: 'anything' } });
    expect(member.body).toContain('<div id="root">');
    expect(member.body).not.toContain('Networking portal');
    const other = await t.app.inject({ url: '/jobs' });
    expect(other.body).toContain('<div id="root">');
  });

  it('compresses API answers above 1 KB for clients that accept it', async () => {
    const countries = await t.app.inject({
      url: '/api/users/countries',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(countries.statusCode).toBe(200);
    expect(countries.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(countries.rawPayload).toString()).length).toBeGreaterThan(100);
  });
});

describe("a signed-in user's pages drawn by the server", () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;

  beforeAll(async () => {
    // A build with the web app's render for Node (apps/web/src/ssr.tsx), here a small stand-in
    // that asks the API as the page's user, the way the real one's loaders do.
    dist = mkdtempSync(path.join(tmpdir(), 'alumnet-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(dist, 'ssr'));
    writeFileSync(
      path.join(dist, 'ssr', 'ssr.mjs'),
      `export const DRAWN_ROUTES = ['/dashboard', '/login', '/broken'];
let policy = () => '';
export const setJobHtmlPolicy = (given) => { policy = given; };
export async function drawPage(index, url, call, viewport) {
  if (url === '/broken') throw new Error('the render failed');
  const { user } = await (await call('/api/auth/me', { method: 'GET' })).json();
  if (url === '/login') return user ? { redirect: '/' } : null;
  if (!user) return { redirect: '/login' };
  const feed = await call('/api/posts/fetch', {
    method: 'POST',
    body: JSON.stringify({ userId: user._id, accessLevel: 'all' }),
  });
  const screen = [user.fullName, viewport, 'feed ' + feed.status, policy('<b>ok</b><script>x()</script>')];
  return { page: index.replace('<div id="root"></div>', '<div id="root">' + screen.join(' | ') + '</div>') };
}
`,
    );
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('draws the page as the user of the session, for the screen the browser names, never cached for others', async () => {
    const { cookie } = await loginAs(t.app, 'member@demo.alumnet.dev');
    const page = await t.app.inject({ url: '/dashboard', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary).toLowerCase()).toContain('cookie');
    // Its calls went through the API with the user's cookie, a read by POST included; job
    // details pass the server's own HTML policy.
    expect(page.body).toContain('Meera Menon | wide | feed 200 | <b>ok</b></div>');

    const phone = await t.app.inject({
      url: '/dashboard',
      headers: { cookie, 'sec-ch-ua-mobile': '?1' },
    });
    expect(phone.body).toContain('| phone |');
    const iphone = await t.app.inject({
      url: '/dashboard',
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148' },
    });
    expect(iphone.body).toContain('| phone |');
  });

  it('sends a redirect the route asks for, and the app shell when the render fails', async () => {
    const { cookie } = await loginAs(t.app, 'member@demo.alumnet.dev');
    const login = await t.app.inject({ url: '/login', headers: { cookie } });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/');
    // A cookie that is no session: the route's guard sends the browser to the login.
    const stale = await t.app.inject({
      url: '/dashboard',
      cookies: { alumnet_session: 'expired' },
    });
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe('/login');

    const broken = await t.app.inject({ url: '/broken', headers: { cookie } });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe('<!doctype html><div id="root"></div>');
  });

  it('does not serve the render itself', async () => {
    const file = await t.app.inject({ url: '/ssr/ssr.mjs' });
    expect(file.body).not.toContain('drawPage');
  });
});
