import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn, openPage, pagePerTest, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });
const listItem = (p: Page, title: string) =>
  p.getByRole('region', { name: 'Job postings' }).getByRole('button', { name: title });
const detail = (p: Page) => p.getByRole('article');

async function openJobsAs(p: Page, email: string) {
  await logIn(p, email);
  await p.waitForURL(url('/dashboard'));
  // Drawn by the server for the browser's reported screen; the app then lays it out for its own.
  await openPage(p, '/jobs');
  await p.getByRole('button', { name: 'Add Job Posting' }).waitFor();
}

describe('jobs board', () => {
  it('adds a job with rich text, shows it selected, and deletes it', async () => {
    const title = `Platform Engineer ${Date.now()}`;
    await openJobsAs(page, 'member@demo.alumnet.dev');
    // The first job on the page is selected without a click.
    await detail(page).getByRole('heading', { level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Add Job Posting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Job Posting' });
    await dialog.getByLabel('Job Title').fill(title);
    // Details are checked before anything is sent.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast('Job Details are required').waitFor();

    const editor = dialog.getByRole('textbox', { name: 'Job Details' });
    await editor.click();
    await page.keyboard.type('We are hiring a ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('senior platform engineer');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' for our payments team.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast('Job Category is required').waitFor();

    await dialog.getByPlaceholder('Choose a category').click();
    await page.getByRole('option', { name: 'IT & Systems' }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast('Please select a valid value for "Share with"').waitFor();

    await dialog.getByRole('radio', { name: 'Batch' }).check();
    await dialog.getByText('Internship', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The new job is on the list, selected, with its bold text rendered.
    const item = listItem(page, title);
    await item.waitFor();
    expect(await item.getAttribute('aria-current')).toBe('true');
    await detail(page).getByRole('heading', { name: title }).waitFor();
    const bold = detail(page).locator('strong', { hasText: 'senior platform engineer' });
    await bold.waitFor();
    expect(await detail(page).getByText('Shared with Batch').count()).toBe(1);
    expect(await detail(page).getByText('Internship').count()).toBe(1);

    // Cancel keeps it; Yes deletes it.
    await detail(page).getByRole('button', { name: 'Delete Job' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('This will delete the job. Are you sure?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await detail(page).getByRole('heading', { name: title }).waitFor();

    await detail(page).getByRole('button', { name: 'Delete Job' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await item.waitFor({ state: 'detached' });
    expect(await page.getByText(title).count()).toBe(0);
    // The selection is cleared, so the first job of the page is shown again.
    await detail(page).getByRole('heading', { level: 2 }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Add Job Posting' }).waitFor();
    await detail(page).getByRole('heading', { level: 2 }).waitFor();
    expect(await page.getByText(title).count()).toBe(0);
  });

  it("shows no 'Delete Job' on another member's job", async () => {
    // member@ shares a job with the whole college; it is the newest, so member2 sees it first.
    const title = `Data Analyst ${Date.now()}`;
    await openJobsAs(page, 'member@demo.alumnet.dev');
    const created = await page.request.post(url('/api/jobs/add'), {
      data: {
        jobTitle: title,
        jobContent: '<p>Analyse <em>everything</em>.</p>',
        jobCategory: 'Finance',
        jobType: 'fulltime',
        accessLevel: 'college',
      },
    });
    expect(created.status()).toBe(200);
    const jobId = ((await created.json()) as { id: string }).id;

    const otherContext = await session.browser.newContext({
      viewport: { width: 1280, height: 900 },
    });
    try {
      const other = await otherContext.newPage();
      await openJobsAs(other, 'member2@demo.alumnet.dev');
      await listItem(other, title).click();
      await detail(other).getByRole('heading', { name: title }).waitFor();
      await detail(other).locator('em', { hasText: 'everything' }).waitFor();
      expect(await other.getByRole('button', { name: 'Delete Job' }).count()).toBe(0);
    } finally {
      await otherContext.close();
    }

    // The author does see it on the same job.
    await page.reload();
    await listItem(page, title).click();
    await detail(page).getByRole('heading', { name: title }).waitFor();
    await detail(page).getByRole('button', { name: 'Delete Job' }).waitFor();
    expect((await page.request.post(url('/api/jobs/delete'), { data: { jobId } })).status()).toBe(
      200,
    );
  });

  it('keeps the form and says so when adding fails', async () => {
    await openJobsAs(page, 'member@demo.alumnet.dev');
    await page.getByRole('button', { name: 'Add Job Posting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Job Posting' });
    await dialog.getByLabel('Job Title').fill('Never stored');
    await dialog.getByRole('textbox', { name: 'Job Details' }).click();
    await page.keyboard.type('Some details');
    await dialog.getByPlaceholder('Choose a category').click();
    await page.getByRole('option', { name: 'Legal' }).click();
    await dialog.getByRole('radio', { name: 'College' }).check();

    await page.route('**/api/jobs/add', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Boom', message: 'Boom' }),
      }),
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').getByText('Failed to add job. Please try again.').waitFor();

    await page.unroute('**/api/jobs/add');
    await page.route('**/api/jobs/add', (route) => route.abort('connectionrefused'));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').getByText('An error occurred while adding the job.').waitFor();
    expect(await dialog.getByLabel('Job Title').inputValue()).toBe('Never stored');
  });

  it('shows the list first on a phone and a job with a way back', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openJobsAs(page, 'member@demo.alumnet.dev');
    const items = page.locator('[data-job-id]');
    await items.first().waitFor();
    expect(await page.getByRole('article').count()).toBe(0);

    const title = (await items.nth(1).locator('.mantine-NavLink-label').innerText()).trim();
    await items.nth(1).click();
    await detail(page).getByRole('heading', { name: title }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Back to job postings' }).click();
    await page.getByRole('button', { name: 'Add Job Posting' }).waitFor();
  });
});
