/**
 * The quiz scene of `npm run bench:soak`: the demo college's admin hosts a live game for P of the
 * signed-in members while the mix goes on. The players are bench/quiz-players.ts processes (the
 * same as bench:quiz's: validate-user, join, the game's WebSocket, an answer per question); the
 * host signs in with the demo's password and authenticator, creates a quiz of single-choice
 * questions, keeps the host console's socket open and moves the game on as each question ends.
 */
import { API, type MfaNeed } from '@alumnet/contract';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { passSecondFactor } from '../apps/server/src/test/second-factor';
import { gather, startGenerator, tell, type Generator } from './generators';
import { percentiles } from './percentiles';
import type { FromPlayers, PlayersSlice, ToPlayers } from './quiz-players';

export interface QuizScene {
  players: number;
  questions: number;
  timeLimit: number;
}

export interface QuizFigures {
  players: number;
  joined: number;
  connected: number;
  answer_p50_ms: number;
  answer_p99_ms: number;
  broadcast_p99_ms: number;
  /** Joins and sockets that failed, first answers refused, questions some players missed, host and players' calls repeated after a 503. */
  errors: number;
  seconds: number;
}

const wall = () => performance.timeOrigin + performance.now();
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const count = (failed: Record<string, number>) => sum(Object.values(failed));

/** The host's calls repeated after a 503: each an error of the run. */
let hostRetries = 0;

async function signInHost(url: string) {
  let cookie = '';
  const call = async <T>(method: string, route: string, body?: object, tries = 5): Promise<T> => {
    let response: Response;
    // A host told the portal is busy (503) clicks again when it says; a few times.
    for (let attempt = 1; ; attempt++) {
      response = await fetch(`${url}${route}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (response.status !== 503 || attempt >= tries) break;
      hostRetries++;
      await response.arrayBuffer();
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
    }
    if (!response.ok)
      throw new Error(`quiz host: ${method} ${route}: ${response.status} ${await response.text()}`);
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return (await response.json()) as T;
  };
  const email = 'admin@demo.alumnet.dev';
  const login = await call<{ mfa: MfaNeed }>('POST', API.auth.login, {
    userName: email,
    password: DEMO_PASSWORD,
  });
  // A code is good for its 30 s step and the one either side: one kept through a few 503s'
  // Retry-After would be refused, so each try types a fresh one.
  for (let attempt = 1; ; attempt++) {
    try {
      await passSecondFactor(
        async (path, body) => ({ status: 200, body: await call('POST', path, body ?? {}, 1) }),
        email,
        login.mfa,
      );
      break;
    } catch (error) {
      if (attempt === 5) throw error;
      hostRetries++;
      await sleep(5000);
    }
  }
  return { call, cookie: () => cookie };
}

/** Plays one game; `started` is told each players' process, so the run can stop it. */
export async function runQuizScene(
  url: string,
  runSecret: string,
  scene: QuizScene,
  started: (generator: Generator<FromPlayers>) => void,
): Promise<QuizFigures> {
  const began = performance.now();
  hostRetries = 0;
  const host = await signInHost(url);
  const quiz = await host.call<{ _id: string }>('POST', API.quizHost.quizzes, {
    title: 'Homecoming Trivia (soak)',
    questions: Array.from({ length: scene.questions }, (_, i) => ({
      question: `Homecoming question ${i + 1}: which option is number ${(i % 4) + 1}?`,
      options: ['One', 'Two', 'Three', 'Four'],
      correctOption: i % 4,
      timeLimit: scene.timeLimit,
    })),
  });
  const { code } = await host.call<{ code: string }>('POST', API.quizHost.startGame(quiz._id));
  const console_ = new WebSocket(`${url.replace(/^http/, 'ws')}${API.quiz.socket(code)}`, {
    headers: { cookie: host.cookie() },
  });
  console_.once('open', () => console_.send(JSON.stringify({ type: 'host_connected' })));
  console_.on('error', () => {});

  // A process holds at most 20,000 open files: 5,000 players each.
  const processes = Math.max(1, Math.ceil(scene.players / 5000));
  const per = Math.ceil(scene.players / processes);
  const generators: Generator<FromPlayers>[] = [];
  try {
    for (let k = 0; k < processes; k++) {
      const generator = startGenerator<FromPlayers>(new URL('./quiz-players.ts', import.meta.url));
      generators.push(generator);
      started(generator);
    }
    await gather(generators, 'ready', 30_000);
    generators.forEach((g, k) => {
      const slice: PlayersSlice = {
        url,
        code,
        runSecret,
        first: k * per + 1,
        last: Math.min(scene.players, (k + 1) * per),
        questions: scene.questions,
        liveLobby: false,
        answerWithin: 0.7,
        // No deliberate second answers: the soak counts every refusal as an error.
        duplicateEvery: Number.MAX_SAFE_INTEGER,
        // Phones join together: inside an overload a player told to come back waits 5 s in
        // their lane, and 16 lanes left most of 2,000 players waiting on the ones before them.
        concurrency: 64,
      };
      g.process.send({ type: 'start', slice } satisfies ToPlayers);
    });
    // Inside an overload a join may be pressed three times, 5 s apart (quiz-players.ts).
    const setup = 120_000 + scene.players * 100;
    const joined = await gather(generators, 'joined', setup);
    tell<ToPlayers>(generators, { type: 'connect' });
    const connected = await gather(generators, 'connected', setup);
    const connectedCount = sum(connected.map((m) => m.connected));
    // With nobody in the game no question ends for the players' processes: say why instead.
    if (connectedCount === 0)
      throw new Error(
        `no player got into the game: joins failed ${JSON.stringify(joined.map((m) => m.failed))}, ` +
          `sockets failed ${JSON.stringify(connected.map((m) => m.failed))}`,
      );
    const sentAt: number[] = [];
    let missed = 0;
    for (let i = 0; i < scene.questions; i++) {
      sentAt.push(wall());
      await host.call('POST', API.quizHost.action(code), { action: i === 0 ? 'start' : 'next' });
      const done = await gather(generators, 'question-done', (scene.timeLimit + 60) * 1000);
      missed += Math.max(0, connectedCount - sum(done.map((m) => m.results)));
    }
    await host.call('POST', API.quizHost.action(code), { action: 'next' });
    await gather(generators, 'finished', 30_000);
    tell<ToPlayers>(generators, { type: 'report' });
    const reports = (await gather(generators, 'report', 60_000)).map((m) => m.report);
    const answers = percentiles(reports.flatMap((r) => r.answerMs));
    const broadcast = percentiles(
      sentAt.flatMap((t0, i) => reports.flatMap((r) => r.questionAt[i]!.map((at) => at - t0))),
    );
    const refused = sum(reports.flatMap((r) => r.refused.map(count)));
    return {
      players: scene.players,
      joined: sum(joined.map((m) => m.joined)),
      connected: connectedCount,
      answer_p50_ms: answers.p50,
      answer_p99_ms: answers.p99,
      broadcast_p99_ms: broadcast.p99,
      errors:
        sum(joined.map((m) => count(m.failed))) +
        sum(connected.map((m) => count(m.failed))) +
        refused +
        missed +
        hostRetries +
        sum(reports.map((r) => r.busyRetries)),
      seconds: (performance.now() - began) / 1000,
    };
  } finally {
    console_.terminate();
    generators.forEach((g) => g.process.kill('SIGTERM'));
  }
}
