import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, url } from './browser';

// Member A (Meera Menon) writes a post; member B (Rahul Verma, same college) likes it. Each has
// a context of their own, as two people on two devices.
const A = { email: 'member@demo.alumnet.dev' };
const B = { email: 'member2@demo.alumnet.dev', name: 'Rahul Verma' };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function signedIn(email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  // The app opens its Socket.IO connection once the page has loaded: wait for the server's
  // CONNECT answer ("40…"), so that nothing said after this can be missed.
  const connected = page
    .waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'))
    .then((socket) =>
      socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')),
    );
  await logIn(page, email);
  await page.waitForURL(url('/dashboard'));
  await connected;
  return page;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
const posts = (page: Page) => page.getByRole('tabpanel').getByRole('article');

describe('notifications', () => {
  it("B likes A's post: A's bell goes from 0 to 1 live, and leads to the post", async () => {
    const a = await signedIn(A.email, { width: 1280, height: 900 });

    // A writes a post for the college.
    const message = `Who is coming to the Bengaluru meetup? ${Date.now()}`;
    await a.getByRole('button', { name: 'New Post' }).first().click();
    const dialog = a.getByRole('dialog', { name: 'Create New Post' });
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByLabel('Share with').click();
    await a.getByRole('option', { name: 'College' }).click();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await posts(a).first().getByText(message).waitFor();

    // A reads what the demo data left unread, so the bell starts at 0.
    await bell(a).click();
    await a.waitForURL(url('/notifications'));
    await a
      .getByRole('list', { name: 'Your notifications' })
      .or(a.getByText("You're all caught up"))
      .waitFor();
    // What the list shows is marked read by showing it; "Mark all as read" takes the rest.
    const markAll = a.getByRole('button', { name: 'Mark all as read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect.poll(() => bell(a).getAttribute('aria-label')).toBe('Notifications');
    // Away from the list (which would mark a new one read at once), on the feed.
    await a.getByRole('banner').getByRole('link', { name: 'Feed', exact: true }).click();
    await a.waitForURL(url('/feed'));
    await expect.poll(() => bell(a).getAttribute('aria-label')).toBe('Notifications');
    await a.evaluate(() => Object.assign(window, { notReloaded: true }));

    // B likes it.
    const b = await signedIn(B.email, { width: 390, height: 844 });
    const post = posts(b).filter({ hasText: message });
    const like = post.getByRole('button', { name: /^Like/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

    // A's bell says so, without a reload.
    await expect
      .poll(() => bell(a).getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 1 unread');
    expect(await a.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // A opens the bell, then the notification: the feed shows that post first, in view.
    await bell(a).click();
    await a.waitForURL(url('/notifications'));
    const entry = a.getByRole('link', { name: new RegExp(`^${B.name} liked your post`) });
    await entry.click();
    await a.waitForURL(/\/feed\?post=/);
    const linked = a.locator('[data-linked-post]');
    await linked.getByText(message).waitFor();
    expect(a.url()).toContain(await linked.getAttribute('data-linked-post'));
    await expect
      .poll(() => linked.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(900);
    // Having opened the list, A has read it: the bell is back to no count.
    await expect.poll(() => bell(a).getAttribute('aria-label')).toBe('Notifications');
  });
});
