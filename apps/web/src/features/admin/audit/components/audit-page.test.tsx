import type { AuditEntry, SignedInUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { disconnectRealtime } from '../../../../lib/realtime';
import { meQuery } from '../../../../lib/session';
import { id, MEMBER } from '../../../../testing/member';
import { AuditPage } from './audit-page';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

const COLLEGE = id(9);
const ADMIN: SignedInUser = { ...MEMBER, email: 'admin@demo.alumnet.dev', userType: 'a' };
const REJECT: AuditEntry = {
  _id: id(1),
  at: '2026-11-20T09:15:00.000Z',
  actorId: id(2),
  actorName: 'Priya Sharma',
  action: 'member.reject',
  targetType: 'user',
  targetId: id(3),
  targetLabel: 'Asha Rao',
  collegeId: COLLEGE,
  ip: '203.0.113.9',
  details: { reason: 'Not in the 2019 batch' },
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

function serve(total = 1) {
  const reads: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      if (path === '/api/dashboard/filter-options')
        return json(200, { colleges: [{ _id: COLLEGE, name: 'Alumnet Institute of Technology' }] });
      if (path.startsWith('/api/dashboard/audit?')) {
        const query = new URLSearchParams(path.split('?')[1]);
        reads.push(query);
        return json(200, {
          entries: [REJECT],
          total,
          page: Number(query.get('page')),
          pageSize: 50,
        });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
    }),
  );
  return reads;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: ADMIN });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[paths.audit]}>
          <Routes>
            <Route path={paths.audit} element={<AuditPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('/dashboard/audit', { timeout: 20_000 }, () => {
  it('shows who did what to whom, from where, in words', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    const row = (await screen.findByText('Asha Rao')).closest('tr') as HTMLElement;
    within(row).getByText('Priya Sharma');
    within(row).getByText('Rejected a member');
    within(row).getByText('203.0.113.9');
    within(row).getByText('reason: Not in the 2019 batch');
    within(row).getByText(/^\d\d\/11\/2026 \d\d:\d\d$/);
  });

  it('filters, pages and downloads the same filter as CSV', async () => {
    const reads = serve(120);
    renderPage();
    await screen.findByText('Asha Rao');
    expect(reads.at(-1)!.get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'priya' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    const apply = screen.getByRole('button', { name: 'Apply' });
    await waitFor(() => expect(apply.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(apply);
    await waitFor(() => expect(reads.at(-1)!.get('actor')).toBe('priya'));
    expect(reads.at(-1)!.get('from')).toBe('2026-11-01');
    // A college admin reads their own college: the page does not name one.
    expect(reads.at(-1)!.has('collegeId')).toBe(false);

    const csv = screen.getByRole('link', { name: /Download CSV/ }).getAttribute('href')!;
    const query = new URLSearchParams(csv.split('?')[1]);
    expect(csv.startsWith('/api/dashboard/audit?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      actor: 'priya',
      from: '2026-11-01',
      format: 'csv',
    });

    screen.getByText('Page 1 of 3 (120 entries)');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(reads.at(-1)!.get('page')).toBe('2'));
    expect(reads.at(-1)!.get('actor')).toBe('priya');
  });
});
