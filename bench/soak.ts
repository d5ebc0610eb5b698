/**
 * npm run bench:soak [-- --db embedded|postgres --rate R --minutes M --members N --overload
 *                       --population P --chat-rate C --quiz-players Q --no-quiz --no-rsvp
 *                       --popular-comments N --processes K --profile DIR]
 *
 * A college's peak day on one box (issue 32, "Benchmark"). The real server runs as `npm start` does
 * (the built apps/server/dist/main.js, ROLE=all: web and worker in one process) in a process of its
 * own, on the embedded database (--db embedded, the default; a data directory of the bench's own)
 * or PostgreSQL (--db postgres: a scratch database on DATABASE_URL's server). Seeded first
 * (bench/soak-seed.ts): the demo a first start writes, then P members (default 20,000) in its
 * college, posts with comments (one post with N, default 3,000), jobs, mentors, groups, an event of
 * 500 seats; N of the members (default 2,000) are signed in (sessions written straight into the
 * database) and hold a live Socket.IO connection each, in K load-generator processes
 * (bench/soak-clients.ts).
 *
 * The mix (bench/soak-mix.ts, printed at the start), an open loop at R requests/s (default 200
 * embedded, 400 PostgreSQL) for M minutes (default 30); each request is due at a fixed moment
 * whatever the answers do and its latency runs from then (no coordinated omission):
 *
 *   feed 25%  me 15%  directory 10%  jobs 8%  notifications 8%  profile 6%  likes 6%
 *   dashboard 5%  groups 5% (group posts and chat)  comments 3%  mentoring 3%  events 3%
 *   chat-list 3%;  plus 1:1 chat over the sockets at C messages/s (default R / 20)
 *
 * and two scenes: the RSVP rush (500 members press Going on the 500-seat event within 5 s, a
 * quarter into the run; --no-rsvp skips it) and a live quiz game in the middle of the run
 * (bench/soak-quiz.ts: Q players, default 2,000 from 10 minutes up and the signed-in members' count
 * in shorter runs; 6 questions of 20 s, fewer and shorter in short runs; --no-quiz skips it).
 *
 * A request unanswered 10 s after it was due is given up and counts as an error, as does any answer
 * but 2xx (the first few are printed with their status and body). Every minute a line: p50/p99 per
 * kind (of the requests due in that minute, printed once they have all settled), errors, the
 * server's RSS (and its database child's, if the embedded database runs in one), its CPU, and from
 * /metrics read each second the worst second's event-loop delay p99
 * (nodejs_eventloop_lag_p99_seconds, which starts afresh at each reading) and database queue
 * (alumnet_db_pool_waiting, what the portal sheds on); on a terminal a progress bar between them.
 *
 * --overload: after the normal run, two minutes at twice the rate (and chat rate), then a minute at
 * the rate again, to see the memory come back. 503s in those three minutes are shed, not errors;
 * the JSON adds shed, goodput_per_s (2xx answered within 1 s, per second of the two minutes),
 * worst_answer_ms (the slowest 200 or 503), unanswered, and the RSS before and a minute after.
 *
 * Ends with one line of JSON: {"db", "rate", "minutes", "worst_p99_ms" (the worst kind's p99 after
 * the first minute; of the first minute in a one-minute run), "first_minute_p99_ms", "errors",
 * "rss_start_mb", "rss_end_mb", "rss_growth_pct" (from the end of minute 5, or of the first minute
 * in shorter runs, or the start in a one-minute run, to the end), "rss_floor_growth_pct" and
 * "rss_peak_growth_pct" (the same span with each minute's lowest and highest second), ...}. Issue
 * 32's goals on a 2-core machine: the embedded default at 200/s, PostgreSQL at 400/s; every kind's
 * p99 <= 200 ms after the first minute and <= 500 ms within it, 0 errors, RSS growth <= 5%.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { integerFlag } from './flags';
import { gather, startGenerator, tell, type Generator } from './generators';
import { seededRandom } from './seeded-random';
import { benchDatabase, benchRun, cpuOf, metricsOf, rssOf } from './server-process';
import { KIND_INDEX, mixTable } from './soak-mix';
import { type FromSoakClients, type SoakPhase, type ToSoakClients } from './soak-protocol';
import { runQuizScene, type QuizFigures } from './soak-quiz';
import { seedSoak } from './soak-seed';
import { SoakTally } from './soak-stats';

const { values: flags } = parseArgs({
  options: {
    db: { type: 'string', default: 'embedded' },
    rate: { type: 'string' },
    minutes: { type: 'string', default: '30' },
    members: { type: 'string', default: '2000' },
    population: { type: 'string', default: '20000' },
    'popular-comments': { type: 'string', default: '3000' },
    'chat-rate': { type: 'string' },
    overload: { type: 'boolean', default: false },
    'quiz-players': { type: 'string' },
    'no-quiz': { type: 'boolean', default: false },
    'no-rsvp': { type: 'boolean', default: false },
    processes: { type: 'string' },
    profile: { type: 'string' },
    'node-flag': { type: 'string', multiple: true },
  },
});
if (flags.db !== 'embedded' && flags.db !== 'postgres')
  throw new Error('--db is embedded or postgres');
if (flags.db === 'postgres' && !process.env.DATABASE_URL)
  throw new Error(
    '--db postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
// The embedded database: the server must not see a DATABASE_URL (benchDatabase reads it too).
if (flags.db === 'embedded') delete process.env.DATABASE_URL;
const RATE = integerFlag(
  'rate',
  flags.rate ?? (flags.db === 'embedded' ? '200' : '400'),
  1,
  20_000,
);
const MINUTES = integerFlag('minutes', flags.minutes, 1, 24 * 60);
const POPULATION = integerFlag('population', flags.population, 1000, 1_000_000);
const MEMBERS = integerFlag('members', flags.members, 10, POPULATION);
const CHAT_RATE = integerFlag(
  'chat-rate',
  flags['chat-rate'] ?? String(Math.max(1, Math.round(RATE / 20))),
  0,
  10_000,
);
const RUSH = flags['no-rsvp'] ? 0 : Math.min(500, MEMBERS);
const QUIZ_PLAYERS = flags['no-quiz']
  ? 0
  : integerFlag(
      'quiz-players',
      flags['quiz-players'] ?? String(MINUTES >= 10 ? 2000 : Math.min(2000, MEMBERS)),
      1,
      POPULATION,
    );
const QUIZ = {
  players: QUIZ_PLAYERS,
  questions: Math.max(2, Math.min(6, Math.round(MINUTES / 4))),
  timeLimit: MINUTES >= 10 ? 20 : 8,
};
const PROCESSES = integerFlag(
  'processes',
  flags.processes ?? String(Math.max(1, Math.ceil(MEMBERS / 5000))),
  1,
  64,
);
const OVERLOAD_SECONDS = 120;
const RECOVERY_SECONDS = 60;
const RUNTIME = MINUTES * 60 + (flags.overload ? OVERLOAD_SECONDS + RECOVERY_SECONDS : 0);
const wall = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const tty = process.stdout.isTTY;
const orDash = (ms: number) => (Number.isNaN(ms) ? '-' : ms);

const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
if (Number.isFinite(openFiles) && openFiles < MEMBERS + QUIZ_PLAYERS + 4 * RATE + 1000)
  console.warn(
    `ulimit -n is ${openFiles}: the server may run short of open files for ` +
      `${MEMBERS + QUIZ_PLAYERS} sockets and the requests in flight`,
  );

const database = await benchDatabase();
const run = benchRun('bench:soak', database, RUNTIME + 1200);
const runSecret = randomBytes(16).toString('base64url');
let exitCode = 1;
try {
  const began = performance.now();
  const seeded = await seedSoak(
    database,
    {
      population: POPULATION,
      signedIn: Math.min(POPULATION, Math.max(MEMBERS, QUIZ_PLAYERS, RUSH)),
      posts: 3000,
      comments: 15_000,
      popularComments: integerFlag('popular-comments', flags['popular-comments'], 0, 1_000_000),
      jobs: 400,
      rushSeats: 500,
    },
    runSecret,
  );
  const seedSeconds = (performance.now() - began) / 1000;
  // The portal as `npm start` runs it: the built server, web and worker in one process.
  const servers = await run.startServers(1, {
    compiled: true,
    env: { ROLE: 'all' },
    ...(flags.profile ? { profileDir: flags.profile } : {}),
    ...(flags['node-flag'] ? { nodeFlags: flags['node-flag'] } : {}),
  });
  const url = servers.urls[0]!;
  const serverPid = servers.pids[0]!;
  /** The embedded database's process, if the server runs it as a child of its own. */
  const dbChildren = () => {
    try {
      return execFileSync('pgrep', ['-P', String(serverPid)])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const childRss = () =>
    dbChildren().reduce((total, pid) => {
      try {
        return total + rssOf(pid);
      } catch {
        return total;
      }
    }, 0);
  const socketMembers = seeded.members.slice(0, MEMBERS);
  const generators: Generator<FromSoakClients>[] = [];
  for (let k = 0; k < PROCESSES; k++) {
    const generator = startGenerator<FromSoakClients>(
      new URL('./soak-clients.ts', import.meta.url),
    );
    generators.push(generator);
    run.generators.push(generator.process);
  }
  await gather(generators, 'ready', 30_000);
  generators.forEach((g, k) =>
    g.process.send({
      type: 'start',
      url,
      runSecret,
      members: socketMembers,
      context: seeded.context,
      k,
      of: PROCESSES,
    } satisfies ToSoakClients),
  );
  const connected = await gather(generators, 'connected', 120_000 + MEMBERS * 20);
  console.log(
    [
      `bench:soak  ${database.label}, ${RATE} requests/s for ${MINUTES} min` +
        `${flags.overload ? `, then ${RATE * 2}/s for ${OVERLOAD_SECONDS / 60} min and ${RATE}/s for 1 min` : ''}; ` +
        `${POPULATION} members, ${connected.reduce((s, c) => s + c.connected, 0)} of ${MEMBERS} signed in with a live socket` +
        ` (${connected.reduce((s, c) => s + c.failed, 0)} failed, ${Math.max(...connected.map((c) => c.seconds)).toFixed(1)} s); ` +
        `${PROCESSES} load generator(s); server pid ${serverPid} (ROLE=all)${dbChildren().length ? `, database child pid ${dbChildren().join(', ')}` : ''}; ` +
        `seeded in ${seedSeconds.toFixed(0)} s`,
      `scenes: ${RUSH ? `RSVP rush of ${RUSH} in 5 s` : 'no RSVP rush'}; ` +
        (QUIZ.players
          ? `quiz of ${QUIZ.players} players, ${QUIZ.questions} questions of ${QUIZ.timeLimit} s, in the middle`
          : 'no quiz'),
      '',
      mixTable(RATE, CHAT_RATE),
      '',
    ].join('\n'),
  );

  // --- the timeline
  await sleep(1000);
  const t0 = wall() + 2000;
  const rssStart = rssOf(serverPid);
  const childStart = childRss();
  const phases: SoakPhase[] = [
    { startAt: t0, seconds: MINUTES * 60, rate: RATE, chatRate: CHAT_RATE },
  ];
  if (flags.overload) {
    const overloadAt = t0 + MINUTES * 60_000;
    phases.push(
      { startAt: overloadAt, seconds: OVERLOAD_SECONDS, rate: RATE * 2, chatRate: CHAT_RATE * 2 },
      {
        startAt: overloadAt + OVERLOAD_SECONDS * 1000,
        seconds: RECOVERY_SECONDS,
        rate: RATE,
        chatRate: CHAT_RATE,
      },
    );
  }
  const tally = new SoakTally(t0);
  const failures: string[] = [];
  const signatures = new Set<string>();
  let socketsClosed = 0;
  const progress = { line: '' };
  const say = (text: string) => {
    if (tty) process.stdout.write('\r\x1b[2K');
    console.log(text);
    if (tty && progress.line) process.stdout.write(progress.line);
  };
  const closedBy = new Map<Generator<FromSoakClients>, number>();
  const listen = (g: Generator<FromSoakClients>) => {
    const drain = () => {
      for (;;) {
        const at = g.inbox.findIndex((m) => m.type === 'records');
        if (at < 0) break;
        const m = g.inbox.splice(at, 1)[0] as Extract<FromSoakClients, { type: 'records' }>;
        tally.add(m.data);
        closedBy.set(g, m.socketsClosed);
        for (const f of m.failures) {
          // The first dozen, then the first of each kind of call and status.
          const signature = f.replace(/\/[0-9a-f-]{36}/g, '/:id').split(':')[0]!;
          if (failures.length >= 12 && (signatures.has(signature) || signatures.size >= 100))
            continue;
          signatures.add(signature);
          failures.push(f);
          say(`  error (+${((wall() - t0) / 1000).toFixed(0)} s): ${f}`);
        }
      }
      socketsClosed = [...closedBy.values()].reduce((a, b) => a + b, 0);
    };
    return drain;
  };
  const drains = generators.map(listen);
  tell<ToSoakClients>(generators, { type: 'run', phases });

  // Scenes: the rush a quarter in, the quiz's game centred on the middle (its joins before).
  const scenes: Promise<unknown>[] = [];
  let rushAt = NaN;
  if (RUSH) {
    rushAt = t0 + Math.max(15, Math.round(MINUTES * 60 * 0.25)) * 1000;
    const random = seededRandom(32_500);
    const presses = seeded.members.slice(0, RUSH).map((member) => ({
      member,
      at: rushAt + random() * 5000,
    }));
    scenes.push(
      sleep(Math.max(0, rushAt - wall() - 1000)).then(() =>
        generators.forEach((g, k) =>
          g.process.send({
            type: 'rush',
            presses: presses.filter((_, i) => i % PROCESSES === k),
          } satisfies ToSoakClients),
        ),
      ),
    );
  }
  let quiz: QuizFigures | Error | null = null;
  if (QUIZ.players) {
    const joining = 10 + QUIZ.players / 100;
    const playing = QUIZ.questions * (QUIZ.timeLimit + 2);
    // In short runs, after the rush rather than on top of it.
    const quizAt = Math.max(
      t0 + Math.max(5, (MINUTES * 60) / 2 - playing / 2 - joining) * 1000,
      Number.isNaN(rushAt) || MINUTES >= 10 ? 0 : rushAt + 8000,
    );
    scenes.push(
      sleep(Math.max(0, quizAt - wall())).then(async () => {
        say(`  quiz: ${QUIZ.players} players joining`);
        quiz = await runQuizScene(url, runSecret, QUIZ, (g) =>
          run.generators.push(g.process),
        ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        say(
          quiz instanceof Error
            ? `  quiz failed: ${quiz.message}`
            : `  quiz: ${quiz.connected} of ${quiz.players} players played, answer p50 ${quiz.answer_p50_ms} / p99 ${quiz.answer_p99_ms} ms, ` +
                `question broadcast p99 ${quiz.broadcast_p99_ms} ms, errors ${quiz.errors}, ${quiz.seconds.toFixed(0)} s`,
        );
      }),
    );
  }

  // --- a line per minute, once its requests have all settled; the progress bar between
  const totalMinutes = Math.ceil(RUNTIME / 60);
  const rssAt: number[] = [];
  const childAt: number[] = [];
  /** Per minute: the server's CPU (% of a core), its worst second's event-loop delay p99 (ms)
   * and database queue. */
  const sampledFigures: { cpu: number; lag: number; dbQueue: number }[] = [];
  let cpuBefore = cpuOf(serverPid);
  // Each second from /metrics: the event loop's delay p99 since the previous reading (prom-client
  // starts it afresh at each), the queries waiting for a database connection and how long one
  // asking then would wait (what the portal sheds on); per minute the worst second of each.
  const lagMax: number[] = [];
  const dbQueueMax: number[] = [];
  const dbWaitMax: number[] = [];
  // The last reading of each minute: V8's heap (what it holds from the system) and the memory
  // outside it that V8 knows of (buffers), to tell the JavaScript heap from malloc's in the RSS.
  const heapAt: number[] = [];
  // The highest second of each minute: a burst's peak, between two minutes' last readings, is
  // what V8's pages (and so the RSS) were raised to.
  const heapPeakAt: number[] = [];
  const externalAt: number[] = [];
  // Each minute's lowest second: V8's heap is a sawtooth between full collections, tens of MB
  // tall, and one reading a minute lands anywhere on it; the floor is what stays live.
  const rssFloorAt: number[] = [];
  // And its highest second: a memory-return round takes the RSS down by about 100 MB for a
  // minute or two, so a last reading just after one says less than the process holds.
  const rssPeakAt: number[] = [];
  // The same for the heap's objects: its lowest second is about what a full collection leaves,
  // what the portal holds, against which the heap's total shows the room V8 keeps beside it.
  const heapUsedFloorAt: number[] = [];
  // V8's spaces at the last reading of each minute: which one holds what the heap's total adds.
  const spacesAt: string[] = [];
  const sampler = setInterval(() => {
    void metricsOf(url).then(
      (text) => {
        const m = Math.floor((wall() - t0) / 60_000);
        if (m < 0) return;
        const read = (name: string) =>
          Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
        const lag = read('nodejs_eventloop_lag_p99_seconds') * 1000;
        const waiting = read('alumnet_db_pool_waiting');
        if (!(lag <= lagMax[m]!)) lagMax[m] = lag;
        if (!(waiting <= dbQueueMax[m]!)) dbQueueMax[m] = waiting;
        const wait = read('alumnet_db_expected_wait_seconds') * 1000;
        if (!(wait <= dbWaitMax[m]!)) dbWaitMax[m] = wait;
        const rss = read('process_resident_memory_bytes');
        if (!(rss >= rssFloorAt[m]!)) rssFloorAt[m] = rss;
        if (!(rss <= rssPeakAt[m]!)) rssPeakAt[m] = rss;
        heapAt[m] = read('nodejs_heap_size_total_bytes');
        if (!(heapAt[m] <= heapPeakAt[m]!)) heapPeakAt[m] = heapAt[m];
        const used = read('nodejs_heap_size_used_bytes');
        if (!(used >= heapUsedFloorAt[m]!)) heapUsedFloorAt[m] = used;
        externalAt[m] = read('nodejs_external_memory_bytes');
        spacesAt[m] = ['new', 'old', 'code', 'large_object']
          .map((space) => {
            const total = new RegExp(
              `^nodejs_heap_space_size_total_bytes\\{space="${space}"\\} (\\S+)$`,
              'm',
            ).exec(text)?.[1];
            return `${space.replace('_object', '')} ${mb(Number(total ?? NaN))}`;
          })
          .join(', ');
      },
      () => undefined,
    );
  }, 1000);
  let printed = 0;
  let sampled = 0;
  const done = gather(generators, 'done', (RUNTIME + 300) * 1000);
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished || printed < totalMinutes) {
    await sleep(250);
    drains.forEach((drain) => drain());
    const now = wall();
    while (sampled < totalMinutes && now >= t0 + (sampled + 1) * 60_000) {
      const cpu = cpuOf(serverPid);
      rssAt.push(rssOf(serverPid));
      childAt.push(childRss());
      sampledFigures.push({
        cpu: ((cpu - cpuBefore) / 60) * 100,
        lag: lagMax[sampled] ?? NaN,
        dbQueue: dbQueueMax[sampled] ?? NaN,
      });
      cpuBefore = cpu;
      sampled++;
    }
    while (printed < sampled && (finished || now >= t0 + (printed + 1) * 60_000 + 10_000 + 2000)) {
      const m = printed;
      const line = tally.minuteLine(m);
      const phase =
        m < MINUTES ? '' : m < MINUTES + OVERLOAD_SECONDS / 60 ? ' OVERLOAD' : ' after overload';
      say(
        `minute ${String(m + 1).padStart(3)}${phase}: ${line.requests} requests, ${line.errors} errors` +
          `${line.shed || line.timeouts ? ` (answered 503: ${line.shed}, unanswered: ${line.timeouts})` : ''}; ` +
          `server RSS ${mb(rssAt[m]!)} MB (lowest second ${mb(rssFloorAt[m] ?? NaN)}, highest ${mb(rssPeakAt[m] ?? NaN)}; V8 heap ${mb(heapAt[m] ?? NaN)} (peak ${mb(heapPeakAt[m] ?? NaN)}), in use at least ${mb(heapUsedFloorAt[m] ?? NaN)}; spaces ${spacesAt[m] ?? '?'}; external ${mb(externalAt[m] ?? NaN)})` +
          `${childAt[m] ? ` + db child ${mb(childAt[m])} MB` : ''}, ` +
          `CPU ${sampledFigures[m]!.cpu.toFixed(0)}%, event-loop p99 ${sampledFigures[m]!.lag.toFixed(1)} ms, ` +
          `db queue ${sampledFigures[m]!.dbQueue}, expected wait ${(dbWaitMax[m] ?? NaN).toFixed(0)} ms (worst second)` +
          `${socketsClosed ? `; ${socketsClosed} sockets closed` : ''}\n    p50/p99 ms: ${line.kinds}`,
      );
      printed++;
    }
    if (tty) {
      const elapsed = Math.max(0, Math.min(RUNTIME, (now - t0) / 1000));
      const width = 40;
      const filled = Math.round((elapsed / RUNTIME) * width);
      const clock = (s: number) =>
        `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
      progress.line =
        `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${clock(elapsed)} / ${clock(RUNTIME)}  ` +
        `${tally.sent} answered or given up, ${tally.errors + tally.overloadErrors} errors`;
      process.stdout.write(`\r\x1b[2K${progress.line}`);
    }
    if (finished && sampled < totalMinutes) break;
  }
  clearInterval(sampler);
  if (tty) process.stdout.write('\r\x1b[2K');
  const generatorCpu = (await done).map((m) => m.cpuPercent);
  drains.forEach((drain) => drain());
  await Promise.all(scenes);

  // --- the figures
  const table = tally.kindTable(MINUTES - 1);
  console.log('');
  console.table(
    table
      .filter((k) => k.requests > 0)
      .map((k) => ({
        kind: k.kind,
        requests: k.requests,
        'p50 ms': k.p50,
        'p99 ms': k.p99,
        'p99 1st min': orDash(k.p99_first_minute),
        'p99 after': orDash(k.p99_after),
        'worst minute p99': orDash(k.worst_minute_p99),
        'max ms': k.max,
        errors: k.errors,
      })),
  );
  if (failures.length) console.log(`first errors:\n  ${failures.join('\n  ')}`);
  const rushRow = table[KIND_INDEX.rsvp!]!;
  if (RUSH)
    console.log(
      `RSVP rush: ${rushRow.requests} presses in 5 s, p50 ${rushRow.p50} ms, p99 ${rushRow.p99} ms, max ${rushRow.max} ms, errors ${rushRow.errors}`,
    );
  const worst = (pick: (k: (typeof table)[number]) => number) =>
    Math.max(
      ...table
        .filter((k) => k.requests > 0)
        .map(pick)
        .filter((v) => !Number.isNaN(v)),
    );
  const quizFigures = quiz as QuizFigures | Error | null;
  const quizErrors =
    quizFigures === null ? 0 : quizFigures instanceof Error ? 1 : quizFigures.errors;
  const endMinute = MINUTES - 1;
  const fromMinute = MINUTES > 5 ? 4 : 0;
  const from = MINUTES > 1 ? rssAt[fromMinute]! : rssStart;
  const floorFrom = rssFloorAt[fromMinute]!;
  const rssEnd = rssAt[endMinute] ?? rssOf(serverPid);
  const errors = tally.errors + quizErrors;
  const result = {
    db: flags.db,
    rate: RATE,
    minutes: MINUTES,
    members: MEMBERS,
    worst_p99_ms: MINUTES > 1 ? worst((k) => k.p99_after) : worst((k) => k.p99_first_minute),
    first_minute_p99_ms: worst((k) => k.p99_first_minute),
    errors,
    rss_start_mb: mb(rssStart),
    rss_end_mb: mb(rssEnd),
    rss_growth_pct: Math.round(((rssEnd - from) / from) * 1000) / 10,
    // The same span, each minute's lowest second: growth of what stays live, not of the sawtooth.
    rss_floor_growth_pct:
      Math.round(((rssFloorAt[endMinute]! - floorFrom) / floorFrom) * 1000) / 10,
    // And with each minute's highest second: growth of what the process holds at its most.
    rss_peak_growth_pct:
      Math.round(
        ((rssPeakAt[endMinute]! - rssPeakAt[fromMinute]!) / rssPeakAt[fromMinute]!) * 1000,
      ) / 10,
    ...(childStart || childAt.some(Boolean)
      ? { db_rss_start_mb: mb(childStart), db_rss_end_mb: mb(childAt[endMinute] ?? childRss()) }
      : {}),
    event_loop_p99_max_ms:
      Math.round(Math.max(...sampledFigures.slice(0, MINUTES).map((s) => s.lag)) * 10) / 10,
    db_queue_max: Math.max(...sampledFigures.slice(0, MINUTES).map((s) => s.dbQueue)),
    sockets_closed: socketsClosed,
    ...(QUIZ.players && quizFigures && !(quizFigures instanceof Error)
      ? {
          quiz_players: quizFigures.connected,
          quiz_answer_p99_ms: quizFigures.answer_p99_ms,
          quiz_broadcast_p99_ms: quizFigures.broadcast_p99_ms,
        }
      : {}),
    ...(RUSH ? { rsvp_p99_ms: rushRow.p99 } : {}),
    ...(flags.overload
      ? {
          ...tally.overloadFigures(OVERLOAD_SECONDS),
          rss_before_overload_mb: mb(rssAt[MINUTES - 1]!),
          rss_after_overload_mb: mb(rssAt.at(-1)!),
        }
      : {}),
    load: Math.round(loadavg()[0]! * 10) / 10,
  };
  console.log(
    `load generators ${generatorCpu.map((c) => `${c.toFixed(0)}%`).join(', ')} of a core; ` +
      `machine load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
  );
  console.log(JSON.stringify(result));
  exitCode = errors === 0 ? 0 : 1;
} finally {
  await run.cleanup();
}
process.exit(exitCode);
