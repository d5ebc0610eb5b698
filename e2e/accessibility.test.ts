import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signIn, url } from './browser';

/** A phone and a laptop: the two widths every screen is laid out for. */
const WIDTHS = [390, 1280] as const;
const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** The main screens, by who can open them (admin-only screens show a refusal to others). */
const SCREENS: { role: string; email: string | null; paths: string[] }[] = [
  { role: 'visitor', email: null, paths: ['/', '/login', '/signup', '/gallery', '/quiz'] },
  {
    role: 'member',
    email: 'member@demo.alumnet.dev',
    paths: [
      '/dashboard',
      '/alumzone',
      '/jobs',
      '/chat',
      '/gallery',
      '/quiz',
      '/profile',
      '/groups',
      '/feedback',
    ],
  },
  {
    role: 'admin',
    email: 'admin@demo.alumnet.dev',
    paths: [
      '/dashboard',
      '/dashboard/jobs',
      '/dashboard/upload-users',
      '/dashboard/setup',
      '/dashboard/outbox',
      '/dashboard/suppressions',
      '/dashboard/quiz',
    ],
  },
  {
    role: 'super admin',
    email: 'super@demo.alumnet.dev',
    paths: [
      '/dashboard/need-help',
      '/dashboard/join-request',
      '/dashboard/job-count',
      '/dashboard/giving-back',
      '/admin46478',
    ],
  },
];

/** What fails the test: axe's two worst levels (minor and moderate findings are not gated). */
const GATED = new Set(['serious', 'critical']);

/** One line per finding, with the elements it names, so a failure says what to fix. */
const describeViolation = (v: Result) =>
  `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => GATED.has(v.impact ?? '')).map(describeViolation);
}

/**
 * The page's HTTP requests still open, the realtime connections left out (they stay open on
 * purpose, so Playwright's "networkidle" would wait for them and time out).
 */
function openRequests(page: Page) {
  const open = new Set<Request>();
  const realtime = (r: Request) => r.url().includes('/socket.io/') || r.url().includes('/ws/');
  page.on('request', (r) => !realtime(r) && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/**
 * Waits until the screen shows its data: no request open for a moment and no loader or skeleton
 * left (axe on a half-loaded screen would check the skeleton instead).
 */
async function settle(page: Page, open: Set<Request>) {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < 300) {
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  await page
    .locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
  // Mantine's transitions (modals, tabs) last up to 200 ms; mid-fade colours are not the real ones.
  await page.waitForTimeout(250);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A browser context of its own, signed in as `email` (a visitor for null), whose open requests
 * are followed for `settle`; closed after the describe block that asks for it.
 */
function sessionFor(email: string | null) {
  const session = {} as { page: Page; open: Set<Request> };
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: viewport(1280) });
    session.page = await context.newPage();
    session.open = openRequests(session.page);
    if (email) await signIn(session.page, email);
  });
  afterAll(async () => {
    await context?.close();
  });
  return session;
}

describe.each(SCREENS)('accessibility, $role', ({ email, paths }) => {
  // One signed-in page per role, reused for every screen and width.
  const session = sessionFor(email);

  // One visit a screen, checked at each width in turn: the layout changes with the viewport,
  // the data does not, and loading each screen twice would double the test's time.
  it.each(paths)('%s has no serious or critical violation at 390 or 1280 px', async (path) => {
    const { page, open } = session;
    const [first, ...others] = WIDTHS;
    await page.setViewportSize(viewport(first));
    await page.goto(url(path));
    await settle(page, open);
    expect(new URL(page.url()).pathname, 'the screen was not redirected away').toBe(path);
    const found: Record<number, string[]> = { [first]: await seriousViolations(page) };
    for (const width of others) {
      await page.setViewportSize(viewport(width));
      await settle(page, open);
      found[width] = await seriousViolations(page);
    }
    expect(found).toEqual(Object.fromEntries(WIDTHS.map((width) => [width, []])));
  });
});

describe('member header and gallery viewer', () => {
  const session = sessionFor('member@demo.alumnet.dev');

  it('links to the gallery on a laptop', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/jobs'));
    await page.getByRole('banner').getByRole('link', { name: 'Gallery' }).click();
    await page.waitForURL(url('/gallery'));
    await page.getByRole('heading', { name: 'Gallery', level: 1 }).waitFor();
  });

  it('links to the gallery from the phone menu, which has no serious violation', async () => {
    const { page, open } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url('/jobs'));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Gallery' }).waitFor();
    await settle(page, open);
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('link', { name: 'Gallery' }).click();
    await page.waitForURL(url('/gallery'));
    // The menu closes on the way (its exit transition runs first).
    await menu.waitFor({ state: 'detached', timeout: 5_000 });
  });

  it.each(WIDTHS)('the gallery viewer at %i px has no serious violation', async (width) => {
    const { page, open } = session;
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto(url('/gallery'));
    await page
      .getByRole('button', { name: /^Open the picture/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Next picture' }).waitFor();
    await settle(page, open);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
