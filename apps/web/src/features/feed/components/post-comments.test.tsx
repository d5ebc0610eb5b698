import { API, type Post, type PostComment } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { PostCard } from '../../../components/post-card';

const author = {
  _id: MEMBER._id,
  fullName: MEMBER.fullName,
  profilePic: null,
  batchName: MEMBER.batchName,
  branchName: MEMBER.branchName,
};
/** Comment n of a thread of 25: a minute apart, comment 25 the newest. */
const comment = (n: number): PostComment => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  commenterId: author,
  comment: `comment ${n}`,
  createdAt: `2025-06-15T12:${String(n).padStart(2, '0')}:00.000000Z`,
});
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from > to ? from - i : from + i));

const POST_ID = id(7);
const popular: Post = {
  _id: POST_ID,
  message: 'A popular post',
  image: null,
  accessLevel: 'college',
  likesCount: 0,
  likedByMe: false,
  comments: range(23, 25).map(comment),
  commentsCount: 25,
  postedBy: author,
  createdAt: '2025-06-15T11:00:00.000Z',
};

/** Serves the thread 20 a page, newest first, as GET {path}?before= does; records the calls. */
function serveThread(path: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      const body =
        url === path
          ? { comments: range(25, 6).map(comment), nextCursor: 'older' }
          : url === `${path}?before=older`
            ? { comments: range(5, 1).map(comment), nextCursor: null }
            : url === API.posts.saveComment
              ? { ...comment(26), comment: 'my new comment' }
              : { message: 'unexpected call' };
      return new Response(JSON.stringify(body), {
        status: 'message' in body ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderWith(ui: ReactNode, seed?: (client: QueryClient) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  seed?.(queryClient);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

const shownComments = () =>
  screen.queryAllByText(/^comment \d+$|^my new comment$/).map((e) => e.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('a thread longer than the page carries', { timeout: 30_000 }, () => {
  it('shows the newest 3, then View all loads older pages, oldest first', async () => {
    const calls = serveThread(API.posts.comments(POST_ID));
    renderWith(<PostCard post={popular} userId={MEMBER._id} />);
    expect(shownComments()).toEqual(['comment 23', 'comment 24', 'comment 25']);
    expect(screen.getByText('25 comments')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByText('View all 25 comments'));
    await waitFor(() => expect(shownComments()).toHaveLength(20));
    expect(shownComments()).toEqual(range(6, 25).map((n) => `comment ${n}`));
    expect(screen.queryByText('View all 25 comments')).toBeNull();

    fireEvent.click(await screen.findByText('View older comments'));
    await waitFor(() => expect(shownComments()).toHaveLength(25));
    expect(shownComments()).toEqual(range(1, 25).map((n) => `comment ${n}`));
    expect(screen.queryByText('View older comments')).toBeNull();
    expect(calls).toEqual([
      `GET ${API.posts.comments(POST_ID)}`,
      `GET ${API.posts.comments(POST_ID)}?before=older`,
    ]);
  });

  it('shows a comment the member writes at once, and counts it', async () => {
    serveThread(API.posts.comments(POST_ID));
    // The card reads its post from the feed's cache, as the feed does.
    const queryClient = renderWith(<PostCard post={popular} userId={MEMBER._id} />, (client) =>
      client.setQueryData(['posts', 'feed'], { pages: [[popular]], pageParams: [undefined] }),
    );
    fireEvent.change(screen.getByLabelText('Write a comment'), {
      target: { value: 'my new comment' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => {
      const cached = queryClient.getQueryData<{ pages: Post[][] }>(['posts', 'feed']);
      expect(cached?.pages[0]?.[0]?.commentsCount).toBe(26);
      expect(cached?.pages[0]?.[0]?.comments.at(-1)?.comment).toBe('my new comment');
    });
  });
});
