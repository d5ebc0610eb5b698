import type { HostState } from '@alumnet/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { disconnectRealtime } from '../../../../lib/realtime';
import { json, renderRoute, serve } from '../testing/render-route';
import { GameConsolePage } from './game-console-page';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

/** The browser's WebSocket, played by the test: it opens, pushes and drops when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  push(state: HostState) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type: 'host_state', state }) }));
  }
  drop() {
    act(() => this.onclose?.({ code: 1006 }));
  }
}
/** The socket the console holds now (StrictMode opens and closes one first). */
const socket = () => FakeSocket.all.filter((s) => !s.closed).at(-1)!;

const lobby: HostState = {
  code: 'AB12CD',
  title: 'Alumni Day trivia',
  status: 'lobby',
  players: [{ name: 'Ravi Kumar', score: 0 }],
  total_players: 1,
  question_number: 0,
  total_questions: 3,
  question: null,
  answers_count: 0,
  distribution: [],
  top: [],
};
const question = {
  question: 'Founded in?',
  options: ['1950', '1962', '1971'],
  correct_answer: 1,
  time_limit: 20,
  remaining_ms: 20_000,
};
const asking: HostState = {
  ...lobby,
  status: 'question',
  players: [...lobby.players, { name: 'Meera Menon', score: 0 }],
  total_players: 5,
  question_number: 1,
  question,
  answers_count: 2,
};
const top = [
  { rank: 1, name: 'Meera Menon', score: 950 },
  { rank: 2, name: 'Ravi Kumar', score: 800 },
  { rank: 3, name: 'Anita Rao', score: 610 },
];
const results: HostState = {
  ...asking,
  status: 'results',
  answers_count: 5,
  distribution: [1, 3, 1],
  top,
};
const finished: HostState = { ...results, status: 'finished', question_number: 3, top };

let served: ReturnType<typeof serve>;
let current: HostState | null;
beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  current = lobby;
  served = serve((method, path) => {
    if (method === 'GET' && path === '/api/quiz-games/AB12CD') {
      return current
        ? json(200, current)
        : json(404, { statusCode: 404, error: 'Not Found', message: 'No such game' });
    }
    if (method === 'POST' && path === '/api/quiz-games/AB12CD/action') return json(200, current);
    return undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  disconnectRealtime();
  vi.unstubAllGlobals();
});

const renderConsole = (code = 'AB12CD') =>
  renderRoute(paths.quizHostGame, `/dashboard/quiz/game/${code}`, <GameConsolePage />);
const gets = () => served.calls.filter((c) => c.call === 'GET /api/quiz-games/AB12CD').length;

