/**
 * Lighthouse on the main screens, as a phone on a slow network sees them: the default mobile
 * profile (simulated slow 4G, 4x CPU slowdown), against the production build served by the real
 * server process (embedded database with demo data in a scratch folder), signed in where the
 * screen needs it.
 *
 *   npm run bench:web                      (builds the web app first)
 *   npm run bench:web -- --routes /,/login
 *   npm run bench:web -- --out /tmp/lhr     (also writes each full Lighthouse report as JSON)
 *   npm run bench:web -- --runs 5           (runs per page; 3 unless told)
 *
 * One Lighthouse run of a page swings by tens of milliseconds of blocking time, a few score
 * points, from one load to the next. So each page is measured several times and the table shows
 * the median run as Lighthouse itself picks it (lighthouse/core/lib/median-run: the run nearest
 * the median first paint and time to interactive, the method Lighthouse CI uses), with the
 * spread of the performance score beside it.
 *
 * Lighthouse 12 (13 needs Node 22) with Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium).
 */
import type { MfaNeed } from '@alumnet/contract';
import { passSecondFactor, postOverHttp } from '../apps/server/src/test/second-factor';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { startServer } from '../apps/server/src/test/server-process';

type Who = 'visitor' | 'member' | 'admin';
const SCREENS: { route: string; who: Who; label?: string }[] = [
  { route: '/', who: 'visitor' },
  { route: '/login', who: 'visitor' },
  { route: '/signup', who: 'visitor' },
  { route: '/quiz', who: 'visitor' },
  { route: '/dashboard', who: 'member' },
  { route: '/alumzone', who: 'member' },
  { route: '/jobs', who: 'member' },
  { route: '/chat', who: 'member' },
  { route: '/dashboard', who: 'admin', label: '/dashboard (admin)' },
];
const ACCOUNTS: Record<Exclude<Who, 'visitor'>, string> = {
  member: 'member@demo.alumnet.dev',
  admin: 'admin@demo.alumnet.dev',
};

const { values: flags } = parseArgs({
  options: { routes: { type: 'string' }, out: { type: 'string' }, runs: { type: 'string' } },
});
const runsPerPage = Number(flags.runs ?? 3);
if (!Number.isInteger(runsPerPage) || runsPerPage < 1) throw new Error('--runs takes a count');
const wanted = flags.routes?.split(',');
const screens = SCREENS.filter((s) => !wanted || wanted.includes(s.route));

async function sessionCookie(url: string, email: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: email, password: 'alumnet-demo' }),
  });
  if (!response.ok) throw new Error(`login as ${email}: ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  // The demo admin passes the second step, as a person would (issue 30).
  const { mfa } = (await response.json()) as { mfa: MfaNeed };
  await passSecondFactor(postOverHttp(url, cookie), email, mfa);
  return cookie;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'alumnet-bench-web-'));
const server = await startServer({
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
});
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

// The screens are signed in through the browser's own cookie jar, as a user is. A Cookie header
// handed to Lighthouse (`extraHeaders`) is replaced by the browser's own once a page sets a cookie
// of its own (the app leaves its time zone in one), and the session was lost from the next load.
// Puppeteer lets go of the browser before Lighthouse loads the page: its own connection to the
// tab would add work of its own to the main thread being measured.
async function signIn(cookie: string | undefined) {
  const jar = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    await jar.deleteCookie(...(await jar.cookies()));
    if (!cookie) return;
    const at = cookie.indexOf('=');
    await jar.setCookie({
      name: cookie.slice(0, at),
      value: cookie.slice(at + 1),
      domain: new URL(server.url).hostname,
      path: '/',
    });
  } finally {
    await jar.disconnect();
  }
}

const rows: Record<string, string | number>[] = [];
try {
  const cookies: Partial<Record<Who, string>> = {};
  for (const who of ['member', 'admin'] as const)
    cookies[who] = await sessionCookie(server.url, ACCOUNTS[who]);
  for (const screen of screens) {
    await signIn(cookies[screen.who]);
    const audit = () =>
      lighthouse(`${server.url}${screen.route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    const runs: { lhr: Result; report: string }[] = [];
    for (let run = 0; run < runsPerPage; run++) {
      let result = await audit();
      // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART): a failed
      // recording, not a property of the page, so that run is made once more.
      if (result?.lhr.runtimeError) result = await audit();
      if (!result) throw new Error(`no Lighthouse result for ${screen.route}`);
      runs.push({ lhr: result.lhr, report: result.report as string });
    }
    // A run Lighthouse could not finish scores 0: left out of the median and the spread.
    const finished = runs.filter((run) => !run.lhr.runtimeError);
    const counted = finished.length ? finished : runs;
    const median = finished.length ? computeMedianRun(counted.map((run) => run.lhr)) : runs[0]!.lhr;
    const result = runs.find((run) => run.lhr === median)!;
    const scores = counted.map((run) =>
      Math.round((run.lhr.categories.performance?.score ?? 0) * 100),
    );
    const { categories, audits, runtimeError } = result.lhr;
    if (flags.out) {
      mkdirSync(flags.out, { recursive: true });
      const name = (screen.label ?? screen.route).replace(/[^a-z0-9]+/gi, '_');
      writeFileSync(path.join(flags.out, `${name || 'home'}.json`), result.report);
    }
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const value = (key: string) => audits[key]?.numericValue ?? 0;
    const row = {
      page: screen.label ?? screen.route,
      performance: score('performance'),
      performance_range: `${Math.min(...scores)}-${Math.max(...scores)}`,
      lcp_s: Number((value('largest-contentful-paint') / 1000).toFixed(1)),
      tbt_ms: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
      transferred_kb: Math.round(value('total-byte-weight') / 1024),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      seo: score('seo'),
    };
    rows.push(row);
    // What cost points outside performance, so the table says what to fix.
    const findings = ['accessibility', 'best-practices', 'seo'].flatMap((key) =>
      (categories[key]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${key}: ${audits[ref.id]!.title}`),
    );
    const blocking = counted.map((run) =>
      Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? 0),
    );
    console.log(
      `${row.page}: performance ${row.performance} (runs: ${scores.join(', ')}; ` +
        `blocking ms: ${blocking.join(', ')})`,
    );
    // A run Lighthouse could not finish scores 0; say why instead of leaving a bare zero.
    if (runtimeError) console.log(`  ! ${runtimeError.code}: ${runtimeError.message}`);
    for (const finding of findings) console.log(`  - ${finding}`);
    // The Issues panel audit only says that something was logged; these are the things.
    const issues = audits['inspector-issues']?.details;
    if (issues?.type === 'table')
      for (const item of issues.items)
        console.log(`    issue: ${JSON.stringify(item).slice(0, 300)}`);
  }
  console.table(rows);
  const worst = (key: string) => Math.min(...rows.map((r) => Number(r[key])));
  const most = (key: string) => Math.max(...rows.map((r) => Number(r[key])));
  console.log(
    JSON.stringify({
      pages: rows.length,
      runs_per_page: runsPerPage,
      performance_min: worst('performance'),
      accessibility_min: worst('accessibility'),
      best_practices_min: worst('best_practices'),
      seo_min: worst('seo'),
      lcp_max_s: most('lcp_s'),
      tbt_max_ms: most('tbt_ms'),
      cls_max: most('cls'),
      rows,
    }),
  );
} finally {
  chrome.kill();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
