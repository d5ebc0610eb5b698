import { API, QUIZ_PLAY_MESSAGES, type HostState } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answers, games, players } from '../../db/schema';
import { SingleProcess } from './cluster';
import { GameHost } from './game-host';
import { question, quizBench, type QuestionIn } from './test-support';

const MEMBER = 'member@demo.alumnet.dev';
const MEMBER2 = 'member2@demo.alumnet.dev';

const bench = quizBench();
const { call, newGame, join, connect, act } = bench;

const answer = (code: string, id: string, value: unknown, timeTaken = 1) =>
  call('POST', API.quiz.submitAnswer(code, id), { submitter_answer: value, time_taken: timeTaken });

/** Speed off: a right answer is worth 1000 whenever it comes, so the figures are exact. */
const FLAT = { speedScoring: false };

const KINDS: QuestionIn[] = [
  { kind: 'true_false', question: 'The sky is blue?', correctOption: 0, timeLimit: 30 },
  {
    kind: 'multiple',
    question: 'Which are primes?',
    options: ['2', '4', '5', '9'],
    correctOptions: [0, 2],
    partialCredit: true,
    timeLimit: 30,
  },
  { kind: 'poll', question: 'Tea or coffee?', options: ['Tea', 'Coffee'], timeLimit: 30 },
  {
    kind: 'typed',
    question: 'Capital of France?',
    acceptedAnswers: ['Paris'],
    timeLimit: 30,
    doublePoints: true,
  },
  { kind: 'order', question: 'Smallest first', options: ['1', '2', '3', '4'], timeLimit: 30 },
];

async function expect400(response: Awaited<ReturnType<typeof call>>, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const text = response.json<{ message: string }>().message;
  expect(text.length).toBeGreaterThan(0);
  if (message) expect(text).toBe(message);
}

