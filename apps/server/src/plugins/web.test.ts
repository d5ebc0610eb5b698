import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build';

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
