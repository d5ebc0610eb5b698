/**
 * npm run bench:quiz [-- --players 10000 --questions 6 --time-limit 20 --processes K --live-lobby
 *                      --servers N --profile DIR --pin --kinds all|single --floor-rounds 6
 *                      --floor-bytes 300]
 *
 * One live quiz game with N players on loopback (issue 12, "Benchmark"). The real server runs as
 * a process of its own (apps/server/src/main.ts, ROLE=web) on a scratch database: with
 * DATABASE_URL a database `alumnet_bench_<random>` on that PostgreSQL, dropped at the end;
 * without it an embedded PGlite in a temporary directory (small N only). One college with N
 * approved members is seeded by one statement; the admin creates a quiz and starts the game
 * through the host API and keeps the host console's socket open, as a host would.
 *
 * K load-generator processes (bench/quiz-players.ts, default one per 5,000 players: a process
 * may hold 20,000 open files here) play the players. By default every player validates and joins
 * first, then all sockets open; --live-lobby opens each player's socket as they join, as phones
 * do, and the lobby's player_joined broadcasts (paced to one each 250 ms) reach the open sockets.
 *
 * Broadcast latency is host send (just before POST action 'start'/'next') to player receive, on
 * the shared wall clock. Answer latency is submit-answer request to 200; an answer due while its
 * question's burst was still arriving counts from its moment, as a phone's would wait for the
 * write loop (quiz-players.ts answer()). Answers lost: first submits without a 200, plus
 * acknowledged answers missing from the answers table. Answers double: rows beyond one per
 * (player, question) plus deliberate second submits (every 100th player) that were not refused.
 * Memory per player is the servers' live heap growth while the players join and connect (V8's
 * used heap right after a full collection, asked through each server's inspector, as bench:chat
 * does; read from /metrics it moved with the collector's last run, and came out negative), and
 * their RSS growth (/proc/<pid>/status) beside it.
 *
 * The floor first (issue 31): before anything of the quiz starts, bench:fanout's loop runs with
 * the quiz's own layout (N sockets, the quiz's server processes, its load generators' count, the
 * same --pin; as many rounds as questions), and the broadcast p99 is reported as a ratio of that
 * floor's p99, measured a few minutes apart on the same machine. --floor-rounds 0 skips it.
 *
 * --kinds all (the default) plays every kind of question in turn (issue 31), one in three with
 * double points, in teams with streaks on; --kinds single is the spec's game as before.
 *
 * --pin keeps the server(s) and the load generators on cores of their own (taskset), as the
 * players' phones would be: unpinned, the generators reading their sockets preempt the server in
 * the middle of a broadcast on a 2-core box (bench:fanout shows the same with nothing but TCP).
 */
import { passSecondFactor } from '../apps/server/src/test/second-factor';
import {
  API,
  QUESTION_KINDS,
  type MfaNeed,
  type QuestionKind,
  type QuizServerMessage,
  type startGameBody,
  type quizQuestionInput,
} from '@alumnet/contract';
import type { z } from 'zod';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { runMigrations } from '../apps/server/src/db/migrate';
import { BENCH_ADMIN, seedBenchCollege } from './scratch-database';
import { benchDatabase, benchRun, gcBetween, pinApart, type BenchDatabase } from './server-process';
import type { FromPlayers, PlayersReport, PlayersSlice, ToPlayers } from './quiz-players';
import { BENCH_TYPED_ANSWER, playerSessionHash } from './quiz-sessions';
import { integerFlag } from './flags';
import { printFanout, runFanout, type FanoutFigures } from './fanout';