describe('GameConsolePage', { timeout: 30_000 }, () => {
  it('announces the host on the socket and shows the lobby with the join address', async () => {
    renderConsole();
    // The file's first render loads Mantine's charts cold: on two busy cores that takes seconds.
    await screen.findByRole('heading', { name: 'Game code AB12CD' }, { timeout: 5_000 });
    expect(socket().url).toBe(`ws://${window.location.host}/api/kahoot/ws/AB12CD`);
    socket().open();
    expect(socket().sent).toEqual([{ type: 'host_connected' }]);
    await screen.findByText('Live');
    // A socket the console already closed reports its close late: the console stays live.
    for (const old of FakeSocket.all.filter((s) => s.closed)) old.drop();
    expect(FakeSocket.all.filter((s) => !s.closed)).toHaveLength(1);
    screen.getByText('Live');

    const joinUrl = `${window.location.origin}/quiz/AB12CD`;
    expect(screen.getByRole('link', { name: joinUrl }).getAttribute('href')).toBe(joinUrl);
    await screen.findByRole('img', { name: `QR code of ${joinUrl}` });
    screen.getByText('1 player');

    socket().push({
      ...lobby,
      players: [...lobby.players, { name: 'Meera Menon', score: 0 }],
      total_players: 2,
    });
    await screen.findByText('2 players');
    within(screen.getByRole('list', { name: 'Players' })).getByText('Meera Menon');

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(served.bodies('POST /api/quiz-games/AB12CD/action')).toEqual([
        { action: 'start', from: { status: 'lobby', question_number: 0 } },
      ]),
    );
  });

  it('follows a question, its results and the podium as the server pushes them', async () => {
    renderConsole();
    await screen.findByRole('heading', { name: 'Game code AB12CD' });
    socket().open();

    socket().push(asking);
    await screen.findByText('Question 1 of 3');
    screen.getByRole('heading', { name: 'Founded in?' });
    screen.getByText('B. 1962');
    screen.getByText('2 / 5 answered');
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^(20|19)s$/);
    socket().push({ ...asking, answers_count: 4, question: { ...question, remaining_ms: 9_000 } });
    await screen.findByText('4 / 5 answered');
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^(9|8)s$/);

    socket().push(results);
    const answers = await screen.findByRole('list', { name: 'Answers' });
    const rows = within(answers).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['A.19501', 'B.1962Correct3', 'C.19711']);
    const board = screen.getByRole('table', { name: 'Leaderboard' });
    expect(
      within(board)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RankNameScore', '1Meera Menon950', '2Ravi Kumar800', '3Anita Rao610']);
    // A double click is one press: one call, naming the step the console showed.
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await waitFor(() =>
      expect(served.bodies('POST /api/quiz-games/AB12CD/action')).toEqual([
        { action: 'next', from: { status: 'results', question_number: results.question_number } },
      ]),
    );

    socket().push({ ...results, question_number: 3 });
    await screen.findByRole('button', { name: 'Show podium' });

    socket().push(finished);
    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((p) => p.getAttribute('aria-label')),
    ).toEqual([
      '2nd: Ravi Kumar, 800 points',
      '1st: Meera Menon, 950 points',
      '3rd: Anita Rao, 610 points',
    ]);
    expect(screen.getByRole('link', { name: 'Download results (CSV)' }).getAttribute('href')).toBe(
      '/api/quiz-games/AB12CD/results.csv',
    );
    // A finished game needs no socket.
    await waitFor(() => expect(FakeSocket.all.every((s) => s.closed)).toBe(true));
  });

  it('shows the new kinds, the picture, team standings and a longer podium', async () => {
    const settings = {
      speedScoring: false,
      streakBonus: true,
      podiumSize: 5,
      teams: { count: 2, choose: 'auto' as const },
    };
    const teams = [
      { rank: 1, name: 'Red', score: 900, members: 2 },
      { rank: 2, name: 'Blue', score: 700, members: 3 },
    ];
    current = { ...lobby, settings, teams };
    renderConsole();
    await screen.findByRole('heading', { name: 'Game code AB12CD' });
    screen.getByText('Players are placed in teams: Red (2), Blue (3)');
    screen.getByText(/No speed scoring · streak bonus · 5 places on the podium/);
    socket().open();

    const several = {
      ...question,
      question: 'Which are prime?',
      options: ['2', '4', '5'],
      correct_answer: -1,
      kind: 'multiple' as const,
      image: { url: '/v1/s3?image=primes.png', alt: 'Numbers on a board' },
      double_points: true,
      correct_options: [0, 2],
    };
    socket().push({ ...asking, settings, teams, question: several });
    await screen.findByRole('heading', { name: 'Which are prime?' });
    screen.getByText('Several right answers');
    screen.getByText('Double points');
    expect(screen.getByRole('img', { name: 'Numbers on a board' }).getAttribute('src')).toBe(
      '/v1/s3?image=primes.png',
    );

    socket().push({ ...results, settings, teams, question: several, distribution: [3, 1, 2] });
    const answers = await screen.findByRole('list', { name: 'Answers' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['A.2Correct3', 'B.41', 'C.5Correct2']);
    expect(
      within(screen.getByRole('table', { name: 'Team standings' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RankNameScore', '1Red900', '2Blue700']);

    const typed = {
      ...question,
      question: 'Capital of France?',
      options: [],
      correct_answer: -1,
      kind: 'typed' as const,
      accepted_answers: ['Paris'],
    };
    socket().push({ ...asking, settings, teams, question_number: 2, question: typed });
    await screen.findByText('Type your answer on your phone');
    socket().push({
      ...results,
      settings,
      teams,
      question_number: 2,
      question: typed,
      distribution: [],
      typed_answers: [
        { text: 'paris', count: 3, correct: true },
        { text: 'lyon', count: 1, correct: false },
      ],
    });
    const tally = await screen.findByRole('list', { name: 'Typed answers' });
    expect(
      within(tally)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['parisCorrect3', 'lyon1']);
    within(screen.getByRole('list', { name: 'Accepted answers' })).getByText('Paris');

    const order = {
      ...question,
      question: 'Oldest first',
      options: ['1990', '1950', '1970'],
      correct_answer: -1,
      kind: 'order' as const,
      correct_order: [1, 2, 0],
    };
    socket().push({ ...results, settings, teams, question_number: 3, question: order });
    const right = await screen.findByRole('list', { name: 'Right order' });
    expect(
      within(right)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['11950', '21970', '31990']);

    const players = [
      ...top,
      { rank: 4, name: 'Kiran Das', score: 500 },
      { rank: 5, name: 'Lata Iyer', score: 400 },
      { rank: 6, name: 'Omar Ali', score: 300 },
    ];
    socket().push({ ...finished, settings, teams, top: players });
    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((p) => p.getAttribute('aria-label')),
    ).toEqual(['2nd: Blue, 700 points', '1st: Red, 900 points', '3rd: nobody']);
    expect(
      within(screen.getByRole('table', { name: 'Leaderboard' }))
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Open the report' }).getAttribute('href')).toBe(
      '/dashboard/quiz/game/AB12CD/report',
    );
  });

  it('shows as many places as the podium size, without teams', async () => {
    const players = [
      ...top,
      { rank: 4, name: 'Kiran Das', score: 500 },
      { rank: 5, name: 'Lata Iyer', score: 400 },
      { rank: 6, name: 'Omar Ali', score: 300 },
    ];
    current = {
      ...finished,
      top: players,
      settings: { speedScoring: true, streakBonus: false, podiumSize: 5, teams: null },
      teams: null,
    };
    renderConsole();
    const next = await screen.findByRole('list', { name: 'Next places' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((p) => p.getAttribute('aria-label')),
    ).toEqual(['4th: Kiran Das, 500 points', '5th: Lata Iyer, 400 points']);
  });

  it('ends the game only after the confirmation', async () => {
    renderConsole();
    await screen.findByRole('heading', { name: 'Game code AB12CD' });
    fireEvent.click(screen.getByRole('button', { name: 'End game' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the game' });
    expect(served.bodies('POST /api/quiz-games/AB12CD/action')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End game' }));
    await waitFor(() =>
      expect(served.bodies('POST /api/quiz-games/AB12CD/action')).toEqual([
        { action: 'end', from: { status: 'lobby', question_number: 0 } },
      ]),
    );
  });

  it('reads the game every 2 s while the socket is down and reconnects after 5 s', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'],
    });
    renderConsole();
    await screen.findByRole('heading', { name: 'Game code AB12CD' });
    socket().open();
    await screen.findByText('Live');
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(gets()).toBe(before);

    socket().drop();
    await screen.findByText('Reconnecting…');
    current = {
      ...lobby,
      players: [...lobby.players, { name: 'Anita Rao', score: 0 }],
      total_players: 2,
    };
    const opened = FakeSocket.all.length;
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await screen.findByText('2 players');
    expect(gets()).toBeGreaterThan(before);
    expect(FakeSocket.all).toHaveLength(opened);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(FakeSocket.all).toHaveLength(opened + 1);
    socket().open();
    expect(socket().sent).toEqual([{ type: 'host_connected' }]);
    await screen.findByText('Live');
  });

  it('says so when no game has the code', async () => {
    current = null;
    renderConsole();
    await screen.findByText('No game has the code AB12CD.');
  });
});
