/**
 * npm run bench:mentoring [-- --members 1000000 --mentors 50000 --colleges 1 --rate 100
 *                           --seconds 30 --warmup 5 --askers 1000 --connections 50
 *                           --processes 1 --keep --reuse NAME --seed-only --profile DIR]
 *
 * Issue 29's benchmark, on PostgreSQL (DATABASE_URL; a scratch database `alumnet_bench_<random>`
 * is made on that server and dropped at the end).
 *
 * The seed (bench/mentoring-seed.ts, set-based SQL): M members of whom 1 in M / mentors is a
 * mentor, all in one college unless --colleges says otherwise (one college holding every mentor
 * is the hardest case for suggestions: they rank among all of them), spread over batches,
 * branches, companies and cities, with mentor profiles (topics, industries, capacity 1-5, 12%
 * not taking requests) and a history of requests and mentorships that leaves a quarter of the
 * mentors at capacity. Then ANALYZE. The members who call are signed in by writing their
 * sessions straight into the database with the app's own hashToken (logging in through argon2
 * would dominate the run).
 *
 * 1. Suggestions: the real server (apps/server/src/main.ts, ROLE=web) in a process of its own,
 *    load generators (bench/mentoring-clients.ts) in theirs. Random signed-in members call
 *    `GET /api/mentoring/suggestions` (no filter, a topic, a topic and a country, taking=true,
 *    page 2) at R calls a second, open loop, for S seconds after an unmeasured warm-up; latency
 *    runs from the moment a call was due, so a backlog counts against the server.
 *    Goal: p95 ≤ 50 ms, p99 ≤ 120 ms.
 * 2. The capacity race: a mentor of capacity 5 with no mentees; N fresh members each
 *    `POST /api/mentoring/requests` to them at once, then the mentor's session accepts all N
 *    requests concurrently (at most --connections in flight). Exactly 5 accepts may succeed and
 *    the rest must answer 409; the database must then hold N requests (none lost), 5 accepted
 *    and 5 active mentorships: over_capacity is max(0, active - 5).
 *
 * Exit code 1 when a correctness check fails (a suggestions call not answered 200, a request
 * lost, a sixth mentee, an answer other than 200 or 409 to an accept); the latency goal is
 * reported, not enforced (the machine's other load moves it).
 *
 * --keep leaves the database in place (for EXPLAIN ANALYZE through psql) and --reuse NAME runs
 * against one kept earlier without seeding it again; --seed-only stops after the seed.
 *
 * Ends with one line of JSON: {"members", "mentors", "colleges", "rate", "p50_ms", "p95_ms",
 * "p99_ms", "failed", "race_requests", "accepted", "over_capacity", "seed_s", ...}.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { DEFAULT_MENTORING_TOPICS } from '../packages/contract/src/mentoring';
import { integerFlag } from './flags';
import { gather, startGenerator, type Generator } from './generators';
import type {
  FromMentoringClients,
  MentoringCall,
  MentoringRecord,
  ToMentoringClients,
} from './mentoring-protocol';
import { approved, countSeed, seedMentoring, seedRace, signInMembers } from './mentoring-seed';
import { seededRandom } from './seeded-random';
import { benchDatabase, benchRun } from './server-process';
import { percentiles, percentilesLine as line } from './percentiles';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    mentors: { type: 'string', default: '50000' },
    colleges: { type: 'string', default: '1' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    callers: { type: 'string', default: '2000' },
    askers: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '50' },
    processes: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'seed-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const MEMBERS = integerFlag('members', flags.members, 1000, 5_000_000);
const MENTORS = integerFlag('mentors', flags.mentors, 10, MEMBERS / 2);
if (MEMBERS % MENTORS !== 0) throw new Error('--members must be a multiple of --mentors');
const COLLEGES = integerFlag('colleges', flags.colleges, 1, 100);
if (MEMBERS % COLLEGES !== 0 || (MEMBERS / COLLEGES) % (MEMBERS / MENTORS) !== 0)
  throw new Error('each college must hold a whole number of members and mentors');
const RATE = integerFlag('rate', flags.rate, 1, 2000);
const SECONDS = integerFlag('seconds', flags.seconds, 1, 600);
const WARMUP = integerFlag('warmup', flags.warmup, 0, 60);
const CALLERS = integerFlag('callers', flags.callers, 1, Math.min(100_000, MEMBERS));
const ASKERS = integerFlag('askers', flags.askers, 6, 10_000);
const CONNECTIONS = integerFlag('connections', flags.connections, 1, 1000);
const PROCESSES = integerFlag('processes', flags.processes, 1, 16);
/** The race mentor's capacity (the issue's). */
const RACE_CAPACITY = 5;
const GOAL = { p95: 50, p99: 120 };

