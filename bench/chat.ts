/**
 * npm run bench:chat [-- --clients 5000 --rate 200 --seconds 20 --college-size 500 --history 2
 *                       --via socket|http --servers N --processes K --profile DIR --trace FILE]
 *
 * Chat delivery under load, on loopback. The real server (apps/server/src/main.ts, ROLE=web) runs
 * in a process of its own on a scratch database (bench/server-process.ts): with DATABASE_URL a
 * database `alumnet_bench_<random>` on that PostgreSQL, dropped at the end; without it an
 * embedded PGlite in a temporary directory (small N only). With REDIS_URL and `--servers N`, N
 * server processes share the chat through the Redis adapter and Redis presence; member i's
 * socket and sends go to server i mod N, so about (N-1)/N of the messages cross processes.
 *
 * This process only seeds the database and reads the figures. K load-generator processes
 * (bench/chat-clients.ts, default one per 6,000 clients: a process may hold at most 20,000 open
 * files here) hold N authenticated Socket.IO clients and send one-to-one messages at a fixed
 * total rate, open loop, between random members of the same college: over the sender's socket
 * (`sendMessage` with an acknowledgement, as the web app sends) or, with --via http, through
 * POST /api/messages/send/{id}. Delivery latency is send start -> `newMessage` received by the recipient, on the
 * shared wall clock (sender and recipient are usually in different processes).
 *
 * Server CPU per message is the server processes' CPU time (/proc) from the first send to the
 * last answer, divided by the messages sent; the idle rate before sending (pings, presence
 * renewals) is shown beside it. Heap per connection is the growth of the servers' live heap
 * while the clients connect, divided by the connections: V8's used heap right after a full
 * collection, before and after, asked through each server's inspector (loopback only). Used heap
 * read at any other moment includes garbage the collector has not reached yet, so it moved by
 * a few KB a connection with when the collector last ran.
 *
 * `--profile DIR`: each server process writes a V8 CPU profile there when it stops (the server
 * line names their pids). `--trace FILE`: every delivered message as `seconds into the sending,
 * delivery ms`, to see when the slow ones happen (a stall hits every message of its moment).
 *
 * Members and their sessions are written straight into the database (one set-based insert each,
 * one known password hash, session tokens hashed by the app's own hashToken, then ANALYZE):
 * logging in N times through argon2 would dominate the run. A server process holds its share of
 * the N sockets plus ~200 files, a load generator its share plus ~300: raise `ulimit -n` if the
 * bench says so (on these machines it is 20,000 and cannot be raised; 15,000 clients on one
 * server fit). Latency figures mean something only on a quiet machine: the line before the JSON
 * gives the load average, and the generators' own CPU.
 *
 * Issue 14's check: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:chat
 * -- --clients 9000 --rate 500 --seconds 30`; its goal: `--clients 15000 --rate 500 --seconds
 * 60`, and with REDIS_URL `--servers 2`.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runMigrations } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';
import type {
  BenchMember,
  ClientsSlice,
  FromClients,
  ReceiveRecord,
  SendRecord,
  ToClients,
} from './chat-clients';
import { benchDatabase, benchRun, gcBetween, type BenchDatabase } from './server-process';
import { integerFlag } from './flags';
import {
  gather,
  startGenerator as forkGenerator,
  tell as tellAll,
  type Generator as LoadGenerator,
} from './generators';
import { percentiles, percentilesLine as line } from './percentiles';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    'college-size': { type: 'string', default: '500' },
    history: { type: 'string', default: '2' },
    via: { type: 'string', default: 'socket' },
    batch: { type: 'string', default: '250' },
    servers: { type: 'string', default: '1' },
    processes: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
  },
});
const CLIENTS = integerFlag('clients', flags.clients, 2, 100_000);
const RATE = integerFlag('rate', flags.rate, 1, 100_000);
const SECONDS = integerFlag('seconds', flags.seconds, 1, 3600);
const COLLEGE_SIZE = integerFlag('college-size', flags['college-size'], 2, 1_000_000);
const BATCH = integerFlag('batch', flags.batch, 1, 10_000);
/** Earlier conversations per member (with the next members of their college), 5 messages each. */
const HISTORY = integerFlag('history', flags.history, 0, 100);
const HISTORY_MESSAGES = 5;
if (flags.via !== 'socket' && flags.via !== 'http') throw new Error('--via is socket or http');
const VIA = flags.via;
const SERVERS = integerFlag('servers', flags.servers, 1, 8);
if (SERVERS > 1 && (!process.env.REDIS_URL || !process.env.DATABASE_URL))
  throw new Error('--servers above 1 needs DATABASE_URL and REDIS_URL');
