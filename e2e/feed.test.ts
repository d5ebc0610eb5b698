import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn, pagePerTest, url } from './browser';
import { tinyPng } from './png';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
  await logIn(page, 'member@demo.alumnet.dev');
  await page.waitForURL(url('/dashboard'));
});

const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });
const posts = () => page.getByRole('tabpanel').getByRole('article');

describe('feed', () => {
  it('shows the profile panel and the posts the member can see', async () => {
    const panel = page.getByRole('complementary', { name: 'Your profile' });
    await panel.getByText('Meera Menon').waitFor();
    for (const label of ['Alumni Near Me', '# Batch mates', '# Branch mates']) {
      expect(await panel.getByText(label, { exact: true }).count()).toBe(1);
    }
    expect(await panel.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    await posts().first().waitFor();
    expect(await posts().count()).toBeGreaterThan(0);
  });

  it("hints to set a city on 'update city' and says which count failed", async () => {
    const answer = (status: number, body: unknown) => ({
      status,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
    await page.route('**/api/alumzone/search/alumnicount', (route) =>
      route.fulfill(answer(200, { nearbyAlumni: 'update city' })),
    );
    await page.route('**/api/alumzone/search/batchmatesCount', (route) =>
      route.fulfill(answer(403, { statusCode: 403, error: 'Forbidden', message: 'No.' })),
    );
    await page.reload();

    const panel = page.getByRole('complementary', { name: 'Your profile' });
    const hint = panel.getByRole('link', { name: 'Update your city in your profile' });
    await hint.waitFor();
    expect(await hint.getAttribute('href')).toBe('/profile');
    expect(await panel.getByText('update city').count()).toBe(0);
    await toast('Failed to fetch batchmates count').waitFor();
  });

  it('refuses an empty post with the spec message', async () => {
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await toast('Message content cannot be empty.').waitFor();

    await dialog.getByLabel('Message').fill('Only a message, no audience yet');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await toast('Please select a valid value for "Share with"').waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });

  it('creates a post with an image, then likes and comments on it', async () => {
    const message = `Reunion photos are up! ${Date.now()}\nSee you all in December.`;
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByLabel('Share with').click();
    await page.getByRole('option', { name: 'College' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'reunion.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    // On top of the list, line break kept, picture really loaded from /v1/s3.
    const top = posts().first();
    await top.getByText(/Reunion photos are up!/).waitFor();
    expect(await top.getByText(/Reunion photos are up!/).innerText()).toBe(message);
    expect(await top.getByText('College', { exact: true }).count()).toBe(1);
    const picture = top.getByRole('img', { name: 'Image shared by Meera Menon' });
    expect(await picture.getAttribute('src')).toMatch(/^\/v1\/s3\?image=/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(48);

    // The heart toggles: 0 → 1 → 0, and the server agrees after a reload.
    const like = top.getByRole('button', { name: /^Like/ });
    expect(await like.innerText()).toBe('0');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.innerText()).toBe('1');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.innerText()).toBe('0');
    await like.click();
    await expect.poll(() => like.innerText()).toBe('1');

    // Post shows only with text; blanks are never sent.
    const box = top.getByLabel('Write a comment');
    const postComment = top.getByRole('button', { name: 'Post', exact: true });
    expect(await postComment.count()).toBe(0);
    await box.fill('   ');
    expect(await postComment.count()).toBe(0);
    await box.fill('Congratulations, everyone!');
    await postComment.click();
    await top.getByRole('listitem').filter({ hasText: 'Congratulations, everyone!' }).waitFor();
    expect(await box.inputValue()).toBe('');

    await page.reload();
    const again = posts().first();
    await again.getByText(/Reunion photos are up!/).waitFor();
    expect(await again.getByText(message.split('\n')[0] as string).count()).toBe(1);
    expect(await again.getByRole('button', { name: /^Like/ }).innerText()).toBe('1');
    expect(await again.getByText('Congratulations, everyone!').count()).toBe(1);
  });

  it('shows only batch posts under Batch Posts', async () => {
    await posts().first().waitFor();
    await page.getByRole('tab', { name: 'Batch Posts' }).click();
    await page.getByRole('tab', { name: 'Batch Posts', selected: true }).waitFor();
    await posts().first().waitFor();
    const levels = await posts().evaluateAll((all) =>
      all.map((el) => el.getAttribute('data-access-level')),
    );
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels)).toEqual(new Set(['batch']));
    const badges = await posts().getByTestId('post-level').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Batch']));

    // All Posts mixes the levels again.
    await page.getByRole('tab', { name: 'All Posts' }).click();
    await page.getByRole('tab', { name: 'All Posts', selected: true }).waitFor();
    await expect
      .poll(async () => new Set(await posts().getByTestId('post-level').allTextContents()).size)
      .toBeGreaterThan(1);
  });
});
