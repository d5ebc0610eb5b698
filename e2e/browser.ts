import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export const DEMO_PASSWORD = 'alumnet-demo';

/** Debian's Chromium, headless; the flags keep it off the network this machine does not have. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const url = (path: string) => `${inject('baseUrl')}${path}`;

/**
 * Opens a page and waits for the app to have taken it over: a visitor's page first shows the
 * screen the build drew (apps/web/build/prerender.ts), a signed-in user's the one the server drew
 * (apps/web/src/ssr.tsx); their pickers and menus do nothing yet.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(url(path));
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
}

/**
 * Signs in through the login page; a demo admin (who has a second factor, issue 30) also passes
 * /login/verify with a code from the demo's authenticator secret.
 */
export async function logIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await openPage(page, '/login');
  await page.getByLabel('Email or phone').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (password === DEMO_PASSWORD && DEMO_ADMINS.includes(userName.toLowerCase()))
    await passSecondStep(page, await demoTotpCode(userName));
}

/** /login/verify: types an authenticator code and waits for the signed-in page. */
export async function passSecondStep(page: Page, code: string) {
  await page.waitForURL((u) => u.pathname === '/login/verify');
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** The same, for a session signed in through the API (`context.request`). */
export async function passSecondStepByApi(request: APIRequestContext, userName: string) {
  if (!DEMO_ADMINS.includes(userName.toLowerCase())) return;
  const answer = await request.post(url('/api/auth/mfa/totp/verify'), {
    data: { code: await demoTotpCode(userName) },
  });
  if (!answer.ok()) throw new Error(`second step refused: ${await answer.text()}`);
}

/** apps/server/src/db/seed/demo.ts: the demo admins' authenticator secret (README). */
export const DEMO_TOTP_SECRET = 'ALUMNETDEMOTOTPSECRETKEY234567AB';
const DEMO_ADMINS = ['super@demo.alumnet.dev', 'admin@demo.alumnet.dev', 'admin2@demo.alumnet.dev'];

/**
 * A code of a time step this account has not used yet: the server refuses a step used twice,
 * and the suite signs the same admin in many times a minute. It accepts the step before and
 * after the current one, so three sign-ins fit in 30 seconds; a fourth waits for the next step.
 * The steps used are kept in a file, as every test file runs in a fresh module context.
 */
export async function demoTotpCode(userName: string, secret = DEMO_TOTP_SECRET) {
  const file = path.join(tmpdir(), `alumnet-e2e-totp-${new URL(url('/')).port}.json`);
  const used = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<
    string,
    number
  >;
  const key = `${userName.toLowerCase()}:${secret}`;
  for (;;) {
    // A few seconds' margin either side: typing the code and the call take a moment.
    const now = Date.now() / 1000;
    const lowest = Math.floor((now + 5) / 30) - 1;
    const highest = Math.floor((now - 5) / 30) + 1;
    const step = Math.max(lowest, (used[key] ?? -Infinity) + 1);
    if (step <= highest) {
      used[key] = step;
      writeFileSync(file, JSON.stringify(used));
      return generate({ secret, epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * One browser for the test file and a fresh desktop-sized context and page for every test
 * (registers the hooks). Read `.page` inside tests and hooks.
 */
export function pagePerTest() {
  const state = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    state.context = await state.browser.newContext({ viewport: { width: 1280, height: 900 } });
    state.page = await state.context.newPage();
  });
  afterEach(async () => {
    await state.context?.close();
  });
  return state;
}

/**
 * One browser for the test file, and `signedIn(email, viewport)`: a page of its own (a person on
 * their own device) signed in as that member, for tests where several people act at once.
 */
export function peopleInTheirOwnBrowsers() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  return {
    async signedIn(email: string, viewport: { width: number; height: number }) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      await logIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      return page;
    },
  };
}
