/**
 * npm run bench:chat [-- --clients 5000 --rate 200 --seconds 20 --college-size 500]
 *
 * Chat delivery under load, on loopback: the app (and, without DATABASE_URL, an in-memory
 * embedded PostgreSQL) runs in this process; a child process holds N authenticated Socket.IO
 * clients and sends one-to-one messages through POST /api/messages/send/{id} at a fixed rate
 * between random members of the same college. Latency is send start -> `newMessage` received by
 * the recipient (one clock: both ends live in the child). Memory per connection is this
 * process's heap and RSS growth while the N connections open, divided by N, so the clients'
 * own memory is not in it. REDIS_URL set: the app uses the Redis adapter and Redis presence.
 *
 * Members and their sessions are written straight into the database (one set-based insert each,
 * one known password hash, session tokens hashed by the app's own hashToken): logging in N times
 * through argon2 would dominate the run. Each process needs an open-file limit above N + ~100;
 * npm cannot raise it, so run `ulimit -n 65536` in the shell first if `ulimit -n` is lower.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ChatMessage, ServerToClientEvents } from '@alumnet/contract';
import { param, sql } from 'drizzle-orm';
import * as hdr from 'hdr-histogram-js';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { hashToken, newSessionToken, SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { seededRandom } from './seeded-random';

interface Options {
  clients: number;
  rate: number;
  seconds: number;
  collegeSize: number;
  batch: number;
}
interface BenchMember {
  id: string;
  token: string;
  college: number;
}
/** Parent -> child. */
type ToClients =
  { type: 'start'; url: string; members: BenchMember[]; options: Options } | { type: 'send' };
/** Child -> parent. */
type FromClients =
  | { type: 'ready' }
  | { type: 'progress'; connected: number }
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'done'; report: SendReport };
interface SendReport {
  sent: number;
  stored: number;
  failed: Record<string, number>;
  delivered: number;
  duplicates: number;
  /** Stored (answered 200) but never delivered to the recipient. */
  lost: number;
  /** No answer at all by the end of the wait (an overloaded run, not a loss). */
  unanswered: number;
  seconds: number;
  deliveryMs: Percentiles;
  sendMs: Percentiles;
}
type Percentiles = { p50: number; p95: number; p99: number; max: number; mean: number };

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    'college-size': { type: 'string', default: '500' },
    batch: { type: 'string', default: '250' },
    role: { type: 'string', default: 'server' },
  },
});
const positive = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};

