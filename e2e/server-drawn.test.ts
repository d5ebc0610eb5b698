import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, url } from './browser';

// A signed-in user's main screens arrive drawn by the server with their data
// (apps/web/src/ssr.tsx), and the app takes that page over instead of drawing it again.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(userName: string, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  const login = await context.request.post(url('/api/auth/login'), {
    data: { userName, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return context;
}

describe('pages drawn by the server', () => {
  it('shows the feed, the directory, the jobs and the chat before any script has run', async () => {
    const context = await signedIn('member@demo.alumnet.dev', false);
    const page = await context.newPage();
    await page.goto(url('/dashboard'));
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Meera!' }).count()).toBe(1);
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);

    await page.goto(url('/jobs'));
    expect(await page.getByText('Jobs Board').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Posted by/ }).count()).toBeGreaterThan(0);

    await page.goto(url('/chat'));
    expect(await page.getByRole('button', { name: /2014-2018/ }).count()).toBeGreaterThan(0);

    await page.goto(url('/alumzone'));
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('is taken over by the app as it is, and then works as usual', async () => {
    const context = await signedIn('member@demo.alumnet.dev');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    // The header the server drew, remembered before any of the app's scripts runs.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { drawn: Element | null }).drawn = document.querySelector('header');
      }),
    );
    await page.goto(url('/dashboard'));
    await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { drawn: Element | null }).drawn ===
          document.querySelector('header'),
      ),
    ).toBe(true);

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL(url('/jobs'));
    await expect.poll(() => page.getByText('Jobs Board').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("paints before it asks for any of the app's scripts, then starts the app", async () => {
    for (const [userName, path] of [
      [null, '/login'],
      ['member@demo.alumnet.dev', '/dashboard'],
    ] as const) {
      const context = userName
        ? await signedIn(userName)
        : await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(url(path));
      await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
      const { painted, scripts } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(painted);
      await context.close();
    }
  });

  it("keeps a post's text as text, whatever it holds", async () => {
    const context = await signedIn('other@demo.alumnet.dev');
    const message = '</script><script>window.injected = true</script> <b>not bold</b>';
    const posted = await context.request.post(url('/api/posts/add'), {
      data: { message, accessLevel: 'college' },
    });
    expect(posted.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(url('/dashboard'));
    await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
    expect(await page.getByText(message).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    await context.close();
  });
});
