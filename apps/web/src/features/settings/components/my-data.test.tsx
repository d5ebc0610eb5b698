import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { MEMBER } from '../../../testing/member';
import { MyDataSection } from './my-data';

afterEach(() => vi.unstubAllGlobals());

const QUEUED =
  'We are preparing your data. You will receive an e-mail with a download link, valid for 24 hours.';

/** A tiny server: the export's state, the deletion (refused for any password but `right`). */
function serve() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let latest: object | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path, body });
      const answer = (value: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(value), { status }));
      if (path === '/api/me/export' && method === 'GET') return answer({ latest });
      if (path === '/api/me/export' && method === 'POST') {
        latest = {
          _id: '00000000-0000-4000-8000-000000000001',
          status: 'queued',
          requestedAt: new Date().toISOString(),
          expiresAt: null,
        };
        return answer({ ok: true, message: QUEUED, latest });
      }
      if (path === '/api/me/delete' && method === 'POST') {
        if ((body as { password: string }).password !== 'right')
          return answer(
            { statusCode: 400, error: 'Bad Request', message: 'That password is not right.' },
            400,
          );
        return answer({
          ok: true,
          message:
            'Your account will be deleted on Thu, 10 Dec 2026. Sign in before then to keep it.',
          deletesAt: '2026-12-10T10:00:00.000Z',
          keepContent: true,
        });
      }
      if (path === '/api/auth/logout')
        return answer({ ok: true, message: 'You have been logged out.' });
      return answer({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER, mfa: null });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/settings/privacy']}>
          <Routes>
            <Route path="/settings/privacy" element={<MyDataSection />} />
            <Route path="/login" element={<p>The login page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

describe('Your data (settings/privacy)', { timeout: 20_000 }, () => {
  it('asks for the data and says what happens next', async () => {
    const calls = serve();
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Download my data' });
    expect(button.closest('form')!.getAttribute('method')).toBe('post');
    fireEvent.click(button);
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/me/export')).toHaveLength(1);
  });

  it('deletes the account with the password and the choice, then shows the login', async () => {
    const calls = serve();
    const queryClient = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete my account' });
    const confirm = () =>
      fireEvent.click(
        Array.from(dialog.querySelectorAll('button')).find(
          (b) => b.textContent === 'Delete my account',
        )!,
      );

    // The choice is asked for before anything is sent.
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } });
    confirm();
    expect(
      await screen.findByText('Choose whether your posts stay as "Former member"'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/me/delete')).toBe(false);

    fireEvent.click(
      screen.getByLabelText('Keep my posts, comments and messages as “Former member”'),
    );
    confirm();
    expect(await screen.findByText('That password is not right.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'right' } });
    confirm();
    expect(await screen.findByText('The login page')).toBeTruthy();
    expect(
      await screen.findByText(
        'Your account will be deleted on Thu, 10 Dec 2026. Sign in before then to keep it.',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/me/delete').map((c) => c.body)).toEqual([
      { password: 'wrong', keepContent: true },
      { password: 'right', keepContent: true },
    ]);
    // The app forgot the member.
    await waitFor(() => expect(queryClient.getQueryData(meQuery.queryKey)).toBeUndefined());
  });
});
