import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, peopleInTheirOwnBrowsers } from './browser';

/**
 * Issue 30, /settings/privacy: Meera (member@) chooses who sees her phone; Rahul (member2@, the
 * same college, another batch) looks at her card in Alum Zone.
 */
const people = peopleInTheirOwnBrowsers();
const DESKTOP = { width: 1280, height: 900 };
const MEERA = 'Meera Menon';
const MEERA_PHONE = '+919000000003';

/** Sets who sees Meera's phone on her privacy page and saves it. */
async function setPhone(page: Page, audience: 'My college' | 'My batch' | 'Nobody') {
  await openPage(page, '/settings/privacy');
  await page.getByRole('heading', { name: 'Privacy', exact: true }).waitFor();
  const select = page.getByRole('combobox', { name: 'Phone', exact: true });
  await select.click();
  await page.getByRole('option', { name: audience, exact: true }).click();
  expect(await select.inputValue()).toBe(audience);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').getByText('Your privacy settings are saved.').first().waitFor();
}

/** Opens Meera's card from an Alum Zone name search; answers the dialog. */
async function meerasCard(page: Page) {
  await openPage(page, '/alumzone');
  await page.getByRole('textbox', { name: 'Search by name' }).fill(MEERA);
  const row = page.locator('tbody tr', { hasText: MEERA });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  await row.click();
  const dialog = page.getByRole('dialog', { name: MEERA });
  await dialog.waitFor();
  return dialog;
}

describe('privacy settings', () => {
  it("a member's phone shows on her card only while she lets her college see it", async () => {
    const meera = await people.signedIn('member@demo.alumnet.dev', DESKTOP);
    const rahul = await people.signedIn('member2@demo.alumnet.dev', DESKTOP);

    await setPhone(meera, 'My college');
    let card = await meerasCard(rahul);
    const phone = card.getByRole('link', { name: MEERA_PHONE });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe(`tel:${MEERA_PHONE}`);
    await card.getByRole('button', { name: 'Close' }).click();

    await setPhone(meera, 'Nobody');
    card = await meerasCard(rahul);
    // The card is drawn from the fresh answer: her company still shows, her phone no longer.
    await card.getByText(/Working at/).waitFor();
    expect(await card.getByText(MEERA_PHONE).count()).toBe(0);
  });
});
