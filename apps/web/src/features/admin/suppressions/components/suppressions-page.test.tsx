import type { SignedInUser, Suppression } from '@alumnet/contract';
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
import { SuppressionsPage } from './suppressions-page';

// The member layout opens the chat connection; these tests are not about it.
vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

const COLLEGE = id(9);
const ADMIN: SignedInUser = { ...MEMBER, email: 'admin@demo.alumnet.dev', userType: 'a' };

const BOUNCE: Suppression = {
  email: 'gone@example.org',
  reason: 'bounce',
  source: 'ses',
  detail: 'smtp; 550 5.1.1 user unknown',
  createdAt: '2026-11-20T09:15:00.000Z',
};
const COMPLAINT: Suppression = {
  email: 'annoyed@example.org',
  reason: 'complaint',
  source: 'signed-json',
  detail: null,
  createdAt: '2026-11-18T16:40:00.000Z',
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

/** The suppression API over `entries`; a lift removes the entry, an unknown one is a 404. */
function serve(entries: Suppression[]) {
  let list = entries;
  const calls: string[] = [];
  const lifts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/dashboard/filter-options')
        return json(200, { colleges: [{ _id: COLLEGE, name: 'Alumnet Institute of Technology' }] });
      if (method === 'GET' && path.split('?')[0] === '/api/dashboard/suppressions')
        return json(200, { suppressions: list });
      if (method === 'POST' && path === '/api/dashboard/suppressions/lift') {
        const body = JSON.parse(String(init?.body)) as { email: string };
        lifts.push(body);
        if (!list.some((entry) => entry.email === body.email))
          return json(404, {
            statusCode: 404,
            error: 'Not Found',
            message: `${body.email} is not on the suppression list of the members you manage.`,
          });
        list = list.filter((entry) => entry.email !== body.email);
        return json(200, { message: `${body.email} will be e-mailed again.` });
      }
      return json(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
    }),
  );
  return {
    calls,
    lifts,
    lists: () => calls.filter((c) => c.includes(' /api/dashboard/suppressions?')),
  };
}

/** A screen from `sm` up (the table); jsdom's default answers no to every query (the cards). */
const wideScreen = () =>
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: true,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

function renderPage(user: SignedInUser = ADMIN) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[paths.suppressions]}>
          <Routes>
            <Route path={paths.suppressions} element={<SuppressionsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const table = () => screen.findByRole('table', { name: 'Suppressed addresses' });
const row = (email: string) =>
  screen.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('/dashboard/suppressions', { timeout: 20_000 }, () => {
  it("lists the college's suppressed addresses with the reason in words", async () => {
    const { lists } = serve([BOUNCE, COMPLAINT]);
    wideScreen();
    renderPage();
    await table();
    expect(screen.getByRole('heading', { name: 'E-mail suppression list' })).toBeTruthy();
    screen.getByText(/bounced or their owners marked our e-mail as spam/);
    const bounce = within(row('gone@example.org'));
    bounce.getByText('Hard bounce');
    bounce.getByText('ses');
    bounce.getByText('smtp; 550 5.1.1 user unknown');
    bounce.getByText(/^\d\d\/11\/2026 \d\d:\d\d$/);
    const complaint = within(row('annoyed@example.org'));
    complaint.getByText('Complaint');
    complaint.getByText('signed-json');
    complaint.getByText('None given');
    screen.getByText('2 suppressed addresses');
    expect(lists()).toEqual([`GET /api/dashboard/suppressions?collegeId=${COLLEGE}`]);
  });

  it('says so when no address is suppressed', async () => {
    serve([]);
    renderPage();
    await screen.findByText('No suppressed addresses. Every member can be e-mailed.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lifts an entry after confirming, toasts the answer and reads the list again', async () => {
    const { lifts, lists } = serve([BOUNCE, COMPLAINT]);
    wideScreen();
    renderPage();
    await table();
    fireEvent.click(
      within(row('gone@example.org')).getByRole('button', { name: 'Lift gone@example.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Lift suppression' });
    within(dialog).getByText(/gone@example\.org/);
    expect(lifts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift' }));

    await screen.findByText('gone@example.org will be e-mailed again.');
    expect(lifts).toEqual([{ email: 'gone@example.org', collegeId: COLLEGE }]);
    await waitFor(() => expect(screen.queryByText('gone@example.org')).toBeNull());
    expect(lists()).toHaveLength(2);
    row('annoyed@example.org');
    screen.getByText('1 suppressed address');
  });

  it("shows the server's reason when the lift fails", async () => {
    const { lifts } = serve([BOUNCE]);
    wideScreen();
    renderPage();
    await table();
    // Lifted elsewhere meanwhile: the server no longer knows the entry.
    serve([]);
    fireEvent.click(screen.getByRole('button', { name: 'Lift gone@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift suppression' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift' }));
    await screen.findByText(
      'gone@example.org is not on the suppression list of the members you manage.',
    );
    expect(lifts).toEqual([]);
    await screen.findByText('No suppressed addresses. Every member can be e-mailed.');
  });

  it('shows a card per address on a phone, each with its Lift button', async () => {
    const { lifts } = serve([BOUNCE, COMPLAINT]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Suppressed addresses' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'gone@example.org',
      'annoyed@example.org',
    ]);
    within(cards[0]!).getByText('Hard bounce');
    within(cards[0]!).getByText('smtp; 550 5.1.1 user unknown');
    within(cards[1]!).getByText('Complaint');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Lift annoyed@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift suppression' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift' }));
    await screen.findByText('annoyed@example.org will be e-mailed again.');
    expect(lifts).toEqual([{ email: 'annoyed@example.org', collegeId: COLLEGE }]);
  });

  it('cancelling sends nothing', async () => {
    const { lifts } = serve([BOUNCE]);
    wideScreen();
    renderPage();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Lift gone@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift suppression' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lifts).toEqual([]);
    row('gone@example.org');
  });
});
