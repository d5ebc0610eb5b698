import {
  API,
  type QuizDetail,
  type QuizGameSummary,
  type QuizQuestionInput,
  type QuizReport,
} from '@alumnet/contract';
import { rightOrderShown } from '@alumnet/quiz-engine';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, games, players, quizQuestions, users } from '../../db/schema';
import { buildRoleApp, ROLES } from '../../test/roles';
import { toEngineQuestion } from './presenter';

let t: Awaited<ReturnType<typeof buildRoleApp>>;
beforeAll(async () => {
  t = await buildRoleApp();
});
afterAll(() => t.close());

const plain = (question: string, options = ['A', 'B', 'C']): QuizQuestionInput =>
  ({ question, options, correctOption: 0, timeLimit: 20 }) as QuizQuestionInput;

/**
 * A quiz of every kind, made by the demo college's admin: the kinds' own columns are written
 * directly, so the report is tested apart from the editor.
 */
async function kindsQuiz(title: string) {
  const created = await t.call('admin', 'POST', API.quizHost.quizzes, {
    title,
    questions: [
      plain('Which colour?', ['Red', 'Green', 'Blue']),
      plain('Which are vowels?', ['A', 'B', 'E', 'D']),
      plain('Tea or coffee?', ['Tea', 'Coffee']),
      plain('Capital of France?'),
      plain('Put in order', ['One', 'Two', 'Three']),
      plain('Never reached?'),
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const quiz = created.json() as QuizDetail;
  const set = (position: number, columns: Partial<typeof quizQuestions.$inferInsert>) =>
    t.db
      .update(quizQuestions)
      .set(columns)
      .where(and(eq(quizQuestions.quizId, quiz._id), eq(quizQuestions.position, position)));
  await set(0, { correctOption: 1 });
  await set(1, { kind: 'multiple', correctOptions: [0, 2], partialCredit: true });
  await set(2, { kind: 'poll' });
  await set(3, { kind: 'typed', options: [], acceptedAnswers: ['Paris', 'Paris, France'] });
  await set(4, { kind: 'order' });
  const rows = await t.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quiz._id))
    .orderBy(asc(quizQuestions.position));
  return { quiz, questions: rows };
}

/** Three approved members of the demo college, in a stable order. */
async function demoMembers() {
  const rows = await t.db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.collegeId, t.users.admin!.collegeId), eq(users.isApproved, true)))
    .orderBy(asc(users.email))
    .limit(3);
  expect(rows).toHaveLength(3);
  return rows;
}

type AnswerSeed = Omit<typeof answers.$inferInsert, 'playerId' | 'questionId'>;