describe('every kind of question through the spec’s calls', () => {
  it('marks each kind, refuses answers that do not fit it, and reveals what was right', async () => {
    const code = await newGame(KINDS, 'Kinds', FLAT);
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    const socket = await connect(code, meera.id);
    const host = await connect(code, undefined, { cookie: bench.adminCookie });
    host.send({ type: 'host_connected' });
    await host.next('host_state');
    const results = (n: number) =>
      socket.next('question_results', (m) => m.question_id === questionIds[n - 1]);
    const questionIds: string[] = [];
    const nextQuestion = async (n: number) => {
      const q = await socket.next('question', (m) => m.question_number === n);
      questionIds.push(q.question_id);
      return q;
    };

    // True or false: the options are the contract's, one index is the answer.
    await act(code, 'start');
    const tf = await nextQuestion(1);
    expect(tf).toMatchObject({ kind: 'true_false', options: ['True', 'False'] });
    await expect400(await answer(code, rahul.id, 'True'), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, rahul.id, 2), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, rahul.id, [0]));
    expect((await answer(code, meera.id, 0)).json()).toEqual({
      is_correct: true,
      score_added: 1000,
      score_earned: 1000,
      answer_state: 'correct',
      streak_bonus: 0,
    });
    expect((await answer(code, rahul.id, 1)).json()).toMatchObject({ answer_state: 'wrong' });
    expect(await results(1)).toMatchObject({
      correct_answer: 0,
      answer_state: 'correct',
      your_answer: 0,
      reveal: { kind: 'true_false', correct_options: [0], distribution: [1, 1] },
    });

    // Several right answers with partial credit.
    await act(code, 'next');
    expect(await nextQuestion(2)).toMatchObject({
      kind: 'multiple',
      options: ['2', '4', '5', '9'],
    });
    await expect400(await answer(code, rahul.id, [0, 0]), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, rahul.id, []));
    await expect400(await answer(code, rahul.id, [0, 4]), QUIZ_PLAY_MESSAGES.badAnswer);
    expect((await answer(code, meera.id, [2, 0])).json()).toMatchObject({
      is_correct: true,
      score_added: 1000,
    });
    expect((await answer(code, rahul.id, [0])).json()).toMatchObject({
      is_correct: false,
      answer_state: 'partial',
      score_added: 500,
    });
    expect(await results(2)).toMatchObject({
      correct_answer: -1,
      your_answer: [2, 0],
      reveal: { kind: 'multiple', correct_options: [0, 2], distribution: [2, 0, 1, 0] },
    });

    // A poll: any option, no points, the distribution shown.
    await act(code, 'next');
    await nextQuestion(3);
    await expect400(await answer(code, meera.id, 'Tea'));
    expect((await answer(code, meera.id, 1)).json()).toMatchObject({
      is_correct: false,
      answer_state: 'voted',
      score_added: 0,
      score_earned: 2000,
    });
    await answer(code, rahul.id, 1);
    expect(await results(3)).toMatchObject({
      answer_state: 'voted',
      reveal: { kind: 'poll', distribution: [0, 2] },
    });

    // A typed answer on double points: trimmed and case-folded; empty is refused.
    await act(code, 'next');
    expect(await nextQuestion(4)).toMatchObject({
      kind: 'typed',
      options: [],
      double_points: true,
    });
    await expect400(await answer(code, meera.id, '   '), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, meera.id, 0), QUIZ_PLAY_MESSAGES.badAnswer);
    expect((await answer(code, meera.id, '  paris ')).json()).toMatchObject({
      is_correct: true,
      score_added: 2000,
    });
    expect((await answer(code, rahul.id, 'London')).json()).toMatchObject({ is_correct: false });
    expect(await results(4)).toMatchObject({
      your_answer: '  paris ',
      reveal: { kind: 'typed', accepted_answers: ['Paris'] },
    });
    const typed = await host.next(
      'host_state',
      (m) => m.state.status === 'results' && m.state.question_number === 4,
    );
    expect(typed.state.typed_answers).toEqual([
      { text: 'london', count: 1, correct: false },
      { text: 'paris', count: 1, correct: true },
    ]);

    // An order: shown shuffled; the answer is the shown indices in the player's order.
    await act(code, 'next');
    const order = await nextQuestion(5);
    expect(order.kind).toBe('order');
    expect([...order.options].sort()).toEqual(['1', '2', '3', '4']);
    expect(order.options).not.toEqual(['1', '2', '3', '4']);
    const right = ['1', '2', '3', '4'].map((item) => order.options.indexOf(item));
    await expect400(await answer(code, rahul.id, [0, 0, 1, 2]), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, rahul.id, [0, 1, 2]), QUIZ_PLAY_MESSAGES.badAnswer);
    await expect400(await answer(code, rahul.id, [0, 1, 2, 5]), QUIZ_PLAY_MESSAGES.badAnswer);
    expect((await answer(code, meera.id, right)).json()).toMatchObject({ is_correct: true });
    expect((await answer(code, rahul.id, [...right].reverse())).json()).toMatchObject({
      is_correct: false,
    });
    const hostOrder = await host.next(
      'host_state',
      (m) => m.state.status === 'results' && m.state.question_number === 5,
    );
    expect(hostOrder.state.question).toMatchObject({
      kind: 'order',
      options: order.options,
      correct_order: right,
      correct_answer: -1,
    });
    expect(await results(5)).toMatchObject({
      answer_state: 'correct',
      total_score: 5000,
      reveal: { kind: 'order', correct_order: right },
    });

    // What was stored: the value as given, its mark and the server's time.
    const [game] = await bench.t.db.select().from(games).where(eq(games.code, code));
    const stored = await bench.t.db
      .select({ value: answers.value, state: answers.state, elapsedMs: answers.elapsedMs })
      .from(answers)
      .innerJoin(players, eq(players.id, answers.playerId))
      .where(eq(players.gameId, game!.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.state).sort()).toEqual([
      ...Array<string>(4).fill('correct'),
      'partial',
      'voted',
      'voted',
      ...Array<string>(3).fill('wrong'),
    ]);
    expect(stored.some((s) => JSON.stringify(s.value) === JSON.stringify(right))).toBe(true);
    expect(stored.every((s) => typeof s.elapsedMs === 'number' && s.elapsedMs >= 0)).toBe(true);
  });
});

describe('the scoring the host chooses', () => {
  it('speed off gives 1000 flat; streaks add +100 a question in a row; double points double', async () => {
    const code = await newGame(
      [question('One?', 1), { ...question('Two?', 1), doublePoints: true }, question('Three?', 1)],
      'Streaks',
      { speedScoring: false, streakBonus: true },
    );
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    const socket = await connect(code, meera.id);
    await act(code, 'start');
    expect((await answer(code, meera.id, 1, 29)).json()).toEqual({
      is_correct: true,
      score_added: 1000,
      score_earned: 1000,
      answer_state: 'correct',
      streak_bonus: 0,
    });
    await answer(code, rahul.id, 0);
    expect(await socket.next('question_results')).toMatchObject({ streak: 1 });
    await act(code, 'next');
    expect(await socket.next('question', (m) => m.question_number === 2)).toMatchObject({
      double_points: true,
    });
    expect((await answer(code, meera.id, 1)).json()).toMatchObject({
      score_added: 2100,
      streak_bonus: 100,
    });
    await answer(code, rahul.id, 1);
    await act(code, 'next');
    await socket.next('question', (m) => m.question_number === 3);
    expect((await answer(code, meera.id, 1)).json()).toMatchObject({
      score_added: 1200,
      streak_bonus: 200,
      score_earned: 4300,
    });
    // Rahul's wrong first answer ended his streak: his second right one earns no bonus.
    expect((await answer(code, rahul.id, 1)).json()).toMatchObject({ score_added: 1100 });
    await act(code, 'next');
    expect((await socket.next('game_finished')).podium).toEqual([
      { rank: 1, name: 'Meera Menon', score: 4300 },
      { rank: 2, name: 'Rahul Verma', score: 3100 },
    ]);
  });

  it('refuses settings out of range with a readable message', async () => {
    const quiz = await call(
      'POST',
      API.quizHost.quizzes,
      { title: 'Bad settings', questions: [question('One?')] },
      bench.adminCookie,
    );
    const start = (settings: object) =>
      call(
        'POST',
        API.quizHost.startGame(quiz.json<{ _id: string }>()._id),
        { settings },
        bench.adminCookie,
      );
    const podium = await start({ podiumSize: 20 });
    expect(podium.statusCode).toBe(400);
    expect(podium.json().message).toMatch(/podium shows 3 to 10 places/);
    expect((await start({ teams: { count: 9, choose: 'auto' } })).statusCode).toBe(400);
  });
});