const wall = () => performance.timeOrigin + performance.now();
const secondsSince = (t: number) => (performance.now() - t) / 1000;

const statusesOf = (records: MentoringRecord[]) => {
  const counts: Record<string, number> = {};
  for (const r of records) {
    const key = r[4] === 0 ? 'no answer' : r[4] === -1 ? 'network' : String(r[4]);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};
const ok2xx = (r: MentoringRecord) => r[4] >= 200 && r[4] < 300;

/** The suggestions' mix: what a member types into Find a mentor, with shares. */
const MIX: { name: string; share: number; query: (random: () => number) => string }[] = [
  { name: 'no filter', share: 0.3, query: () => '' },
  { name: 'a topic', share: 0.25, query: (random) => `topic=${enc(topicOf(random))}` },
  {
    name: 'topic + country',
    share: 0.15,
    query: (random) => `topic=${enc(topicOf(random))}&country=${countryOf(random)}`,
  },
  { name: 'taking=true', share: 0.2, query: () => 'taking=true' },
  { name: 'page 2', share: 0.1, query: () => 'page=2' },
];
const enc = encodeURIComponent;
const topicOf = (random: () => number) =>
  DEFAULT_MENTORING_TOPICS[Math.floor(random() * DEFAULT_MENTORING_TOPICS.length)]!;
/** Countries members pick, most often their own. */
const countryOf = (random: () => number) => {
  const r = random();
  return r < 0.7 ? 'IN' : r < 0.85 ? 'US' : r < 0.92 ? 'GB' : r < 0.96 ? 'SG' : 'DE';
};

// A million members is no size for the embedded PGlite.
if (!process.env.DATABASE_URL)
  throw new Error(
    'bench:mentoring runs on PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres',
  );
const database = await benchDatabase({ keep: flags.keep, reuse: flags.reuse });
const run = benchRun('bench:mentoring', database, 3600 + WARMUP + SECONDS);
const started = performance.now();
let exitCode = 1;
try {
  // --- the seed (unless reused), then this run's sessions and the race's people
  const runId = randomBytes(4).toString('hex');
  const random = seededRandom(29_2026);
  const { seedSeconds, counts, callers, race } = await (async () => {
    const { db, pool, close } = await database.open();
    try {
      let seedSeconds: number | null = null;
      if (!flags.reuse) {
        const t = performance.now();
        console.log(
          `Seeding ${MEMBERS.toLocaleString('en')} members, ${MENTORS.toLocaleString('en')} ` +
            `mentors, ${COLLEGES} college(s) into ${database.label}`,
        );
        await runMigrations(db);
        await seedReferenceData(db);
        await seedMentoring(pool, { members: MEMBERS, mentors: MENTORS, colleges: COLLEGES });
        seedSeconds = Math.round(secondsSince(t) * 10) / 10;
        console.log(`Seed took ${seedSeconds} s`);
      } else await runMigrations(db);
      const counts = await countSeed(pool);
      if (counts.members !== MEMBERS || counts.mentors !== MENTORS || counts.colleges !== COLLEGES)
        throw new Error(
          `the database holds ${counts.members} members, ${counts.mentors} mentors, ` +
            `${counts.colleges} colleges: not what the flags say`,
        );
      // Random approved members of the seed (any college), signed in for the suggestions.
      const numbers = new Set<number>();
      while (numbers.size < CALLERS) {
        const g = 1 + Math.floor(random() * MEMBERS);
        if (approved(g)) numbers.add(g);
      }
      const callers = await signInMembers(pool, [...numbers]);
      const race = flags['seed-only'] ? undefined : await seedRace(pool, runId, ASKERS);
      return { seedSeconds, counts, callers, race };
    } finally {
      await close();
    }
  })();
  console.log(
    `seed               ${counts.members} members, ${counts.mentors} mentors in ` +
      `${counts.colleges} college(s); ${counts.at_capacity} mentors at capacity, ` +
      `${counts.not_taking} not taking requests; ${counts.active} active mentorships, ` +
      `${counts.open} open requests${seedSeconds === null ? ' (reused)' : `; seeded in ${seedSeconds} s`}`,
  );
  if (flags['seed-only'] || !race) {
    console.log(JSON.stringify({ ...counts, seed_s: seedSeconds }));
    exitCode = 0;
  } else {
    const servers = await run.startServers(
      1,
      flags.profile ? { profileDir: flags.profile } : undefined,
    );
    const generators: Generator<FromMentoringClients>[] = [];
    for (let k = 0; k < PROCESSES; k++) {
      const generator = startGenerator<FromMentoringClients>(
        new URL('./mentoring-clients.ts', import.meta.url),
      );
      generators.push(generator);
      run.generators.push(generator.process);
    }
    await gather(generators, 'ready', 30_000);
    console.log(
      `server pid ${servers.pids.join(', ')}, ${PROCESSES} load generator(s); ` +
        `ready in ${secondsSince(started).toFixed(1)} s`,
    );

    /** Calls spread over the generators (call i to generator i mod K); their answers. */
    const callAll = async (calls: MentoringCall[], windowMs: number, connections?: number) => {
      const startAt = wall() + 500;
      generators.forEach((g, k) =>
        g.process.send({
          type: 'call',
          url: servers.urls[0]!,
          startAt,
          calls: calls.filter((_, i) => i % PROCESSES === k),
          ...(connections ? { connections: Math.max(1, Math.ceil(connections / PROCESSES)) } : {}),
        } satisfies ToMentoringClients),
      );
      const answers = await gather(generators, 'called', windowMs + 180_000);
      return {
        startAt,
        records: answers.flatMap((a) => a.records),
        ids: answers.flatMap((a) => a.ids),
        failures: answers.flatMap((a) => a.failures),
        generatorCpu: answers.map((a) => a.cpuPercent),
      };
    };
    const suggestionCalls = (count: number) => {
      const cumulative = MIX.map((_, i) => MIX.slice(0, i + 1).reduce((s, m) => s + m.share, 0));
      return Array.from({ length: count }, (_, i): MentoringCall => {
        const r = random();
        const kind = Math.max(
          0,
          cumulative.findIndex((c) => r < c),
        );
        const n = Math.floor(random() * callers.length);
        const query = MIX[kind]!.query(random);
        return {
          n,
          token: callers[n]!.token,
          method: 'GET',
          path: `/api/mentoring/suggestions${query ? `?${query}` : ''}`,
          offsetMs: (i * 1000) / RATE,
          kind,
        };
      });
    };

    // --- warm-up (unmeasured): the server's JIT and the database's plans and caches
    if (WARMUP > 0) {
      const warm = await callAll(suggestionCalls(WARMUP * RATE), WARMUP * 1000);
      const bad = warm.records.filter((r) => r[4] !== 200);
      if (bad.length === warm.records.length)
        throw new Error(
          `every warm-up call failed ${JSON.stringify(statusesOf(warm.records))}: ` +
            warm.failures.join(' | '),
        );
    }

    // --- suggestions at RATE a second for SECONDS
    const cpuBefore = servers.cpu();
    const suggestions = await callAll(suggestionCalls(SECONDS * RATE), SECONDS * 1000);
    const suggestionsCpu = servers.cpu() - cpuBefore;
    const answered = suggestions.records.filter((r) => r[4] === 200);
    const failed = suggestions.records.length - answered.length;
    const latency = percentiles(answered.map((r) => r[3] - r[2]));
    const lastAnswer = Math.max(...suggestions.records.map((r) => r[3]));
    const goalMet = latency.p95 <= GOAL.p95 && latency.p99 <= GOAL.p99;
    console.log(
      [
        '',
        `suggestions        ${suggestions.records.length} calls at ${RATE}/s for ${SECONDS} s ` +
          `(after ${WARMUP} s of warm-up) by ${callers.length} members; ${answered.length} ` +
          `answered 200, failed ${failed} ${failed ? JSON.stringify(statusesOf(suggestions.records)) : ''}`,
        ...(suggestions.failures.length
          ? [`  e.g. ${suggestions.failures.slice(0, 3).join(' | ')}`]
          : []),
        `  latency          ${line(latency)}; goal p95 ≤ ${GOAL.p95}, p99 ≤ ${GOAL.p99}: ${goalMet ? 'met' : 'MISSED'}`,
        ...MIX.map((m, kind) => {
          const of = answered.filter((r) => r[1] === kind);
          return `  ${m.name.padEnd(17)}${String(of.length).padStart(5)} calls  ${line(percentiles(of.map((r) => r[3] - r[2])))}`;
        }),
        `  last answer      ${((lastAnswer - suggestions.startAt) / 1000).toFixed(2)} s after the first call was due`,
        `  server CPU       ${((suggestionsCpu * 1000) / suggestions.records.length).toFixed(2)} ms per call (${((suggestionsCpu / SECONDS) * 100).toFixed(0)}% of a core); load generators ${suggestions.generatorCpu.map((c) => `${c.toFixed(0)}%`).join(', ')} of a core`,
      ].join('\n'),
    );

    // --- the capacity race: every asker asks the same mentor at once
    const raceMentorId = race.mentor.id;
    const { pool: readPool, close: closeRead } = await database.open();
    try {
      const ask = await callAll(
        race.members.map((m, n) => ({
          n,
          token: m.token,
          method: 'POST',
          path: '/api/mentoring/requests',
          body: {
            mentorId: raceMentorId,
            goal: 'Move from services into product engineering',
            message: 'Hello! I would value an hour of your advice each month.',
          },
          offsetMs: 0,
          kind: 0,
        })),
        1000,
      );
      const asked = ask.records.filter(ok2xx).length;
      const askLatency = percentiles(ask.records.filter(ok2xx).map((r) => r[3] - r[2]));
      const open = (
        await readPool.query<{ id: string }>(
          `SELECT id FROM mentoring_requests WHERE mentor_id = $1 AND status = 'open'
            ORDER BY created_at, id`,
          [raceMentorId],
        )
      ).rows.map((r) => r.id);
      // The mentor accepts every request at once, CONNECTIONS at a time.
      const accept = await callAll(
        open.map((id, n) => ({
          n,
          token: race.mentor.token,
          method: 'POST',
          path: `/api/mentoring/requests/${id}/accept`,
          body: { note: 'Welcome! Let us meet on Saturday.' },
          offsetMs: 0,
          kind: 0,
        })),
        1000,
        CONNECTIONS,
      );
      const acceptStatuses = statusesOf(accept.records);
      const acceptedAnswers = accept.records.filter(ok2xx).length;
      const refused = accept.records.filter((r) => r[4] === 409).length;
      const acceptLatency = percentiles(accept.records.map((r) => r[3] - r[2]));
      const after = (
        await readPool.query<{ requests: number; accepted: number; open: number; active: number }>(
          `SELECT (SELECT count(*)::int FROM mentoring_requests WHERE mentor_id = $1) AS requests,
                  (SELECT count(*)::int FROM mentoring_requests
                    WHERE mentor_id = $1 AND status = 'accepted') AS accepted,
                  (SELECT count(*)::int FROM mentoring_requests
                    WHERE mentor_id = $1 AND status = 'open') AS open,
                  (SELECT count(*)::int FROM mentorships
                    WHERE mentor_id = $1 AND ended_at IS NULL) AS active`,
          [raceMentorId],
        )
      ).rows[0]!;
      const overCapacity = Math.max(0, after.active - RACE_CAPACITY);
      const raceRight =
        asked === ASKERS &&
        after.requests === ASKERS &&
        acceptedAnswers === RACE_CAPACITY &&
        refused === open.length - RACE_CAPACITY &&
        after.accepted === RACE_CAPACITY &&
        after.active === RACE_CAPACITY &&
        overCapacity === 0;
      console.log(
        [
          '',
          `race: ask          ${ASKERS} members ask one mentor (capacity ${RACE_CAPACITY}) at once: ` +
            `${asked} answered 2xx ${JSON.stringify(statusesOf(ask.records))}; ${after.requests} requests in the database; latency ${line(askLatency)}`,
          ...(ask.failures.length ? [`  e.g. ${ask.failures.slice(0, 3).join(' | ')}`] : []),
          `race: accept       the mentor accepts all ${open.length} open requests, ${CONNECTIONS} at a time: ` +
            `${acceptedAnswers} accepted, ${refused} refused 409 ${JSON.stringify(acceptStatuses)}; latency ${line(acceptLatency)}`,
          ...(accept.failures.length
            ? [
                `  e.g. ${
                  accept.failures
                    .filter((f) => !f.startsWith('409'))
                    .slice(0, 3)
                    .join(' | ') || accept.failures[0]
                }`,
              ]
            : []),
          `race: database     ${after.accepted} requests accepted, ${after.open} still open, ` +
            `${after.active} active mentorships: over capacity ${overCapacity}; ${raceRight ? 'right' : 'WRONG'}`,
          `run took ${secondsSince(started).toFixed(1)} s; machine load ${loadavg()[0]!.toFixed(1)}`,
          '',
        ].join('\n'),
      );

      const result = {
        members: counts.members,
        mentors: counts.mentors,
        colleges: counts.colleges,
        rate: RATE,
        p50_ms: latency.p50,
        p95_ms: latency.p95,
        p99_ms: latency.p99,
        failed,
        race_requests: after.requests,
        accepted: after.accepted,
        over_capacity: overCapacity,
        seed_s: seedSeconds,
        max_ms: latency.max,
        seconds: SECONDS,
        load: Math.round(loadavg()[0]! * 10) / 10,
      };
      console.log(JSON.stringify(result));
      exitCode = failed === 0 && raceRight ? 0 : 1;
    } finally {
      await closeRead();
    }
  }
} finally {
  await run.cleanup();
}
process.exit(exitCode);
