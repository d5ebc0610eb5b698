import type { Notification, NotificationsAnswer } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../lib/realtime';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { NotificationsPage } from './notifications-page';
import { fakeSocket as socket } from '../../../testing/fake-socket';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

const person = (n: number, fullName: string) => ({ id: id(n), fullName, profilePicture: null });
const ASHA = person(2, 'Asha Rao');
const RAHUL = person(3, 'Rahul Verma');
const MEERA = person(4, 'Meera Menon');
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const LIKES: Notification = {
  id: id(5),
  kind: 'post_like',
  count: 13,
  actors: [ASHA, RAHUL, MEERA],
  target: { type: 'post', id: id(6), url: `/feed?post=${id(6)}` },
  createdAt: minutesAgo(5),
  readAt: null,
  detail: null,
};
const COMMENT: Notification = {
  id: id(7),
  kind: 'job_comment',
  count: 1,
  actors: [RAHUL],
  target: { type: 'job', id: id(8), url: `/jobs?job=${id(8)}` },
  createdAt: minutesAgo(90),
  readAt: null,
  detail: 'Is this role open to freshers?',
};
const MESSAGE: Notification = {
  id: id(9),
  kind: 'chat_message',
  count: 1,
  actors: [ASHA],
  target: { type: 'conversation', id: ASHA.id, url: `/chat?with=${ASHA.id}` },
  createdAt: minutesAgo(60 * 30),
  readAt: minutesAgo(60 * 29),
  detail: null,
};
const OLDER: Notification = {
  ...MESSAGE,
  id: id(1).replace(/^1/, 'a'),
  kind: 'group_request_decided',
  actors: [],
  target: { type: 'group', id: id(3), url: '/groups' },
  detail: 'Your request to join Bengaluru Chapter was approved.',
};

interface Served {
  calls: string[];
  bodies: unknown[];
}

/**
 * The notifications API: the list in `pages` (by cursor), the unread count `unread` (each mark
 * lowers it by the ids sent, or to 0 for all).
 */