const { values: flags } = parseArgs({
  options: {
    players: { type: 'string', default: '10000' },
    questions: { type: 'string', default: '6' },
    'time-limit': { type: 'string', default: '20' },
    processes: { type: 'string' },
    servers: { type: 'string', default: '1' },
    'live-lobby': { type: 'boolean', default: false },
    profile: { type: 'string' },
    pin: { type: 'boolean', default: false },
    kinds: { type: 'string', default: 'all' },
    'floor-rounds': { type: 'string' },
    'floor-bytes': { type: 'string', default: '300' },
  },
});
const PLAYERS = integerFlag('players', flags.players, 1, 100_000);
const QUESTIONS = integerFlag('questions', flags.questions, 1, 100);
const TIME_LIMIT = integerFlag('time-limit', flags['time-limit'], 5, 120);
/** Server processes sharing the game over REDIS_URL; load generator k talks to server k mod n. */
const SERVERS = integerFlag('servers', flags.servers, 1, 8);
if (SERVERS > 1 && (!process.env.REDIS_URL || !process.env.DATABASE_URL))
  throw new Error('--servers above 1 needs DATABASE_URL and REDIS_URL');
const PROCESSES = integerFlag(
  'processes',
  flags.processes ?? String(Math.ceil(PLAYERS / 5000)),
  1,
  PLAYERS,
);
if (flags.kinds !== 'all' && flags.kinds !== 'single')
  throw new Error("--kinds is all (every kind of question, teams on) or single (the spec's game)");
const KINDS = flags.kinds;
/** As many rounds as questions by default: each side's first, colder broadcast weighs the same. */
const FLOOR_ROUNDS = integerFlag(
  'floor-rounds',
  flags['floor-rounds'] ?? String(QUESTIONS),
  0,
  100,
);
const FLOOR_BYTES = integerFlag('floor-bytes', flags['floor-bytes'], 1, 65_536);
const ADMIN = BENCH_ADMIN;
type QuizQuestionInputBody = z.input<typeof quizQuestionInput>;
type StartGameBodyInput = z.input<typeof startGameBody>;
/** The players' sessions are derived from it (quiz-sessions.ts). */
const RUN_SECRET = randomBytes(16).toString('base64url');
const wall = () => performance.timeOrigin + performance.now();

// ------------------------------------------------------------------------------ database

