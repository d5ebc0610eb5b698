// Screenshots of the running app at 1280 and 390 px: node scripts/screenshots.mjs [baseUrl] [outDir]
// Signs in as the demo member for the member-area pages.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
mkdirSync(out, { recursive: true });
const pages = {
  public: [
    '/',
    '/login',
    '/signup',
    '/privacy',
    '/support',
    '/notifications',
    '/gallery',
    '/no-such-page',
  ],
  member: ['/dashboard', '/alumzone', '/jobs', '/chat', '/profile'],
};
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const shoot = async (path, name) => {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  };
  for (const path of pages.public) await shoot(path, path === '/' ? 'landing' : path.slice(1));
  await page.goto(`${base}/login`);
  await page.getByLabel('Email or phone').fill('member@demo.alumnet.dev');
  await page.getByLabel('Password', { exact: true }).fill('alumnet-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/dashboard');
  for (const path of pages.member) await shoot(path, path.slice(1));
  await context.close();
}
await browser.close();
console.log(`screenshots in ${out}/`);
