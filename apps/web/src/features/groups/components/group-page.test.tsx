import type { GroupChatMessage, GroupDetail, Post } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../lib/realtime';
import { meQuery } from '../../../lib/session';
import { fakeSocket as socket } from '../../../testing/fake-socket';
import { id, MEMBER } from '../../../testing/member';
import { GroupPage } from './group-page';

vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const GROUP_ID = id(5);
const group = (over: Partial<GroupDetail> = {}): GroupDetail => ({
  id: GROUP_ID,
  name: 'Bengaluru Chapter',
  description: 'Alumni living in and around Bengaluru.',
  coverPicture: null,
  kind: 'open',
  rule: null,
  ruleLabel: null,
  memberCount: 42,
  myStatus: 'none',
  myRole: null,
  mayModerate: false,
  archived: false,
  pinnedPostId: null,
  invitePath: null,
  ...over,
});

const author = {
  _id: MEMBER._id,
  fullName: MEMBER.fullName,
  profilePic: null,
  batchName: MEMBER.batchName,
  branchName: MEMBER.branchName,
};
const stored: Post = {
  _id: id(7),
  message: 'Meet-up at Cubbon Park on Sunday',
  image: '1718000000000_park.png',
  accessLevel: 'group',
  likesCount: 0,
  likedByMe: false,
  comments: [],
  commentsCount: 0,
  postedBy: author,
  createdAt: '2025-06-15T12:00:00.000Z',
};
const chatMessage = (n: number, text: string, over: Partial<GroupChatMessage> = {}) => ({
  _id: id(n),
  groupId: GROUP_ID,
  senderId: id(2),
  sender: { fullName: 'Rahul Verma', profilePic: null },
  message: text,
  createdAt: new Date().toISOString(),
  clientId: null,
  removed: false,
  ...over,
});

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** Answers each call by `METHOD path` (the query string included); unknown calls get []. */
function serve(routes: Record<string, (call: Call) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      };
      calls.push(call);
      const route = routes[`${call.method} ${path}`];
      const { status, body } = route ? await route(call) : { status: 200, body: [] };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderGroup(entry = `/groups/${GROUP_ID}`) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/groups/:id" element={<GroupPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const ok = (body: unknown) => () => ({ status: 200, body });
const one = `GET /api/groups/${GROUP_ID}`;

afterEach(() => {
  disconnectRealtime();
  socket.connected = false;
  socket.emitted.length = 0;
  vi.unstubAllGlobals();
});

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('GroupPage', { timeout: 30_000 }, () => {
  it.each([
    [{ kind: 'open', myStatus: 'none' }, 'Join'],
    [{ kind: 'request', myStatus: 'none' }, 'Request to join'],
    [{ kind: 'request', myStatus: 'rejected' }, 'Request to join'],
    [{ kind: 'request', myStatus: 'pending' }, 'Pending'],
    [{ kind: 'open', myStatus: 'approved' }, 'Leave'],
  ] as const)('shows the header and, for %o, the button %s', async (over, button) => {
    serve({ [one]: ok({ group: group(over) }) });
    renderGroup();
    expect(await screen.findByRole('heading', { name: 'Bengaluru Chapter' })).toBeTruthy();
    expect(screen.getByText('Alumni living in and around Bengaluru.')).toBeTruthy();
    expect(screen.getByTestId('member-count').textContent).toBe('42 members');
    expect(screen.getByTestId('cover-placeholder')).toBeTruthy();
    const action = screen.getByRole('button', { name: button });
    expect(action.hasAttribute('disabled')).toBe(button === 'Pending');
  });

  it('says an automatic group fills by the profile, with no button to join', async () => {
    serve({ [one]: ok({ group: group({ kind: 'automatic' }) }) });
    renderGroup();
    expect(await screen.findByText('Members join this group by their profile.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join|Request/ })).toBeNull();
  });

  it("passes a hidden group's invitation to the header call and to the join call", async () => {
    const calls = serve({
      [`${one}?invite=s3cret`]: ok({ group: group({ kind: 'hidden' }) }),
      'POST /api/groups/join': ok({ message: 'Welcome to the group!' }),
    });
    renderGroup(`/groups/${GROUP_ID}?invite=s3cret`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/groups/join')?.body).toEqual({
        groupId: GROUP_ID,
        invite: 's3cret',
      }),
    );
  });

  it("shows the server's message when the group is refused", async () => {
    serve({
      [one]: () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Group not found' },
      }),
    });
    renderGroup();
    expect(await screen.findByText('Group not found')).toBeTruthy();
  });

  it('posts with a picture: uploaded, sent without a level, and shown on top', async () => {
    const calls = serve({
      [one]: ok({ group: group({ myStatus: 'approved' }) }),
      [`GET /api/groups/${GROUP_ID}/posts`]: ok([]),
      [`POST /api/groups/${GROUP_ID}/posts`]: ok(stored),
    });
    renderGroup();
    await screen.findByText('No posts in this group yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New post' }));
    fireEvent.change(await screen.findByLabelText('Message'), {
      target: { value: stored.message },
    });
    expect(screen.queryByRole('combobox', { name: 'Share with' })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50])], 'park.png', { type: 'image/png' })],
      },
    });
    // The upload's own call: PUT /v1/{name}.
    const upload = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((path, init) =>
      String(path).startsWith('/v1/')
        ? Promise.resolve(
            new Response(JSON.stringify({ image: stored.image, url: '' }), { status: 200 }),
          )
        : upload(path, init),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));

    const card = await screen.findByRole('article', { name: `Post by ${MEMBER.fullName}` });
    expect(within(card).getByText(stored.message)).toBeTruthy();
    expect(
      within(card).getByRole('img', { name: `Image shared by ${MEMBER.fullName}` }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/posts'))?.body).toEqual({
      message: stored.message,
      image: stored.image,
    });
  });

  it('marks the pinned post and shows a removed one greyed to its author', async () => {
    serve({
      [one]: ok({ group: group({ myStatus: 'approved' }) }),
      [`GET /api/groups/${GROUP_ID}/posts`]: ok([
        { ...stored, pinned: true },
        { ...stored, _id: id(8), message: 'Spam', image: null, removed: true },
      ]),
    });
    renderGroup();
    const [pinned, removed] = await screen.findAllByRole('article');
    expect(within(pinned!).getByText('Pinned')).toBeTruthy();
    expect(within(removed!).getByText('Removed by an organiser')).toBeTruthy();
    expect(removed!.getAttribute('data-removed')).toBe('true');
  });
});

