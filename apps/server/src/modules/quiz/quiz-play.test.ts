import { API, QUIZ_MESSAGES } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answers, games, players, quizQuestions, users } from '../../db/schema';
import { loginAs } from '../../test/build';
import { storeAnswers } from './repository';
import { question, quizBench } from './test-support';

const MEMBER = 'member@demo.alumnet.dev';
const MEMBER2 = 'member2@demo.alumnet.dev';
const OTHER_COLLEGE = 'other@demo.alumnet.dev';

const bench = quizBench();
const { call, newGame, playerId, join, connect, submit, act } = bench;

describe('game-status', () => {
  it('shows a game’s state, size and players; 404 for a code no game has', async () => {
    const code = await newGame([question('One?'), question('Two?')]);
    const response = await call('GET', API.quiz.gameStatus(code.toLowerCase()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'lobby',
      total_questions: 2,
      players_count: 0,
      title: 'Test quiz',
    });
    await join(code, MEMBER);
    expect((await call('GET', API.quiz.gameStatus(code))).json().players_count).toBe(1);

    const unknown = await call('GET', API.quiz.gameStatus('ZZZZZ9'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Quiz not found.');
    expect((await call('GET', API.quiz.gameStatus('AB'))).statusCode).toBe(400);
  });
});

describe('join-game', () => {
  it('lets the college’s members join (again, keeping their score) and refuses everyone else', async () => {
    const code = await newGame([question('One?')]);
    const forged = await call('POST', API.quiz.joinGame(code), {
      player_id: `${(await playerId(MEMBER, code)).split('.')[0]}.forged-signature`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/validate your e-mail/);

    const stranger = await call('POST', API.quiz.joinGame(code), {
      player_id: await playerId(OTHER_COLLEGE, code),
    });
    expect(stranger.statusCode).toBe(403);

    const unknownGame = await call('POST', API.quiz.joinGame('QQQQQ1'), {
      player_id: await playerId(MEMBER, code),
    });
    expect(unknownGame.statusCode).toBe(404);

    const first = await join(code, MEMBER);
    expect(first.joined).toEqual({
      message: 'You have joined the game.',
      name: 'Meera Menon',
      total_players: 1,
      score: 0,
    });
    await act(code, 'start');
    expect((await submit(code, first.id, 1)).statusCode).toBe(200);
    const again = await join(code, MEMBER);
    expect(again.joined.total_players).toBe(1);
    expect(again.joined.score).toBeGreaterThan(900);

    const lateId = await playerId(MEMBER2, code);
    await act(code, 'end');
    const late = await call('POST', API.quiz.joinGame(code), { player_id: lateId });
    expect(late.statusCode).toBe(409);
  });
});

describe('a game over the socket', () => {
  it('plays from the lobby to the podium, with one answer per player per question', async () => {
    const code = await newGame([question('First?', 1), question('Second?', 0)]);
    const meera = await join(code, MEMBER);
    const meeraSocket = await connect(code, meera.id);
    const host = await connect(code, undefined, { cookie: bench.adminCookie });
    host.send({ type: 'host_connected' });
    expect((await host.next('host_state')).state).toMatchObject({
      status: 'lobby',
      total_players: 1,
    });

    const rahul = await join(code, MEMBER2);
    expect((await meeraSocket.next('player_joined')).total_players).toBe(2);
    const rahulSocket = await connect(code, rahul.id);
    expect(rahulSocket.messages[0]).toEqual({
      type: 'connected',
      name: 'Rahul Verma',
      score: 0,
      status: 'lobby',
      total_players: 2,
    });
    // Before the start there is nothing to answer.
    expect((await submit(code, rahul.id, 1)).statusCode).toBe(409);

    expect((await act(code, 'start')).json().status).toBe('question');
    expect(await rahulSocket.next('game_started')).toEqual({
      type: 'game_started',
      total_questions: 2,
    });
    const first = await rahulSocket.next('question');
    expect(first).toMatchObject({
      question: 'First?',
      options: ['Red', 'Green', 'Blue'],
      question_number: 1,
      total_questions: 2,
      time_limit: 30,
    });
    // The clock started when the question was stored, a moment before it was sent.
    expect(first.remaining_ms).toBeGreaterThan(29_000);
    expect(first.remaining_ms).toBeLessThanOrEqual(30_000);

    expect((await submit(code, meera.id, 5)).statusCode).toBe(400);
    const right = await submit(code, meera.id, 1, 2.5);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ is_correct: true });
    expect(right.json().score_added).toBeGreaterThan(990);
    expect(right.json().score_earned).toBe(right.json().score_added);
    const twice = await submit(code, meera.id, 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already answered this question.');
    const meeraFirst = right.json().score_added as number;

    // The last answer closes the question at once: results and the leaderboard to each player.
    expect((await submit(code, rahul.id, 2)).json()).toEqual({
      is_correct: false,
      score_added: 0,
      score_earned: 0,
    });
    expect(await rahulSocket.next('question_results')).toEqual({
      type: 'question_results',
      question_id: first.question_id,
      correct_answer: 1,
      score_earned_by_player: 0,
      total_score: 0,
      answer_state: 'wrong',
      your_answer: 2,
    });
    expect(await meeraSocket.next('question_results')).toMatchObject({
      answer_state: 'correct',
      score_earned_by_player: meeraFirst,
    });
    expect(await rahulSocket.next('leaderboard')).toEqual({
      type: 'leaderboard',
      top: [
        { rank: 1, name: 'Meera Menon', score: meeraFirst },
        { rank: 2, name: 'Rahul Verma', score: 0 },
      ],
      you: { rank: 2, name: 'Rahul Verma', score: 0 },
    });
    const results = await host.next('host_state', (m) => m.state.status === 'results');
    expect(results.state).toMatchObject({
      answers_count: 2,
      distribution: [0, 1, 1],
      question_number: 1,
      question: { correct_answer: 1 },
    });

    expect((await act(code, 'next')).json().question_number).toBe(2);
    await meeraSocket.next('question', (m) => m.question_number === 2);
    const rahulTotal = (await submit(code, rahul.id, 0)).json().score_earned as number;
    // Each scored near 1000 once; on equal scores the earlier joiner (Meera) ranks first.
    // Meera answered the first question right and missed the second; Rahul got the first wrong.
    const meeraRow = { name: 'Meera Menon', score: meeraFirst, email: MEMBER, wrong: 0, none: 1 };
    const rahulRow = { name: 'Rahul Verma', score: rahulTotal, email: MEMBER2, wrong: 1, none: 0 };
    const order = rahulTotal > meeraFirst ? [rahulRow, meeraRow] : [meeraRow, rahulRow];
    // Meera does not answer; the host moves on, then to the podium.
    expect((await act(code, 'next')).json().status).toBe('results');
    expect(
      await meeraSocket.next('question_results', (m) => m.question_id !== first.question_id),
    ).toMatchObject({ answer_state: 'none', your_answer: null, score_earned_by_player: 0 });
    expect((await act(code, 'next')).json().status).toBe('finished');
    const finished = await meeraSocket.next('game_finished');
    expect(finished.podium).toEqual(
      order.map((p, i) => ({ rank: i + 1, name: p.name, score: p.score })),
    );
    expect(finished.you).toEqual({
      rank: order.indexOf(meeraRow) + 1,
      name: 'Meera Menon',
      score: meeraFirst,
    });
    expect((await host.next('game_finished')).you).toBeNull();
    expect((await act(code, 'next')).statusCode).toBe(409);

    const csv = await call('GET', API.quizHost.results(code), undefined, bench.adminCookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('Name,E-mail,Correct answers,Score,Rank,Wrong answers,Unanswered,Team');
    expect(lines.slice(1)).toEqual(
      order.map((p, i) => `${p.name},${p.email},1,${p.score},${i + 1},${p.wrong},${p.none},`),
    );
  });

  it('stores answers that arrive together once each, in one write, with their points', async () => {
    const code = await newGame([question('One?'), question('Two?')]);
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    await act(code, 'start');
    const [a, b, again] = await Promise.all([
      submit(code, meera.id, 1),
      submit(code, rahul.id, 1),
      submit(code, meera.id, 2),
    ]);
    expect([a.statusCode, b.statusCode, again.statusCode].sort()).toEqual([200, 200, 409]);

    // The statement itself: an answer already held, a pair given twice, and a player's answers
    // to two questions in one batch (points summed, not one of them lost).
    const [game] = await bench.t.db.select().from(games).where(eq(games.code, code));
    const rows = await bench.t.db
      .select({ playerId: players.id, score: players.score, userEmail: users.email })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(eq(players.gameId, game!.id));
    const meeraRow = rows.find((r) => r.userEmail === MEMBER)!;
    const [one, two] = await bench.t.db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, game!.quizId))
      .orderBy(quizQuestions.position);
    const answer = (questionId: string, score: number) => ({
      playerId: meeraRow.playerId,
      questionId,
      option: 1,
      timeTakenMs: 1000,
      isCorrect: true,
      score,
    });
    expect(await storeAnswers(bench.t.db, [answer(one!.id, 7)])).toEqual(['duplicate']);
    // Without its first answer's row, the player's two answers go in one batch.
    await bench.t.db
      .delete(answers)
      .where(and(eq(answers.playerId, meeraRow.playerId), eq(answers.questionId, one!.id)));
    expect(
      await storeAnswers(bench.t.db, [
        answer(one!.id, 7),
        answer(two!.id, 50),
        answer(two!.id, 60),
      ]),
    ).toEqual(['stored', 'stored', 'duplicate']);
    const [after] = await bench.t.db
      .select({ score: players.score })
      .from(players)
      .where(eq(players.id, meeraRow.playerId));
    expect(after!.score).toBe(meeraRow.score + 7 + 50);
    const held = await bench.t.db
      .select({ score: answers.score })
      .from(answers)
      .where(eq(answers.playerId, meeraRow.playerId));
    expect(held).toHaveLength(2);
  });

  it('refuses an answer that comes after the time limit and its grace', async () => {
    const code = await newGame([question('Quick?', 1, 5)]);
    const meera = await join(code, MEMBER);
    await join(code, MEMBER2);
    const socket = await connect(code, meera.id);
    await act(code, 'start');
    await socket.next('question');
    // The question closes by itself at its deadline plus grace (5.5 s).
    const results = await socket.next('question_results', undefined, 8_000);
    expect(results).toMatchObject({ answer_state: 'none', score_earned_by_player: 0 });
    const late = await submit(code, meera.id, 1, 5.2);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(QUIZ_MESSAGES.tooLate);
  }, 15_000);

  it('ignores malformed messages without closing anyone, while the others keep playing', async () => {
    const code = await newGame([question('Still here?', 0)]);
    const meera = await join(code, MEMBER);
    const rahul = await join(code, MEMBER2);
    const meeraSocket = await connect(code, meera.id);
    const rahulSocket = await connect(code, rahul.id);
    for (const junk of [
      'not json',
      '{"type":"player_connected"}',
      JSON.stringify({ type: 'unknown' }),
      JSON.stringify([1, 2, 3]),
      'null',
      Buffer.from([0, 1, 2, 3]),
      JSON.stringify({ type: 'player_connected', player_id: 'x'.repeat(500), game_code: code }),
    ])
      rahulSocket.send(junk);
    // A forged credential gets an error message, not a closed socket.
    rahulSocket.send({ type: 'player_connected', player_id: 'forged', game_code: code });
    expect((await rahulSocket.next('error')).message).toMatch(/validate your e-mail/);
    rahulSocket.send({ type: 'ping', player_id: rahul.id });
    await rahulSocket.next('pong');

    await act(code, 'start');
    await meeraSocket.next('question');
    await rahulSocket.next('question');
    expect((await submit(code, meera.id, 0)).statusCode).toBe(200);
    expect((await submit(code, rahul.id, 1)).statusCode).toBe(200);
    expect((await meeraSocket.next('question_results')).answer_state).toBe('correct');
    expect((await rahulSocket.next('question_results')).answer_state).toBe('wrong');
    expect(rahulSocket.ws.readyState).toBe(rahulSocket.ws.OPEN);
  });

  it('gives a reconnecting player the running question, its time left, their answer and score', async () => {
    const code = await newGame([question('Remember me?', 2, 60), question('Next one?')]);
    const meera = await join(code, MEMBER);
    await join(code, MEMBER2);
    await act(code, 'start');
    const added = (await submit(code, meera.id, 2)).json().score_added as number;
    await new Promise((resolve) => setTimeout(resolve, 300));

    const socket = await connect(code, meera.id);
    expect(socket.messages[0]).toEqual({
      type: 'connected',
      name: 'Meera Menon',
      score: added,
      status: 'question',
      total_players: 2,
    });
    const current = await socket.next('question');
    expect(current).toMatchObject({ question: 'Remember me?', question_number: 1, your_answer: 2 });
    expect(current.remaining_ms).toBeLessThan(60_000 - 250);
    expect(current.remaining_ms).toBeGreaterThan(50_000);
  });

  it('lets only the game’s college admins watch as host', async () => {
    const code = await newGame([question('Who hosts?')]);
    const anonymous = await connect(code);
    anonymous.send({ type: 'host_connected' });
    expect((await anonymous.next('error')).message).toBe('Please log in to continue.');

    const member = await connect(code, undefined, {
      cookie: (await loginAs(bench.t.app, MEMBER)).cookie,
    });
    member.send({ type: 'host_connected' });
    expect((await member.next('error')).message).toBe('Admins only.');

    const otherAdmin = await connect(code, undefined, {
      cookie: (await loginAs(bench.t.app, 'admin2@demo.alumnet.dev')).cookie,
    });
    otherAdmin.send({ type: 'host_connected' });
    expect((await otherAdmin.next('error')).message).toBe('Quiz not found.');

    // Another site's page cannot use the admin's cookie.
    const foreign = await connect(code, undefined, {
      cookie: bench.adminCookie,
      origin: 'https://evil.example',
    });
    foreign.send({ type: 'host_connected' });
    await foreign.next('error');

    const admin = await connect(code, undefined, {
      cookie: bench.adminCookie,
      origin: bench.baseUrl,
    });
    admin.send({ type: 'host_connected' });
    expect((await admin.next('host_state')).state.code).toBe(code);
    for (const socket of [anonymous, member, otherAdmin, foreign])
      expect(socket.messages.some((m) => m.type === 'host_state')).toBe(false);
  });
});

describe('a live game on its own pool', () => {
  it('takes a join and an answer while every connection of the portal’s pool is taken', async () => {
    const code = await newGame([question('One?', 1)]);
    const meera = await join(code, MEMBER);
    const raviId = await playerId(MEMBER2, code);
    await act(code, 'start');

    // The feed, the directory and the rest queue on the main pool under load; here they hold
    // all of it.
    const pool = bench.t.db.$client;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const inTime = <T>(work: Promise<T>) =>
        Promise.race([
          work,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('waited for the main pool')), 3_000),
          ),
        ]);
      const joined = await inTime(call('POST', API.quiz.joinGame(code), { player_id: raviId }));
      expect(joined.statusCode, joined.body).toBe(200);
      const answered = await inTime(submit(code, meera.id, 1));
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json().is_correct).toBe(true);
    } finally {
      held.forEach((client) => client.release());
    }
  });
});
