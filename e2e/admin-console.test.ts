import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest, signIn, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});
const toast = (text: string | RegExp) =>
  page.locator('.mantine-Notification-root', { hasText: text });

describe('super-admin console (/admin46478)', () => {
  it('creates a college, renames it and gives it an admin who receives a one-time password', async () => {
    await signIn(page, 'super@demo.alumnet.dev');
    await page.goto(url('/admin46478'));
    await page.getByRole('heading', { name: 'Super Admin Console' }).waitFor();

    await page.getByLabel('New college name').fill('Lakeview Institute');
    await page.getByRole('button', { name: 'Create college' }).click();
    await toast('Lakeview Institute was created.').waitFor();

    await page.getByRole('button', { name: 'Rename Lakeview Institute' }).click();
    await page.getByLabel('College name', { exact: true }).fill('Lakeview Institute of Design');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await toast('The college is now called Lakeview Institute of Design.').waitFor();

    const card = page.locator('.mantine-Paper-root', { hasText: 'Lakeview Institute of Design' });
    await card.getByRole('button', { name: 'Add admin' }).click();
    await page.getByLabel('Full name').fill('Irfan Sheikh');
    await page.getByLabel('Email').fill('irfan.sheikh@lakeview.example');
    await page.getByRole('dialog').getByRole('button', { name: 'Add admin' }).click();
    await toast(/Irfan Sheikh is now an admin of Lakeview Institute of Design/).waitFor();
    await card.getByText('irfan.sheikh@lakeview.example').waitFor();

    // The credentials e-mail sits in the outbox (no SMTP configured in tests).
    await page.goto(url('/dashboard/outbox'));
    await page.getByRole('combobox', { name: 'Select a college' }).click();
    await page.getByRole('option', { name: 'Lakeview Institute of Design' }).click();
    await page.getByText('irfan.sheikh@lakeview.example').first().waitFor();
  });

  it('shows a college admin nothing', async () => {
    await signIn(page, 'admin@demo.alumnet.dev');
    await page.goto(url('/admin46478'));
    await page
      .getByText(/not authorized/i)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Super Admin Console' }).count()).toBe(0);
  });
});
