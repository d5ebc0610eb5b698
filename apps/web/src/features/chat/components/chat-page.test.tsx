import type { ChatMessage, ChatUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../lib/realtime';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { ChatPage } from './chat-page';
import { fakeSocket as socket } from '../../../testing/fake-socket';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const ME = MEMBER;
const member = (n: number, firstName: string, lastName: string): ChatUser => ({
  _id: id(n),
  fullName: `${firstName} ${lastName}`,
  firstName,
  lastName,
  profilePic: null,
  batchName: '2014-2018',
  branchName: 'Mechanical',
  collegeName: ME.collegeName,
  hasChatted: 'no',
});
const RAHUL = member(2, 'Rahul', 'Verma');
const ANITA = member(3, 'Anita', 'Rao');
/** Not on the list's first page. */
const KIRAN = member(4, 'Kiran', 'Shah');

const message = (from: string, to: string, text: string): ChatMessage => ({
  _id: crypto.randomUUID(),
  senderId: from,
  receiverId: to,
  message: text,
  createdAt: new Date().toISOString(),
  clientId: null,
});

const played = vi.fn(() => Promise.resolve());
beforeAll(() => {
  vi.stubGlobal(
    'Audio',
    class {
      currentTime = 0;
      play = played;
    },
  );
});
afterEach(() => {
  disconnectRealtime();
  played.mockClear();
});

function serve(conversation: ChatMessage[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      calls.push(`${init.method} ${path}`);
      const body =
        path === '/api/messages/users'
          ? { users: [RAHUL, ANITA], totalResults: 12 }
          : path === `/api/messages/users/${KIRAN._id}`
            ? { user: KIRAN }
            : conversation;
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return calls;
}

function renderChat(at = '/chat') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: ME });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          <ChatPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('ChatPage live events', { timeout: 20_000 }, () => {
  it('opens the connection with the user id, shows presence, appends, shakes and marks unread', async () => {
    const calls = serve([message(RAHUL._id, ME._id, 'Hi Meera')]);
    renderChat();
    await screen.findByText('Select a chat to start messaging');
    // Once the page has loaded (the layout waits for it).
    await waitFor(() =>
      expect(socket.opened).toContainEqual(
        expect.objectContaining({
          path: '/socket.io',
          withCredentials: true,
          query: { userId: ME._id },
        }),
      ),
    );

    // getOnlineUsers replaces the online list.
    act(() => socket.fire('getOnlineUsers', [RAHUL._id]));
    await screen.findByRole('button', { name: /^Rahul Verma.*, online/ });
    act(() => socket.fire('getOnlineUsers', [ANITA._id]));
    await screen.findByRole('button', { name: /^Anita Rao.*, online/ });
    expect(screen.queryByRole('button', { name: /^Rahul Verma.*, online/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Rahul Verma/ }));
    const log = await screen.findByRole('log', { name: 'Chat history' });
    await within(log).findByText('Hi Meera');

    // A live message in the open conversation is appended, shakes and chimes.
    act(() => socket.fire('newMessage', message(RAHUL._id, ME._id, 'Are you there?')));
    const live = await within(log).findByText('Are you there?');
    expect(live.closest('[data-shake]')).not.toBeNull();
    expect(within(log).getByText('Hi Meera').closest('[data-shake]')).toBeNull();
    expect(played).toHaveBeenCalledTimes(1);

    // One from another member marks that member in the list, and still chimes.
    act(() => socket.fire('newMessage', message(ANITA._id, ME._id, 'Hello!')));
    await screen.findByRole('button', { name: /^Anita Rao.*, new message/ });
    expect(within(log).queryByText('Hello!')).toBeNull();
    expect(played).toHaveBeenCalledTimes(2);

    // My own message from another tab is shown without a chime.
    act(() => socket.fire('newMessage', message(ME._id, RAHUL._id, 'Sent from my phone')));
    await within(log).findByText('Sent from my phone');
    expect(played).toHaveBeenCalledTimes(2);

    // After a reconnect the open conversation is asked for again.
    const before = calls.filter((c) => c === `GET /api/messages/${RAHUL._id}`).length;
    act(() => socket.fire('connect'));
    await waitFor(() =>
      expect(calls.filter((c) => c === `GET /api/messages/${RAHUL._id}`).length).toBe(before + 1),
    );

    // Selecting the unread member clears the mark.
    fireEvent.click(screen.getByRole('button', { name: /^Anita Rao/ }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Anita Rao.*, new message/ })).toBeNull(),
    );
  });

  it('opens the conversation of a link to someone past the list’s first page', async () => {
    const calls = serve([message(KIRAN._id, ME._id, 'Welcome, mentee')]);
    renderChat(`/chat?with=${KIRAN._id}`);
    const log = await screen.findByRole('log', { name: 'Chat history' });
    await within(log).findByText('Welcome, mentee');
    expect(calls).toContain(`GET /api/messages/users/${KIRAN._id}`);
  });
});
