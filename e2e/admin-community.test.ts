import { API, COMMUNITY_MESSAGES } from '@alumnet/contract';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest, signIn, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const GROUP = 'Startup Founders';
const DEMO_COLLEGE = 'Alumnet Institute of Technology';
const FEEDBACK_TEXT = `Please add dark mode (${Date.now()})`;
let memberName = '';

const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });

describe('community: help, join requests, feedback', () => {
  it('a member asks to join a group and sends feedback', async () => {
    await signIn(page, 'member@demo.alumnet.dev');
    const me = (await (await page.request.get(url(API.auth.me))).json()) as {
      user?: { fullName: string };
      fullName?: string;
    };
    memberName = me.user?.fullName ?? me.fullName ?? '';
    expect(memberName).not.toBe('');

    await page.getByRole('link', { name: 'Groups' }).first().click();
    await page.waitForURL(url('/groups'));
    // A by-request group: the card asks, then shows the request waiting.
    await page.getByRole('button', { name: `Request to join ${GROUP}`, exact: true }).click();
    await toast(COMMUNITY_MESSAGES.joinRequested).waitFor();
    const card = page.locator('.mantine-Card-root', { hasText: GROUP });
    await card.getByText('Pending', { exact: true }).waitFor();

    await page.goto(url('/feedback'));
    await page.getByRole('radio', { name: 'Bug' }).check();
    await page.getByLabel('Message').fill(FEEDBACK_TEXT);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await toast(COMMUNITY_MESSAGES.feedbackSent).waitFor();
  });

  it('a college admin reads the access-denied text on the super admin screens', async () => {
    await signIn(page, 'admin@demo.alumnet.dev');
    await page.goto(url('/dashboard/need-help'));
    await page.getByText(COMMUNITY_MESSAGES.accessDenied).waitFor();
  });

  it('the super admin closes and reopens a help request', async () => {
    await signIn(page, 'super@demo.alumnet.dev');
    await page.goto(url('/dashboard/need-help'));
    await page.getByText(/^Total Requests: \d+$/).waitFor();
    const row = page.getByRole('row', { name: /Ananya Iyer/ });
    await row.getByRole('button', { name: 'Close' }).click();
    await toast(COMMUNITY_MESSAGES.helpClosed).waitFor();
    await row.getByRole('button', { name: 'Reopen' }).click();
    await toast(COMMUNITY_MESSAGES.helpReopened).waitFor();
    await row.getByRole('button', { name: 'Close' }).waitFor();
  });

  it('the super admin approves the join request', async () => {
    await signIn(page, 'super@demo.alumnet.dev');
    await page.goto(url('/dashboard/join-request'));
    await page.getByRole('combobox', { name: COMMUNITY_MESSAGES.selectCollege }).click();
    await page.getByRole('option', { name: DEMO_COLLEGE, exact: true }).click();
    await page.getByRole('link', { name: new RegExp(GROUP) }).click();
    await page.waitForURL(/\/pending-requests\//);
    const item = page.locator('.mantine-Paper-root', { hasText: memberName });
    await item.waitFor();
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Back to Groups' }).click();
    await page.waitForURL(url('/dashboard/join-request'));
  });

  it('the super admin finds the feedback and sorts it', async () => {
    await signIn(page, 'super@demo.alumnet.dev');
    await page.goto(url('/dashboard/giving-back'));
    const firstRow = page.getByRole('row').nth(1);
    // Newest first: the member's feedback from the first test leads.
    await firstRow.getByText(FEEDBACK_TEXT).waitFor();
    const sorted = page.waitForResponse((r) => r.url().includes('sortField=radioOption'));
    await page.getByRole('button', { name: /Feedback Type/ }).click();
    await sorted;
    await expect
      .poll(async () => page.getByRole('row').nth(1).getByText('bug', { exact: true }).count())
      .toBe(1);
    const typeHeader = page.getByRole('columnheader', { name: /Feedback Type/ });
    expect(await typeHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: /Feedback Type/ }).click();
    await expect.poll(() => typeHeader.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () =>
        page.getByRole('row').nth(1).getByText('suggestion', { exact: true }).count(),
      )
      .toBe(1);
  });
});
