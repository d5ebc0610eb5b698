import { API, type Job, type PostComment } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { id, MEMBER } from '../../../testing/member';
import { JobComments } from './job-comments';

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
            : { message: 'unexpected call' };
      return new Response(JSON.stringify(body), {
        status: 'message' in body ? 404 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const shownComments = () =>
  screen.queryAllByText(/^comment \d+$|^my new comment$/).map((e) => e.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('a job whose thread is longer than the board carries', { timeout: 30_000 }, () => {
  it('shows no View all when the job carries every comment, and pages a job like a post', async () => {
    const JOB_ID = id(8);
    const job = {
      id: JOB_ID,
      comments: range(23, 25).map(comment),
      commentsCount: 3,
    } as Job;
    const calls = serveThread(API.jobs.comments(JOB_ID));
    const { rerender } = render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <JobComments job={job} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(shownComments()).toEqual(['comment 23', 'comment 24', 'comment 25']);
    expect(screen.queryByText(/View all/)).toBeNull();

    rerender(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <JobComments job={{ ...job, commentsCount: 25 }} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByText('View all 25 comments'));
    await waitFor(() => expect(shownComments()).toHaveLength(20));
    expect(calls).toEqual([`GET ${API.jobs.comments(JOB_ID)}`]);
  });
});