describe('teams', () => {
  it('places players evenly when the game picks, and ranks teams by their members’ mean', async () => {
    const code = await newGame([question('One?', 1), question('Two?', 1)], 'Auto teams', {
      ...FLAT,
      teams: { count: 2, choose: 'auto' },
    });
    expect((await call('GET', API.quiz.gameStatus(code))).json()).toMatchObject({
      teams: ['Red', 'Blue'],
      choose_team: false,
    });
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    expect(meera.joined.team).toBe('Red');
    expect(rahul.joined.team).toBe('Blue');
    // A team named by a player of an auto game is not theirs to pick; a rejoin keeps the team.
    const again = await call('POST', API.quiz.joinGame(code), { player_id: meera.id, team: 1 });
    expect(again.json().team).toBe('Red');
    const socket = await connect(code, rahul.id);
    expect(socket.messages[0]).toMatchObject({ type: 'connected', team: 'Blue' });
    await act(code, 'start');
    await answer(code, meera.id, 1);
    await answer(code, rahul.id, 0);
    expect(await socket.next('leaderboard')).toEqual({
      type: 'leaderboard',
      by: 'teams',
      top: [
        { rank: 1, name: 'Red', score: 1000 },
        { rank: 2, name: 'Blue', score: 0 },
      ],
      you: { rank: 2, name: 'Rahul Verma', score: 0 },
      your_team: { rank: 2, name: 'Blue', score: 0 },
    });
    await act(code, 'end');
    expect(await socket.next('game_finished')).toMatchObject({
      by: 'teams',
      podium: [
        { rank: 1, name: 'Red', score: 1000 },
        { rank: 2, name: 'Blue', score: 0 },
      ],
      you: { rank: 2, score: 0 },
      your_team: { rank: 2, name: 'Blue' },
    });
  });

  it('makes players pick when the host says so: a join without a team is refused', async () => {
    const code = await newGame([question('One?', 1)], 'Pick teams', {
      ...FLAT,
      teams: { count: 3, choose: 'players' },
    });
    expect((await call('GET', API.quiz.gameStatus(code))).json()).toMatchObject({
      teams: ['Red', 'Blue', 'Green'],
      choose_team: true,
    });
    const meeraId = await bench.playerId(MEMBER, code);
    await expect400(
      await call('POST', API.quiz.joinGame(code), { player_id: meeraId }),
      QUIZ_PLAY_MESSAGES.teamNeeded,
    );
    await expect400(
      await call('POST', API.quiz.joinGame(code), { player_id: meeraId, team: 3 }),
      QUIZ_PLAY_MESSAGES.teamNeeded,
    );
    expect((await call('GET', API.quiz.gameStatus(code))).json().players_count).toBe(0);
    const joined = await call('POST', API.quiz.joinGame(code), { player_id: meeraId, team: 2 });
    expect(joined.json()).toMatchObject({ team: 'Green', total_players: 1 });
    // Joining again needs no team and keeps the one picked.
    const again = await call('POST', API.quiz.joinGame(code), { player_id: meeraId });
    expect(again.json()).toMatchObject({ team: 'Green', total_players: 1 });
    const rahulId = await bench.playerId(MEMBER2, code);
    await call('POST', API.quiz.joinGame(code), { player_id: rahulId, team: 2 });

    await act(code, 'start');
    await answer(code, meeraId, 1);
    await answer(code, rahulId, 0);
    const state = (
      await call('GET', API.quizHost.game(code), undefined, bench.adminCookie)
    ).json<HostState>();
    // One team of two: its score is the mean of 1000 and 0.
    expect(state.teams).toEqual([{ rank: 1, name: 'Green', score: 500, members: 2 }]);
    // The console's leaderboard stays the players'; the teams have their own standings.
    expect(state.top).toEqual([
      { rank: 1, name: 'Meera Menon', score: 1000 },
      { rank: 2, name: 'Rahul Verma', score: 0 },
    ]);
    expect(state.players).toEqual([
      { name: 'Meera Menon', score: 1000 },
      { name: 'Rahul Verma', score: 0 },
    ]);
    expect(state.settings).toMatchObject({ speedScoring: false, teams: { count: 3 } });
    const [row] = await bench.t.db
      .select({ team: players.team })
      .from(players)
      .innerJoin(games, eq(games.id, players.gameId))
      .where(eq(games.code, code))
      .limit(1);
    expect(row?.team).toBe(2);
  });
});