/** A histogram of microseconds, in milliseconds. */
const percentiles = (h: hdr.Histogram): Percentiles => ({
  p50: h.getValueAtPercentile(50) / 1000,
  p95: h.getValueAtPercentile(95) / 1000,
  p99: h.getValueAtPercentile(99) / 1000,
  max: h.maxValue / 1000,
  mean: h.mean / 1000,
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (flags.role === 'clients') runClients();
else
  await runServer({
    clients: positive('clients', flags.clients),
    rate: positive('rate', flags.rate),
    seconds: positive('seconds', flags.seconds),
    collegeSize: Math.max(2, positive('college-size', flags['college-size'])),
    batch: positive('batch', flags.batch),
  });

// ------------------------------------------------------------------------------ server side

async function runServer(options: Options) {
  const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (Number.isFinite(openFiles) && openFiles < options.clients + 200) {
    console.error(
      `ulimit -n is ${openFiles}: too low for ${options.clients} connections. ` +
        `Run \`ulimit -n ${Math.max(65536, options.clients * 2)}\` in this shell first.`,
    );
    process.exit(1);
  }
  // A bounded run: whatever happens, the process ends.
  const limitSeconds = 300 + options.seconds + options.clients / 20;
  setTimeout(() => {
    console.error(`bench:chat took longer than ${limitSeconds} s; giving up`);
    process.exit(1);
  }, limitSeconds * 1000).unref();

  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const settle = async () => {
    for (let i = 0; i < 3; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return process.memoryUsage();
  };

  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL;
  const embedded = databaseUrl ? undefined : await startEmbeddedPostgres();
  // One pooled connection on PGlite: its socket server can interleave one connection's
  // transaction with another connection's extended-protocol messages under load (queries fail
  // or the queue stalls), and PGlite runs one statement at a time anyway.
  const { db, close: closeDb } = databaseUrl
    ? createDatabase(databaseUrl)
    : createDatabase(embedded!.url, embedded!.poolSize);
  await runMigrations(db);

  // --- members and sessions, straight into the database
  const runId = randomBytes(4).toString('hex');
  const collegeCount = Math.ceil(options.clients / options.collegeSize);
  const colleges = await db.execute<{ id: string }>(sql`
    INSERT INTO colleges (name)
    SELECT 'Bench College ' || ${runId} || ' ' || g FROM generate_series(1, ${collegeCount}) AS g
    RETURNING id`);
  const collegeIds = colleges.rows.map((r) => r.id);
  const passwordHash = await hashPassword('bench-password');
  const created = await db.execute<{ id: string; college_id: string }>(sql`
    INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                       password_hash, is_approved, is_registered)
    SELECT (${param(collegeIds)}::uuid[])[((g - 1) / ${options.collegeSize}) + 1],
           'Bench', 'Member ' || g, 'Bench Member ' || g,
           'bench-' || ${runId} || '-' || g, 'bench-' || ${runId} || '-' || g || '@bench.alumnet.dev',
           ${passwordHash}, true, true
    FROM generate_series(1, ${options.clients}) AS g
    RETURNING id, college_id`);
  const members: BenchMember[] = created.rows.map((r) => ({
    id: r.id,
    token: newSessionToken(),
    college: collegeIds.indexOf(r.college_id),
  }));
  // Stored as a login stores a session: the token's hash, made by the app's own hashToken.
  await db.execute(sql`
    INSERT INTO sessions (user_id, token_hash, expires_at)
    SELECT user_id, token_hash, now() + interval '1 day'
      FROM unnest(${param(members.map((m) => m.id))}::uuid[],
                  ${param(members.map((m) => hashToken(m.token)))}::text[]) AS s(user_id, token_hash)`);

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({ config, db, logger: false });
  // Time inside the server for each send call, to tell server time from queueing in front of it.
  const serverTime = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000 });
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/api/messages/send/'))
      serverTime.recordValue(Math.max(1, Math.round(reply.elapsedTime * 1000)));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  console.log(
    `bench:chat  ${options.clients} members in ${collegeCount} colleges of up to ${options.collegeSize}, ` +
      `${options.rate} messages/s for ${options.seconds} s, ${config.redisUrl ? 'Redis adapter' : 'in-process fan-out'}, ` +
      `${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const before = await settle();
  const child = fork(fileURLToPath(import.meta.url), ['--role', 'clients'], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const next = (type: FromClients['type']) => waitFor(child, type);
  await next('ready');
  child.send({ type: 'start', url, members, options } satisfies ToClients);
  let shown = 0;
  child.on('message', (m: FromClients) => {
    if (m.type === 'progress' && m.connected - shown >= 1000) {
      shown = m.connected;
      console.log(`  ${m.connected} connected`);
    }
  });
  const connected = (await next('connected')) as Extract<FromClients, { type: 'connected' }>;
  // Presence lists go out at most once a second per college: let the last ones land.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const after = await settle();
  let online = 0;
  for (const collegeId of collegeIds) online += (await app.realtime.onlineUsers(collegeId)).length;

  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const sendingSince = performance.now();
  child.send({ type: 'send' } satisfies ToClients);
  const { report } = (await next('done')) as Extract<FromClients, { type: 'done' }>;
  const cpu = process.cpuUsage(cpuBefore);
  const busy = performance.eventLoopUtilization(loopBefore).utilization;
  const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - sendingSince);
  const end = process.memoryUsage();

  const heapPer = (after.heapUsed - before.heapUsed) / connected.connected;
  const rssPer = (after.rss - before.rss) / connected.connected;
  const line = (p: Percentiles) =>
    `p50 ${p.p50.toFixed(1)}  p95 ${p.p95.toFixed(1)}  p99 ${p.p99.toFixed(1)}  max ${p.max.toFixed(1)}  (mean ${p.mean.toFixed(1)}) ms`;
  console.log(
    [
      '',
      `connections        ${connected.connected} open (${connected.failed} refused) in ${connected.seconds.toFixed(1)} s; server sees ${online} online`,
      `messages           ${report.sent} sent in ${report.seconds.toFixed(1)} s, ${report.stored} stored, failed ${JSON.stringify(report.failed)}`,
      `delivered          ${report.delivered}   lost ${report.lost}   duplicates ${report.duplicates}   unanswered ${report.unanswered}`,
      `delivery latency   ${line(report.deliveryMs)}`,
      `send call latency  ${line(report.sendMs)}`,
      `  of it in server  ${line(percentiles(serverTime))}`,
      `server while sending  CPU ${(cpuShare * 100).toFixed(0)}% of one core, event loop busy ${(busy * 100).toFixed(0)}%, machine load ${loadavg()[0]!.toFixed(1)}`,
      `server memory      heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, rss ${mb(before.rss)} -> ${mb(after.rss)} (${mb(end.rss)} at the end)`,
      `per connection     heap ${kb(heapPer)}, rss ${kb(rssPer)}`,
      '',
    ].join('\n'),
  );

  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  await app.close();
  if (databaseUrl) {
    // A shared database keeps nothing of the run (users cascade to sessions and messages).
    await db.execute(
      sql`DELETE FROM conversations WHERE college_id = ANY(${param(collegeIds)}::uuid[])`,
    );
    await db.execute(sql`DELETE FROM users WHERE username LIKE ${`bench-${runId}-%`}`);
    await db.execute(sql`DELETE FROM colleges WHERE id = ANY(${param(collegeIds)}::uuid[])`);
  }
  await closeDb();
  await embedded?.stop();
  process.exit(report.lost === 0 && report.unanswered === 0 && connected.failed === 0 ? 0 : 1);
}

function waitFor(child: ChildProcess, type: FromClients['type']) {
  return new Promise<FromClients>((resolve, reject) => {
    const onMessage = (m: FromClients) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => reject(new Error(`client process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

// ------------------------------------------------------------------------------ client side

function runClients() {
  // Without the parent there is nothing to report to.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (m: ToClients) => {
    if (m.type !== 'start') return;
    void clients(m.url, m.members, m.options).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.send?.({ type: 'ready' } satisfies FromClients);
}

async function clients(url: string, members: BenchMember[], options: Options) {
  const tell = (message: FromClients) => process.send?.(message);
  const pending = new Map<string, { start: number; stored: boolean }>();
  const delivery = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000 });
  const sendLatency = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000 });
  let delivered = 0;
  let duplicates = 0;
  const seen = new Set<string>();

  // --- connect in batches
  const sockets: Socket<ServerToClientEvents>[] = [];
  const connectStart = performance.now();
  let failed = 0;
  for (let i = 0; i < members.length; i += options.batch) {
    const batch = members.slice(i, i + options.batch);
    const results = await Promise.all(
      batch.map(
        (member) =>
          new Promise<boolean>((resolve) => {
            const socket: Socket<ServerToClientEvents> = io(url, {
              path: '/socket.io',
              transports: ['websocket'],
              extraHeaders: { cookie: `${SESSION_COOKIE}=${member.token}` },
              reconnection: false,
              // One connection per member, not one multiplexed connection for all.
              forceNew: true,
              timeout: 30_000,
            });
            socket.on('newMessage', (message: ChatMessage) => {
              if (message.receiverId !== member.id || !message.clientId) return;
              const sent = pending.get(message.clientId);
              if (!sent) {
                if (seen.has(message.clientId)) duplicates++;
                return;
              }
              delivery.recordValue(Math.round((performance.now() - sent.start) * 1000));
              pending.delete(message.clientId);
              seen.add(message.clientId);
              delivered++;
            });
            socket.once('connect', () => resolve(true));
            socket.once('connect_error', () => resolve(false));
            sockets.push(socket);
          }),
      ),
    );
    failed += results.filter((ok) => !ok).length;
    tell({ type: 'progress', connected: sockets.length - failed });
  }
  tell({
    type: 'connected',
    connected: sockets.length - failed,
    failed,
    seconds: (performance.now() - connectStart) / 1000,
  });

  await new Promise<void>((resolve) => {
    process.once('message', (m: ToClients) => m.type === 'send' && resolve());
  });

  // --- send at a fixed rate (open loop: the schedule does not wait for answers)
  const byCollege = new Map<number, BenchMember[]>();
  for (const member of members) {
    const list = byCollege.get(member.college) ?? [];
    list.push(member);
    byCollege.set(member.college, list);
  }
  const random = seededRandom(20261122);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = options.rate * options.seconds;
  const failures: Record<string, number> = {};
  let sent = 0;
  let stored = 0;
  let answered = 0;
  const sendOne = (n: number) => {
    const from = members[Math.floor(random() * members.length)]!;
    const college = byCollege.get(from.college)!;
    let to = from;
    while (to === from) to = college[Math.floor(random() * college.length)]!;
    const clientId = `bench-${n}`;
    const body = JSON.stringify({ message: `Bench message ${n} from ${from.id}`, clientId });
    const start = performance.now();
    const entry = { start, stored: false };
    pending.set(clientId, entry);
    const req = request(
      `${url}/api/messages/send/${to.id}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `${SESSION_COOKIE}=${from.token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          answered++;
          sendLatency.recordValue(Math.round((performance.now() - start) * 1000));
          if (res.statusCode === 200) {
            stored++;
            entry.stored = true;
          } else {
            failures[String(res.statusCode)] = (failures[String(res.statusCode)] ?? 0) + 1;
            pending.delete(clientId);
          }
        });
      },
    );
    req.on('error', (error) => {
      answered++;
      failures[error.message] = (failures[error.message] ?? 0) + 1;
      pending.delete(clientId);
    });
    req.end(body);
    sent++;
  };
  const sendStart = performance.now();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(
        total,
        Math.floor(((performance.now() - sendStart) / 1000) * options.rate),
      );
      while (sent < due) sendOne(sent);
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const sendSeconds = (performance.now() - sendStart) / 1000;
  // Every answer (a slow run may be far behind: up to 120 s), then every delivery (10 s more).
  const answersBy = performance.now() + 120_000;
  while (answered < sent && performance.now() < answersBy)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const deliveriesBy = performance.now() + 10_000;
  while ([...pending.values()].some((p) => p.stored) && performance.now() < deliveriesBy)
    await new Promise((resolve) => setTimeout(resolve, 50));

  tell({
    type: 'done',
    report: {
      sent,
      stored,
      failed: failures,
      delivered,
      duplicates,
      lost: [...pending.values()].filter((p) => p.stored).length,
      unanswered: sent - answered,
      seconds: sendSeconds,
      deliveryMs: percentiles(delivery),
      sendMs: percentiles(sendLatency),
    },
  });
  process.removeAllListeners('disconnect');
  process.once('SIGTERM', () => {
    sockets.forEach((socket) => socket.disconnect());
    agent.destroy();
    process.exit(0);
  });
}