/** The college, its admin and N approved members (one statement), as the server would store them. */
async function seed(database: BenchDatabase) {
  const { db, pool, close } = await database.open();
  try {
    await runMigrations(db);
    const { collegeId: college, passwordHash: hash } = await seedBenchCollege(
      pool,
      'Quiz Bench College',
    );
    await pool.query(
      `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                          password_hash, is_approved, is_registered)
       SELECT $1, 'Player', g::text, 'Player ' || g, 'quiz-player-' || g,
              'quiz-player-' || g || '@bench.example', $2, true, true
         FROM generate_series(1, $3::int) AS g`,
      [college, hash, PLAYERS],
    );
    // Each player signed in already: validate-user answers a member's own session (issue 25).
    const numbers = Array.from({ length: PLAYERS }, (_, i) => i + 1);
    await pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       SELECT u.id, s.token_hash, now() + interval '1 day'
         FROM unnest($1::text[], $2::text[]) AS s(email, token_hash)
         JOIN users u ON u.email = s.email`,
      [
        numbers.map((n) => `quiz-player-${n}@bench.example`),
        numbers.map((n) => playerSessionHash(RUN_SECRET, n)),
      ],
    );
  } finally {
    await close();
  }
}

/** Per question: answer rows, and the players they belong to (a second row per player is a double). */
async function countAnswers(database: BenchDatabase, code: string) {
  const { pool, close } = await database.open();
  try {
    const { rows } = await pool.query<{ position: number; rows: number; players: number }>(
      `SELECT qq.position, count(a.id)::int AS rows, count(DISTINCT a.player_id)::int AS players
         FROM games g
         JOIN quiz_questions qq ON qq.quiz_id = g.quiz_id
         LEFT JOIN players p ON p.game_id = g.id
         LEFT JOIN answers a ON a.question_id = qq.id AND a.player_id = p.id
        WHERE g.code = $1
        GROUP BY qq.position ORDER BY qq.position`,
      [code],
    );
    return rows;
  } finally {
    await close();
  }
}

// ------------------------------------------------------------------------------ the game

// BENCH QUESTIONS: what the bench's quiz asks. `--kinds all` (issue 31): every kind in turn, one
// in three with double points; `--kinds single`: the spec's one kind, as before issue 31. The
// load generators answer each by the `question` message they get (quiz-players.ts answerFor).
/** The body of the create-quiz call. */
function benchQuiz() {
  const kinds: QuestionKind[] = KINDS === 'all' ? [...QUESTION_KINDS] : ['single'];
  return {
    title: 'Bench Quiz',
    questions: Array.from({ length: QUESTIONS }, (_, i): QuizQuestionInputBody => {
      const kind = kinds[i % kinds.length]!;
      const base = {
        question: `Bench question ${i + 1} (${kind}): which option is number ${(i % 4) + 1}?`,
        options: ['One', 'Two', 'Three', 'Four'],
        correctOption: i % 4,
        timeLimit: TIME_LIMIT,
      };
      if (KINDS === 'single') return base;
      const extra = { kind, doublePoints: i % 3 === 2 };
      switch (kind) {
        case 'true_false':
          return { ...base, ...extra, options: [], correctOption: i % 2 };
        case 'multiple':
          return { ...base, ...extra, correctOptions: [0, 2], partialCredit: i % 2 === 0 };
        case 'typed':
          return {
            ...base,
            ...extra,
            options: [],
            acceptedAnswers: [BENCH_TYPED_ANSWER, 'Alumni net'],
          };
        default:
          return { ...base, ...extra };
      }
    }),
  };
}

// BENCH START SETTINGS: the start-game call's body. `--kinds all`: teams on (4, placed by the
// server), speed scoring and streaks on, a podium of 5; `--kinds single`: the spec's call, no body.
function benchStartSettings(): StartGameBodyInput | undefined {
  if (KINDS === 'single') return undefined;
  return {
    settings: {
      speedScoring: true,
      streakBonus: true,
      podiumSize: 5,
      teams: { count: 4, choose: 'auto' },
    },
  };
}

// ------------------------------------------------------------------------------ the host

function hostClient(url: string) {
  let cookie = '';
  const call = async <T>(method: string, route: string, body?: object): Promise<T> => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok)
      throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return (await response.json()) as T;
  };
  return { call, cookie: () => cookie };
}

/** The host console's socket: it hears host_state while the game runs, as a real host would. */
function hostSocket(url: string, code: string, cookie: string) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${API.quiz.socket(code)}`, {
    headers: { cookie },
  });
  const heard = { hostState: 0, bytes: 0 };
  ws.once('open', () => ws.send(JSON.stringify({ type: 'host_connected' })));
  ws.on('message', (data: Buffer) => {
    heard.bytes += data.length;
    if ((JSON.parse(data.toString()) as QuizServerMessage).type === 'host_state') heard.hostState++;
  });
  return { heard, close: () => ws.terminate() };
}

/**
 * GET /healthz every 100 ms: it does nothing, so its latency is how long the server's event loop
 * keeps a request waiting (the server exposes no event-loop figures of its own).
 */
function responsiveness(url: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const start = performance.now();
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.arrayBuffer().then(() => r.ok),
        () => false,
      );
      if (ok) latencies.push(performance.now() - start);
      await sleep(100);
    }
  };
  const done = loop();
  return {
    stop: () => {
      running = false;
      void done;
      return latencies;
    },
  };
}

// ------------------------------------------------------------------------------ load generators

interface Generator {
  process: ChildProcess;
  inbox: FromPlayers[];
  wake: (() => void)[];
}

function startGenerator(): Generator {
  const child = fork(fileURLToPath(new URL('./quiz-players.ts', import.meta.url)), [], {
    // --expose-gc: it collects when the game waits on it (quiz-players.ts collectGarbage).
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: 'inherit',
  });
  const generator: Generator = { process: child, inbox: [], wake: [] };
  child.on('message', (message: FromPlayers) => {
    generator.inbox.push(message);
    generator.wake.splice(0).forEach((wake) => wake());
  });
  child.once('exit', () => generator.wake.splice(0).forEach((wake) => wake()));
  return generator;
}

/** The generator's next message that `match` accepts; undefined after the timeout or its exit. */
async function receive<T extends FromPlayers>(
  generator: Generator,
  match: (m: FromPlayers) => m is T,
  timeoutMs: number,
): Promise<T | undefined> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const at = generator.inbox.findIndex(match);
    if (at >= 0) return generator.inbox.splice(at, 1)[0] as T;
    const left = until - performance.now();
    if (left <= 0 || generator.process.exitCode !== null) return undefined;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      generator.wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
