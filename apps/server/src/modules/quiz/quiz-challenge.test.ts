import {
  API,
  QUIZ,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  type ChallengeAnswerAnswer,
  type ChallengeState,
  type QuizDetail,
  type QuizGameSummary,
  type QuizReport,
} from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, players, quizQuestions, users } from '../../db/schema';
import { buildRoleApp } from '../../test/roles';
import { CHALLENGE_MESSAGES } from './challenge';

const MEMBER = 'member@demo.alumnet.dev';
const MEMBER2 = 'member2@demo.alumnet.dev';
const OTHER_COLLEGE = 'other@demo.alumnet.dev';

let t: Awaited<ReturnType<typeof buildRoleApp>>;
const cookies = new Map<string, string>();
beforeAll(async () => {
  t = await buildRoleApp();
  for (const email of [MEMBER, MEMBER2, OTHER_COLLEGE])
    cookies.set(email, (await t.loginAs(email)).cookie);
});
afterAll(() => t.close());

const as = (email: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: cookies.get(email)! } });
const state = async (email: string, code: string) => {
  const response = await as(email, 'GET', API.quiz.challenge(code));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChallengeState;
};
const next = (email: string, code: string) => as(email, 'POST', API.quiz.challengeNext(code));
const answer = (email: string, code: string, questionId: string, value: unknown) =>
  as(email, 'POST', API.quiz.challengeAnswer(code), {
    question_id: questionId,
    submitter_answer: value,
    time_taken: 1.5,
  });
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Three single-choice questions (the second a poll), right answer 1; points without speed. */
async function newChallenge(settings: object = { speedScoring: false, streakBonus: true }) {
  const created = await t.call('admin', 'POST', API.quizHost.quizzes, {
    title: 'Challenge quiz',
    questions: ['First?', 'Vote?', 'Third?'].map((question) => ({
      question,
      options: ['Red', 'Green', 'Blue'],
      correctOption: 1,
      timeLimit: 20,
    })),
  });
  expect(created.statusCode, created.body).toBe(200);
  const quiz = created.json() as QuizDetail;
  await t.db
    .update(quizQuestions)
    .set({ kind: 'poll' })
    .where(and(eq(quizQuestions.quizId, quiz._id), eq(quizQuestions.position, 1)));
  const response = await t.call('admin', 'POST', API.quizHost.challenge(quiz._id), {
    deadline: inMinutes(60),
    settings,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { code, gameId } = response.json() as { code: string; gameId: string };
  return { quiz, code, gameId };
}

/** Moves the member's current question's start back, as if they had waited `ms`. */
async function waited(gameId: string, email: string, ms: number) {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [row] = await t.db
    .select({ startedAt: players.questionStartedAt })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, user!.id)));
  await t.db
    .update(players)
    .set({ questionStartedAt: new Date(row!.startedAt!.getTime() - ms) })
    .where(and(eq(players.gameId, gameId), eq(players.userId, user!.id)));
}

