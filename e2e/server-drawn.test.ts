import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSharedSession, DEMO_PASSWORD, launchBrowser, logIn, url } from './browser';

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
  // A demo admin's session is the one the run opened for them (browser.signIn).
  if (await addSharedSession(context, userName)) return context;
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

  it('shows dates where the reader is, drawn so by the server and kept by the app', async () => {
    // A job posted now, read half a world away: in one of these zones it is already, or still,
    // another day than where the server runs (this process's zone, the same machine's).
    const dayIn = (zone: string | undefined, at: Date) =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: zone,
      }).format(at);
    const soon = [new Date(), new Date(Date.now() + 120_000)];
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) =>
      soon.every((at) => dayIn(z, at) !== dayIn(undefined, at)),
    )!;
    const author = await signedIn('member@demo.alumnet.dev');
    const title = `Night Shift Analyst ${Date.now()}`;
    const created = await author.request.post(url('/api/jobs/add'), {
      data: {
        jobTitle: title,
        jobContent: '<p>Across time zones.</p>',
        jobCategory: 'Finance',
        jobType: 'fulltime',
        accessLevel: 'college',
      },
    });
    expect(created.status()).toBe(200);
    const jobId = ((await created.json()) as { id: string }).id;

    const reader = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: zone,
    });
    try {
      const page = await reader.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(message.text());
      });
      // Signed in through the form, as a reader is: the app leaves the browser's zone in a cookie.
      await logIn(page, 'member2@demo.alumnet.dev');
      await page.waitForURL(url('/dashboard'));
      await page.goto(url('/jobs'));
      await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
      const posted = page.locator('li', { hasText: title }).locator('time');
      const at = new Date((await posted.getAttribute('datetime'))!);
      expect(await posted.textContent()).toBe(dayIn(zone, at));
      expect(dayIn(zone, at)).not.toBe(dayIn(undefined, at));
      // Taken over as drawn: React found the same dates and did not draw the screen again.
      expect(problems).toEqual([]);
      // And the server drew it so, before any script.
      const drawn = await (await reader.request.get(url('/jobs'))).text();
      expect(drawn).toContain(`>${dayIn(zone, at)}</time>`);

      // A browser that has left no zone yet gets the page in the server's, taken over as it is;
      // the app then shows the dates where the reader is.
      await reader.clearCookies({ name: 'alumnet_tz' });
      await page.reload();
      await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
      const state = await page.locator('#alumnet-state').textContent();
      const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      expect(JSON.parse(state!)).toMatchObject({ timeZone: serverZone });
      await expect.poll(() => posted.textContent()).toBe(dayIn(zone, at));
      expect(problems).toEqual([]);
    } finally {
      await reader.close();
      await author.request.post(url('/api/jobs/delete'), { data: { jobId } });
      await author.close();
    }
  });

  it("draws a super admin's dashboard on the college they chose, and the app keeps it", async () => {
    const context = await signedIn('super@demo.alumnet.dev');
    try {
      const options = await context.request.get(url('/api/dashboard/filter-options'));
      const { colleges } = (await options.json()) as { colleges: { _id: string; name: string }[] };
      // Not the first: that one is shown when nothing is chosen.
      const chosen = colleges[1]!;
      await context.addCookies([
        { name: 'alumnet_admin_college', value: chosen._id, url: url('/') },
      ]);

      // The server draws it so, before any script.
      const drawn = await (await context.request.get(url('/dashboard'))).text();
      expect(drawn).toContain(`>${chosen.name}</p>`);
      expect(drawn).not.toContain('>All colleges</p>');

      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(message.text());
      });
      const names: string[] = [];
      await page.exposeFunction('sawCollege', (name: string) => names.push(name));
      // Every name the title shows, from the drawn page to the app's own renders.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const title = document.querySelector('h1 + p');
          if (!title) return;
          const tell = () =>
            (window as unknown as { sawCollege(name: string): void }).sawCollege(
              title.textContent ?? '',
            );
          tell();
          new MutationObserver(tell).observe(title, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        });
      });
      await page.goto(url('/dashboard'));
      await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Select a college' }).inputValue())
        .toBe(chosen.name);
      expect(await page.locator('h1 + p').textContent()).toBe(chosen.name);
      expect(new Set(names)).toEqual(new Set([chosen.name]));
      // Taken over as drawn: React found the same college and drew nothing again.
      expect(problems).toEqual([]);
    } finally {
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
