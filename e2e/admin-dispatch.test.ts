import type { AdminUserRow } from '@alumnet/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn, pagePerTest, signIn, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const NEW_PASSWORD = 'a-fresh-password-42';
/** A dispatch runs in the background: allow the worker time on a loaded machine. */
const FLOW_TIMEOUT = 180_000;

const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });
const actionBar = () => page.getByRole('region', { name: 'Actions for the selected users' });

async function openAdminDashboard(email = 'admin@demo.alumnet.dev') {
  await signIn(page, email);
  await page.getByRole('tab', { name: 'Admin Dashboard' }).waitFor();
  await page.getByText(/^Total Results: \d+$/).waitFor();
}

interface SearchAnswer {
  users: AdminUserRow[];
  totalResults: number;
}

/** Picks an option in a filter select and waits for the search that it starts. */
async function chooseFilter(
  label: string,
  option: string,
  sent: (filters: Record<string, unknown>) => boolean,
): Promise<SearchAnswer> {
  const searched = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/dashboard/searchDashBoard') &&
      sent((r.request().postDataJSON() as { filters: Record<string, unknown> }).filters),
  );
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  const answer = (await (await searched).json()) as SearchAnswer;
  await page.getByText(`Total Results: ${answer.totalResults}`, { exact: true }).waitFor();
  return answer;
}

/** Presses a bulk action and returns the id of the job it added. */
async function addJob(method: 'Email' | 'Approve') {
  const added = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/addJob'));
  await actionBar().getByRole('button', { name: method, exact: true }).click();
  const response = await added;
  expect(response.status()).toBe(200);
  await toast(`Added ${method.toLowerCase()} Job successfully`).waitFor();
  // A successful job clears the selection, and with it the action bar.
  await actionBar().waitFor({ state: 'detached' });
  return ((await response.json()) as { job: { _id: string; count: number } }).job;
}

