import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export async function logIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto(url('/login'));
  await page.getByLabel('Email or phone').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
