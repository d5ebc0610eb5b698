import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

export async function logIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await openPage(page, '/login');
  await page.getByLabel('Email or phone').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
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
