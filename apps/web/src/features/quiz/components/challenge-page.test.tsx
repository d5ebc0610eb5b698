import {
  QUIZ,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  type ChallengeAnswerAnswer,
  type ChallengeQuestion,
  type ChallengeState,
} from '@alumnet/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, renderAt, serve, type Call } from '../testing/quiz-kit';

const CODE = 'CH4LL1';
const STATE = `GET /api/quiz-challenges/${CODE}`;
const NEXT = `POST /api/quiz-challenges/${CODE}/next`;
const ANSWER = `POST /api/quiz-challenges/${CODE}/answer`;

const question = (over: Partial<ChallengeQuestion> = {}): ChallengeQuestion => ({
  question_id: 'q1',
  question: 'Which city hosts the campus?',
  options: ['Chennai', 'Pune', 'Delhi', 'Kochi'],
  question_number: 1,
  total_questions: 2,
  time_limit: 20,
  remaining_ms: 20_000,
  kind: 'single',
  image: null,
  double_points: false,
  ...over,
});
const state = (over: Partial<ChallengeState> = {}): ChallengeState => ({
  code: CODE,
  title: 'Founders Day Challenge',
  deadline: '2030-01-31T18:00:00.000Z',
  total_questions: 2,
  open: true,
  attempt: 'none',
  score: 0,
  question: null,
  leaderboard: [
    { rank: 1, name: 'Rahul Verma', score: 1800 },
    { rank: 2, name: 'Anita Rao', score: 1200 },
  ],
  you: null,
  players: 2,
  ...over,
});
const marked = (over: Partial<ChallengeAnswerAnswer>): ChallengeAnswerAnswer => ({
  is_correct: false,
  answer_state: 'wrong',
  score_added: 0,
  score_earned: 0,
  streak_bonus: 0,
  reveal: { kind: 'single' },
  ...over,
});

