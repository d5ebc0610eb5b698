import {
  API,
  QUESTION_KINDS,
  quizBody,
  type QuizDetail,
  type QuizGameSummary,
  type QuizReport,
  type QuizSummary,
} from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_QUIZ_TITLE } from '../../db/seed/quiz';
import { buildRoleApp, ROLES, type Role } from '../../test/roles';
import { question } from './test-support';

let t: Awaited<ReturnType<typeof buildRoleApp>>;
let demoQuiz: QuizDetail;
const MEMBER2 = 'member2@demo.alumnet.dev';

const body = (title = 'Campus quiz') => ({
  title,
  questions: [question('Where is the library?', 0), question('Who founded the college?', 2, 10)],
});

const remove = (role: Role, url: string) =>
  t.app.inject({
    method: 'DELETE',
    url,
    headers: role === 'visitor' ? {} : { cookie: cookieOf(role) },
  });
let cookieOf: (role: Role) => string;

beforeAll(async () => {
  t = await buildRoleApp();
  const cookies: Partial<Record<Role, string>> = {};
  for (const [role, email] of [
    ['member', 'member@demo.alumnet.dev'],
    ['otherAdmin', 'admin2@demo.alumnet.dev'],
    ['admin', 'admin@demo.alumnet.dev'],
    ['superAdmin', 'super@demo.alumnet.dev'],
  ] as const)
    cookies[role] = (await t.loginAs(email)).cookie;
  cookieOf = (role) => cookies[role] ?? '';
  const created = await t.call('admin', 'POST', API.quizHost.quizzes, body('Demo college quiz'));
  expect(created.statusCode, created.body).toBe(200);
  demoQuiz = created.json();
});
afterAll(() => t.close());

/** The demo college's quizzes and games: its admins and super admins; others are refused. */
const expected = (role: Role, forOtherCollege: number) =>
  role === 'visitor'
    ? 401
    : role === 'member'
      ? 403
      : role === 'otherAdmin'
        ? forOtherCollege
        : 200;

describe('who may host the demo college’s quizzes', () => {
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const read = await t.call(role, 'GET', API.quizHost.quiz(demoQuiz._id));
      expect(read.statusCode, read.body).toBe(expected(role, 404));
      const replace = await t.call(role, 'PUT', API.quizHost.quiz(demoQuiz._id), body());
      expect(replace.statusCode, replace.body).toBe(expected(role, 404));
      const create = await t.call(role, 'POST', API.quizHost.quizzes, {
        ...body(`Made by ${role}`),
        collegeId: t.users.admin!.collegeId,
      });
      expect(create.statusCode, create.body).toBe(expected(role, 403));

      const start = await t.call(role, 'POST', API.quizHost.startGame(demoQuiz._id));
      expect(start.statusCode, start.body).toBe(expected(role, 404));
      // Each allowed caller's game is ended again, so the quiz can still be edited.
      const code =
        start.statusCode === 200
          ? (start.json().code as string)
          : ((await t.call('admin', 'POST', API.quizHost.startGame(demoQuiz._id))).json()
              .code as string);
      const state = await t.call(role, 'GET', API.quizHost.game(code));
      expect(state.statusCode, state.body).toBe(expected(role, 404));
      const action = await t.call(role, 'POST', API.quizHost.action(code), { action: 'end' });
      expect(action.statusCode, action.body).toBe(expected(role, 404));
      const csv = await t.call(role, 'GET', API.quizHost.results(code));
      expect(csv.statusCode, csv.body).toBe(expected(role, 404));
      if (action.statusCode !== 200)
        await t.call('admin', 'POST', API.quizHost.action(code), { action: 'end' });

      const list = await t.call(role, 'GET', API.quizHost.quizzes);
      expect(list.statusCode).toBe(role === 'visitor' ? 401 : role === 'member' ? 403 : 200);
      if (list.statusCode === 200) {
        const ids = (list.json() as QuizSummary[]).map((q) => q._id);
        expect(ids.includes(demoQuiz._id)).toBe(role !== 'otherAdmin');
      }
    });
  }
});

