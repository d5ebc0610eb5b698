import {
  API,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  questionOfText,
  uploadAnswer,
} from '@alumnet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, openPage, signIn, url } from './browser';
import { tinyPng } from './png';

const PICTURE_ALT = 'A red and blue test card';

/** A signed-in member on a phone, from the code to the game, in the team they pick. */
async function joinInTeam(browser: Browser, code: string, email: string, team: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  const page = await context.newPage();
  await logIn(page, email);
  await page.waitForURL(url('/dashboard'));
  await openPage(page, `/quiz/${code}`);
  await expect.poll(() => page.getByLabel('Your e-mail').inputValue()).toBe(email);
  await page.getByRole('button', { name: QUIZ_MESSAGES.validateEmail }).click();
  await page.getByText(QUIZ_PLAY_MESSAGES.pickTeam).waitFor();
  await page.getByRole('button', { name: team, exact: true }).click();
  await page.getByRole('button', { name: QUIZ_MESSAGES.joinGame }).click();
  await page.getByText(team).first().waitFor();
  return page;
}

describe('Quiz beyond single choice (issue 31)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a host runs a picture question, a poll and a typed answer in teams; the report shows the figures', async () => {
    const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const host: Page = await hostContext.newPage();
    await signIn(host, 'admin@demo.alumnet.dev');

    const uploaded = await host.request.put(url(API.images.upload(`${Date.now()}_card.png`)), {
      data: tinyPng(),
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const { image } = uploadAnswer.parse(await uploaded.json());
    const title = `E2E kinds ${Date.now()}`;
    const created = await host.request.post(url(API.quizHost.quizzes), {
      data: {
        title,
        questions: [
          {
            question: 'Which colours does the card show?',
            options: ['Red and blue', 'Green and yellow'],
            correctOption: 0,
            timeLimit: 30,
            image: { name: image, alt: PICTURE_ALT },
          },
          {
            kind: 'poll',
            question: 'Which reunion month suits you?',
            options: ['December', 'January'],
            timeLimit: 30,
          },
          {
            kind: 'typed',
            question: 'Which city is home to IISc?',
            acceptedAnswers: ['Bengaluru', 'Bangalore'],
            timeLimit: 30,
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(200);

    // Start with teams the players pick.
    await host.goto(url('/dashboard/quiz'));
    await host
      .getByRole('listitem', { name: title })
      .getByRole('button', { name: 'Start game' })
      .click();
    const dialog = host.getByRole('dialog', { name: 'Start a game' });
    await dialog.getByRole('radio', { name: 'Players pick their team' }).check();
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await host.waitForURL(/\/dashboard\/quiz\/game\/[A-Z0-9]{6}$/);
    const code = host.url().slice(-6);

    const meera = await joinInTeam(browser, code, 'member@demo.alumnet.dev', 'Red');
    const rahul = await joinInTeam(browser, code, 'member2@demo.alumnet.dev', 'Blue');
    const players = host.getByRole('list', { name: 'Players' }).getByRole('listitem');
    await expect.poll(() => players.count(), { timeout: 15_000 }).toBe(2);
    await host.getByRole('button', { name: 'Start', exact: true }).click();

    // 1. The picture, on the host's screen and each phone, really loaded; Meera right.
    for (const page of [meera, rahul, host]) {
      const picture = page.getByRole('img', { name: PICTURE_ALT });
      await picture.waitFor();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await meera.getByText(questionOfText(1, 3)).waitFor();
    await meera.getByRole('button', { name: 'Red and blue' }).click();
    await rahul.getByRole('button', { name: 'Green and yellow' }).click();
    await meera.getByText(QUIZ_MESSAGES.correct).waitFor();
    await rahul.getByText(QUIZ_MESSAGES.wrong).waitFor();
    await host.getByRole('button', { name: 'Next question' }).click();

    // 2. A poll: no right answer, no points.
    for (const page of [meera, rahul]) await page.getByText(questionOfText(2, 3)).waitFor();
    await meera.getByRole('button', { name: 'December' }).click();
    await rahul.getByRole('button', { name: 'December' }).click();
    for (const page of [meera, rahul]) await page.getByText(QUIZ_PLAY_MESSAGES.voted).waitFor();
    await host.getByRole('button', { name: 'Next question' }).click();

    // 3. A typed answer, matched whatever its case and spaces.
    for (const page of [meera, rahul]) await page.getByText(questionOfText(3, 3)).waitFor();
    await meera.getByPlaceholder(QUIZ_PLAY_MESSAGES.typePlaceholder).fill('  bangalore ');
    await meera.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }).click();
    await rahul.getByPlaceholder(QUIZ_PLAY_MESSAGES.typePlaceholder).fill('Mysuru');
    await rahul.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }).click();
    await meera.getByText(QUIZ_MESSAGES.correct).waitFor();
    await rahul.getByText(QUIZ_MESSAGES.wrong).waitFor();
    await host.getByRole('button', { name: 'Show podium' }).click();

    // The report: what the two phones did, question by question and player by player.
    await host.getByRole('link', { name: 'Open the report' }).click();
    await host.waitForURL(url(`/dashboard/quiz/game/${code}/report`));
    const question = (n: number) => host.getByRole('group', { name: `Question ${n}` });
    await question(1).getByLabel('Right: 50%').waitFor();
    await question(1).getByLabel('Answered: 2').waitFor();
    await question(2).getByLabel('Right: Poll').waitFor();
    await question(2).getByLabel('December: 2').waitFor();
    await question(3).getByLabel('Right: 50%').waitFor();
    const table = host.getByRole('table', { name: 'Players' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    // Rank, name, team, right, wrong, unanswered, points.
    const cells = (name: string) => row(name).getByRole('cell').allInnerTexts();
    const [meeraCells, rahulCells] = [await cells('Meera'), await cells('Rahul')];
    expect(meeraCells.slice(0, 1).concat(meeraCells.slice(2, 6))).toEqual([
      '1',
      'Red',
      '2',
      '0',
      '0',
    ]);
    expect(Number(meeraCells[6])).toBeGreaterThan(1000);
    expect(rahulCells.slice(0, 1).concat(rahulCells.slice(2, 7))).toEqual([
      '2',
      'Blue',
      '0',
      '2',
      '0',
      '0',
    ]);
    const teams = host.getByRole('table', { name: 'Team standings' });
    await teams.getByRole('row').filter({ hasText: 'Red' }).waitFor();
    await hostContext.close();
  });
});