/** On the jobs page: dispatches the job (confirming) and waits until the worker is done. */
async function dispatchAndWait(job: { _id: string; count: number }, action: string) {
  await page.getByRole('link', { name: 'Dispatch Invites' }).click();
  await page.waitForURL(url('/dashboard/jobs'));
  const row = page.locator(`[data-job-id="${job._id}"]`);
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('review');

  await row.getByRole('button', { name: /^Dispatch / }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Dispatch' });
  await confirm
    .getByText(
      new RegExp(
        `^Are you sure you want to dispatch ${action} action for ${job.count} items created at \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\?$`,
      ),
    )
    .waitFor();
  await confirm.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await confirm.waitFor({ state: 'hidden' });
  // Dispatched (or already done): neither Dispatch nor Delete may be pressed again.
  await page
    .locator(`[data-job-id="${job._id}"]:not([data-status="review"])`)
    .waitFor({ timeout: 30_000 });
  expect(await row.getByRole('button', { name: /^Delete / }).isDisabled()).toBe(true);
  // The page polls while the job runs; done shows without a reload.
  await page
    .locator(`[data-job-id="${job._id}"][data-status="done"]`)
    .waitFor({ timeout: 120_000 });
  expect(await row.getByRole('button', { name: /^Dispatch / }).isDisabled()).toBe(true);
  await row.getByRole('link', { name: 'Output CSV' }).waitFor();
}

async function openOutbox() {
  await page.getByRole('link', { name: 'Outbox' }).click();
  await page.waitForURL(url('/dashboard/outbox'));
  await page.getByRole('article').first().waitFor();
}

/** Follows a link from the outbox: ours opens in this tab, another host's in a new one. */
async function follow(link: Locator): Promise<Page> {
  const href = (await link.getAttribute('href')) ?? '';
  if (new URL(href).origin === new URL(url('/')).origin) {
    await link.click();
    return page;
  }
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await opened.waitForLoadState();
  return opened;
}

describe('admin dispatch jobs', () => {
  it(
    'invites unregistered alumni by e-mail; one follows the link, sets a password and is in',
    async () => {
      await openAdminDashboard();
      const found = await chooseFilter('Registration Status', 'No', (f) => f.isRegistered === 'no');
      expect(found.totalResults).toBeGreaterThan(0);
      expect(found.users.every((u) => !u.isRegistered)).toBe(true);

      await page.getByRole('checkbox', { name: 'Select all matching users' }).check();
      const total = found.totalResults;
      await actionBar()
        .getByText(`All ${total} matching ${total === 1 ? 'user is' : 'users are'} selected`)
        .waitFor();
      // Select-all cannot text: SMS is off; the others are on.
      expect(await actionBar().getByRole('button', { name: 'SMS' }).isDisabled()).toBe(true);
      const job = await addJob('Email');
      expect(job.count).toBeGreaterThan(0);

      await dispatchAndWait(job, 'email');
      await openOutbox();
      const invitations = page
        .getByRole('article')
        .filter({ hasText: 'invites you to its alumni network' });
      await invitations.first().waitFor();
      const invitation = invitations.first();
      const recipient = ((await invitation.getAttribute('aria-label')) ?? '').replace(
        /^Email to /,
        '',
      );
      const invited = found.users.find((u) => u.email === recipient);
      expect(invited, `an invitation to one of the filtered alumni, got ${recipient}`).toBeTruthy();

      const link = invitation.getByRole('link', { name: /\/invite\// });
      const inviteUrl = (await link.getAttribute('href')) ?? '';
      const member = await follow(link);
      await member.getByRole('heading', { name: `Welcome, ${invited!.fullName}!` }).waitFor();
      // The contract's rules are checked before anything is sent.
      await member.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
      await member.getByLabel('Confirm New Password').fill('something-else');
      await member.getByRole('button', { name: 'Set password and sign in' }).click();
      await member.getByRole('alert').getByText('Passwords do not match!').waitFor();
      await member.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
      await member.getByRole('button', { name: 'Set password and sign in' }).click();
      await member.waitForURL(/\/dashboard$/);
      // A member's dashboard is the feed.
      await member.getByRole('region', { name: 'Posts' }).waitFor();
      expect(await member.getByRole('tab', { name: 'Admin Dashboard' }).count()).toBe(0);

      // The link works once.
      await member.goto(inviteUrl);
      await member
        .getByText(
          'This invitation link is not valid any more. Ask your college to send a new one.',
        )
        .waitFor();
    },
    FLOW_TIMEOUT,
  );

  it(
    'approves a waiting sign-up; the member logs in with the one-time password and replaces it',
    async () => {
      await openAdminDashboard();
      await chooseFilter('Approval Status', 'No', (f) => f.isApproved === 'no');
      const found = await chooseFilter(
        'Registration Status',
        'Yes',
        (f) => f.isApproved === 'no' && f.isRegistered === 'yes',
      );
      const waiting = found.users.find((u) => u.newCollegeData === 'no');
      expect(waiting, 'a waiting sign-up without new college data').toBeTruthy();

      await page
        .locator(`[data-user-id="${waiting!._id}"]`)
        .getByRole('checkbox', { name: `Select ${waiting!.fullName}` })
        .check();
      await actionBar().getByText('1 user selected').waitFor();
      const job = await addJob('Approve');
      expect(job.count).toBe(1);

      await dispatchAndWait(job, 'approve');
      await openOutbox();
      const mail = page
        .getByRole('article', { name: `Email to ${waiting!.email}` })
        .filter({ hasText: 'alumni account is approved' })
        .first();
      await mail.waitFor();
      const password = /Password: (\S+)/.exec(await mail.innerText())?.[1];
      expect(password, 'the one-time password in the e-mail').toBeTruthy();

      // The member, on a device of their own (the admin's session is shared by the run's tests).
      const device = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const member = await device.newPage();
        await logIn(member, waiting!.email, password);
        await member.getByRole('heading', { name: 'Set New Password' }).waitFor();
        await member.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
        await member.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
        await member.getByRole('button', { name: 'Save' }).click();
        await member.waitForURL(url('/dashboard'));
        await member.getByRole('region', { name: 'Posts' }).waitFor();
      } finally {
        await device.close();
      }
    },
    FLOW_TIMEOUT,
  );

  it('shows a member the not-authorized screen on the admin pages', async () => {
    await logIn(page, 'member@demo.alumnet.dev');
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('region', { name: 'Posts' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    for (const path of ['/dashboard/jobs', '/dashboard/outbox']) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: 'Not authorized' }).waitFor();
      await page.getByRole('img', { name: 'A locked door' }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Back to your dashboard' }).click();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('region', { name: 'Posts' }).waitFor();
  });

  it('sends a signed-out visitor of an admin page to the login', async () => {
    await page.goto(url('/dashboard/jobs'));
    await page.waitForURL(url('/login'));
  });

  it("keeps a super admin's college across a reload and on the jobs page", async () => {
    const riverside = 'Riverside College of Arts and Science';
    await openAdminDashboard('super@demo.alumnet.dev');
    const picker = page.getByRole('combobox', { name: 'Select a college' });
    expect(await picker.inputValue()).not.toBe(riverside);
    const before = Number(
      (await page.getByText(/^Total Results: \d+$/).innerText()).replace(/\D+/g, ''),
    );

    const searched = page.waitForResponse((r) =>
      r.url().endsWith('/api/dashboard/searchDashBoard'),
    );
    await picker.click();
    await page.getByRole('option', { name: riverside }).click();
    const answer = (await (await searched).json()) as SearchAnswer;
    await page.getByText(`Total Results: ${answer.totalResults}`, { exact: true }).waitFor();
    expect(answer.totalResults).not.toBe(before);

    await page.reload();
    await page.getByText(`Total Results: ${answer.totalResults}`, { exact: true }).waitFor();
    expect(await picker.inputValue()).toBe(riverside);
    await page.getByRole('link', { name: 'Dispatch Invites' }).click();
    await page.waitForURL(url('/dashboard/jobs'));
    // The dashboard has a picker of the same name: read the jobs page's, once it is drawn.
    await page.getByRole('heading', { name: 'Dispatch Jobs' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Select a college' }).inputValue()).toBe(
      riverside,
    );
  });

  it('fits a phone: the table scrolls in its own box, the page does not', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAdminDashboard('super@demo.alumnet.dev');
    // The other tabs have college selects of their own; the open tab's is the one on screen.
    await page.getByPlaceholder('Select a college').filter({ visible: true }).waitFor();
    await page.getByRole('table').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
