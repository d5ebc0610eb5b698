import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn, openPage, pagePerTest, signIn, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const form = (one: string) => page.getByRole('form', { name: `Add ${one}` });

async function add(
  one: string,
  name: string,
  description: string,
  parent?: { label: string; option: RegExp },
) {
  if (parent) {
    await form(one).getByRole('combobox', { name: parent.label, exact: true }).click();
    await page.getByRole('option', { name: parent.option }).click();
  }
  await form(one).getByLabel(`${one} Name`).fill(name);
  await form(one).getByLabel(`${one} Description`).fill(description);
  await form(one)
    .getByRole('button', { name: `Add ${one}` })
    .click();
  await page
    .locator('.mantine-Notification-root', { hasText: `${one} added successfully!` })
    .waitFor();
}

describe('college setup (/dashboard/setup)', () => {
  it('an admin adds a degree, a batch and a branch, and sign-up offers them', async () => {
    await signIn(page, 'admin@demo.alumnet.dev');
    await page.getByRole('link', { name: 'College Setup' }).click();
    await page.getByRole('heading', { name: 'College Setup' }).waitFor();

    // Both fields are required (admin-area.md §5).
    await form('Degree').getByLabel('Degree Name').fill('M.Phil');
    await form('Degree').getByRole('button', { name: 'Add Degree' }).click();
    await expect
      .poll(() => form('Degree').getByRole('alert').textContent())
      .toContain('name and description');

    await add('Degree', 'M.Phil', 'Master of Philosophy');
    await add('Batch', '2024-2026', 'The first M.Phil batch', {
      label: 'Degree',
      option: /^M\.Phil$/,
    });
    await add('Branch', 'Linguistics', 'Language and mind', {
      label: 'Batch',
      option: /^2024-2026 \(M\.Phil\)$/,
    });
    await add('Course', 'Field Methods', 'Elective');
    await page.getByText('Linguistics').first().waitFor();
    expect(await page.getByText('Language and mind').count()).toBe(1);

    // Sign-up reads the same structure at once.
    await page.context().clearCookies();
    await openPage(page, '/signup');
    await page.getByPlaceholder('Select your college').click();
    await page.getByRole('option', { name: 'Alumnet Institute of Technology' }).click();
    await page.getByPlaceholder('Select your degree').click();
    await page.getByRole('option', { name: 'M.Phil' }).waitFor();
  });

  it('a member who opens the setup page is not authorized', async () => {
    await logIn(page, 'member@demo.alumnet.dev');
    await page.waitForURL(url('/dashboard'));
    await page.goto(url('/dashboard/setup'));
    await page
      .getByText(/not authorized/i)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'College Setup' }).count()).toBe(0);
  });
});