describe('a game taken over by another process', () => {
  it('keeps settings, teams and streaks: they are rebuilt from the database', async () => {
    const code = await newGame(
      [question('One?', 1), question('Two?', 1), question('Three?', 1)],
      'Taken over',
      { speedScoring: false, streakBonus: true, teams: { count: 2, choose: 'auto' } },
    );
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    await act(code, 'start');
    await answer(code, meera.id, 1);
    await answer(code, rahul.id, 0);
    await act(code, 'next');
    expect((await answer(code, meera.id, 1)).json()).toMatchObject({ streak_bonus: 100 });

    // A second host on the same database, as another process would be after a failover.
    const other = new GameHost(bench.t.db, new SingleProcess(), bench.t.app.log);
    await other.start();
    try {
      const state = await other.call('hostState', code, null);
      expect(state).toMatchObject({ status: 'question', question_number: 2 });
      expect(state.teams).toEqual([
        { rank: 1, name: 'Red', score: 2100, members: 1 },
        { rank: 2, name: 'Blue', score: 0, members: 1 },
      ]);
      await other.call('action', code, { action: 'next' });
      await other.call('action', code, { action: 'next' });
      // Meera's two right answers in a row survived the move: her third earns +200.
      const third = await other.call('submit', code, {
        token: meera.id,
        option: 1,
        timeTakenMs: 1000,
      });
      expect(third).toMatchObject({ streak_bonus: 200, score_earned: 3300 });
      // Rahul was wrong, then silent: no streak, so no bonus.
      const rahulThird = await other.call('submit', code, {
        token: rahul.id,
        option: 1,
        timeTakenMs: 1000,
      });
      expect(rahulThird).toMatchObject({ streak_bonus: 0, score_added: 1000 });
    } finally {
      await other.close();
    }
  });
});

describe('an old quiz and an old client', () => {
  it('plays exactly as before: questions without a kind, a start without a body, the spec’s messages', async () => {
    const quiz = await call(
      'POST',
      API.quizHost.quizzes,
      {
        title: 'Old quiz',
        questions: [{ question: 'Old?', options: ['A', 'B'], correctOption: 1, timeLimit: 30 }],
      },
      bench.adminCookie,
    );
    expect(quiz.json().questions[0]).toMatchObject({ kind: 'single', image: null });
    const started = await bench.t.app.inject({
      method: 'POST',
      url: API.quizHost.startGame(quiz.json<{ _id: string }>()._id),
      headers: { cookie: bench.adminCookie },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { code } = started.json<{ code: string }>();
    expect((await call('GET', API.quiz.gameStatus(code))).json()).toEqual({
      status: 'lobby',
      total_questions: 1,
      players_count: 0,
      title: 'Old quiz',
    });
    const meera = await join(code, MEMBER);
    expect(meera.joined).toEqual({
      message: 'You have joined the game.',
      name: 'Meera Menon',
      total_players: 1,
      score: 0,
    });
    const socket = await connect(code, meera.id);
    await act(code, 'start');
    const q = await socket.next('question');
    expect(Object.keys(q).sort()).toEqual(
      [
        'type',
        'question_id',
        'question',
        'options',
        'question_number',
        'total_questions',
        'time_limit',
        'remaining_ms',
      ].sort(),
    );
    await expect400(await answer(code, meera.id, 'B'));
    const right = await answer(code, meera.id, 1);
    expect(Object.keys(right.json()).sort()).toEqual(['is_correct', 'score_added', 'score_earned']);
    expect(await socket.next('question_results')).toEqual({
      type: 'question_results',
      question_id: q.question_id,
      correct_answer: 1,
      score_earned_by_player: right.json().score_added,
      total_score: right.json().score_added,
      answer_state: 'correct',
      your_answer: 1,
    });
    await act(code, 'next');
    expect(await socket.next('game_finished')).toEqual({
      type: 'game_finished',
      podium: [{ rank: 1, name: 'Meera Menon', score: right.json().score_added }],
      you: { rank: 1, name: 'Meera Menon', score: right.json().score_added },
    });
    const [game] = await bench.t.db.select().from(games).where(eq(games.code, code));
    expect(game!.finishedAt).toBeInstanceOf(Date);
  });
});
