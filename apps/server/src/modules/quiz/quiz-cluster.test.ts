import { API } from '@alumnet/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOn, startServer, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/build';
import { question, QuizSocket } from './test-support';

const redisUrl = process.env.TEST_REDIS_URL;

async function request(
  server: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  cookie?: string,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text), text };
}

async function playerOn(server: ServerProcess, code: string, email: string) {
  // Signed in: validate-user answers a member's session for their own address.
  const member = (await loginOn(server, email)).cookie;
  const { player_id } = (
    await request(
      server,
      'POST',
      API.quiz.validateUser,
      { email_id: email, game_code: code },
      member,
    )
  ).json();
  const joined = await request(server, 'POST', API.quiz.joinGame(code), { player_id });
  expect(joined.status, joined.text).toBe(200);
  const socket = await QuizSocket.open(server.url, code);
  socket.send({ type: 'player_connected', player_id, game_code: code });
  await socket.next('connected', undefined, 10_000);
  return { id: player_id as string, socket };
}

async function stop(server: ServerProcess | undefined, signal: NodeJS.Signals) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

// Two processes share one database: that takes a real PostgreSQL (the embedded one serves a
// single connection) as well as Redis. CI sets both.
describe.skipIf(!redisUrl || !process.env.TEST_DATABASE_URL)(
  'a quiz played across two server processes on Redis',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let one: ServerProcess;
    let two: ServerProcess;
    const sockets: QuizSocket[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl!,
        REDIS_PREFIX: `alumnet-quiz-cluster-${randomBytes(4).toString('hex')}:`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent',
        ROLE: 'web',
      };
      [one, two] = await Promise.all([startServer(env), startServer(env)]);
    }, 240_000);

    afterAll(async () => {
      sockets.forEach((socket) => socket.close());
      await Promise.all([stop(one, 'SIGTERM'), stop(two, 'SIGTERM')]);
      await database?.drop();
    }, 60_000);

    it('reaches players on both processes, counts every answer once, and survives its host dying', async () => {
      const admin = (await loginOn(one, 'admin@demo.alumnet.dev')).cookie;
      const quiz = await request(
        one,
        'POST',
        API.quizHost.quizzes,
        { title: 'Two processes', questions: [question('First?', 1), question('Second?', 0)] },
        admin,
      );
      expect(quiz.status, quiz.text).toBe(200);
      const { code } = (
        await request(one, 'POST', API.quizHost.startGame(quiz.json()._id), {}, admin)
      ).json();
      // Process one touches the game first, so it hosts it.
      expect((await request(one, 'GET', API.quizHost.game(code), undefined, admin)).status).toBe(
        200,
      );

      const meera = await playerOn(two, code, 'member@demo.alumnet.dev');
      const rahul = await playerOn(one, code, 'member2@demo.alumnet.dev');
      sockets.push(meera.socket, rahul.socket);
      expect((await meera.socket.next('player_joined')).total_players).toBe(2);
      const host = await QuizSocket.open(two.url, code, { cookie: admin });
      sockets.push(host);
      host.send({ type: 'host_connected' });
      expect((await host.next('host_state')).state.total_players).toBe(2);

      // The host's console on process two moves the game hosted by process one.
      const started = await request(
        two,
        'POST',
        API.quizHost.action(code),
        { action: 'start' },
        admin,
      );
      expect(started.status, started.text).toBe(200);
      const first = await meera.socket.next('question');
      expect((await rahul.socket.next('question')).question_id).toBe(first.question_id);

      const answer = (server: ServerProcess, id: string, option: number) =>
        request(server, 'POST', API.quiz.submitAnswer(code, id), {
          submitter_answer: option,
          time_taken: 1,
        });
      const meeraAnswer = await answer(two, meera.id, 1);
      expect(meeraAnswer.status, meeraAnswer.text).toBe(200);
      expect(meeraAnswer.json().is_correct).toBe(true);
      // The same player through the other process is still one answer.
      expect((await answer(one, meera.id, 1)).status).toBe(409);
      // Refusals the host sends back come out as 409 on the forwarding process, which lives on
      // (a refusal arriving before PUBLISH's own reply once ended it as an unhandled rejection).
      const refused = await Promise.all(
        Array.from({ length: 100 }, () => answer(two, meera.id, 1)),
      );
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 409));
      expect(two.child.exitCode).toBeNull();
      expect((await answer(one, rahul.id, 0)).json().is_correct).toBe(false);

      expect(await meera.socket.next('question_results')).toMatchObject({
        answer_state: 'correct',
        total_score: meeraAnswer.json().score_earned,
      });
      expect((await rahul.socket.next('question_results')).answer_state).toBe('wrong');
      expect((await meera.socket.next('leaderboard')).you?.rank).toBe(1);
      await host.next(
        'host_state',
        (m) => m.state.status === 'results' && m.state.answers_count === 2,
      );

      // The hosting process dies without a word: process two takes the game over from the
      // database on the next call, and the game goes on for the players connected to it.
      await stop(one, 'SIGKILL');
      const next = await request(two, 'POST', API.quizHost.action(code), { action: 'next' }, admin);
      expect(next.status, next.text).toBe(200);
      expect(next.json()).toMatchObject({
        status: 'question',
        question_number: 2,
        total_players: 2,
      });
      const second = await meera.socket.next('question', (m) => m.question_number === 2, 10_000);
      expect(second.question).toBe('Second?');
      expect((await answer(two, meera.id, 0)).json().score_earned).toBeGreaterThan(
        meeraAnswer.json().score_earned,
      );
      expect((await answer(two, rahul.id, 1)).status).toBe(200);
      await meera.socket.next('question_results', (m) => m.question_id === second.question_id);
      await request(two, 'POST', API.quizHost.action(code), { action: 'next' }, admin);
      const finished = await meera.socket.next('game_finished', undefined, 10_000);
      expect(finished.podium.map((p) => p.name)).toEqual(['Meera Menon', 'Rahul Verma']);

      const csv = await request(two, 'GET', API.quizHost.results(code), undefined, admin);
      expect(
        csv.text
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => line.split(',')[2]),
      ).toEqual(['2', '0']);
    }, 90_000);
  },
);
