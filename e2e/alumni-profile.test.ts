import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn, openPage, pagePerTest, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });

async function signIn(email: string) {
  await logIn(page, email);
  await page.waitForURL(url('/dashboard'));
}

/** The number shown next to 'Alumni Near Me' on the dashboard, once it has loaded. */
async function alumniNearMe() {
  await openPage(page, '/');
  const value = page
    .getByText('Alumni Near Me', { exact: true })
    .locator('xpath=following-sibling::*[@aria-busy="false"]');
  await value.waitFor();
  return (await value.textContent())?.trim();
}

/** Types into a searchable Mantine select and picks the option with exactly that name. */
async function choose(label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const totalResults = async () => {
  const text = await page.getByText(/^Total Results: \d+$/).textContent();
  return Number(text?.replace(/\D/g, ''));
};

describe('alumni directory', () => {
  it('filters by batch and opens a row', async () => {
    await signIn('member@demo.alumnet.dev');
    await page.goto(url('/alumzone'));
    await page.getByText(/^Total Results: \d+$/).waitFor();
    const everyone = await totalResults();
    expect(everyone).toBeGreaterThan(20);
    // The pager comes with the page's last rows.
    await page.getByRole('button', { name: 'Next' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    const headers = await page.locator('thead th').allTextContents();
    expect(headers).toEqual(['Name', 'Batch', 'Branch', 'Country', 'City', 'Working At']);

    // Branch waits for a batch.
    expect(await page.getByPlaceholder('Choose a batch first').isDisabled()).toBe(true);
    await page.getByPlaceholder('Any batch').click();
    await page.getByRole('option', { name: '2018-2022 (B.Tech)', exact: true }).click();

    const batchCells = page.locator('tbody tr td:nth-child(2)');
    await expect
      .poll(async () => [...new Set(await batchCells.allTextContents())], { timeout: 10_000 })
      .toEqual(['2018-2022']);
    const filtered = await totalResults();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(everyone);
    expect(await page.getByPlaceholder('Any branch').isDisabled()).toBe(false);

    const firstRow = page.locator('tbody tr').first();
    const name = (await firstRow.locator('td').first().textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await firstRow.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name }).count()).toBe(1);
    expect(await dialog.getByText('Alumnet Institute of Technology').count()).toBe(1);
    expect(await dialog.getByText(/2018-2022/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('profile', () => {
  it("changes the member's city and the dashboard's 'Alumni Near Me' follows", async () => {
    await signIn('member2@demo.alumnet.dev');
    const before = await alumniNearMe();

    await page.goto(url('/profile'));
    const city = page.getByRole('combobox', { name: 'City', exact: true });
    await city.waitFor();
    await expect.poll(() => city.inputValue()).not.toBe('');
    expect(await page.getByRole('textbox', { name: 'First Name' }).getAttribute('readonly')).toBe(
      '',
    );

    // Another country clears the city (and its list); then a city where no demo alumnus lives,
    // so the count must move.
    await choose('Country', 'Nepal');
    expect(await city.inputValue()).toBe('');
    await choose('Country', 'India');
    await choose('City', 'Jaipur');
    // A new picture goes up first and is saved with the rest.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await page.getByRole('img', { name: 'Your new picture' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast('Profile updated successfully!').waitFor();

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('chat-user') ?? '{}'));
    expect(stored).toMatchObject({ locationCountry: 'India', locationCity: 'Jaipur' });
    expect(stored.profilePic).toEqual(expect.any(String));
    // The header avatar follows the stored user at once.
    expect(
      await page
        .getByRole('link', { name: 'Your profile' })
        .locator(`img[src*="${encodeURIComponent(stored.profilePic)}"]`)
        .count(),
    ).toBe(1);

    const after = await alumniNearMe();
    expect(after).not.toBe(before);
    expect(after).toBe('0');
  });

  it('refuses a mismatched password and a picture that is not an image before sending', async () => {
    await signIn('member@demo.alumnet.dev');
    await page.goto(url('/profile'));
    await page.getByLabel('New Password', { exact: true }).waitFor();
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/users/update') || request.url().includes('/v1/'))
        if (request.method() === 'PUT') updates.push(request.url());
    });

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Invalid file type. Only image files are allowed.').waitFor();

    await page.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await page.getByLabel('Confirm New Password').fill('another-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match!' }).waitFor();
    expect(updates).toEqual([]);
  });
});
