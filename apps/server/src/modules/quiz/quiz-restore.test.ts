import { API } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { answers, games, players } from '../../db/schema';
import { buildTestApp, listenOnLoopback, loginAs } from '../../test/build';
import { question, QuizSocket } from './test-support';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let restarted: App | undefined;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await restarted?.close();
  await t.close();
});

describe('a server that restarts mid-game', () => {
  it('resumes the game from the database: the question, its clock, answers and scores', async () => {
    const admin = (await loginAs(t.app, 'admin@demo.alumnet.dev')).cookie;
    const inject = (app: App, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie: admin } });

    const quiz = await inject(t.app, 'POST', API.quizHost.quizzes, {
      title: 'Survives a restart',
      questions: [question('Before the restart?', 1, 60), question('After it?', 0, 60)],
    });
    const { code } = (await inject(t.app, 'POST', API.quizHost.startGame(quiz.json()._id))).json();
    const ids: string[] = [];
    for (const email of ['member@demo.alumnet.dev', 'member2@demo.alumnet.dev']) {
      // Each member plays signed in: validate-user answers a session for its own address.
      const { player_id } = (
        await t.app.inject({
          method: 'POST',
          url: API.quiz.validateUser,
          payload: { email_id: email, game_code: code },
          headers: { cookie: (await loginAs(t.app, email)).cookie },
        })
      ).json();
      await inject(t.app, 'POST', API.quiz.joinGame(code), { player_id });
      ids.push(player_id);
    }
    const [meera, rahul] = ids as [string, string];
    await inject(t.app, 'POST', API.quizHost.action(code), { action: 'start' });
    const answered = await inject(t.app, 'POST', API.quiz.submitAnswer(code, meera), {
      submitter_answer: 1,
      time_taken: 1.5,
    });
    expect(answered.statusCode).toBe(200);
    const meeraScore = answered.json().score_earned as number;

    // What the 200 promised is in the database already.
    const [game] = await t.db.select().from(games).where(eq(games.code, code));
    expect(game).toMatchObject({ status: 'question', currentQuestion: 0 });
    const stored = await t.db
      .select({ option: answers.option, score: answers.score, timeTakenMs: answers.timeTakenMs })
      .from(answers)
      .innerJoin(players, eq(players.id, answers.playerId))
      .where(eq(players.gameId, game!.id));
    expect(stored).toEqual([{ option: 1, score: meeraScore, timeTakenMs: 1500 }]);

    // The process goes away; a new one on the same database picks the game up on first touch.
    await t.app.close();
    restarted = await buildApp({ config: t.config, db: t.db });
    const baseUrl = await listenOnLoopback(restarted);

    const socket = await QuizSocket.open(baseUrl, code);
    socket.send({ type: 'player_connected', player_id: meera, game_code: code });
    expect(await socket.next('connected')).toMatchObject({
      score: meeraScore,
      status: 'question',
      total_players: 2,
    });
    const current = await socket.next('question');
    expect(current).toMatchObject({ question: 'Before the restart?', your_answer: 1 });
    expect(current.remaining_ms).toBeLessThan(60_000);
    expect(current.remaining_ms).toBeGreaterThan(50_000);

    const twice = await inject(restarted, 'POST', API.quiz.submitAnswer(code, meera), {
      submitter_answer: 1,
      time_taken: 1,
    });
    expect(twice.statusCode).toBe(409);
    const late = await inject(restarted, 'POST', API.quiz.submitAnswer(code, rahul), {
      submitter_answer: 1,
      time_taken: 1,
    });
    expect(late.json()).toMatchObject({ is_correct: true });
    // Everyone has answered now: the question closes with both answers counted.
    const results = await socket.next('question_results');
    expect(results).toMatchObject({ answer_state: 'correct', total_score: meeraScore });
    const state = (await inject(restarted, 'GET', API.quizHost.game(code))).json();
    expect(state).toMatchObject({ status: 'results', answers_count: 2, distribution: [0, 2, 0] });
    socket.close();
  });
});
