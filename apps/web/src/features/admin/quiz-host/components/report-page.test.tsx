import type { QuizReport } from '@alumnet/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { disconnectRealtime } from '../../../../lib/realtime';
import { json, renderRoute, serve } from '../testing/render-route';
import { ReportPage } from './report-page';

vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

const report: QuizReport = {
  code: 'AB12CD',
  title: 'Alumni Day trivia',
  kind: 'live',
  status: 'finished',
  playedAt: '2025-03-04T10:30:00.000Z',
  deadline: null,
  settings: {
    speedScoring: false,
    streakBonus: true,
    podiumSize: 3,
    teams: { count: 2, choose: 'auto' },
  },
  players: [
    {
      rank: 1,
      name: 'Meera Menon',
      email: 'meera@example.com',
      team: 'Red',
      right: 2,
      wrong: 0,
      unanswered: 1,
      points: 2100,
    },
    {
      rank: 2,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      team: 'Blue',
      right: 1,
      wrong: 2,
      unanswered: 0,
      points: 1000,
    },
  ],
  teams: [
    { rank: 1, name: 'Red', score: 2100, members: 1 },
    { rank: 2, name: 'Blue', score: 1000, members: 1 },
  ],
  questions: [
    {
      number: 1,
      question: 'Founded in?',
      kind: 'single',
      shareRight: 0.5,
      meanTimeMs: 4250,
      answered: 2,
      distribution: [
        { label: '1950', count: 1, correct: false },
        { label: '1962', count: 1, correct: true },
      ],
      mostMissed: false,
      asked: true,
    },
    {
      number: 2,
      question: 'Capital of France?',
      kind: 'typed',
      shareRight: 0,
      meanTimeMs: 9000,
      answered: 1,
      distribution: [{ label: 'lyon', count: 1, correct: false }],
      mostMissed: true,
      asked: true,
    },
    {
      number: 3,
      question: 'Best season?',
      kind: 'poll',
      shareRight: null,
      meanTimeMs: null,
      answered: 0,
      distribution: [],
      mostMissed: false,
      asked: false,
    },
  ],
};

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

const renderReport = () =>
  renderRoute(paths.quizHostReport, '/dashboard/quiz/game/AB12CD/report', <ReportPage />);

describe('ReportPage', { timeout: 30_000 }, () => {
  it("shows the server's figures per question, per player and per team", async () => {
    const { calls } = serve((method, path) =>
      method === 'GET' && path === '/api/quiz-games/AB12CD/report' ? json(200, report) : undefined,
    );
    renderReport();
    // The file's first render loads the page cold: on two busy cores that takes seconds.
    await screen.findByRole('heading', { name: 'Report: Alumni Day trivia' }, { timeout: 5_000 });
    expect(calls.map((c) => c.call)).toContain('GET /api/quiz-games/AB12CD/report');
    screen.getByText('Speed scoring off');
    screen.getByText('Streak bonus on');

    const first = screen.getByRole('group', { name: 'Question 1' });
    within(first).getByLabelText('Right: 50%');
    within(first).getByLabelText('Mean time: 4.3 s');
    within(first).getByLabelText('Answered: 2');
    const bars = within(first).getByRole('list', { name: 'Answers to question 1' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['19501', '19621']);
    within(bars).getByLabelText('Right');
    expect(within(first).queryByText('Most missed')).toBeNull();

    const second = screen.getByRole('group', { name: 'Question 2' });
    within(second).getByText('Most missed');
    within(second).getByText('Typed answer');
    within(second).getByLabelText('Right: 0%');
    within(screen.getByRole('group', { name: 'Question 3' })).getByText(
      'The game ended before this question.',
    );

    const players = screen.getByRole('table', { name: 'Players' });
    expect(
      within(players)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RankNameTeamRightWrongUnansweredPoints',
      '1Meera MenonRed2012100',
      '2Ravi KumarBlue1201000',
    ]);
    const teams = screen.getByRole('table', { name: 'Team standings' });
    expect(
      within(teams)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RankTeamMembersScore', '1Red12100', '2Blue11000']);
    expect(screen.getByRole('link', { name: 'Download results (CSV)' }).getAttribute('href')).toBe(
      '/api/quiz-games/AB12CD/results.csv',
    );
  });

  it('says so when no game has the code', async () => {
    serve(() => undefined);
    renderReport();
    await screen.findByText('No game has the code AB12CD.');
  });
});
