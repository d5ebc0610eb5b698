import {
  API,
  QUIZ_IDENTITY_MESSAGES,
  QUIZ_MESSAGES,
  outboxAnswer,
  questionOfText,
} from '@alumnet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, openPage, signIn, url } from './browser';

const QUESTIONS = [
  {
    question: 'Which colour is the sky on a clear day?',
    options: ['Green', 'Blue', 'Red'],
    correctOption: 1,
    timeLimit: 20,
  },
  {
    question: 'How many days are in a week?',
    options: ['Five', 'Seven'],
    correctOption: 1,
    timeLimit: 20,
  },
];

/**
 * How a player proves who they are: signed in (their own address, fixed), or as a visitor with
 * the code e-mailed to the address, read here from the college's outbox.
 */
type Identity = { signedIn: true } | { readCode: () => Promise<string> };

/** A player on a phone-sized page, from the code to the welcome. */
async function join(browser: Browser, code: string, email: string, identity: Identity) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  if ('signedIn' in identity) {
    await logIn(page, email);
    await page.waitForURL(url('/dashboard'));
  }
  await openPage(page, '/quiz');
  await page.getByRole('heading', { name: QUIZ_MESSAGES.heading }).waitFor();
  const input = page.getByLabel('Quiz code');
  await input.fill(code.toLowerCase().slice(0, 5));
  expect(await page.getByRole('button', { name: 'Enter' }).isDisabled()).toBe(true);
  await input.pressSequentially(code.slice(5).toLowerCase());
  expect(await input.inputValue()).toBe(code);
  await page.getByRole('button', { name: 'Enter' }).click();
  const field = page.getByLabel('Your e-mail');
  if ('signedIn' in identity) {
    // The member's own address, and no way to change it.
    await expect.poll(() => field.inputValue()).toBe(email);
    expect(await field.getAttribute('readonly')).not.toBeNull();
  } else {
    await field.fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(QUIZ_IDENTITY_MESSAGES.codeSent).waitFor();
    await page.getByLabel('Code from the e-mail').fill(await identity.readCode());
  }
  await page.getByRole('button', { name: QUIZ_MESSAGES.validateEmail }).click();
  await page.getByRole('button', { name: QUIZ_MESSAGES.joinGame }).click();
  return page;
}

/** The newest quiz code e-mailed to this address, as the college's admin reads the outbox. */
async function codeFromOutbox(admin: Page, email: string) {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await admin.request.get(url(API.dashboard.outbox));
        const { messages } = outboxAnswer.parse(await response.json());
        const mail = messages.find(
          (m) => m.recipient === email && /is your quiz code/.test(m.subject ?? ''),
        );
        found = mail ? /\b(\d{6})\b/.exec(mail.body)?.[1] : undefined;
        return found;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return found!;
}

describe('Live quiz (host console and player screen)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the not-found step for an unknown code, and Try Again returns to the code', async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 390, height: 844 } })
    ).newPage();
    await openPage(page, '/quiz/ZZZZ99');
    await page.getByText(QUIZ_MESSAGES.notFound).waitFor();
    await page.getByRole('button', { name: QUIZ_MESSAGES.tryAgain }).click();
    await page.getByRole('heading', { name: QUIZ_MESSAGES.heading }).waitFor();
  });

  it('the host starts a game, two players join on phones, answer, and see their scores and the podium', async () => {
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host: Page = await hostContext.newPage();
    await signIn(host, 'admin@demo.alumnet.dev');
    const title = `E2E quiz ${Date.now()}`;
    const created = await host.request.post(url(API.quizHost.quizzes), {
      data: { title, questions: QUESTIONS },
    });
    expect(created.status(), await created.text()).toBe(200);

    await host.goto(url('/dashboard/quiz'));
    await host
      .getByRole('listitem', { name: title })
      .getByRole('button', { name: 'Start game' })
      .click();
    // Today's scoring as it comes: speed on, no streaks, no teams.
    await host
      .getByRole('dialog', { name: 'Start a game' })
      .getByRole('button', { name: 'Start', exact: true })
      .click();
    await host.waitForURL(/\/dashboard\/quiz\/game\/[A-Z0-9]{6}$/);
    const code = host.url().slice(-6);
    await host.getByLabel(`Game code ${code}`).waitFor();

    const meera = await join(browser, code, 'member@demo.alumnet.dev', { signedIn: true });
    const second = await join(browser, code, 'member2@demo.alumnet.dev', {
      readCode: () => codeFromOutbox(host, 'member2@demo.alumnet.dev'),
    });
    const players = host.getByRole('list', { name: 'Players' }).getByRole('listitem');
    await expect.poll(() => players.count(), { timeout: 15_000 }).toBe(2);

    await host.getByRole('button', { name: 'Start', exact: true }).click();
    for (const [n, q] of QUESTIONS.entries()) {
      for (const page of [meera, second])
        await page.getByText(questionOfText(n + 1, QUESTIONS.length)).waitFor();
      // Meera answers right, the other player wrong.
      await meera.getByRole('button', { name: q.options[q.correctOption]! }).click();
      await second.getByRole('button', { name: q.options[q.correctOption === 0 ? 1 : 0]! }).click();
      await meera.getByText(QUIZ_MESSAGES.correct).waitFor();
      await second.getByText(QUIZ_MESSAGES.wrong).waitFor();
      await host
        .getByRole('button', { name: n + 1 < QUESTIONS.length ? 'Next question' : 'Show podium' })
        .click();
    }

    await host
      .getByRole('list', { name: 'Podium' })
      .or(host.getByLabel('Podium'))
      .first()
      .waitFor();
    const csv = await host.request.get(url(API.quizHost.results(code)));
    const lines = (await csv.text()).trim().split('\n');
    expect(lines).toHaveLength(3);
    // Two quick right answers score between 1,000 and 1,900; the wrong ones nothing.
    const meeraLine = lines.find((l) => l.includes('member@demo.alumnet.dev'))!;
    // Name, e-mail, correct answers, score, rank, wrong answers, unanswered, team.
    const score = Number(meeraLine.split(',')[3]);
    expect(score).toBeGreaterThan(1500);
    expect(score).toBeLessThanOrEqual(2000);
    expect(lines.find((l) => l.includes('member2@demo.alumnet.dev'))).toMatch(/,0,0,2,2,0,$/);

    await meera.getByText(/1st/).first().waitFor();
    await hostContext.close();
  });
});
