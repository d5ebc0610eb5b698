import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { DEMO_ADMINS, DEMO_PASSWORD, DEMO_TOTP_SECRET, freshTotpCode } from './demo-accounts';

export { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './demo-accounts';

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

/** A code of a time step this account has not used yet (e2e/demo-accounts.ts). */
export const demoTotpCode = (userName: string, secret = DEMO_TOTP_SECRET) =>
  freshTotpCode(new URL(url('/')).port, userName, secret);

/**
 * Signs in the quickest honest way: a demo admin with the session the global setup opened for
 * them (e2e/global-setup.ts), anyone else through the login page; then shows /dashboard, as a
 * sign-in does. For tests whose subject is not the sign-in: a demo admin signed in through the
 * page needs a fresh authenticator step, and one comes every 30 seconds. The session is shared,
 * so a test that logs out uses logIn instead.
 */
export async function signIn(page: Page, userName: string) {
  if (!(await addSharedSession(page.context(), userName))) {
    await logIn(page, userName);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return;
  }
  await openPage(page, '/dashboard');
}

/**
 * Gives the browser context the run's session of a demo admin (e2e/global-setup.ts), as its
 * cookie; false for anyone else, who has none.
 */
export async function addSharedSession(context: BrowserContext, userName: string) {
  const session = inject('demoAdminSessions')[userName.toLowerCase()];
  if (!session) return false;
  await context.addCookies([{ name: SESSION_COOKIE, value: session, url: url('/') }]);
  return true;
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
      await signIn(page, email);
      return page;
    },
  };
}
