import type { MentoringRequest, MentorshipDetail, MentorSuggestion } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { FindMentorPage, MentoringRequestsPage, MentorshipPage } from './mentoring-screens';

const mentor = (over: Partial<MentorSuggestion> = {}): MentorSuggestion => ({
  id: id(2),
  fullName: 'Arjun Rao',
  profilePicture: null,
  batch: '2008-2012',
  branch: 'Computer Science',
  companyName: 'Infosys',
  city: 'Bengaluru',
  country: 'India',
  topics: ['Career guidance', 'Interview preparation'],
  industries: ['Software'],
  howIHelp: 'A call every two weeks.',
  capacity: 3,
  activeMentees: 2,
  takingRequests: true,
  score: 55,
  reasons: ['Same branch: Computer Science', '4 years ahead of you', 'Topic you asked about'],
  requested: false,
  ...over,
});

const MENTORSHIP_ID = id(7);
const DAY = 24 * 60 * 60 * 1000;
const person = (n: number, fullName: string) => ({
  id: id(n),
  fullName,
  profilePicture: null,
  batch: '2012-2016',
  branch: 'Computer Science',
});
const mentorship = (over: Partial<MentorshipDetail> = {}): MentorshipDetail => ({
  id: MENTORSHIP_ID,
  mentor: person(2, 'Arjun Rao'),
  mentee: person(1, 'Meera Menon'),
  goal: 'Move into product management',
  startedAt: '2026-10-01T10:00:00.000Z',
  endedAt: null,
  myRole: 'mentee',
  goalsDone: 0,
  goalsTotal: 1,
  sessions: 0,
  message: 'I test software and want to move into product.',
  firstNote: 'Happy to help. Fridays suit me.',
  goals: [{ id: id(8), text: 'Rewrite the CV', done: false, doneAt: null }],
  sessionLog: [],
  endings: [],
  mayEdit: true,
  mayRate: true,
  ...over,
});

type Call = { method: string; path: string; body: unknown };
type Reply = { status: number; body: unknown };

/** Answers each call by `METHOD path` (the query string included); unknown calls get 404. */
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
      const { status, body } = route
        ? route(call)
        : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}
const ok = (body: unknown) => () => ({ status: 200, body });