/** Sockets per load generator at most: each also holds HTTP connections and its own files. */
const PER_GENERATOR = 6000;
const PROCESSES = integerFlag(
  'processes',
  flags.processes ?? String(Math.ceil(CLIENTS / PER_GENERATOR)),
  1,
  CLIENTS,
);
const TOTAL = RATE * SECONDS;
const wall = () => performance.timeOrigin + performance.now();

// ------------------------------------------------------------------------------ database

/** Colleges of COLLEGE_SIZE members, and a session for each member, in one statement each. */
async function seed(database: BenchDatabase): Promise<BenchMember[]> {
  const { db, pool, close } = await database.open();
  try {
    await runMigrations(db);
    const runId = randomBytes(4).toString('hex');
    const collegeCount = Math.ceil(CLIENTS / COLLEGE_SIZE);
    const colleges = await pool.query<{ id: string }>(
      `INSERT INTO colleges (name)
       SELECT 'Bench College ' || $1 || ' ' || g FROM generate_series(1, $2::int) AS g
       RETURNING id`,
      [runId, collegeCount],
    );
    const collegeIds = colleges.rows.map((r) => r.id);
    const created = await pool.query<{ id: string; college_id: string }>(
      `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                          password_hash, is_approved, is_registered)
       SELECT ($1::uuid[])[((g - 1) / $2::int) + 1],
              'Bench', 'Member ' || g, 'Bench Member ' || g,
              'bench-' || $3 || '-' || g, 'bench-' || $3 || '-' || g || '@bench.alumnet.dev',
              $4, true, true
         FROM generate_series(1, $5::int) AS g
       RETURNING id, college_id`,
      [collegeIds, COLLEGE_SIZE, runId, await hashPassword('bench-password'), CLIENTS],
    );
    const members: BenchMember[] = created.rows.map((r, i) => ({
      id: r.id,
      token: newSessionToken(),
      college: collegeIds.indexOf(r.college_id),
      server: i % SERVERS,
    }));
    // Stored as a login stores a session: the token's hash, made by the app's own hashToken.
    await pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       SELECT user_id, token_hash, now() + interval '1 day'
         FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
    );
    // A portal that grew to this many members has talked before. Empty chat tables are a trap
    // for the benchmark: the foreign-key check of each new message (SELECT 1 FROM conversations
    // WHERE id = $1 FOR KEY SHARE) is a cached plan per connection; one made while conversations
    // held a page or two is a sequential scan, kept as the table grows by 500 rows a second, and
    // the store of a batch then took 2 ms a message and rising (auto_explain's trigger times).
    // Pairs (i, i + k) for k = 1..HISTORY are distinct while a college has over 2 * HISTORY.
    await pool.query(
      `WITH m AS (
         SELECT id, college_id,
                row_number() OVER (PARTITION BY college_id ORDER BY id) - 1 AS n,
                count(*) OVER (PARTITION BY college_id) AS size
           FROM users WHERE id = ANY($1::uuid[])
       )
       INSERT INTO conversations (college_id, user_a, user_b, last_message_at, created_at)
       SELECT a.college_id, least(a.id, b.id), greatest(a.id, b.id),
              now() - interval '1 day', now() - interval '30 days'
         FROM m a CROSS JOIN generate_series(1, $2::int) AS k
         JOIN m b ON b.college_id = a.college_id AND b.n = (a.n + k) % a.size
        WHERE a.size > 2 * $2::int
       ON CONFLICT (user_a, user_b) DO NOTHING`,
      [members.map((m) => m.id), HISTORY],
    );
    await pool.query(
      `INSERT INTO messages (conversation_id, sender_id, message, created_at)
       SELECT c.id, CASE WHEN g % 2 = 0 THEN c.user_a ELSE c.user_b END, 'Earlier message ' || g,
              now() - interval '1 day' - g * interval '1 minute'
         FROM conversations c CROSS JOIN generate_series(1, $1::int) AS g`,
      [HISTORY_MESSAGES],
    );
    // As a portal that grew to this size would have them: without statistics on the fresh rows
    // the planner scans whole tables for the first seconds (until autovacuum analyzes them).
    await pool.query('ANALYZE users, sessions, colleges, conversations, messages');
    return members;
  } finally {
    await close();
  }
}

// ------------------------------------------------------------------------------ load generators

type Generator = LoadGenerator<FromClients>;
const startGenerator = () =>
  forkGenerator<FromClients>(new URL('./chat-clients.ts', import.meta.url));
const tell = (generators: Generator[], message: ToClients) => tellAll(generators, message);

// ------------------------------------------------------------------------------ figures

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ------------------------------------------------------------------------------ the run

