import {
  ADMIN_COLLEGE_COOKIE,
  type ProgrammeAnswer,
  type ProgrammeFigures,
  type SignedInUser,
} from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../../lib/realtime';
import { meQuery } from '../../../../lib/session';
import { id, MEMBER } from '../../../../testing/member';
import { ProgrammePage } from './programme-page';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

const ADMIN: SignedInUser = { ...MEMBER, email: 'admin@demo.alumnet.dev', userType: 'a' };
const SUPER: SignedInUser = { ...ADMIN, email: 'super@demo.alumnet.dev', isSuperAdmin: true };
const COLLEGE = MEMBER.collegeId!;
const OTHER_COLLEGE = id(8);

const figures = (over: Partial<ProgrammeFigures> = {}): ProgrammeFigures => ({
  mentors: 40,
  takingRequests: 31,
  atCapacity: 1,
  openRequests: 6,
  oldestOpenDays: 12.6,
  medianHoursToAnswer: 30,
  acceptanceRate: 0.72,
  activeMentorships: 18,
  endedMentorships: 14,
  averageRating: 4.36,
  ...over,
});

const PROGRAMME: ProgrammeAnswer = {
  figures: figures(),
  byBatch: [
    { ...figures({ mentors: 5, acceptanceRate: null }), name: '2012-2016' },
    { ...figures({ mentors: 3 }), name: '2014-2018' },
  ],
  byBranch: [{ ...figures({ mentors: 9, averageRating: 3.5 }), name: 'Mechanical' }],
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    requests: i + 2,
    accepted: i,
    ended: i % 3,
  })),
  openRequests: [
    {
      id: id(3),
      mentor: 'Rahul Verma',
      mentee: 'Kiran Rao',
      goal: 'Move to product',
      ageDays: 12.6,
    },
    { id: id(4), mentor: 'Anita Das', mentee: 'Meera Menon', goal: 'GRE prep', ageDays: 2.1 },
  ],
  topics: [
    { name: 'Career guidance', custom: false },
    { name: 'Public sector careers', custom: true },
  ],
};

type Call = { method: string; path: string; body: unknown };

function serve(
  answers: (call: Call) => { status: number; body: unknown } | undefined = () => undefined,
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer =
        answers(call) ??
        (path === '/api/dashboard/filter-options'
          ? {
              status: 200,
              body: {
                colleges: [
                  { _id: COLLEGE, name: MEMBER.collegeName },
                  { _id: OTHER_COLLEGE, name: 'Riverside College' },
                ],
              },
            }
          : path.startsWith('/api/dashboard/mentoring')
            ? { status: 200, body: PROGRAMME }
            : { status: 200, body: [] });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPage(user: SignedInUser = ADMIN) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/mentoring']}>
          <ProgrammePage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  disconnectRealtime();
  // The super admin's choice is a cookie: the next test starts without it.
  document.cookie = `${ADMIN_COLLEGE_COOKIE}=; path=/; max-age=0`;
  vi.unstubAllGlobals();
});

