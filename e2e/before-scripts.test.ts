import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, pagePerTest, url } from './browser';

// A drawn page shows its forms before the app's scripts arrive (a visitor's drawn by the build, a
// signed-in user's by the server). In that window nothing typed may be lost, a press of a form's
// button must not make the browser send the form itself (a GET, with the password in the
// address), and once the app is there one press does the thing once.

const session = pagePerTest();
let page: Page;
let requests: string[];
beforeEach(() => {
  page = session.page;
  requests = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
});

/** Holds back every script the page asks for, the boot script too, until `release`. */
async function holdScripts() {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (address) => address.pathname.endsWith('.js'),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

const takenOver = () => page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
const calls = (what: string) => requests.filter((line) => line.startsWith(what)).length;
const toast = (text: string) => page.locator('.mantine-Notification-root', { hasText: text });
/** The server's log lines (the start-up banner, which names the demo password, is not one). */
const serverLogLines = () =>
  readFileSync(inject('serverLog'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'));

/** Presses the form's button and Enter in a field, as an impatient person would. */
async function pressEarly(button: string, field: string) {
  await page.getByRole('button', { name: button }).click({ force: true, timeout: 2_000 });
  await page.getByLabel(field, { exact: true }).press('Enter');
  // Had the browser sent the form, it would be on its way now.
  await page.waitForTimeout(300);
}

describe('forms before the scripts arrive', () => {
  it('login: waits for the app, keeps what was typed, then signs in once', async () => {
    const scripts = await holdScripts();
    await page.goto(url('/login'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email or phone').fill('member@demo.alumnet.dev');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await pressEarly('Log in', 'Password');
    expect(page.url()).toBe(url('/login'));

    await scripts.release();
    await takenOver();
    // The typed values reach the app's fields a moment after it replaces the drawn ones
    // (prerender-handover.ts looks every 20 ms), as the other forms below wait for them too.
    await expect
      .poll(() => page.getByLabel('Email or phone').inputValue())
      .toBe('member@demo.alumnet.dev');
    await expect
      .poll(() => page.getByLabel('Password', { exact: true }).inputValue())
      .toBe(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('heading', { name: 'Welcome, Meera!' }).waitFor();
    expect(calls(`POST ${url('/api/auth/login')}`)).toBe(1);

    // No credential in any address the browser asked for, nor in the server's log.
    expect(requests.filter((line) => /[?&][^=]*pass[^=]*=|alumnet-demo/i.test(line))).toEqual([]);
    const logged = serverLogLines();
    expect(logged.some((line) => line.includes('/api/auth/login'))).toBe(true);
    expect(logged.filter((line) => line.includes(DEMO_PASSWORD))).toEqual([]);
  });

  it('quiz code: what was typed is kept, made upper case, and sent with one Enter', async () => {
    const scripts = await holdScripts();
    await page.goto(url('/quiz'), { waitUntil: 'commit' });
    const code = page.getByLabel('Quiz code');
    await code.waitFor();
    await code.fill('zz9zz9');
    await code.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url('/quiz'));

    await scripts.release();
    await takenOver();
    await expect.poll(() => code.inputValue()).toBe('ZZ9ZZ9');
    await code.press('Enter');
    // No game has that code: the app asked once, and says so.
    await page.getByRole('alert').first().waitFor();
    expect(calls(`GET ${url('/api/kahoot/game-status/ZZ9ZZ9')}`)).toBe(1);
  });

  it('contact form: drawn by the app itself, and one request for a double press', async () => {
    const scripts = await holdScripts();
    await page.goto(url('/'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Networking portal for college alumni' }).waitFor();
    // Below the fold, the form comes with the app: nothing there to type into or send early.
    expect(await page.locator('#contact form').count()).toBe(0);

    await scripts.release();
    await takenOver();
    const contact = page.locator('#contact');
    await contact.getByLabel('Name').fill('Early Eve');
    await contact.getByLabel('Email').fill('eve@example.com');
    await contact.getByLabel('Message').fill('Is my batch on Alumnet?');
    await contact.getByRole('button', { name: /send/i }).dblclick();
    await toast('Thank you! We received your message').waitFor();
    expect(calls(`POST ${url('/api/help/add')}`)).toBe(1);
  });

  it('sign-up: nothing is sent early and nothing typed is lost', async () => {
    const scripts = await holdScripts();
    await page.goto(url('/signup'), { waitUntil: 'commit' });
    await page.getByLabel('First Name').fill('Early');
    await page.getByLabel('Last Name').fill('Bird');
    await page.getByLabel('Email').fill('early.bird@example.com');
    await pressEarly('Sign Up', 'Last Name');
    expect(page.url()).toBe(url('/signup'));
    expect(calls('POST')).toBe(0);

    await scripts.release();
    await takenOver();
    // As on the login form: the typed values reach the app's fields within the handover's poll.
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Early');
    await expect.poll(() => page.getByLabel('Last Name').inputValue()).toBe('Bird');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('early.bird@example.com');
  });

  it("a signed-in user's drawn page: a comment typed early is kept and posted once", async () => {
    const login = await page.request.post(url('/api/auth/login'), {
      data: { userName: 'member@demo.alumnet.dev', password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const scripts = await holdScripts();
    await page.goto(url('/feed'), { waitUntil: 'commit' });
    const box = page.getByLabel('Write a comment').first();
    await box.waitFor();
    await box.fill('Written before the app came');
    // Enter in a comment box before the app starts a new line; there is no button to press yet.
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url('/feed'));

    await scripts.release();
    await takenOver();
    await expect.poll(() => box.inputValue()).toBe('Written before the app came\n');
    const post = page.getByRole('article').first().getByRole('button', { name: 'Post' });
    const saved = page.waitForResponse((r) => r.url() === url('/api/posts/savecomment'));
    await post.click();
    await saved;
    // Shown in the thread, then the box clears (on a busy machine, more than a second later).
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Written before the app came' })
      .first()
      .waitFor();
    await expect.poll(() => box.inputValue(), { timeout: 5000 }).toBe('');
    expect(calls(`POST ${url('/api/posts/savecomment')}`)).toBe(1);
  });
});
