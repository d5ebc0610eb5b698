import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  demoTotpCode,
  launchBrowser,
  signIn,
  logIn,
  openPage,
  pagePerTest,
  passSecondStep,
  url,
} from './browser';

const state = pagePerTest();
const ADMIN = 'admin2@demo.alumnet.dev';

describe('a second factor', () => {
  it('an admin without one sets up an authenticator app, then signs in with it', async () => {
    // The super admin removes the demo admin's factors in the console, as after a lost phone.
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const consolePage = await context.newPage();
      await signIn(consolePage, 'super@demo.alumnet.dev');
      await openPage(consolePage, '/admin46478');
      await consolePage.getByRole('button', { name: "Reset Ravi Admin's second factor" }).click();
      const dialog = consolePage.getByRole('dialog', { name: 'Reset second factor' });
      await dialog.getByRole('button', { name: 'Reset' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await browser.close();
    }

    const { page } = state;
    await openPage(page, '/login');
    await page.getByLabel('Email or phone').fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(url('/login/verify'));
    await page.getByText('Admins need a second factor').waitFor();
    // The dashboard is not reachable before the second step.
    await openPage(page, '/dashboard');
    await page.waitForURL(url('/login/verify'));

    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.getByAltText('QR code of the authenticator secret').isVisible()).toBe(true);
    await page
      .getByLabel('Enter the 6-digit code from your authenticator app')
      .fill(await demoTotpCode(ADMIN, secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByTestId('recovery-codes').locator('code');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/dashboard'));

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(url('/login'));
    await page.getByLabel('Email or phone').fill(ADMIN);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await passSecondStep(page, await demoTotpCode(ADMIN, secret));
    await page.waitForURL(url('/dashboard'));
  });

  it('a demo admin passes the second step with the demo secret', async () => {
    const { page } = state;
    await logIn(page, 'admin@demo.alumnet.dev');
    await page.waitForURL(url('/dashboard'));
  });
});
