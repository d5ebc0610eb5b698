import type { Notification } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../lib/realtime';
import { meQuery } from '../lib/session';
import { id, MEMBER } from '../testing/member';
import { MemberLayout } from './member-layout';
import { fakeSocket as socket } from '../testing/fake-socket';

vi.mock('socket.io-client', () => import('../testing/fake-socket'));

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

/** GET /api/notifications/unread-count answers `counts` in turn (the last one from then on). */
function serveCounts(...counts: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path}`);
      if (path !== '/api/notifications/unread-count') {
        return Promise.resolve(new Response('{"message":"no"}', { status: 404 }));
      }
      const unread = counts.length > 1 ? counts.shift()! : counts[0]!;
      return Promise.resolve(new Response(JSON.stringify({ unread }), { status: 200 }));
    }),
  );
  return calls;
}

function renderLayout() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/feed']}>
          <MemberLayout>
            <p>The screen</p>
          </MemberLayout>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const bell = (name: string) => screen.findByRole('link', { name });

const liked: Notification = {
  id: id(5),
  kind: 'post_like',
  count: 1,
  actors: [{ id: id(2), fullName: 'Asha Rao', profilePicture: null }],
  target: { type: 'post', id: id(6), url: `/feed?post=${id(6)}` },
  createdAt: new Date().toISOString(),
  readAt: null,
  detail: null,
};

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('the header bell', { timeout: 20_000 }, () => {
  it('shows the unread count and links to /notifications', async () => {
    const calls = serveCounts(3);
    renderLayout();
    // Drawn first without a count (as the server draws it), then with the count once loaded.
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    const link = await bell('Notifications, 3 unread');
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(calls).toContain('GET /api/notifications/unread-count');

    // The phone's menu says it too.
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const entry = await screen.findByRole('link', {
      name: 'Notifications 3 unread',
      hidden: true,
    });
    expect(entry.getAttribute('href')).toBe('/notifications');
  });

  it('shows no count when nothing is unread', async () => {
    const calls = serveCounts(0);
    renderLayout();
    await waitFor(() => expect(calls).toContain('GET /api/notifications/unread-count'));
    await waitFor(() => expect(socket.listening('notification')).toBe(true));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /unread/ })).toBeNull();
  });

  it('rises live with the socket event `notification`, without asking again', async () => {
    const calls = serveCounts(0);
    renderLayout();
    await waitFor(() => expect(socket.listening('notification')).toBe(true));
    await waitFor(() => expect(calls).toHaveLength(1));

    act(() => socket.fire('notification', { unread: 1, notification: liked }));
    await bell('Notifications, 1 unread');
    act(() => socket.fire('notification', { unread: 2, notification: null }));
    await bell('Notifications, 2 unread');
    expect(calls).toEqual(['GET /api/notifications/unread-count']);
  });

  it('asks for the count again after the connection came back', async () => {
    const calls = serveCounts(1, 5);
    renderLayout();
    await bell('Notifications, 1 unread');
    await waitFor(() => expect(socket.listening('connect')).toBe(true));
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    await bell('Notifications, 5 unread');
    expect(calls.filter((c) => c === 'GET /api/notifications/unread-count')).toHaveLength(2);
  });
});
