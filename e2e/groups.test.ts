import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { peopleInTheirOwnBrowsers, url } from './browser';
import { tinyPng } from './png';

// Meera (laptop) and Rahul (phone) are in neither of them before this test: the demo's open group.
const GROUP = 'Class of 2016';
const MEERA = 'member@demo.alumnet.dev';
const RAHUL = 'member2@demo.alumnet.dev';

const { signedIn } = peopleInTheirOwnBrowsers();

/** From /groups, the open group's card; Join there, then its page. */
async function joinOpenGroup(page: Page) {
  await page.goto(url('/groups'));
  await page.getByRole('button', { name: `Join ${GROUP}`, exact: true }).click();
  // Once in, the card moves under "My groups".
  const mine = page.getByRole('region', { name: 'My groups' });
  await mine.getByRole('link', { name: `Open ${GROUP}`, exact: true }).click();
  await page.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: GROUP, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Leave' }).waitFor();
}

const chatLog = (page: Page) => page.getByRole('list', { name: 'Group messages' });

describe('a group that lives', () => {
  it('a member joins, posts a picture, another sees it and answers in the chat live', async () => {
    const meera = await signedIn(MEERA, { width: 1280, height: 900 });
    const rahul = await signedIn(RAHUL, { width: 390, height: 844 });
    await joinOpenGroup(meera);
    const groupUrl = meera.url();

    // Meera posts with a picture.
    const message = `Who is coming to the reunion? ${Date.now()}`;
    await meera.getByRole('button', { name: 'New post' }).click();
    const dialog = meera.getByRole('dialog', { name: `New post in ${GROUP}` });
    await dialog.getByRole('textbox', { name: 'Message' }).fill(message);
    expect(await dialog.getByLabel('Share with').count()).toBe(0);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'reunion.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await meera.getByRole('article').filter({ hasText: message }).waitFor();

    // Rahul joins and sees it, picture loaded; the main feed does not carry it.
    await joinOpenGroup(rahul);
    expect(rahul.url()).toBe(groupUrl);
    const post = rahul.getByRole('article').filter({ hasText: message });
    const picture = post.getByRole('img', { name: 'Image shared by Meera Menon' });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);

    // Both open the chat; Rahul answers and Meera reads it without reloading.
    await meera.getByRole('tab', { name: /Chat/ }).click();
    await rahul.getByRole('tab', { name: /Chat/ }).click();
    await chatLog(meera).waitFor();
    await chatLog(rahul).waitFor();
    const answer = `I'll be there! ${Date.now()}`;
    const box = rahul.getByRole('textbox', { name: 'Message' });
    await box.fill(answer);
    await box.press('Enter');
    await chatLog(rahul).getByText(answer).waitFor();
    await chatLog(meera).getByText(answer).waitFor();
    expect(await chatLog(meera).getByText(answer).count()).toBe(1);

    // Meera answers back over her open connection.
    const back = `See you there, Rahul ${Date.now()}`;
    await meera.getByRole('textbox', { name: 'Message' }).fill(back);
    await meera.getByRole('button', { name: 'Send' }).click();
    await chatLog(rahul).getByText(back).waitFor();

    // Rahul leaves: his chat closes at once, and Meera's keeps going.
    await rahul.getByRole('button', { name: 'Leave' }).click();
    await rahul.getByRole('dialog').getByRole('button', { name: 'Leave group' }).click();
    await rahul.getByRole('button', { name: 'Join' }).waitFor();
    expect(await chatLog(rahul).count()).toBe(0);
  });
});