function renderAt(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: MEMBER });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/mentoring" element={<FindMentorPage />} />
            <Route path="/mentoring/requests" element={<MentoringRequestsPage />} />
            <Route path="/mentoring/mentorships/:id" element={<MentorshipPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROFILE = {
  profile: {
    openToMentoring: false,
    topics: [],
    industries: [],
    capacity: 2,
    howIHelp: '',
    takingRequests: true,
    activeMentees: 0,
  },
  topics: ['Career guidance', 'Interview preparation', 'Entrepreneurship'],
};

describe('FindMentorPage', { timeout: 30_000 }, () => {
  it("shows each mentor's reasons and room, and no Ask for a mentor at capacity", async () => {
    serve({
      'GET /api/mentoring/suggestions': ok({
        mentors: [
          mentor(),
          mentor({
            id: id(3),
            fullName: 'Kavya Iyer',
            capacity: 2,
            activeMentees: 2,
            reasons: ['Same city: Pune'],
          }),
          mentor({ id: id(4), fullName: 'Rohan Das', takingRequests: false, reasons: [] }),
        ],
        total: 3,
      }),
      'GET /api/mentoring/profile': ok(PROFILE),
    });
    renderAt('/mentoring');

    const arjun = await screen.findByRole('article', { name: 'Arjun Rao' });
    const reasons = within(arjun).getByRole('list', { name: 'Why Arjun Rao is suggested' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Same branch: Computer Science', '4 years ahead of you', 'Topic you asked about']);
    expect(within(arjun).getByTestId('mentor-capacity').textContent).toBe('2 of 3 mentees');
    expect(within(arjun).getByText('Interview preparation')).toBeTruthy();
    expect(within(arjun).getByText('Bengaluru, India')).toBeTruthy();
    expect(
      within(arjun).getByRole('button', { name: 'Ask for mentoring' }).hasAttribute('disabled'),
    ).toBe(false);

    const kavya = screen.getByRole('article', { name: 'Kavya Iyer' });
    expect(within(kavya).getByTestId('mentor-capacity').textContent).toBe('At capacity');
    expect(
      within(kavya).getByRole('button', { name: 'Ask for mentoring' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(within(kavya).getByTestId('ask-blocked').textContent).toMatch(/^At capacity/);

    const rohan = screen.getByRole('article', { name: 'Rohan Das' });
    expect(within(rohan).getByTestId('mentor-capacity').textContent).toBe('Not taking requests');
    expect(
      within(rohan).getByRole('button', { name: 'Ask for mentoring' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("asks with a goal and a message, and shows the server's refusal", async () => {
    const calls = serve({
      'GET /api/mentoring/suggestions': ok({ mentors: [mentor()], total: 1 }),
      'GET /api/mentoring/profile': ok(PROFILE),
      'POST /api/mentoring/requests': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'You already have a request waiting with this mentor.',
        },
      }),
    });
    renderAt('/mentoring');
    const arjun = await screen.findByRole('article', { name: 'Arjun Rao' });
    fireEvent.click(within(arjun).getByRole('button', { name: 'Ask for mentoring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Arjun Rao for mentoring' });
    fireEvent.change(within(dialog).getByLabelText(/Your goal/), {
      target: { value: 'Move into product management' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Message/), {
      target: { value: 'I test software today.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You already have a request waiting with this mentor.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mentorId: id(2),
      goal: 'Move into product management',
      message: 'I test software today.',
    });
  });

  it('asks the server again with the topic chosen', async () => {
    const calls = serve({
      'GET /api/mentoring/suggestions': ok({ mentors: [mentor()], total: 1 }),
      'GET /api/mentoring/suggestions?topic=Entrepreneurship': ok({ mentors: [], total: 0 }),
      'GET /api/mentoring/profile': ok(PROFILE),
    });
    renderAt('/mentoring?topic=Entrepreneurship');
    expect(await screen.findByText('No mentors match these filters.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/mentoring/suggestions?topic=Entrepreneurship')).toBe(
      true,
    );
  });
});

describe('MentoringRequestsPage', { timeout: 30_000 }, () => {
  const request = (n: number, over: Partial<MentoringRequest> = {}): MentoringRequest => ({
    id: id(n),
    mentor: person(1, 'Meera Menon'),
    mentee: person(3, 'Kavya Iyer'),
    goal: 'Get into a master’s programme abroad',
    message: 'Could we talk about my shortlist?',
    status: 'open',
    createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
    expiresAt: new Date(Date.now() + 11 * DAY - 60_000).toISOString(),
    answeredAt: null,
    reason: null,
    mentorshipId: null,
    ...over,
  });

  it('accepts with a first note, and marks the request a notification pointed at', async () => {
    let accepted = false;
    const calls = serve({
      'GET /api/mentoring/requests': () =>
        ok({
          incoming: [
            accepted
              ? request(4, {
                  status: 'accepted',
                  answeredAt: new Date().toISOString(),
                  mentorshipId: MENTORSHIP_ID,
                })
              : request(4),
          ],
          outgoing: [
            request(5, { mentor: person(2, 'Arjun Rao'), mentee: person(1, 'Meera Menon') }),
          ],
        })(),
      [`POST /api/mentoring/requests/${id(4)}/accept`]: () => {
        accepted = true;
        return { status: 200, body: { request: request(4, { status: 'accepted' }) } };
      },
    });
    renderAt(`/mentoring/requests?request=${id(5)}`);

    const mine = await screen.findByRole('article', { name: 'Request to Arjun Rao' });
    expect(mine.className).toMatch(/highlight/);
    expect(within(mine).getByText(/expires in 11 days/)).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Withdraw request' })).toBeTruthy();

    const theirs = screen.getByRole('article', { name: 'Request from Kavya Iyer' });
    expect(theirs.className).not.toMatch(/highlight/);
    fireEvent.click(within(theirs).getByRole('button', { name: 'Accept' }));
    fireEvent.click(
      within(theirs).getByRole('button', { name: 'Accept and start mentoring Kavya Iyer' }),
    );
    expect((await within(theirs).findByRole('alert')).textContent).toBe('A first note is required');
    fireEvent.change(within(theirs).getByLabelText(/First note/), {
      target: { value: 'Happy to. Saturdays suit me.' },
    });
    fireEvent.click(
      within(theirs).getByRole('button', { name: 'Accept and start mentoring Kavya Iyer' }),
    );
    const link = await within(theirs).findByRole('link', { name: 'Open the mentorship' });
    expect(link.getAttribute('href')).toBe(`/mentoring/mentorships/${MENTORSHIP_ID}`);
    expect(calls.find((c) => c.path.endsWith('/accept'))?.body).toEqual({
      note: 'Happy to. Saturdays suit me.',
    });
  });
});

describe('MentorshipPage', { timeout: 30_000 }, () => {
  const one = `GET /api/mentoring/mentorships/${MENTORSHIP_ID}`;

  it('ticks a goal and logs a session the log then shows', async () => {
    let state = mentorship();
    const calls = serve({
      [one]: () => ok({ mentorship: state })(),
      [`PATCH /api/mentoring/mentorships/${MENTORSHIP_ID}/goals/${id(8)}`]: () => {
        state = { ...state, goals: [{ ...state.goals[0]!, done: true, doneAt: state.startedAt }] };
        return { status: 200, body: { goal: state.goals[0] } };
      },
      [`POST /api/mentoring/mentorships/${MENTORSHIP_ID}/sessions`]: (call) => {
        const body = call.body as { heldOn: string; minutes: number; notes: string };
        const session = {
          id: id(6),
          ...body,
          loggedBy: { id: MEMBER._id, fullName: MEMBER.fullName },
          createdAt: '2026-10-10T10:00:00.000Z',
        };
        state = { ...state, sessionLog: [session] };
        return { status: 200, body: { session } };
      },
    });
    renderAt(`/mentoring/mentorships/${MENTORSHIP_ID}`);

    expect(
      await screen.findByRole('heading', { name: 'Move into product management' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(
      `/chat?with=${id(2)}`,
    );
    expect(screen.getByText('Happy to help. Fridays suit me.')).toBeTruthy();

    const goals = screen.getByRole('region', { name: 'Goals' });
    fireEvent.click(within(goals).getByRole('checkbox', { name: 'Rewrite the CV' }));
    await waitFor(() =>
      expect(within(goals).getByTestId('goals-done').textContent).toBe('1 of 1 done'),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ done: true });

    const form = screen.getByRole('form', { name: 'Log a session' });
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2026-10-09' } });
    fireEvent.change(within(form).getByLabelText(/Length/), { target: { value: '60' } });
    fireEvent.change(within(form).getByLabelText(/Notes/), {
      target: { value: 'Went through the CV line by line.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Log session' }));
    const log = await screen.findByRole('list', { name: 'Session log' });
    expect(within(log).getByText('Went through the CV line by line.')).toBeTruthy();
    expect(within(log).getByTestId('session-when').textContent).toBe('Fri, 9 Oct 2026 · 1 h');
    expect(calls.find((c) => c.path.endsWith('/sessions'))?.body).toEqual({
      heldOn: '2026-10-09',
      minutes: 60,
      notes: 'Went through the CV line by line.',
    });
  });

  it('is read only for an admin: no forms, no ending, no conversation', async () => {
    serve({
      [one]: ok({ mentorship: mentorship({ myRole: null, mayEdit: false, mayRate: false }) }),
    });
    renderAt(`/mentoring/mentorships/${MENTORSHIP_ID}`);
    expect(await screen.findByText('Read only')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Rewrite the CV' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('form', { name: 'Log a session' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End mentorship' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open conversation' })).toBeNull();
  });

  it('offers "Add your rating" once the other side has ended it', async () => {
    const calls = serve({
      [one]: ok({
        mentorship: mentorship({
          endedAt: '2026-11-01T10:00:00.000Z',
          mayEdit: false,
          endings: [
            { by: 'mentor', rating: 5, comment: 'A pleasure.', at: '2026-11-01T10:00:00.000Z' },
          ],
        }),
      }),
      [`POST /api/mentoring/mentorships/${MENTORSHIP_ID}/end`]: ok({ message: 'ok' }),
    });
    renderAt(`/mentoring/mentorships/${MENTORSHIP_ID}`);
    const ending = await screen.findByRole('region', { name: 'How it went' });
    expect(within(ending).getByText('A pleasure.')).toBeTruthy();
    expect(within(ending).getByRole('img', { name: 'Rated 5 of 5' })).toBeTruthy();
    const form = within(ending).getByRole('form', { name: 'Add your rating' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add your rating' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Rate from 1 to 5.');
    // A star is picked through its label (the radio itself only previews the value).
    const four = within(form).getByRole('radio', { name: '4 of 5' });
    fireEvent.click(form.querySelector(`label[for="${four.id}"]`)!);
    fireEvent.click(within(form).getByRole('button', { name: 'Add your rating' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/end'))?.body).toEqual({ rating: 4, comment: '' }),
    );
  });
});
