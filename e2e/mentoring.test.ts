import { API, MENTORING_PAGE_SIZE, type MentorProfileAnswer } from '@alumnet/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { peopleInTheirOwnBrowsers, url } from './browser';

// member2@ (Rahul Verma) mentors; member@ (Meera Menon) looks for a mentor.
const MENTOR = 'Rahul Verma';
const MENTEE = 'Meera Menon';
const TOPIC = 'Interview preparation';
const GOAL = 'Prepare for product manager interviews';
const NOTES = 'Mock interview on product sense; next time, estimation questions.';

const { signedIn } = peopleInTheirOwnBrowsers();

/**
 * The mentor's profile says what the test needs whatever the demo holds: open to mentoring, the
 * topic among theirs, taking requests with room for one more. Through the API, as they would
 * on /mentoring/profile (whose form has its own unit tests).
 */
async function beAMentor(page: Page) {
  const answer = await page.request.get(url(API.mentoring.profile));
  expect(answer.status()).toBe(200);
  const { profile } = (await answer.json()) as MentorProfileAnswer;
  const saved = await page.request.put(url(API.mentoring.profile), {
    data: {
      openToMentoring: true,
      topics: [...new Set([...profile.topics, TOPIC])],
      industries: profile.industries,
      capacity: Math.min(10, Math.max(profile.capacity, profile.activeMentees + 1)),
      howIHelp: profile.howIHelp || 'Mock interviews, with notes afterwards.',
      takingRequests: true,
    },
  });
  expect(saved.status()).toBe(200);
}

/** The mentor's card among the topic's suggestions, turning pages until it shows. */
async function findMentorCard(page: Page) {
  const card = page.getByRole('article', { name: MENTOR });
  const total = Number(
    /^(\d+) mentors?$/.exec((await page.getByText(/^\d+ mentors?$/).innerText()).trim())?.[1],
  );
  const pages = Math.max(1, Math.ceil(total / MENTORING_PAGE_SIZE));
  for (let n = 1; n <= pages; n++) {
    if (n > 1) {
      await page.getByRole('button', { name: `Page ${n}`, exact: true }).click();
      await page.waitForURL(new RegExp(`page=${n}`));
    }
    // The list drawn for this page, not the previous one's kept on screen while it loads.
    await page.locator('[aria-label="Suggested mentors"][style*="opacity: 1"]').waitFor();
    if (await card.count()) return card;
  }
  throw new Error(`${MENTOR} is not among the mentors for ${TOPIC}`);
}

describe('mentoring, from finding a mentor to a logged session', () => {
  it('a member finds a mentor by topic on a phone and asks; the mentor accepts; both log and see a session', async () => {
    const mentor = await signedIn('member2@demo.alumnet.dev', { width: 1280, height: 900 });
    await beAMentor(mentor);

    // The member, on a phone: the topic's mentors, each with why they are suggested.
    const member = await signedIn('member@demo.alumnet.dev', { width: 390, height: 844 });
    await member.goto(url('/mentoring'));
    await member.getByRole('combobox', { name: 'Topic', exact: true }).click();
    await member.getByRole('option', { name: TOPIC, exact: true }).click();
    await member.waitForURL(/topic=Interview\+preparation/);
    const card = await findMentorCard(member);
    await expect.poll(() => card.getByText(TOPIC, { exact: true }).count()).toBeGreaterThan(0);
    expect(await card.getByRole('list', { name: `Why ${MENTOR} is suggested` }).count()).toBe(1);
    // The card fits the phone's width.
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await card.getByRole('button', { name: 'Ask for mentoring' }).click();
    const dialog = member.getByRole('dialog', { name: `Ask ${MENTOR} for mentoring` });
    await dialog.getByLabel('Your goal').fill(GOAL);
    await dialog.getByLabel('Message').fill('I am a developer moving into product. Could we talk?');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Requested' }).waitFor();

    // The mentor, in their own browser: the request waits on /mentoring/requests.
    await mentor.goto(url('/mentoring/requests'));
    const request = mentor
      .getByRole('article', { name: `Request from ${MENTEE}` })
      .filter({ hasText: GOAL });
    await request.getByRole('button', { name: 'Accept' }).click();
    await request.getByLabel('First note').fill('Happy to help. Fridays at six suit me.');
    await request.getByRole('button', { name: `Accept and start mentoring ${MENTEE}` }).click();
    await request.getByRole('link', { name: 'Open the mentorship' }).click();
    await mentor.waitForURL(/\/mentoring\/mentorships\/[0-9a-f-]{36}$/);
    const mentorshipPath = new URL(mentor.url()).pathname;
    await mentor.getByRole('heading', { name: GOAL, level: 1 }).waitFor();

    // The member sees it among theirs and opens it.
    await member.goto(url('/mentoring/mentorships'));
    const mine = member
      .getByRole('article', { name: `Mentorship with ${MENTOR}` })
      .filter({ hasText: GOAL });
    await mine.getByRole('link', { name: `Open the mentorship with ${MENTOR}` }).click();
    await member.waitForURL((u) => u.pathname === mentorshipPath);
    await member.getByText('Happy to help. Fridays at six suit me.').waitFor();
    expect(
      await member.getByRole('link', { name: 'Open conversation' }).getAttribute('href'),
    ).toMatch(/^\/chat\?with=[0-9a-f-]{36}$/);

    // The member logs a session; the mentor's page shows it once read again.
    const form = member.getByRole('form', { name: 'Log a session' });
    await form.getByLabel('Length (minutes)').fill('60');
    await form.getByLabel('Notes').fill(NOTES);
    await form.getByRole('button', { name: 'Log session' }).click();
    const log = member.getByRole('list', { name: 'Session log' });
    await log.getByText(NOTES).waitFor();

    await mentor.reload();
    const seen = mentor.getByRole('list', { name: 'Session log' });
    await seen.getByText(NOTES).waitFor();
    await seen.getByText(`Logged by ${MENTEE}`).waitFor();
    expect(await seen.getByTestId('session-when').innerText()).toMatch(/· 1 h$/);
  });
});