function serve(pages: Record<string, NotificationsAnswer>, unread: number): Served {
  const served: Served = { calls: [], bodies: [] };
  let count = unread;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      served.calls.push(`${init.method} ${path}`);
      const answer = (body: unknown) =>
        Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (path === '/api/notifications/unread-count') return answer({ unread: count });
      if (path === '/api/notifications/read') {
        const body = JSON.parse(String(init.body)) as { ids?: string[]; all?: true };
        served.bodies.push(body);
        count = body.all ? 0 : Math.max(0, count - (body.ids?.length ?? 0));
        return answer({ unread: count });
      }
      const page = pages[path];
      if (page) return answer({ ...page, unread: count });
      return Promise.resolve(new Response('{"message":"Not found"}', { status: 404 }));
    }),
  );
  return served;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderPage(user: typeof MEMBER | null = MEMBER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/notifications']}>
          <Routes>
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const list = () => screen.findByRole('list', { name: 'Your notifications' });
const entry = (text: RegExp) => screen.getByRole('link', { name: text });

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('/notifications for a member', { timeout: 20_000 }, () => {
  it('lists grouped rows newest first, with who, what, when and the way there', async () => {
    serve(
      {
        '/api/notifications': {
          notifications: [LIKES, COMMENT, MESSAGE],
          unread: 2,
          nextCursor: null,
        },
      },
      2,
    );
    renderPage();
    const rows = within(await list()).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual([
      `/feed?post=${id(6)}`,
      `/jobs?job=${id(8)}`,
      `/chat?with=${ASHA.id}`,
    ]);
    const likes = entry(/^Asha Rao and 12 others liked your post/);
    expect(likes.textContent).toContain('5 min ago');
    // The first actor's picture (initials, no picture set).
    expect(within(likes).getByText('AR')).toBeTruthy();
    const comment = entry(/^Rahul Verma commented on your job/);
    expect(comment.textContent).toContain('“Is this role open to freshers?”');
    expect(comment.textContent).toContain('1 h ago');
    expect(entry(/^Asha Rao wrote to you/).textContent).toContain('Yesterday');
  });

  it('shows unread rows as unread (not by colour alone) and marks what it showed as read', async () => {
    const served = serve(
      {
        '/api/notifications': {
          notifications: [LIKES, COMMENT, MESSAGE],
          unread: 2,
          nextCursor: null,
        },
      },
      2,
    );
    renderPage();
    await list();
    const likes = entry(/^Asha Rao and 12 others liked your post/);
    const message = entry(/^Asha Rao wrote to you/);
    expect(likes.hasAttribute('data-unread')).toBe(true);
    expect(within(likes).getByText('Unread')).toBeTruthy();
    expect(message.hasAttribute('data-unread')).toBe(false);
    expect(within(message).queryByText('Unread')).toBeNull();

    // The two unread rows shown are marked read, once; the bell's count drops to what is left.
    await waitFor(() => expect(served.bodies).toEqual([{ ids: [LIKES.id, COMMENT.id] }]));
    await screen.findByRole('link', { name: 'Notifications' });
    expect(screen.queryByRole('link', { name: /Notifications, \d+ unread/ })).toBeNull();
    // They keep their unread look while the list is open.
    expect(entry(/^Asha Rao and 12 others/).hasAttribute('data-unread')).toBe(true);
  });

  it('marks all as read', async () => {
    const served = serve(
      { '/api/notifications': { notifications: [LIKES, COMMENT], unread: 7, nextCursor: 'c1' } },
      7,
    );
    renderPage();
    await list();
    await waitFor(() => expect(served.bodies).toHaveLength(1));
    // Five more are unread on pages not shown yet.
    await screen.findByRole('link', { name: 'Notifications, 5 unread' });
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(served.bodies).toEqual([{ ids: [LIKES.id, COMMENT.id] }, { all: true }]),
    );
    await waitFor(() =>
      expect(entry(/^Asha Rao and 12 others/).hasAttribute('data-unread')).toBe(false),
    );
    expect(entry(/^Rahul Verma commented/).hasAttribute('data-unread')).toBe(false);
    await screen.findByRole('link', { name: 'Notifications' });
    expect(
      (screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows more with the next cursor, and marks those read too', async () => {
    const served = serve(
      {
        '/api/notifications': { notifications: [LIKES, COMMENT], unread: 3, nextCursor: 'next|1' },
        [`/api/notifications?cursor=${encodeURIComponent('next|1')}`]: {
          notifications: [{ ...MESSAGE, readAt: null }, OLDER],
          unread: 3,
          nextCursor: null,
        },
      },
      3,
    );
    renderPage();
    await list();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', {
      name: /^Your request to join Bengaluru Chapter was approved/,
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await waitFor(() =>
      expect(served.bodies).toEqual([{ ids: [LIKES.id, COMMENT.id] }, { ids: [MESSAGE.id] }]),
    );
    expect(served.calls).toContain(`GET /api/notifications?cursor=${encodeURIComponent('next|1')}`);
  });

  it('follows a row to its place', async () => {
    serve({ '/api/notifications': { notifications: [LIKES], unread: 1, nextCursor: null } }, 1);
    renderPage();
    await list();
    fireEvent.click(entry(/^Asha Rao and 12 others/));
    expect((await screen.findByTestId('where')).textContent).toBe(`/feed?post=${id(6)}`);
  });

  it('says kindly when there is nothing, links to the settings, and hears new ones live', async () => {
    const pages: Record<string, NotificationsAnswer> = {
      '/api/notifications': { notifications: [], unread: 0, nextCursor: null },
    };
    const served = serve(pages, 0);
    renderPage();
    await screen.findByText("You're all caught up");
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/settings/notifications',
    );
    await waitFor(() => expect(socket.listening('notification')).toBe(true));
    pages['/api/notifications'] = { notifications: [LIKES], unread: 1, nextCursor: null };
    act(() => socket.fire('notification', { unread: 1, notification: LIKES }));
    await list();
    await waitFor(() => expect(served.bodies).toEqual([{ ids: [LIKES.id] }]));
  });
});

describe('/notifications for a visitor', { timeout: 20_000 }, () => {
  it('keeps the static placeholder', async () => {
    const served = serve({}, 0);
    renderPage(null);
    await screen.findByText(/You have no notifications yet/);
    expect(screen.queryByRole('list', { name: 'Your notifications' })).toBeNull();
    expect(served.calls).toEqual([]);
  });
});