const posted = (calls: Call[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);
const open = () => renderAt(`/quiz/challenge/${CODE}`, { signedIn: true });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChallengePage', { timeout: 20_000 }, () => {
  it('plays a challenge through: start, answer, the result with what was right, next, the end', async () => {
    const calls = serve({
      [STATE]: [200, state()],
      [NEXT]: [
        [200, state({ attempt: 'playing', question: question() })],
        [
          200,
          state({
            attempt: 'playing',
            score: 950,
            question: question({
              question_id: 'q2',
              question: 'Name the founder',
              options: [],
              kind: 'typed',
              question_number: 2,
              double_points: true,
            }),
          }),
        ],
        [
          200,
          state({
            attempt: 'done',
            score: 950,
            players: 3,
            you: { rank: 2, name: 'Meera Menon', score: 950 },
            leaderboard: [
              { rank: 1, name: 'Rahul Verma', score: 1800 },
              { rank: 2, name: 'Meera Menon', score: 950 },
              { rank: 3, name: 'Anita Rao', score: 600 },
            ],
          }),
        ],
      ],
      [ANSWER]: [
        [
          200,
          marked({
            is_correct: true,
            answer_state: 'correct',
            score_added: 950,
            score_earned: 950,
            reveal: { kind: 'single', correct_options: [1] },
          }),
        ],
        [
          200,
          marked({
            score_earned: 950,
            reveal: { kind: 'typed', accepted_answers: ['V. Raman'] },
          }),
        ],
      ],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Founders Day Challenge' })).toBeTruthy();
    expect(screen.getByText('Questions').nextSibling?.textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
    expect(screen.getByText('20s')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pune' }));
    expect(await screen.findByText(QUIZ_MESSAGES.correct)).toBeTruthy();
    expect(posted(calls, ANSWER)).toMatchObject([{ question_id: 'q1', submitter_answer: 1 }]);
    const { time_taken } = posted(calls, ANSWER)[0] as { time_taken: number };
    expect(time_taken).toBeGreaterThanOrEqual(0);
    expect(time_taken).toBeLessThan(5);
    expect(
      within(screen.getByRole('list', { name: 'Answers' }))
        .getByText('B. Pune')
        .closest('li')?.textContent,
    ).toContain('Your answer · Correct answer');
    expect(screen.getByText('+950')).toBeTruthy();
    expect(screen.getByText('Score 950')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(await screen.findByText('Question 2 of 2')).toBeTruthy();
    expect(screen.getByText('Double points')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(QUIZ_PLAY_MESSAGES.typePlaceholder), {
      target: { value: 'Raman' },
    });
    fireEvent.click(screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }));
    expect(await screen.findByText(QUIZ_MESSAGES.wrong)).toBeTruthy();
    expect(screen.getByText('V. Raman', { selector: '[aria-label="Answers"] p' })).toBeTruthy();
    expect(posted(calls, ANSWER).at(-1)).toMatchObject({
      question_id: 'q2',
      submitter_answer: 'Raman',
    });

    fireEvent.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByText('You have finished the challenge.')).toBeTruthy();
    expect(screen.getByText('Your score').nextSibling?.textContent).toBe('950');
    expect(screen.getByText('Your rank').nextSibling?.textContent).toBe('#2 of 3');
    const board = within(screen.getByRole('region', { name: 'Leaderboard' }));
    expect(board.getByText('#2 Meera Menon (you)')).toBeTruthy();
    expect(posted(calls, NEXT)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it("shows time's up when the timer runs out, then Next once the server's grace is over", async () => {
    const calls = serve({
      [STATE]: [200, state({ attempt: 'playing', question: question({ remaining_ms: 200 }) })],
      [NEXT]: [200, state({ attempt: 'playing', question: question({ question_id: 'q2' }) })],
    });
    open();
    expect(await screen.findByText(QUIZ_MESSAGES.timesUp, {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Options' })).toBeNull();
    const next = await screen.findByRole(
      'button',
      { name: 'Next question' },
      { timeout: QUIZ.graceMs + 2000 },
    );
    fireEvent.click(next);
    expect(await screen.findByRole('group', { name: 'Options' })).toBeTruthy();
    expect(posted(calls, NEXT)).toHaveLength(1);
    expect(posted(calls, ANSWER)).toEqual([]);
  });

  it('a reload resumes the question out now with the time the server says is left', async () => {
    serve({
      [STATE]: [
        200,
        state({
          attempt: 'playing',
          score: 400,
          question: question({ time_limit: 90, remaining_ms: 65_000 }),
        }),
      ],
    });
    open();
    expect(await screen.findByText('1:05')).toBeTruthy();
    expect(screen.getByText('Score 400')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chennai' })).toHaveProperty('disabled', false);
  });

  it('an answer the server calls late shows the time is up and moves on with Next', async () => {
    serve({
      [STATE]: [200, state({ attempt: 'playing', question: question() })],
      [ANSWER]: failure(409, QUIZ_MESSAGES.tooLate),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delhi' }));
    expect(await screen.findByText(QUIZ_MESSAGES.timesUp)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next question' })).toBeTruthy();
  });

  it('after the deadline: the challenge is closed, with its leaderboard and no start', async () => {
    serve({ [STATE]: [200, state({ open: false })] });
    open();
    expect(await screen.findByText(QUIZ_PLAY_MESSAGES.challengeClosed)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Leaderboard' })).getByText('#1 Rahul Verma'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('a member who already played sees their result, not a second attempt', async () => {
    serve({
      [STATE]: [
        200,
        state({
          attempt: 'done',
          score: 1200,
          you: { rank: 2, name: 'Meera Menon', score: 1200 },
          leaderboard: [
            { rank: 1, name: 'Rahul Verma', score: 1800 },
            { rank: 2, name: 'Meera Menon', score: 1200 },
          ],
        }),
      ],
    });
    open();
    expect(await screen.findByText(QUIZ_PLAY_MESSAGES.challengeDone)).toBeTruthy();
    expect(screen.getByText('Your score').nextSibling?.textContent).toBe('1200');
    expect(screen.getByText('Your rank').nextSibling?.textContent).toBe('#2 of 2');
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('a start the server refuses shows why and what the challenge is now', async () => {
    const calls = serve({
      [STATE]: [
        [200, state()],
        [200, state({ open: false })],
      ],
      [NEXT]: failure(410, QUIZ_PLAY_MESSAGES.challengeClosed),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(QUIZ_PLAY_MESSAGES.challengeClosed)).toBeTruthy();
    expect(posted(calls, NEXT)).toHaveLength(1);
    expect(calls.filter((c) => `${c.method} ${c.path}` === STATE)).toHaveLength(2);
  });

  it('an unknown code says the challenge was not found', async () => {
    serve({ [STATE]: failure(404, 'Game not found') });
    open();
    expect(await screen.findByText(QUIZ_PLAY_MESSAGES.challengeNotFound)).toBeTruthy();
  });
});