async function run() {
  const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  const perServer = Math.ceil(CLIENTS / SERVERS);
  const perGenerator = Math.ceil(CLIENTS / PROCESSES);
  if (Number.isFinite(openFiles) && openFiles < perServer + 200)
    throw new Error(
      `ulimit -n is ${openFiles}: a server process needs more than ${perServer + 200} open files ` +
        `(raise it, or use more --servers)`,
    );
  if (Number.isFinite(openFiles) && openFiles < perGenerator + 300)
    throw new Error(`ulimit -n is ${openFiles}: use more --processes`);
  const started = performance.now();
  const database = await benchDatabase();
  // A bounded run: whatever happens, the process ends.
  const run = benchRun('bench:chat', database, 300 + SECONDS + CLIENTS / 20);
  const generators: Generator[] = [];

  try {
    const members = await seed(database);
    const collegeSizes = new Map<number, number>();
    for (const m of members) collegeSizes.set(m.college, (collegeSizes.get(m.college) ?? 0) + 1);
    // Presence and the adapter's channels of this run only.
    const env: Record<string, string> = process.env.REDIS_URL
      ? { REDIS_PREFIX: `bench-chat-${process.pid}:` }
      : {};
    const {
      urls,
      pids,
      cpu: cpuOfServers,
      rss: rssOfServers,
      liveHeap: liveHeapOfServers,
      gc: gcOfServers,
    } = await run.startServers(SERVERS, { env, profileDir: flags.profile, inspect: true });
    console.log(
      `bench:chat  ${CLIENTS} members in ${collegeSizes.size} colleges of up to ${COLLEGE_SIZE} ` +
        `(${HISTORY} earlier conversations each), ` +
        `${RATE} messages/s for ${SECONDS} s (sent over ${VIA === 'socket' ? 'the socket' : 'HTTP'}), ` +
        `${SERVERS} server process(es) ` +
        `${process.env.REDIS_URL ? 'on Redis' : 'with in-process fan-out'}, ${PROCESSES} load generator(s), ` +
        `${database.label}; server pid ${pids.join(', ')}; ` +
        `ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // --- connect
    const heapBefore = await liveHeapOfServers();
    const rssBefore = rssOfServers();
    for (let k = 0; k < PROCESSES; k++) {
      const generator = startGenerator();
      generators.push(generator);
      run.generators.push(generator.process);
    }
    await gather(generators, 'ready', 30_000);
    generators.forEach((g, k) => {
      const slice: ClientsSlice = { urls, members, k, of: PROCESSES, batch: BATCH, via: VIA };
      g.process.send({ type: 'start', slice } satisfies ToClients);
    });
    const progress = generators.map(() => 0);
    let shown = 0;
    generators.forEach((g, k) =>
      g.process.on('message', (m: FromClients) => {
        if (m.type !== 'progress') return;
        progress[k] = m.connected;
        const sum = progress.reduce((a, b) => a + b, 0);
        if (sum - shown >= 2500) console.log(`  ${(shown = sum)} connected`);
      }),
    );
    const connected = await gather(generators, 'connected', 120_000 + CLIENTS * 20);
    const connectedCount = connected.reduce((sum, m) => sum + m.connected, 0);
    const refused = connected.reduce((sum, m) => sum + m.failed, 0);
    const connectSeconds = Math.max(...connected.map((m) => m.seconds));
    // Presence lists go out at most once a second per college: let the last ones land first.
    await sleep(2000);
    const heapAfter = await liveHeapOfServers();
    const rssAfter = rssOfServers();
    tell(generators, { type: 'count' });
    const lists = await gather(generators, 'count', 30_000);
    // Per college, the smallest list any generator's sockets last heard: all should be full.
    let online = 0;
    for (const college of collegeSizes.keys())
      online += Math.min(...lists.map((l) => l.online[college] ?? 0));

    // --- idle: what the open connections cost with no message (pings, presence renewals)
    const idleCpu0 = cpuOfServers();
    const idle0 = performance.now();
    await sleep(3000);
    const idleCpuPerSecond = (cpuOfServers() - idleCpu0) / ((performance.now() - idle0) / 1000);

    // --- send
    const cpuBefore = cpuOfServers();
    const gcBefore = await gcOfServers();
    const sendStart = performance.now();
    const firstSend = wall() + 500;
    tell(generators, { type: 'send', startAt: firstSend, rate: RATE, total: TOTAL });
    const answered = await gather(generators, 'answered', (SECONDS + 180) * 1000);
    const sendCpu = cpuOfServers() - cpuBefore;
    const gcWhileSending = gcBetween(gcBefore, await gcOfServers());
    const sendElapsed = (performance.now() - sendStart) / 1000 - 0.5;
    const sends: SendRecord[] = answered.flatMap((m) => m.sends);
    const sendSeconds = Math.max(...answered.map((m) => m.seconds));
    const unanswered = answered.reduce((sum, m) => sum + m.unanswered, 0);
    const stored = sends.filter((s) => s[2] === 200).length;
    // Every delivery of a stored message (10 s at most).
    const deliveriesBy = performance.now() + 10_000;
    for (;;) {
      tell(generators, { type: 'count' });
      const counts = await gather(generators, 'count', 30_000);
      if (counts.reduce((sum, c) => sum + c.distinct, 0) >= stored) break;
      if (performance.now() > deliveriesBy) break;
      await sleep(200);
    }
    tell(generators, { type: 'report' });
    const reports = await gather(generators, 'report', 60_000);
    const rssEnd = rssOfServers();

    // --- figures
    const sentAt = new Map<number, SendRecord>(sends.map((s) => [s[0], s]));
    const firstArrival = new Map<number, number>();
    let duplicates = 0;
    let strays = 0;
    for (const [n, at] of reports.flatMap((r) => r.received) as ReceiveRecord[]) {
      if (!sentAt.has(n)) strays++;
      else if (firstArrival.has(n)) duplicates++;
      else firstArrival.set(n, at);
    }
    const delivery: number[] = [];
    const failed: Record<string, number> = {};
    let lost = 0;
    for (const [n, start, status] of sends) {
      const at = firstArrival.get(n);
      if (status === 200) {
        if (at === undefined) lost++;
        else delivery.push(at - start);
      } else {
        const key = status === -1 ? 'network error' : status === 0 ? 'no answer' : String(status);
        failed[key] = (failed[key] ?? 0) + 1;
        // Not acknowledged, but delivered all the same: it was stored.
        if (at !== undefined && status !== 0) strays++;
      }
    }
    const d = percentiles(delivery);
    // Each stored message as `seconds into the run,delivery ms`: when the slow ones happen.
    if (flags.trace)
      writeFileSync(
        flags.trace,
        sends
          .filter(([n, , status]) => status === 200 && firstArrival.has(n))
          .map(
            ([n, start]) =>
              `${((start - firstSend) / 1000).toFixed(3)},${(firstArrival.get(n)! - start).toFixed(1)}`,
          )
          .join('\n') + '\n',
      );
    const heapPer = (heapAfter - heapBefore) / Math.max(1, connectedCount);
    const rssPer = (rssAfter - rssBefore) / Math.max(1, connectedCount);
    const cpuUsPerMessage = (sendCpu * 1e6) / Math.max(1, sends.length);
    console.log(
      [
        '',
        `connections        ${connectedCount} open (${refused} refused) in ${connectSeconds.toFixed(1)} s; lists name ${online} online`,
        `messages           ${sends.length} sent in ${sendSeconds.toFixed(1)} s, ${stored} stored, failed ${JSON.stringify(failed)}`,
        `delivered          ${delivery.length}   lost ${lost}   duplicates ${duplicates}   unanswered ${unanswered}   strays ${strays}`,
        `delivery latency   ${line(d)}`,
        `server CPU         ${cpuUsPerMessage.toFixed(0)} µs per message (${((sendCpu / sendElapsed) * 100).toFixed(0)}% of one core while sending; idle ${(idleCpuPerSecond * 100).toFixed(0)}%)`,
        `server memory      live heap ${mb(heapBefore)} -> ${mb(heapAfter)}, rss ${mb(rssBefore)} -> ${mb(rssAfter)} (${mb(rssEnd)} at the end)`,
        `per connection     heap ${kb(heapPer)}, rss ${kb(rssPer)}`,
        `server GC          while sending: ${gcWhileSending}`,
        `load generators    CPU ${reports.map((r) => `${r.cpuPercent.toFixed(0)}%`).join(', ')} of a core; machine load ${loadavg()[0]!.toFixed(1)}`,
        '',
      ].join('\n'),
    );
    console.log(
      JSON.stringify({
        clients: connectedCount,
        rate: RATE,
        delivery_p50_ms: d.p50,
        delivery_p95_ms: d.p95,
        delivery_p99_ms: d.p99,
        lost,
        duplicates,
        server_cpu_us_per_message: Math.round(cpuUsPerMessage),
        heap_per_connection_kb: Math.round((heapPer / 1024) * 10) / 10,
      }),
    );
    return lost === 0 && duplicates === 0 && unanswered === 0 && refused === 0;
  } finally {
    await run.cleanup();
  }
}

const ok = await run();
process.exit(ok ? 0 : 1);