const ofType =
  <K extends FromPlayers['type']>(
    type: K,
    check: (m: Extract<FromPlayers, { type: K }>) => boolean = () => true,
  ) =>
  (m: FromPlayers): m is Extract<FromPlayers, { type: K }> =>
    m.type === type && check(m as Extract<FromPlayers, { type: K }>);
const gather = <T extends FromPlayers>(
  generators: Generator[],
  match: (m: FromPlayers) => m is T,
  timeoutMs: number,
) => Promise.all(generators.map((g) => receive(g, match, timeoutMs)));
const tell = (generators: Generator[], message: ToPlayers) =>
  generators.forEach((g) => g.process.send(message));

// ------------------------------------------------------------------------------ figures

/** Nearest-rank percentile of ascending values. */
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: round1(sorted[0] ?? NaN),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? NaN),
  };
};
const merge = (a: Record<string, number>, b: Record<string, number>) => {
  for (const [key, n] of Object.entries(b)) a[key] = (a[key] ?? 0) + n;
  return a;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ------------------------------------------------------------------------------ the run

async function run() {
  const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (Number.isFinite(openFiles) && openFiles < PLAYERS + 300) {
    throw new Error(
      `ulimit -n is ${openFiles}: the server needs more than ${PLAYERS + 300} open files`,
    );
  }
  if (Number.isFinite(openFiles) && openFiles < Math.ceil(PLAYERS / PROCESSES) + 600)
    throw new Error(`ulimit -n is ${openFiles}: use more --processes`);
  // The floor, before anything of the quiz runs: same sockets, same processes on each side.
  let floor: FanoutFigures | null = null;
  if (FLOOR_ROUNDS > 0) {
    const result = await runFanout({
      sockets: PLAYERS,
      servers: SERVERS,
      clients: PROCESSES,
      rounds: FLOOR_ROUNDS,
      bytes: FLOOR_BYTES,
      pin: flags.pin,
    });
    printFanout(result, flags.pin);
    floor = result.figures;
    console.log('');
  }
  const started = performance.now();
  const database = await benchDatabase();
  // Whatever happens, the run ends.
  const run = benchRun('bench:quiz', database, 300 + QUESTIONS * (TIME_LIMIT + 30) + PLAYERS / 50);
  const generators: Generator[] = [];

  try {
    await seed(database);
    // One game over N processes: they share it through Redis.
    const env: Record<string, string> =
      SERVERS > 1
        ? { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `bench-quiz-${process.pid}:` }
        : {};
    // Memory and CPU are the servers' together.
    const {
      urls,
      pids,
      cpu: cpuOfServers,
      rss: rssOfServers,
      liveHeap: heapOfServers,
      gc: gcOfServers,
    } = await run.startServers(SERVERS, { env, profileDir: flags.profile, inspect: true });
    // The host and the game live on the first; the others reach it through Redis.
    const url = urls[0]!;

    const host = hostClient(url);
    const login = await host.call<{ mfa: MfaNeed }>('POST', API.auth.login, {
      userName: ADMIN.email,
      password: ADMIN.password,
    });
    await passSecondFactor(
      async (path, body) => ({ status: 200, body: await host.call('POST', path, body ?? {}) }),
      ADMIN.email,
      login.mfa,
    );
    const quiz = await host.call<{ _id: string }>('POST', API.quizHost.quizzes, benchQuiz());
    const { code } = await host.call<{ code: string }>(
      'POST',
      API.quizHost.startGame(quiz._id),
      benchStartSettings(),
    );
    const console_ = hostSocket(url, code, host.cookie());
    console.log(
      `bench:quiz  ${PLAYERS} players, ${QUESTIONS} questions of ${TIME_LIMIT} s, ` +
        `${PROCESSES} load generator(s)${flags.pin ? ' pinned apart from the server' : ''}, ` +
        `${database.label}, game ${code}; ` +
        (KINDS === 'all'
          ? `kinds ${QUESTION_KINDS.join(', ')} in turn, teams of 4 placed by the server, streaks on; `
          : "the spec's single choice only; ") +
        `ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // --- players join, then connect
    await sleep(1000);
    const rssBefore = rssOfServers();
    const heapBefore = await heapOfServers();
    const per = Math.ceil(PLAYERS / PROCESSES);
    for (let k = 0; k < PROCESSES; k++) {
      const generator = startGenerator();
      generators.push(generator);
      run.generators.push(generator.process);
    }
    await gather(generators, ofType('ready'), 30_000);
    if (flags.pin)
      pinApart(
        pids,
        generators.map((g) => g.process.pid!),
      );
    generators.forEach((g, k) => {
      const slice: PlayersSlice = {
        url: urls[k % urls.length]!,
        code,
        runSecret: RUN_SECRET,
        first: k * per + 1,
        last: Math.min(PLAYERS, (k + 1) * per),
        questions: QUESTIONS,
        liveLobby: flags['live-lobby'],
        answerWithin: 0.7,
        duplicateEvery: 100,
        concurrency: 64,
      };
      g.process.send({ type: 'start', slice } satisfies ToPlayers);
    });
    const setupTimeout = 120_000 + PLAYERS * 20;
    const joined = await gather(generators, ofType('joined'), setupTimeout);
    if (joined.some((m) => !m)) throw new Error('a load generator did not finish joining');
    const joinedCount = joined.reduce((sum, m) => sum + m!.joined, 0);
    const joinFailed = joined.reduce(
      (all, m) => merge(all, m!.failed),
      {} as Record<string, number>,
    );
    const joinSeconds = Math.max(...joined.map((m) => m!.seconds));
    console.log(
      `  joined       ${joinedCount} of ${PLAYERS} in ${joinSeconds.toFixed(1)} s` +
        (Object.keys(joinFailed).length ? `, failed ${JSON.stringify(joinFailed)}` : ''),
    );
    tell(generators, { type: 'connect' });
    const connected = await gather(generators, ofType('connected'), setupTimeout);
    if (connected.some((m) => !m)) throw new Error('a load generator did not finish connecting');
    const connectedCount = connected.reduce((sum, m) => sum + m!.connected, 0);
    const connectFailed = connected.reduce(
      (all, m) => merge(all, m!.failed),
      {} as Record<string, number>,
    );
    const connectSeconds = Math.max(...connected.map((m) => m!.seconds));
    console.log(
      `  connected    ${connectedCount} of ${joinedCount} sockets in ${connectSeconds.toFixed(1)} s` +
        (Object.keys(connectFailed).length ? `, failed ${JSON.stringify(connectFailed)}` : ''),
    );
    // Let the server's heap settle (its collector runs on its own schedule) before reading RSS.
    await sleep(3000);
    const rssAfter = rssOfServers();
    const heapAfter = await heapOfServers();

    // --- the questions
    const sentAt: number[] = [];
    const actionMs: number[] = [];
    const missingQuestions: number[] = [];
    let peakRss = rssAfter;
    const probe = responsiveness(url);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOfServers())), 200);
    const cpuBefore = cpuOfServers();
    const gcBefore = await gcOfServers();
    const gameStart = performance.now();
    for (let i = 0; i < QUESTIONS; i++) {
      const t0 = wall();
      sentAt.push(t0);
      await host.call('POST', API.quizHost.action(code), { action: i === 0 ? 'start' : 'next' });
      actionMs.push(wall() - t0);
      const done = await gather(
        generators,
        ofType('question-done', (m) => m.index === i),
        (TIME_LIMIT + 30) * 1000,
      );
      const results = done.reduce((sum, m) => sum + (m?.results ?? 0), 0);
      if (results < connectedCount) missingQuestions.push(i + 1);
      console.log(
        `  question ${i + 1}   results reached ${results} of ${connectedCount} players ` +
          `${((performance.now() - gameStart) / 1000).toFixed(1)} s into the game`,
      );
    }
    const t0 = wall();
    await host.call('POST', API.quizHost.action(code), { action: 'next' });
    actionMs.push(wall() - t0);
    const finished = await gather(generators, ofType('finished'), 20_000);
    const gameSeconds = (performance.now() - gameStart) / 1000;
    const serverCpu = ((cpuOfServers() - cpuBefore) / gameSeconds) * 100;
    const gcDuringGame = gcBetween(gcBefore, await gcOfServers());
    clearInterval(sampler);
    const healthzMs = summary(probe.stop());

    tell(generators, { type: 'report' });
    const reports = (await gather(generators, ofType('report'), 60_000)).map((m) => {
      if (!m) throw new Error('a load generator sent no report');
      return m.report;
    });
    console_.close();
    const hostHeard = { ...console_.heard };
    await run.stopProcesses();
    const stored = await countAnswers(database, code);

    printFigures({
      reports,
      stored,
      sentAt,
      actionMs,
      connectedCount,
      finishedCount: finished.reduce((sum, m) => sum + (m?.finished ?? 0), 0),
      missingQuestions,
      rss: { before: rssBefore, after: rssAfter, peak: peakRss },
      heap: { before: heapBefore, after: heapAfter },
      serverCpu,
      gcDuringGame,
      healthzMs,
      hostHeard,
      floor,
    });
  } finally {
    await run.cleanup();
  }
}

function printFigures(run: {
  reports: PlayersReport[];
  stored: { position: number; rows: number; players: number }[];
  sentAt: number[];
  actionMs: number[];
  connectedCount: number;
  finishedCount: number;
  missingQuestions: number[];
  rss: { before: number; after: number; peak: number };
  heap: { before: number; after: number };
  serverCpu: number;
  gcDuringGame: string;
  healthzMs: ReturnType<typeof summary>;
  hostHeard: { hostState: number; bytes: number };
  floor: FanoutFigures | null;
}) {
  const { reports, stored } = run;
  const broadcastMs: number[] = [];
  const perQuestion = run.sentAt.map((t0, i) => {
    const latencies = reports.flatMap((r) => r.questionAt[i]!.map((at) => at - t0));
    broadcastMs.push(...latencies);
    const accepted = reports.reduce((sum, r) => sum + r.accepted[i]!, 0);
    const refused = reports.reduce(
      (all, r) => merge(all, r.refused[i]!),
      {} as Record<string, number>,
    );
    const rows = stored.find((s) => s.position === i);
    return {
      question: i + 1,
      received: latencies.length,
      broadcast: summary(latencies),
      hostActionMs: round1(run.actionMs[i]!),
      accepted,
      refused,
      rows: rows?.rows ?? 0,
      doubles: (rows?.rows ?? 0) - (rows?.players ?? 0),
      results: reports.reduce((sum, r) => sum + r.results[i]!, 0),
    };
  });
  const answers = summary(reports.flatMap((r) => r.answerMs));
  const broadcast = summary(broadcastMs);
  const refusedFirst = perQuestion.reduce(
    (sum, q) => sum + Object.values(q.refused).reduce((a, b) => a + b, 0),
    0,
  );
  const missingRows = perQuestion.reduce((sum, q) => sum + Math.max(0, q.accepted - q.rows), 0);
  const unacknowledgedRows = perQuestion.reduce(
    (sum, q) => sum + Math.max(0, q.rows - q.accepted),
    0,
  );
  const duplicates = reports.reduce(
    (all, r) => merge(all, r.duplicates),
    {} as Record<string, number>,
  );
  const extraRows = perQuestion.reduce((sum, q) => sum + q.doubles, 0);
  const ratio = run.floor ? Math.round((broadcast.p99 / run.floor.p99_ms) * 100) / 100 : null;
  const rssPerPlayer = (run.rss.after - run.rss.before) / Math.max(1, run.connectedCount);
  const heapPerPlayer = (run.heap.after - run.heap.before) / Math.max(1, run.connectedCount);

  console.table(
    perQuestion.map((q) => ({
      question: q.question,
      'received by': q.received,
      'first ms': q.broadcast.min,
      'broadcast p50': q.broadcast.p50,
      p95: q.broadcast.p95,
      p99: q.broadcast.p99,
      max: q.broadcast.max,
      'host action ms': q.hostActionMs,
      'answers 200': q.accepted,
      refused: JSON.stringify(q.refused),
      'rows stored': q.rows,
      'results heard': q.results,
    })),
  );
  const sum = (pick: (r: PlayersReport) => number) => reports.reduce((s, r) => s + pick(r), 0);
  console.log(
    [
      `broadcast latency   p50 ${broadcast.p50}  p95 ${broadcast.p95}  p99 ${broadcast.p99}  max ${broadcast.max} ms (${broadcast.n} deliveries; goal p99 <= 150)`,
      run.floor
        ? `floor (same run)    bare TCP p99 ${run.floor.p99_ms} ms to ${run.floor.sockets} sockets; the quiz's broadcast p99 is ${ratio}x the floor (goal <= 1.2)`
        : 'floor (same run)    not measured (--floor-rounds 0)',
      `answer latency      p50 ${answers.p50}  p95 ${answers.p95}  p99 ${answers.p99}  max ${answers.max} ms (${answers.n} submits; goal p99 <= 100)`,
      `answers lost        ${refusedFirst + missingRows} (${refusedFirst} first submits without 200, ${missingRows} acknowledged but not stored; ${unacknowledgedRows} stored without a 200)`,
      `answers double      ${extraRows + (duplicates.accepted ?? 0)} (${extraRows} extra rows; second submits: ${duplicates.sent ?? 0} sent, ${duplicates.refused409 ?? 0} refused 409, ${duplicates.accepted ?? 0} accepted, ${duplicates.other ?? 0} other)`,
      `results             ${run.missingQuestions.length ? `missing for some players in question(s) ${run.missingQuestions.join(', ')}` : 'every connected player heard every question_results'}; ${sum((r) => r.resultsMismatch)} contradicting submit-answer`,
      `game_finished       ${run.finishedCount} of ${run.connectedCount}; socket errors ${sum((r) => r.socketErrors)}, sockets closed by the server ${sum((r) => r.socketsClosed)}`,
      `host console        ${run.hostHeard.hostState} host_state pushes, ${mb(run.hostHeard.bytes)}; final 'next' ${round1(run.actionMs.at(-1)!)} ms`,
      `server memory       heap ${mb(run.heap.before)} -> ${mb(run.heap.after)} with players (${(heapPerPlayer / 1024).toFixed(1)} KB each); RSS ${mb(run.rss.before)} -> ${mb(run.rss.after)} (${(rssPerPlayer / 1024).toFixed(1)} KB each), peak ${mb(run.rss.peak)}`,
      `server /healthz    p50 ${run.healthzMs.p50}  p99 ${run.healthzMs.p99}  max ${run.healthzMs.max} ms (every 100 ms during the game: the server's event loop delay)`,
      `server GC          during the game: ${run.gcDuringGame}`,
      `CPU during the game server ${run.serverCpu.toFixed(0)}% of one core; load generators ${reports.map((r) => `${r.cpuPercent.toFixed(0)}% (loop busy ${(r.eventLoopBusy * 100).toFixed(0)}%)`).join(', ')}; machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      '',
    ].join('\n'),
  );
  console.log(
    JSON.stringify({
      players: run.connectedCount,
      broadcast_p50_ms: broadcast.p50,
      broadcast_p95_ms: broadcast.p95,
      broadcast_p99_ms: broadcast.p99,
      answer_p50_ms: answers.p50,
      answer_p95_ms: answers.p95,
      answer_p99_ms: answers.p99,
      answers_lost: refusedFirst + missingRows,
      answers_double: extraRows + (duplicates.accepted ?? 0),
      heap_per_player_kb: round1(heapPerPlayer / 1024),
      rss_per_player_kb: round1(rssPerPlayer / 1024),
      floor_p99_ms: run.floor?.p99_ms ?? null,
      ratio,
    }),
  );
  const ok =
    refusedFirst + missingRows === 0 &&
    extraRows + (duplicates.accepted ?? 0) === 0 &&
    run.missingQuestions.length === 0;
  process.exitCode = ok ? 0 : 1;
}

await run();