describe('Group chat', { timeout: 30_000 }, () => {
  async function openChat(history: GroupChatMessage[]) {
    const posts: { body: unknown; reply: (r: { status: number; body: unknown }) => void }[] = [];
    const calls = serve({
      [one]: ok({ group: group({ myStatus: 'approved' }) }),
      [`GET /api/groups/${GROUP_ID}/posts`]: ok([]),
      [`GET /api/groups/${GROUP_ID}/messages`]: ok(history),
      [`POST /api/groups/${GROUP_ID}/messages`]: ({ body }) =>
        new Promise((resolve) => posts.push({ body, reply: resolve })),
    });
    renderGroup();
    fireEvent.click(await screen.findByRole('tab', { name: 'Chat' }));
    await screen.findByRole('list', { name: 'Group messages' });
    await waitFor(() => expect(socket.listening('newGroupMessage')).toBe(true));
    return { posts, calls };
  }

  it('shows a live message once, even when it arrives twice', async () => {
    await openChat([chatMessage(3, 'Welcome all')]);
    await screen.findByText('Welcome all');
    const live = chatMessage(4, 'Who is coming on Sunday?');
    act(() => socket.fire('newGroupMessage', live));
    act(() => socket.fire('newGroupMessage', live));
    act(() => socket.fire('newGroupMessage', { ...chatMessage(6, 'Elsewhere'), groupId: id(6) }));
    expect(await screen.findAllByText('Who is coming on Sunday?')).toHaveLength(1);
    expect(screen.queryByText('Elsewhere')).toBeNull();

    act(() => socket.fire('groupMessageRemoved', { groupId: GROUP_ID, messageId: live._id }));
    await screen.findByText('Removed by an organiser');
    expect(screen.queryByText('Who is coming on Sunday?')).toBeNull();
  });

  it('sends over the socket, shows the message pending, then once when the echo and ack come', async () => {
    socket.connected = true;
    const { calls } = await openChat([]);
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'I will be there' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(socket.emitted).toHaveLength(1));
    const sent = socket.emitted[0]!;
    expect(sent.event).toBe('sendGroupMessage');
    const payload = sent.payload as { groupId: string; message: string; clientId: string };
    expect(payload).toMatchObject({ groupId: GROUP_ID, message: 'I will be there' });
    expect(screen.getByText('Sending…')).toBeTruthy();

    const echo = chatMessage(9, 'I will be there', {
      senderId: MEMBER._id,
      sender: { fullName: MEMBER.fullName, profilePic: null },
      clientId: payload.clientId,
    });
    // The room's echo first: the pending bubble is the stored one now, not a second copy.
    act(() => socket.fire('newGroupMessage', echo));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    await act(async () => sent.ack({ ok: true, message: echo }));
    expect(screen.getAllByText('I will be there')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('falls back to HTTP when the socket is down', async () => {
    const { posts } = await openChat([]);
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const { clientId } = posts[0]!.body as { clientId: string };
    expect(posts[0]!.body).toEqual({ message: 'Hello', clientId });
    posts[0]!.reply({
      status: 200,
      body: chatMessage(9, 'Hello', { senderId: MEMBER._id, clientId }),
    });
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText('Hello')).toHaveLength(1);
  });

  it('closes at once when access ends, and reads the group again', async () => {
    const { calls } = await openChat([chatMessage(3, 'Welcome all')]);
    await screen.findByText('Welcome all');
    const before = calls.filter((c) => c.path === `/api/groups/${GROUP_ID}`).length;

    act(() => socket.fire('groupAccessEnded', { groupId: id(6) }));
    expect(screen.getByText('Welcome all')).toBeTruthy();
    act(() => socket.fire('groupAccessEnded', { groupId: GROUP_ID }));

    expect(screen.getByText('This chat is closed')).toBeTruthy();
    expect(screen.queryByText('Welcome all')).toBeNull();
    expect(screen.queryByLabelText('Message')).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `/api/groups/${GROUP_ID}`).length).toBeGreaterThan(
        before,
      ),
    );
  });
});
