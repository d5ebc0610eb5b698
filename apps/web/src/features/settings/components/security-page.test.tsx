import { PASSWORDS_DO_NOT_MATCH_MESSAGE, type SessionView } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { MEMBER } from '../../../testing/member';
import { SecurityPage } from './security-page';

// The member layout opens the chat connection; there is no server to reach here.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));
// Another part of the page, tested on its own.
vi.mock('./second-factors', () => ({ SecondFactorsSection: () => <p>Second factors here</p> }));

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SESSIONS: SessionView[] = [
  {
    _id: '00000000-0000-4000-8000-000000000001',
    browser: 'Firefox 132 on Windows',
    place: '203.0.113.x',
    createdAt: minutesAgo(600),
    lastSeenAt: minutesAgo(0),
    current: true,
  },
  {
    _id: '00000000-0000-4000-8000-000000000002',
    browser: 'Safari 17 on iOS',
    place: '2001:db8:1::/48',
    createdAt: minutesAgo(900),
    lastSeenAt: minutesAgo(5),
    current: false,
  },
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function serve({ passwordRefusal }: { passwordRefusal?: string } = {}) {
  let sessions = [...SESSIONS];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      const ok = { ok: true, message: 'Done.' };
      if (path === '/api/notifications/unread-count') return answer({ unread: 0 });
      if (path === '/api/me/sessions' && method === 'GET') return answer({ sessions });
      if (path === '/api/me/sessions/end-others') {
        sessions = sessions.filter((s) => s.current);
        return answer(ok);
      }
      if (path.startsWith('/api/me/sessions/') && method === 'DELETE') {
        sessions = sessions.filter((s) => !path.endsWith(s._id));
        return answer(ok);
      }
      if (path === '/api/me/password') {
        if (passwordRefusal)
          return answer({ statusCode: 400, error: 'Bad Request', message: passwordRefusal }, 400);
        return answer({ ok: true, message: 'Your password has been changed.' });
      }
      return answer({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/settings/security']}>
          <SecurityPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const rowOf = (browser: string) => screen.getByText(browser).closest('li') as HTMLElement;

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('/settings/security', { timeout: 20_000 }, () => {
  it('lists where the member is signed in, this device marked, and renders the factors', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Security' })).toBeTruthy();
    await screen.findByText('Firefox 132 on Windows');
    const here = rowOf('Firefox 132 on Windows');
    expect(within(here).getByText('This device')).toBeTruthy();
    expect(within(here).getByText(/203\.0\.113\.x/)).toBeTruthy();
    expect(within(here).getByText('Last seen just now')).toBeTruthy();
    expect(within(here).queryByRole('button', { name: /Sign out/ })).toBeNull();
    const phone = rowOf('Safari 17 on iOS');
    expect(within(phone).getByText('Last seen 5 min ago')).toBeTruthy();
    expect(within(phone).queryByText('This device')).toBeNull();
    expect(screen.getByText('Second factors here')).toBeTruthy();
  });

  it('signs one other session out', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('Safari 17 on iOS');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS')).toBeNull());
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `/api/me/sessions/${SESSIONS[1]!._id}`,
      body: undefined,
    });
    // Only this one is left: nothing else to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('signs out everywhere else', async () => {
    const calls = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/me/sessions/end-others')).toBe(
      true,
    );
  });

  it('changes the password: checks the form first, shows the server’s refusal on its field', async () => {
    const calls = serve({ passwordRefusal: 'Current password is not right.' });
    renderPage();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Current Password', 'old-password');
    type('New Password', 'a much better passphrase 7');
    type('Confirm New Password', 'something else');
    const submit = screen.getByRole('button', { name: 'Change password' });
    await waitFor(() => expect(submit.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(submit);
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH_MESSAGE)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/me/password')).toBe(false);

    type('Confirm New Password', 'a much better passphrase 7');
    fireEvent.click(submit);
    expect(await screen.findByText('Current password is not right.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/me/password')).toMatchObject({
      method: 'POST',
      body: {
        currentPassword: 'old-password',
        newPassword: 'a much better passphrase 7',
        confirmPassword: 'a much better passphrase 7',
      },
    });
  });
});
