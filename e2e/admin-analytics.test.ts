import type { CompaniesAnswer, DistributionAnswer, NewDataAnswer } from '@alumnet/contract';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { pagePerTest, signIn } from './browser';

const session = pagePerTest();
let page: Page;
beforeEach(async () => {
  page = session.page;
});

const DEMO_COLLEGE = 'Alumnet Institute of Technology';
const panel = (name: string) => page.getByRole('region', { name });

async function openDashboard(email: string) {
  await signIn(page, email);
  await page.getByRole('tab', { name: 'Admin Dashboard' }).waitFor();
}

/** Runs `act` and returns the JSON answer of the first call to `path` it causes. */
async function answerOf<T>(path: string | RegExp, act: () => Promise<unknown>): Promise<T> {
  const answered = page.waitForResponse((r) => {
    const at = new URL(r.url()).pathname;
    return typeof path === 'string' ? at === path : path.test(at);
  });
  await act();
  const response = await answered;
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function pick(scope: ReturnType<typeof panel>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin dashboard tabs', () => {
  it('a super admin picks a college on the Analytical tab and reads the pie chart', async () => {
    await openDashboard('super@demo.alumnet.dev');
    await page.getByRole('tab', { name: 'Analytical Dashboard' }).click();
    const analytics = panel('Analytical Dashboard');
    await analytics.getByText('Please select a college to view the chart').waitFor();

    const byBatch = await answerOf<DistributionAnswer>('/api/dashboard/distribution', () =>
      pick(analytics, 'College', DEMO_COLLEGE),
    );
    expect(byBatch.totalUsers).toBeGreaterThan(0);
    expect(byBatch.distribution.length).toBeLessThanOrEqual(10);
    await analytics.getByText(`Total Users: ${byBatch.totalUsers}`, { exact: true }).waitFor();
    const sectors = analytics.locator('.recharts-pie-sector');
    await expect.poll(() => sectors.count()).toBe(byBatch.distribution.length);

    // The tooltip: the slice's label, its users and its share to two decimals.
    await sectors.first().hover();
    const first = byBatch.distribution[0]!;
    const share = ((first.value / byBatch.totalUsers) * 100).toFixed(2);
    await analytics.getByText(`Users: ${first.value}`, { exact: true }).waitFor();
    await analytics.getByText(`Percentage: ${share}%`, { exact: true }).waitFor();

    const byCountry = await answerOf<DistributionAnswer>('/api/dashboard/distribution', () =>
      analytics.getByRole('button', { name: 'Country Distribution' }).click(),
    );
    expect(byCountry.totalUsers).toBe(byBatch.totalUsers);
    await expect.poll(() => sectors.count()).toBe(byCountry.distribution.length);

    const unregistered = await answerOf<DistributionAnswer>('/api/dashboard/distribution', () =>
      pick(analytics, 'Registration status', 'Unregistered'),
    );
    expect(unregistered.totalUsers).toBeLessThan(byBatch.totalUsers);
    await analytics.getByText(`Total Users: ${unregistered.totalUsers}`, { exact: true }).waitFor();
  });

  it('the New Data tab lists the pending degree, batch and branch requests', async () => {
    await openDashboard('super@demo.alumnet.dev');
    await page.getByRole('tab', { name: 'New Data Dashboard' }).click();
    const pending = panel('Pending Requests');
    const answer = await answerOf<NewDataAnswer>('/api/newData/getNewData', () =>
      pick(pending, 'College', DEMO_COLLEGE),
    );
    expect(answer.data.length).toBeGreaterThan(0);
    const table = pending.getByRole('table', { name: 'Pending new data' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(answer.data.length);
    const row = answer.data[0]!;
    const cells = table.locator('tbody tr').first().locator('td');
    expect(await cells.allInnerTexts()).toEqual([
      row.degree ?? 'N/A',
      row.batch ?? 'N/A',
      row.branch ?? 'N/A',
    ]);
    await pending.getByText(`Page 1 of ${answer.pagination.totalPages}`, { exact: true }).waitFor();
    expect(await pending.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
  });

  it('the Company List pages the companies, All Colleges for a super admin', async () => {
    await openDashboard('admin@demo.alumnet.dev');
    const firstPage = await answerOf<CompaniesAnswer>(
      /^\/api\/dashboard\/companies\/[0-9a-f-]+$/,
      () => page.getByRole('button', { name: 'Company List' }).click(),
    );
    const list = panel('Company List');
    expect(firstPage.totalCompanies).toBeGreaterThan(10);
    await expect.poll(() => list.getByRole('listitem').count()).toBe(10);
    await list.getByText(firstPage.companies[0]!.name, { exact: true }).waitFor();
    const pageText = (n: number) =>
      `Page ${n} of ${firstPage.totalPages} (Total Companies: ${firstPage.totalCompanies})`;
    await list.getByText(pageText(1), { exact: true }).waitFor();

    const secondPage = await answerOf<CompaniesAnswer>(/^\/api\/dashboard\/companies\//, () =>
      list.getByRole('button', { name: 'Next' }).click(),
    );
    await list.getByText(pageText(2), { exact: true }).waitFor();
    await list.getByText(secondPage.companies[0]!.name, { exact: true }).waitFor();
    // A college admin has no college to pick here.
    expect(await list.getByRole('combobox', { name: 'College for the company list' }).count()).toBe(
      0,
    );

    // A super admin starts on All Colleges.
    await session.context.clearCookies();
    await openDashboard('super@demo.alumnet.dev');
    const all = await answerOf<CompaniesAnswer>('/api/dashboard/companies/all', () =>
      page.getByRole('button', { name: 'Company List' }).click(),
    );
    expect(all.totalCompanies).toBeGreaterThanOrEqual(firstPage.totalCompanies);
    expect(
      await list.getByRole('combobox', { name: 'College for the company list' }).inputValue(),
    ).toBe('All Colleges');
    await list
      .getByText(`Page 1 of ${all.totalPages} (Total Companies: ${all.totalCompanies})`, {
        exact: true,
      })
      .waitFor();
  });
});