describe('writing quizzes', () => {
  it('creates a quiz with its questions in order and reads it back', async () => {
    const created = await t.call('admin', 'POST', API.quizHost.quizzes, body('Fresh quiz'));
    const quiz = created.json() as QuizDetail;
    expect(quiz).toMatchObject({
      title: 'Fresh quiz',
      collegeId: t.users.admin!.collegeId,
      questionCount: 2,
      liveCode: null,
      questions: [
        { question: 'Where is the library?', correctOption: 0, timeLimit: 30 },
        { question: 'Who founded the college?', correctOption: 2, timeLimit: 10 },
      ],
    });
    expect((await t.call('admin', 'GET', API.quizHost.quiz(quiz._id))).json()).toEqual(quiz);
  });

  it('refuses invalid quizzes with a readable message', async () => {
    const cases: [object, string][] = [
      [{ ...body(), title: ' ' }, 'Give the quiz a title'],
      [{ ...body(), questions: [] }, 'A quiz needs at least one question'],
      [
        { ...body(), questions: [question('One option?', 0, 30, ['Only'])] },
        'A question needs 2 to 6 options',
      ],
      [
        { ...body(), questions: [question('Bad answer?', 3)] },
        'Mark one of the options as the correct one',
      ],
      [
        { ...body(), questions: [question('Too quick?', 0, 2)] },
        'A time limit is 5 to 120 seconds',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await t.call('admin', 'POST', API.quizHost.quizzes, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('replaces the questions, keeping each position’s row, and refuses while a game runs', async () => {
    const quiz = (await t.call('admin', 'POST', API.quizHost.quizzes, body())).json() as QuizDetail;
    const replaced = await t.call('admin', 'PUT', API.quizHost.quiz(quiz._id), {
      title: 'Renamed',
      questions: [question('Swapped in?', 1, 20)],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      title: 'Renamed',
      questionCount: 1,
      questions: [{ _id: quiz.questions[0]!._id, question: 'Swapped in?', timeLimit: 20 }],
    });

    const game = (await t.call('admin', 'POST', API.quizHost.startGame(quiz._id))).json();
    expect(game.code).toMatch(/^[A-Z0-9]{6}$/);
    const listed = (await t.call('admin', 'GET', API.quizHost.quizzes)).json() as QuizSummary[];
    expect(listed.find((q) => q._id === quiz._id)).toMatchObject({
      liveCode: game.code,
      questionCount: 1,
    });
    const busy = await t.call('admin', 'PUT', API.quizHost.quiz(quiz._id), body());
    expect(busy.statusCode).toBe(409);
    expect((await remove('admin', API.quizHost.quiz(quiz._id))).statusCode).toBe(409);

    await t.call('admin', 'POST', API.quizHost.action(game.code), { action: 'end' });
    expect((await t.call('admin', 'PUT', API.quizHost.quiz(quiz._id), body())).statusCode).toBe(
      200,
    );
  });

  it('deletes a quiz for its college’s admins only', async () => {
    const quiz = (await t.call('admin', 'POST', API.quizHost.quizzes, body())).json() as QuizDetail;
    expect((await remove('visitor', API.quizHost.quiz(quiz._id))).statusCode).toBe(401);
    expect((await remove('member', API.quizHost.quiz(quiz._id))).statusCode).toBe(403);
    expect((await remove('otherAdmin', API.quizHost.quiz(quiz._id))).statusCode).toBe(404);
    expect((await remove('admin', API.quizHost.quiz(quiz._id))).statusCode).toBe(200);
    expect((await t.call('admin', 'GET', API.quizHost.quiz(quiz._id))).statusCode).toBe(404);
  });

  it('lets a super admin list and write any college’s quizzes', async () => {
    const otherCollege = t.users.otherAdmin!.collegeId;
    const made = await t.call('superAdmin', 'POST', API.quizHost.quizzes, {
      ...body('For the other college'),
      collegeId: otherCollege,
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().collegeId).toBe(otherCollege);
    const theirs = await t.call(
      'superAdmin',
      'GET',
      `${API.quizHost.quizzes}?collegeId=${otherCollege}`,
    );
    expect((theirs.json() as QuizSummary[]).map((q) => q.title)).toContain('For the other college');
    const mine = await t.call('otherAdmin', 'GET', API.quizHost.quizzes);
    expect((mine.json() as QuizSummary[]).map((q) => q.title)).toContain('For the other college');
    const refused = await t.call(
      'admin',
      'GET',
      `${API.quizHost.quizzes}?collegeId=${otherCollege}`,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('the host’s moves', () => {
  it('refuses moves the game’s state does not allow, and escapes formulas in the CSV', async () => {
    const quiz = (await t.call('admin', 'POST', API.quizHost.quizzes, body())).json() as QuizDetail;
    const { code } = (await t.call('admin', 'POST', API.quizHost.startGame(quiz._id))).json();
    const lobby = await t.call('admin', 'GET', API.quizHost.game(code));
    expect(lobby.json()).toEqual({
      code,
      title: 'Campus quiz',
      status: 'lobby',
      players: [],
      total_players: 0,
      question_number: 0,
      total_questions: 2,
      question: null,
      answers_count: 0,
      distribution: [],
      top: [],
    });
    expect(
      (await t.call('admin', 'POST', API.quizHost.action(code), { action: 'start' })).statusCode,
    ).toBe(200);
    const again = await t.call('admin', 'POST', API.quizHost.action(code), { action: 'start' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The game has already started.');
    const bad = await t.call('admin', 'POST', API.quizHost.action(code), { action: 'jump' });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('admin', 'GET', API.quizHost.game('NOGAME'))).statusCode).toBe(404);

    // A name a spreadsheet would run as a formula is written as text.
    await t.db.update(users).set({ fullName: '=1+2' }).where(eq(users.email, MEMBER2));
    const { player_id } = (
      await t.app.inject({
        method: 'POST',
        url: API.quiz.validateUser,
        payload: { email_id: MEMBER2, game_code: code },
        headers: { cookie: (await t.loginAs(MEMBER2)).cookie },
      })
    ).json();
    expect(
      (await t.call('visitor', 'POST', API.quiz.joinGame(code), { player_id })).statusCode,
    ).toBe(200);
    await t.call('admin', 'POST', API.quizHost.action(code), { action: 'end' });
    const ended = await t.call('admin', 'POST', API.quizHost.action(code), { action: 'end' });
    expect(ended.statusCode).toBe(409);
    const csv = await t.call('admin', 'GET', API.quizHost.results(code));
    expect(csv.body.trim().split('\n')).toEqual([
      'Name,E-mail,Correct answers,Score,Rank,Wrong answers,Unanswered,Team',
      `'=1+2,${MEMBER2},0,0,1,0,1,`,
    ]);
  });
});

describe('the demo quiz', () => {
  it('has a question of each kind and a picture, a played game with a report and an open challenge', async () => {
    // The test database holds the demo data: the demo admin's college has the demo quiz.
    const list = (await t.call('admin', 'GET', API.quizHost.quizzes)).json() as QuizSummary[];
    const quizId = list.find((q) => q.title === DEMO_QUIZ_TITLE)!._id;
    const read = await t.call('admin', 'GET', API.quizHost.quiz(quizId));
    expect(read.statusCode).toBe(200);
    const quiz = read.json() as QuizDetail;
    expect(quiz.title).toBe(DEMO_QUIZ_TITLE);
    expect(new Set(quiz.questions.map((q) => q.kind))).toEqual(new Set(QUESTION_KINDS));
    expect(quiz.questions.filter((q) => q.image !== null)).toHaveLength(1);
    // What the host's editor would save again is valid as it is.
    const again = quizBody.safeParse({
      title: quiz.title,
      questions: quiz.questions.map(({ _id: _, ...q }) => q),
    });
    expect(again.success, JSON.stringify(again.error?.issues)).toBe(true);

    const games = (await t.call('admin', 'GET', API.quizHost.games)).json() as QuizGameSummary[];
    const ofDemo = games.filter((g) => g.quizId === quizId);
    const played = ofDemo.find((g) => g.kind === 'live' && g.status === 'finished');
    const challenge = ofDemo.find((g) => g.kind === 'challenge');
    expect(played?.winner).toBeTruthy();
    expect(challenge?.deadline && Date.parse(challenge.deadline)).toBeGreaterThan(Date.now());

    const report = await t.call('admin', 'GET', API.quizHost.report(played!.code));
    expect(report.statusCode).toBe(200);
    const { players, questions, teams } = report.json() as QuizReport;
    expect(players.length).toBeGreaterThan(0);
    expect(teams).toHaveLength(2);
    expect(questions.filter((q) => q.mostMissed)).toHaveLength(1);
    for (const player of players)
      expect(player.right + player.wrong + player.unanswered).toBe(
        questions.filter((q) => q.kind !== 'poll').length,
      );
  });
});