describe('/dashboard/mentoring', { timeout: 30_000 }, () => {
  it('shows the headline figures, the open requests oldest first and the export link', async () => {
    const calls = serve();
    renderPage();
    const mentors = await screen.findByRole('region', { name: 'Mentors' });
    expect(mentors.textContent).toContain('40');
    expect(mentors.textContent).toContain('31 taking requests, 1 at capacity');
    expect(screen.getByRole('region', { name: 'Open requests' }).textContent).toContain(
      'Oldest: 12 days',
    );
    expect(screen.getByRole('region', { name: 'Time to answer' }).textContent).toContain('30 h');
    expect(screen.getByRole('region', { name: 'Acceptance' }).textContent).toContain('72%');
    expect(screen.getByRole('region', { name: 'Mentorships' }).textContent).toContain(
      'Active; 14 ended',
    );
    expect(screen.getByRole('region', { name: 'Average rating' }).textContent).toContain('4.4 / 5');

    const waiting = screen.getByRole('region', { name: 'Waiting for an answer' });
    const items = within(waiting).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Kiran Rao asked Rahul Verma'),
      expect.stringContaining('Meera Menon asked Anita Das'),
    ]);
    expect(items[0]!.textContent).toContain('Expires in 2 days');
    expect(items[1]!.textContent).not.toContain('Expires');

    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/dashboard/mentoring?format=csv');
    expect(calls.find((c) => c.path.startsWith('/api/dashboard/mentoring'))?.path).toBe(
      `/api/dashboard/mentoring?collegeId=${COLLEGE}`,
    );
  });

  it('switches the table between batches and branches', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'By batch' });
    expect(within(table).getByText('2012-2016')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByText('Branch'));
    const branches = await screen.findByRole('table', { name: 'By branch' });
    const mechanical = within(branches).getByText('Mechanical').closest('tr')!;
    expect(mechanical.textContent).toContain('3.5 / 5');
    expect(within(branches).queryByText('2012-2016')).toBeNull();
  });

  it('marks the custom topics and adds one, showing the server’s refusal', async () => {
    const calls = serve((call) =>
      call.method !== 'POST'
        ? undefined
        : (call.body as { name: string }).name === 'Career guidance'
          ? {
              status: 409,
              body: {
                statusCode: 409,
                error: 'Conflict',
                message: 'This topic is already in the list.',
              },
            }
          : {
              status: 200,
              body: {
                topics: [...PROGRAMME.topics, { name: 'Design careers', custom: true }],
                message: 'Topic added.',
              },
            },
    );
    renderPage();
    const topics = await screen.findByRole('region', { name: 'Topics' });
    expect(within(topics).getByText('Public sector careers').textContent).toContain('added');
    expect(within(topics).getByText('Career guidance').textContent).not.toContain('added');

    const input = within(topics).getByLabelText('New topic');
    fireEvent.change(input, { target: { value: 'Career guidance' } });
    fireEvent.click(within(topics).getByRole('button', { name: 'Add topic' }));
    expect((await within(topics).findByRole('alert')).textContent).toBe(
      'This topic is already in the list.',
    );

    fireEvent.change(input, { target: { value: '  Design careers ' } });
    expect(within(topics).queryByRole('alert')).toBeNull();
    fireEvent.click(within(topics).getByRole('button', { name: 'Add topic' }));
    expect(await within(topics).findByText('Design careers')).toBeTruthy();
    expect(await screen.findByText('Topic added.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      ['/api/dashboard/mentoring/topics', { name: 'Career guidance' }],
      ['/api/dashboard/mentoring/topics', { name: 'Design careers' }],
    ]);
  });

  it("a super admin works on the college chosen, the export's too", async () => {
    const calls = serve();
    renderPage(SUPER);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Select a college' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Riverside College', hidden: true }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain(
        `/api/dashboard/mentoring?collegeId=${OTHER_COLLEGE}`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `/api/dashboard/mentoring?format=csv&collegeId=${OTHER_COLLEGE}`,
    );
  });

  it("shows the server's message when the figures cannot be read", async () => {
    serve((call) =>
      call.path.startsWith('/api/dashboard/mentoring')
        ? {
            status: 403,
            body: {
              statusCode: 403,
              error: 'Forbidden',
              message: 'You can only manage your own college.',
            },
          }
        : undefined,
    );
    renderPage();
    const alert = (await screen.findByText('You can only manage your own college.')).closest(
      '[role="alert"]',
    );
    expect(alert).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mentors' })).toBeNull();
  });

  it('a member sees the not-authorized screen and no figures are asked for', async () => {
    const calls = serve();
    renderPage(MEMBER);
    expect(await screen.findByText('Not authorized')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/dashboard/mentoring'))).toBe(false);
  });
});