describe('a played game’s report', () => {
  let code: string;
  let questionIds: string[];
  let names: string[];
  let emails: string[];

  beforeAll(async () => {
    const { quiz, questions } = await kindsQuiz('Report quiz');
    questionIds = questions.map((q) => q.id);
    const orderRight = rightOrderShown(toEngineQuestion(questions[4]!));
    const orderWrong = [...orderRight].reverse();
    const members = await demoMembers();
    names = members.map((m) => m.fullName);
    emails = members.map((m) => m.email);
    code = 'RPT001';
    // Played to the fifth question and ended there: the sixth was never asked.
    const [game] = await t.db
      .insert(games)
      .values({
        quizId: quiz._id,
        code,
        status: 'finished',
        currentQuestion: 4,
        settings: { teams: { count: 2, choose: 'auto' } },
      })
      .returning({ id: games.id });
    const seeds: { score: number; team: number; answers: (AnswerSeed | null)[] }[] = [
      {
        // Right, right, voted, right, right: 4 right, 0 wrong, 0 unanswered.
        score: 4000,
        team: 0,
        answers: [
          {
            option: 1,
            isCorrect: true,
            state: 'correct',
            score: 1000,
            timeTakenMs: 9,
            elapsedMs: 1000,
          },
          {
            value: [0, 2],
            isCorrect: true,
            state: 'correct',
            score: 1000,
            timeTakenMs: 9,
            elapsedMs: 2000,
          },
          {
            option: 0,
            isCorrect: false,
            state: 'voted',
            score: 0,
            timeTakenMs: 9,
            elapsedMs: 3000,
          },
          {
            value: ' paris ',
            isCorrect: true,
            state: 'correct',
            score: 1000,
            timeTakenMs: 9,
            elapsedMs: 4000,
          },
          {
            value: orderRight,
            isCorrect: true,
            state: 'correct',
            score: 1000,
            timeTakenMs: 9,
            elapsedMs: 5000,
          },
        ],
      },
      {
        // An answer stored before issue 31 (no state, no server time), partial, voted, wrong,
        // none: 1 right, 2 wrong, 1 unanswered.
        score: 1500,
        team: 1,
        answers: [
          { option: 1, isCorrect: true, score: 1000, timeTakenMs: 3000 },
          {
            value: [0],
            isCorrect: false,
            state: 'partial',
            score: 500,
            timeTakenMs: 9,
            elapsedMs: 4000,
          },
          {
            option: 1,
            isCorrect: false,
            state: 'voted',
            score: 0,
            timeTakenMs: 9,
            elapsedMs: 1000,
          },
          {
            value: 'London',
            isCorrect: false,
            state: 'wrong',
            score: 0,
            timeTakenMs: 9,
            elapsedMs: 6000,
          },
          null,
        ],
      },
      {
        // Wrong (an old row), nothing, no vote (a poll: not missed), PARIS, wrong order: 1 right,
        // 2 wrong, 1 unanswered.
        score: 1000,
        team: 1,
        answers: [
          { option: 2, isCorrect: false, score: 0, timeTakenMs: 8000 },
          null,
          null,
          {
            value: 'PARIS',
            isCorrect: true,
            state: 'correct',
            score: 1000,
            timeTakenMs: 9,
            elapsedMs: 2000,
          },
          {
            value: orderWrong,
            isCorrect: false,
            state: 'wrong',
            score: 0,
            timeTakenMs: 9,
            elapsedMs: 7000,
          },
        ],
      },
    ];
    for (const [i, seed] of seeds.entries()) {
      const [player] = await t.db
        .insert(players)
        .values({
          gameId: game!.id,
          userId: members[i]!.id,
          name: members[i]!.fullName,
          score: seed.score,
          team: seed.team,
          joinedAt: new Date(Date.now() - 60_000 + i * 1000),
        })
        .returning({ id: players.id });
      for (const [q, answer] of seed.answers.entries())
        if (answer)
          await t.db
            .insert(answers)
            .values({ ...answer, playerId: player!.id, questionId: questionIds[q]! });
    }
  });

  it('gives each question its share right, mean time and distribution, and the most missed', async () => {
    const response = await t.call('admin', 'GET', API.quizHost.report(code));
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as QuizReport;
    expect(report).toMatchObject({ code, title: 'Report quiz', kind: 'live', status: 'finished' });
    const [single, multiple, poll, typed, order, never] = report.questions;
    expect(single).toEqual({
      number: 1,
      question: 'Which colour?',
      kind: 'single',
      shareRight: 2 / 3,
      // Server times where stored; the client's for the rows from before they were.
      meanTimeMs: Math.round((1000 + 3000 + 8000) / 3),
      answered: 3,
      distribution: [
        { label: 'Red', count: 0, correct: false },
        { label: 'Green', count: 2, correct: true },
        { label: 'Blue', count: 1, correct: false },
      ],
      mostMissed: false,
      asked: true,
    });
    // The lowest share right (a partly right answer is not right); on a tie, the earlier one.
    expect(multiple).toMatchObject({
      kind: 'multiple',
      shareRight: 0.5,
      answered: 2,
      meanTimeMs: 3000,
      mostMissed: true,
    });
    expect(multiple!.distribution).toEqual([
      { label: 'A', count: 2, correct: true },
      { label: 'B', count: 0, correct: false },
      { label: 'E', count: 1, correct: true },
      { label: 'D', count: 0, correct: false },
    ]);
    expect(poll).toMatchObject({ kind: 'poll', shareRight: null, answered: 2 });
    expect(poll!.distribution).toEqual([
      { label: 'Tea', count: 1, correct: null },
      { label: 'Coffee', count: 1, correct: null },
    ]);
    expect(typed).toMatchObject({ kind: 'typed', shareRight: 2 / 3, answered: 3 });
    expect(typed!.distribution).toEqual([
      { label: 'paris', count: 2, correct: true },
      { label: 'london', count: 1, correct: false },
    ]);
    expect(order).toMatchObject({ kind: 'order', shareRight: 0.5, answered: 2, mostMissed: false });
    expect(order!.distribution).toEqual([
      { label: 'Right order', count: 1, correct: true },
      { label: 'Three → Two → One', count: 1, correct: false },
    ]);
    expect(never).toMatchObject({ asked: false, answered: 0, shareRight: null, meanTimeMs: null });
    expect(report.questions.filter((q) => q.mostMissed)).toHaveLength(1);
  });

  it('gives each player right, wrong, unanswered, points, rank and team, and the teams’ means', async () => {
    const report = (await t.call('admin', 'GET', API.quizHost.report(code))).json() as QuizReport;
    expect(report.players).toEqual([
      {
        rank: 1,
        name: names[0],
        email: emails[0],
        team: 'Red',
        right: 4,
        wrong: 0,
        unanswered: 0,
        points: 4000,
      },
      {
        rank: 2,
        name: names[1],
        email: emails[1],
        team: 'Blue',
        right: 1,
        wrong: 2,
        unanswered: 1,
        points: 1500,
      },
      {
        rank: 3,
        name: names[2],
        email: emails[2],
        team: 'Blue',
        right: 1,
        wrong: 2,
        unanswered: 1,
        points: 1000,
      },
    ]);
    // Team size does not decide: Red's one member against Blue's two.
    expect(report.teams).toEqual([
      { rank: 1, name: 'Red', score: 4000, members: 1 },
      { rank: 2, name: 'Blue', score: 1250, members: 2 },
    ]);
  });

  it('adds wrong answers, unanswered and team to the CSV, after the spec’s columns', async () => {
    const csv = await t.call('admin', 'GET', API.quizHost.results(code));
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body.trim().split('\n')).toEqual([
      'Name,E-mail,Correct answers,Score,Rank,Wrong answers,Unanswered,Team',
      `${names[0]},${emails[0]},4,4000,1,0,0,Red`,
      `${names[1]},${emails[1]},1,1500,2,2,1,Blue`,
      `${names[2]},${emails[2]},1,1000,3,2,1,Blue`,
    ]);
  });

  it('lists the game with its players and winning team, newest first, to its college only', async () => {
    const listed = await t.call('admin', 'GET', API.quizHost.games);
    expect(listed.statusCode, listed.body).toBe(200);
    const mine = listed.json() as QuizGameSummary[];
    const game = mine.find((g) => g.code === code);
    expect(game).toMatchObject({
      title: 'Report quiz',
      kind: 'live',
      status: 'finished',
      players: 3,
      winner: 'Red',
      deadline: null,
    });
    const times = mine.map((g) => Date.parse(g.playedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    for (const role of ROLES) {
      const list = await t.call(role, 'GET', API.quizHost.games);
      const report = await t.call(role, 'GET', API.quizHost.report(code));
      const allowed = role === 'admin' || role === 'superAdmin';
      const status = role === 'visitor' ? 401 : role === 'member' ? 403 : 200;
      expect(list.statusCode, `${role} list`).toBe(status);
      expect(report.statusCode, `${role} report`).toBe(
        role === 'otherAdmin' ? 404 : allowed ? 200 : status,
      );
      if (list.statusCode === 200)
        expect((list.json() as QuizGameSummary[]).some((g) => g.code === code)).toBe(allowed);
    }
    // A super admin may narrow the list to one college; a college admin may not widen theirs.
    const narrowed = await t.call(
      'superAdmin',
      'GET',
      `${API.quizHost.games}?collegeId=${t.users.otherAdmin!.collegeId}`,
    );
    expect((narrowed.json() as QuizGameSummary[]).some((g) => g.code === code)).toBe(false);
    const widened = await t.call(
      'otherAdmin',
      'GET',
      `${API.quizHost.games}?collegeId=${t.users.admin!.collegeId}`,
    );
    expect(widened.statusCode).toBe(403);
  });

  it('shows no winner for a game still running, and the best player for a game without teams', async () => {
    const { quiz } = await kindsQuiz('Running quiz');
    const [running] = await t.db
      .insert(games)
      .values({ quizId: quiz._id, code: 'RUN001', status: 'question', currentQuestion: 0 })
      .returning({ id: games.id });
    const [member] = await demoMembers();
    await t.db
      .insert(players)
      .values({ gameId: running!.id, userId: member!.id, name: member!.fullName, score: 900 });
    const list = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    expect(list.find((g) => g.code === 'RUN001')).toMatchObject({
      status: 'question',
      players: 1,
      winner: null,
    });
    // Nobody has missed the question running now.
    const report = (
      await t.call('admin', 'GET', API.quizHost.report('RUN001'))
    ).json() as QuizReport;
    expect(report.players[0]).toMatchObject({ right: 0, wrong: 0, unanswered: 0, team: null });
    expect(report.teams).toBeNull();
    expect(report.questions.map((q) => q.asked)).toEqual([true, false, false, false, false, false]);

    await t.db.update(games).set({ status: 'finished' }).where(eq(games.id, running!.id));
    const over = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    expect(over.find((g) => g.code === 'RUN001')?.winner).toBe(member!.fullName);
    const ended = (
      await t.call('admin', 'GET', API.quizHost.report('RUN001'))
    ).json() as QuizReport;
    expect(ended.players[0]).toMatchObject({ unanswered: 1 });
  });
});