describe('assigning a challenge', () => {
  it('needs a deadline between a few minutes and a few months ahead, and the quiz’s college', async () => {
    const { quiz } = await newChallenge();
    const assign = (role: 'admin' | 'otherAdmin' | 'member' | 'superAdmin', body: object) =>
      t.call(role, 'POST', API.quizHost.challenge(quiz._id), body);
    const soon = await assign('admin', { deadline: inMinutes(QUIZ.challengeMinMinutes - 1) });
    expect(soon.statusCode).toBe(400);
    expect(soon.json().message).toBe(CHALLENGE_MESSAGES.deadlineTooSoon);
    const late = await assign('admin', {
      deadline: inMinutes((QUIZ.challengeMaxDays + 1) * 24 * 60),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(CHALLENGE_MESSAGES.deadlineTooLate);
    const garbled = await assign('admin', { deadline: 'tomorrow' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toBe('Choose when the challenge closes');
    expect((await assign('otherAdmin', { deadline: inMinutes(60) })).statusCode).toBe(404);
    expect((await assign('member', { deadline: inMinutes(60) })).statusCode).toBe(403);
    expect((await assign('superAdmin', { deadline: inMinutes(60) })).statusCode).toBe(200);

    const { code, gameId } = (await assign('admin', { deadline: inMinutes(60) })).json();
    const [row] = await t.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({ code, kind: 'challenge', finishedAt: null });
    const listed = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    expect(listed.find((g) => g.code === code)).toMatchObject({
      kind: 'challenge',
      status: 'question',
      players: 0,
      winner: null,
    });
  });

  it('is not a live game: its code cannot be joined or moved as one', async () => {
    const { code, quiz } = await newChallenge();
    // Members are answering the questions as they stand: the quiz keeps them until the deadline.
    const edit = await t.call('admin', 'PUT', API.quizHost.quiz(quiz._id), {
      title: quiz.title,
      questions: quiz.questions.map(({ _id: _, ...q }) => q),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/^A challenge of this quiz is open until .+ UTC\./);
    const validate = await as(MEMBER, 'POST', API.quiz.validateUser, {
      email_id: MEMBER,
      game_code: code,
    });
    expect(validate.statusCode).toBe(409);
    const move = await t.call('admin', 'POST', API.quizHost.action(code), { action: 'start' });
    expect(move.statusCode).toBe(409);
  });
});

describe('playing a challenge', () => {
  it('plays once at the member’s pace, on the server’s clock, and fills the leaderboard', async () => {
    const { code, gameId } = await newChallenge();

    const before = await state(MEMBER, code);
    expect(before).toMatchObject({
      code,
      title: 'Challenge quiz',
      open: true,
      attempt: 'none',
      total_questions: 3,
      question: null,
      leaderboard: [],
      you: null,
      players: 0,
    });
    expect((await as(OTHER_COLLEGE, 'GET', API.quiz.challenge(code))).statusCode).toBe(404);
    expect((await next(OTHER_COLLEGE, code)).statusCode).toBe(404);
    const unknown = await as(MEMBER, 'GET', API.quiz.challenge('ZZZZZ9'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(QUIZ_PLAY_MESSAGES.challengeNotFound);

    // The first question, timed from now.
    const started = (await next(MEMBER, code)).json() as ChallengeState;
    expect(started.attempt).toBe('playing');
    const first = started.question!;
    expect(first).toMatchObject({
      question: 'First?',
      question_number: 1,
      total_questions: 3,
      kind: 'single',
      options: ['Red', 'Green', 'Blue'],
      image: null,
      double_points: false,
    });
    expect(first.remaining_ms).toBeGreaterThan(18_000);
    // Pressing again before answering does not skip it.
    expect(((await next(MEMBER, code)).json() as ChallengeState).question?.question_id).toBe(
      first.question_id,
    );
    // A reload gives the same question with its clock still running, not a fresh timer.
    await waited(gameId, MEMBER, 5_000);
    const reloaded = await state(MEMBER, code);
    expect(reloaded.question?.question_id).toBe(first.question_id);
    expect(reloaded.question!.remaining_ms).toBeLessThanOrEqual(15_000);

    const malformed = await answer(MEMBER, code, first.question_id, 'Green');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(QUIZ_PLAY_MESSAGES.badAnswer);
    const shapeless = await answer(MEMBER, code, first.question_id, { pick: 1 });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().message).toBe(QUIZ_PLAY_MESSAGES.badAnswer);
    const otherQuestion = await answer(MEMBER, code, gameId, 1);
    expect(otherQuestion.statusCode).toBe(409);
    expect(otherQuestion.json().message).toBe(CHALLENGE_MESSAGES.notCurrent);

    // Two submits at once: one counts.
    const [one, two] = await Promise.all([
      answer(MEMBER, code, first.question_id, 1),
      answer(MEMBER, code, first.question_id, 1),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const marked = (one.statusCode === 200 ? one : two).json() as ChallengeAnswerAnswer;
    expect(marked).toEqual({
      is_correct: true,
      answer_state: 'correct',
      score_added: 1000,
      score_earned: 1000,
      streak_bonus: 0,
      reveal: { kind: 'single', correct_options: [1] },
    });

    // The poll: a vote, no points, the streak kept.
    const second = ((await next(MEMBER, code)).json() as ChallengeState).question!;
    expect(second).toMatchObject({ question_number: 2, kind: 'poll' });
    expect(
      ((await answer(MEMBER, code, second.question_id, 2)).json() as ChallengeAnswerAnswer).reveal,
    ).toEqual({ kind: 'poll', distribution: [0, 0, 1] });

    const third = ((await next(MEMBER, code)).json() as ChallengeState).question!;
    const right = (
      await answer(MEMBER, code, third.question_id, 1)
    ).json() as ChallengeAnswerAnswer;
    // The second right answer in a row: +100 (the poll between neither counts nor breaks it).
    expect(right).toMatchObject({ score_added: 1100, streak_bonus: 100, score_earned: 2100 });

    // A finished attempt is on the leaderboard; a second one is refused.
    const done = (await next(MEMBER, code)).json() as ChallengeState;
    expect(done).toMatchObject({
      attempt: 'done',
      question: null,
      score: 2100,
      leaderboard: [{ rank: 1, name: 'Meera Menon', score: 2100 }],
      you: { rank: 1, name: 'Meera Menon', score: 2100 },
      players: 1,
    });
    const again = await next(MEMBER, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUIZ_PLAY_MESSAGES.challengeDone);
    expect((await answer(MEMBER, code, third.question_id, 1)).statusCode).toBe(409);

    // Another member: too late on the first question, which then counts as unanswered.
    const theirs = ((await next(MEMBER2, code)).json() as ChallengeState).question!;
    const midway = await state(MEMBER2, code);
    expect(midway).toMatchObject({ attempt: 'playing', players: 2, you: null });
    expect(midway.leaderboard).toHaveLength(1);
    await waited(gameId, MEMBER2, 20_000 + QUIZ.graceMs + 100);
    const tooLate = await answer(MEMBER2, code, theirs.question_id, 1);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(QUIZ_MESSAGES.tooLate);
    const moved = (await next(MEMBER2, code)).json() as ChallengeState;
    expect(moved.question?.question_number).toBe(2);
    await waited(gameId, MEMBER2, 30_000);
    expect(((await next(MEMBER2, code)).json() as ChallengeState).question?.question_number).toBe(
      3,
    );
    const last = (
      await answer(MEMBER2, code, third.question_id, 0)
    ).json() as ChallengeAnswerAnswer;
    expect(last).toMatchObject({ is_correct: false, answer_state: 'wrong', score_added: 0 });
    const finished = (await next(MEMBER2, code)).json() as ChallengeState;
    expect(finished.leaderboard.map((e) => e.name)).toEqual(['Meera Menon', 'Rahul Verma']);
    expect(finished.you).toEqual({ rank: 2, name: 'Rahul Verma', score: 0 });

    // The report reads the attempts as a live game's players.
    const report = (await t.call('admin', 'GET', API.quizHost.report(code))).json() as QuizReport;
    expect(report).toMatchObject({ kind: 'challenge', status: 'question' });
    expect(report.players).toEqual([
      expect.objectContaining({
        name: 'Meera Menon',
        right: 2,
        wrong: 0,
        unanswered: 0,
        points: 2100,
      }),
      expect.objectContaining({
        name: 'Rahul Verma',
        right: 0,
        wrong: 1,
        unanswered: 1,
        points: 0,
      }),
    ]);
    expect(report.questions[0]).toMatchObject({ answered: 1, shareRight: 1, asked: true });
    const listed = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    expect(listed.find((g) => g.code === code)).toMatchObject({
      players: 2,
      winner: 'Meera Menon',
    });
  });

  it('closes at its deadline: nothing more is played, and every attempt is on the board', async () => {
    const { code, gameId } = await newChallenge();
    const first = ((await next(MEMBER, code)).json() as ChallengeState).question!;
    expect((await answer(MEMBER, code, first.question_id, 1)).statusCode).toBe(200);
    await t.db
      .update(games)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(games.id, gameId));

    const closed = await state(MEMBER, code);
    expect(closed).toMatchObject({
      open: false,
      attempt: 'done',
      question: null,
      score: 1000,
      leaderboard: [{ rank: 1, name: 'Meera Menon', score: 1000 }],
      you: { rank: 1, name: 'Meera Menon', score: 1000 },
    });
    const late = await next(MEMBER2, code);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(QUIZ_PLAY_MESSAGES.challengeClosed);
    expect((await next(MEMBER, code)).statusCode).toBe(410);
    expect((await answer(MEMBER, code, first.question_id, 1)).statusCode).toBe(410);
    const listed = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    expect(listed.find((g) => g.code === code)).toMatchObject({ status: 'finished' });
    // Cut short by the deadline: the questions it never reached are not counted as missed.
    const report = (await t.call('admin', 'GET', API.quizHost.report(code))).json() as QuizReport;
    expect(report.players[0]).toMatchObject({ right: 1, unanswered: 0 });
  });
});
