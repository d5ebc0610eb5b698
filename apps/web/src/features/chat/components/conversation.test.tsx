import type { ChatMessage, ChatUser } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from './conversation';

const ME = '11111111-1111-4111-8111-111111111111';
const RAHUL: ChatUser = {
  _id: '22222222-2222-4222-8222-222222222222',
  fullName: 'Rahul Verma',
  firstName: 'Rahul',
  lastName: 'Verma',
  profilePic: null,
  batchName: '2016-2020',
  branchName: 'Mechanical',
  collegeName: 'Alumnet Institute of Technology',
  hasChatted: 'no',
};

const stored = (message: string, clientId: string | null, at: Date): ChatMessage => ({
  _id: crypto.randomUUID(),
  senderId: ME,
  receiverId: RAHUL._id,
  message,
  createdAt: at.toISOString(),
  clientId,
});

afterEach(() => vi.unstubAllGlobals());

type Reply = { status: number; body: unknown };
const json = ({ status, body }: Reply) => new Response(JSON.stringify(body), { status });

/** Answers GET with the conversation and hands each POST to the test to answer when it wants. */
function serve(conversation: ChatMessage[]) {
  const posts: { body: { message: string; clientId: string }; reply: (r: Reply) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_path: string, init: RequestInit) => {
      if (init.method === 'GET') return Promise.resolve(json({ status: 200, body: conversation }));
      return new Promise<Response>((resolve) =>
        posts.push({
          body: JSON.parse(String(init.body)) as { message: string; clientId: string },
          reply: (r) => resolve(json(r)),
        }),
      );
    }),
  );
  return posts;
}

function renderConversation() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <Conversation myId={ME} member={RAHUL} online onBack={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('Conversation', { timeout: 20_000 }, () => {
  it('shows a sent message as pending, then as stored with its HH:MM time', async () => {
    const posts = serve([]);
    renderConversation();
    await screen.findByText('Send a message to start the conversation');
    expect(screen.getByText('Rahul Verma')).toBeTruthy();

    const box = screen.getByLabelText('Message');
    const sendButton = screen.getByRole('button', { name: 'Send' });
    fireEvent.change(box, { target: { value: '   ' } });
    expect(sendButton.hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(posts).toHaveLength(0);

    // Shift+Enter is a new line, not a send.
    fireEvent.change(box, { target: { value: '  Hello Rahul  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posts).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body.message).toBe('Hello Rahul');
    expect(posts[0]!.body.clientId).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('Hello Rahul').closest('[data-pending]')).not.toBeNull();
    expect(screen.getByText('Sending…')).toBeTruthy();

    await act(async () =>
      posts[0]!.reply({
        status: 200,
        body: stored('Hello Rahul', posts[0]!.body.clientId, new Date(2025, 0, 2, 9, 5)),
      }),
    );
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getByText('Hello Rahul').closest('[data-pending]')).toBeNull();
    expect(screen.getByText('09:05')).toBeTruthy();
  });

  it('keeps the text and its client id after a failure, so a retry stores it once', async () => {
    const posts = serve([]);
    renderConversation();
    const box = await screen.findByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Are you coming?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(1));

    await act(async () =>
      posts[0]!.reply({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down a little.' },
      }),
    );
    await screen.findByText('Slow down a little.');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Are you coming?'));

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body.clientId).toBe(posts[0]!.body.clientId);
  });
});
