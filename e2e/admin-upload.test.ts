import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest, signIn, url } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const stamp = Date.now();
const CSV = [
  'fullName,email,phoneCountryCode,phoneValue,degreeName,batchName,branchName',
  `Kavya Reddy,kavya.${stamp}@upload.example,+91,,B.Tech,2018-2022,Computer Science`,
  `Arjun Das,arjun.${stamp}@upload.example,+91,,Ph.D,2020-2025,Quantum Optics`,
  'Meera Again,member@demo.alumnet.dev,+91,,B.Tech,2018-2022,Computer Science',
  'Bad Mail,not-an-address,,,,,',
].join('\n');

describe('Upload Users (/dashboard/upload-users)', () => {
  it('an admin uploads good, duplicate, malformed and new-structure rows and reads the report', async () => {
    await signIn(page, 'admin@demo.alumnet.dev');
    await page.getByRole('link', { name: 'Upload Users' }).click();
    await page.getByRole('heading', { name: 'Upload Users' }).waitFor();

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Please select a file first.').waitFor();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'alumni.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Are you sure you want to add 4 user(s) from alumni.csv?').waitFor();
    await page.getByRole('button', { name: 'Confirm Upload' }).click();
    await page
      .getByText('Upload complete. 2 users added successfully, 2 failed.')
      .waitFor({ timeout: 60_000 });

    const href = await page.getByRole('link', { name: /Download the report/ }).getAttribute('href');
    const report = await page.request.get(url(href!));
    const lines = (await report.text()).trim().split('\n');
    expect(lines[0]).toBe('row,fullName,email,outcome,reason');
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual([
      'added',
      'added',
      'failed',
      'failed',
    ]);
    expect(lines[3]).toContain('already exists');
    expect(lines[4]).toContain('email is not a valid address');
  });
});
