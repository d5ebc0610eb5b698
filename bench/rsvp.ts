/**
 * npm run bench:rsvp [-- --members 5000 --capacity 500 --seconds 5 --cancels 100 --processes K
 *                       --profile DIR --no-sync-commit --with-worker]
 *
 * Issue 28's rush for seats, on PostgreSQL (DATABASE_URL; without it an embedded PGlite, small
 * sizes only). N members of one college, each signed in, press Going on one event of C seats
 * within S seconds: each at a moment of its own drawn at random in the window (seeded, the same
 * every run), open loop, through the real call `POST /api/events/{id}/rsvp` with their own
 * session cookie, to the real server (apps/server/src/main.ts, ROLE=web) in a process of its own
 * on a scratch database (bench/server-process.ts). K load-generator processes
 * (bench/rsvp-clients.ts) send the presses and record when each answer came and what it said.
 *
 * Then the checks, against the event_rsvps rows:
 * - exactly C going (seats, guests included: none here) and N - C waitlisted; oversold is the
 *   seats going beyond C;
 * - order_errors: members whose answered place on the waitlist is not their rank in `queued`
 *   order (the order the server took them), plus arrival-order errors: a member queued behind
 *   someone whose answer came before the member had even pressed, or given a seat after someone
 *   was already told the event was full;
 * - every member going holds a ticket of their own.
 * Then M of those going (random, seeded) press Not going within a second: exactly the first M on
 * the waitlist (lowest `queued`) must be going afterwards, checked by ids, each told
 * (an event_promoted notification).
 *
 * Latency runs from the moment a press was due to its answer, so a backlog counts against the
 * server. Before measuring, an unmeasured warm-up event takes a few hundred presses (the server's
 * JIT and the database's plans). Members and sessions are written straight into the database
 * (one set-based insert each, the app's own hashToken): logging in N times through argon2 would
 * dominate the run. With PGlite the bench reads the database with the server stopped (the
 * embedded server takes one connection) and starts it again for the cancels.
 *
 * `--profile DIR`: the server process writes a V8 CPU profile there when it stops.
 * `--with-worker`: the server runs as `npm start` does (ROLE=all), its worker sending the ticket
 * e-mails (to the outbox) while the rush goes on; the run then waits for every ticket's e-mail.
 * `--no-sync-commit` (a diagnosis, PostgreSQL only): the scratch database commits without waiting
 * for the WAL's flush to disk, to show how much of an RSVP that flush is.
 *
 * Prints a table and ends with one line of JSON: {"members", "capacity", "going", "waitlisted",
 * "oversold", "order_errors", "rsvp_p99_ms", "promoted_right", ...}.
 *
 * Issue 28's goal: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:rsvp`
 * (5,000 members within 5 s on 500 seats: 500 going, 4,500 waitlisted in order, 0 oversold,
 * p99 ≤ 200 ms; 100 cancel and exactly the first 100 waitlisted are promoted).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runMigrations } from '../apps/server/src/db/migrate';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';
import { integerFlag } from './flags';
import { gather, startGenerator, type Generator } from './generators';
import {
  STATUS_CODES,
  type FromRsvpClients,
  type RsvpPress,
  type RsvpRecord,
  type ToRsvpClients,
} from './rsvp-protocol';
import { seedBenchCollege } from './scratch-database';
import { seededRandom } from './seeded-random';
import { benchDatabase, benchRun } from './server-process';
import { percentiles, percentilesLine as line } from './percentiles';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '5000' },
    capacity: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '5' },
    cancels: { type: 'string', default: '100' },
    processes: { type: 'string' },
    profile: { type: 'string' },
    'no-sync-commit': { type: 'boolean', default: false },
    'with-worker': { type: 'boolean', default: false },
  },
});
const MEMBERS = integerFlag('members', flags.members, 2, 50_000);
const CAPACITY = integerFlag('capacity', flags.capacity, 1, MEMBERS - 1);
const SECONDS = integerFlag('seconds', flags.seconds, 1, 600);
const CANCELS = integerFlag('cancels', flags.cancels, 0, Math.min(CAPACITY, MEMBERS - CAPACITY));
const PROCESSES = integerFlag(
  'processes',
  flags.processes ?? String(Math.max(1, Math.min(4, Math.ceil(MEMBERS / 2500)))),
  1,
  32,
);
/** Warm-up: this many presses on a small event of its own before measuring. */
const WARM_MEMBERS = Math.min(MEMBERS, 300);
const WARM_CAPACITY = Math.max(1, Math.floor(WARM_MEMBERS / 10));
const WAITLISTED = MEMBERS - CAPACITY;
const wall = () => performance.timeOrigin + performance.now();
const secondsSince = (t: number) => (performance.now() - t) / 1000;

interface Member {
  id: string;
  token: string;
}

/** One college, its admin, N members signed in, the event and a warm-up event. */
async function seed(pool: pg.Pool) {
  const runId = randomBytes(4).toString('hex');
  const { collegeId, passwordHash } = await seedBenchCollege(pool, `RSVP Bench College ${runId}`);
  const adminId = (
    await pool.query<{ id: string }>(`SELECT id FROM users WHERE college_id = $1`, [collegeId])
  ).rows[0]!.id;
  const created = await pool.query<{ id: string; g: number }>(
    `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                        password_hash, is_approved, is_registered, phone)
     SELECT $1, 'Bench', 'Member ' || g, 'Bench Member ' || g,
            'rsvp-' || $2 || '-' || g, 'rsvp-' || $2 || '-' || g || '@bench.alumnet.dev',
            $3, true, true, (8000000000 + g)::text
       FROM generate_series(1, $4::int) AS g
     RETURNING id, substr(phone, 2)::int AS g`,
    [collegeId, runId, passwordHash, MEMBERS],
  );
  const members: Member[] = created.rows
    .sort((a, b) => a.g - b.g)
    .map((r) => ({ id: r.id, token: newSessionToken() }));
  // Stored as a login stores a session: the token's hash, made by the app's own hashToken.
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT user_id, token_hash, now() + interval '1 day'
       FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
    [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
  );
  const newEvent = async (title: string, capacity: number) =>
    (
      await pool.query<{ id: string }>(
        `INSERT INTO events (college_id, created_by, title, description, starts_at, ends_at,
                             time_zone, venue, capacity, access_level, access_level_id)
         VALUES ($1, $2, $3, '<p>Benchmark event.</p>', now() + interval '30 days',
                 now() + interval '30 days 3 hours', 'Asia/Kolkata', 'Main Auditorium', $4,
                 'college', $1)
         RETURNING id`,
        [collegeId, adminId, title, capacity],
      )
    ).rows[0]!.id;
  const warmId = await newEvent('Warm-up', WARM_CAPACITY);
  const eventId = await newEvent('Alumni Reunion (bench)', CAPACITY);
  await pool.query('ANALYZE users, sessions, colleges, events, event_rsvps');
  return { members, eventId, warmId };
}

interface RsvpRow {
  user_id: string;
  status: 'going' | 'waitlisted' | 'not_going';
  queued: string | null;
  guests: number;
  ticket: string | null;
}

const database = await benchDatabase();
const run = benchRun('bench:rsvp', database, 300 + SECONDS + MEMBERS / 20);
const started = performance.now();
let exitCode = 1;
try {
  // --- seed, then the server
  const seeded = await (async () => {
    const { db, pool, close } = await database.open();
    try {
      await runMigrations(db);
      if (flags['no-sync-commit']) {
        if (database.kind !== 'postgresql') throw new Error('--no-sync-commit needs DATABASE_URL');
        // A diagnosis only: commits stop waiting for the WAL's flush to disk (the scratch
        // database alone), to show how much of an RSVP's time that flush is.
        const { rows } = await pool.query<{ name: string }>('SELECT current_database() AS name');
        await pool.query(`ALTER DATABASE "${rows[0]!.name}" SET synchronous_commit = off`);
      }
      return await seed(pool);
    } finally {
      await close();
    }
  })();
  const { members, eventId, warmId } = seeded;
  const serverOptions = {
    ...(flags.profile ? { profileDir: flags.profile } : {}),
    // As `npm start` runs: the worker beside the web server, sending the ticket e-mails.
    ...(flags['with-worker'] ? { env: { ROLE: 'all' } } : {}),
  };
  let servers = await run.startServers(1, serverOptions);
  const generators: Generator<FromRsvpClients>[] = [];
  for (let k = 0; k < PROCESSES; k++) {
    const generator = startGenerator<FromRsvpClients>(
      new URL('./rsvp-clients.ts', import.meta.url),
    );
    generators.push(generator);
    run.generators.push(generator.process);
  }
  await gather(generators, 'ready', 30_000);
  console.log(
    `${flags['no-sync-commit'] ? 'DIAGNOSIS, synchronous_commit off: ' : ''}` +
      `${MEMBERS} members press Going within ${SECONDS} s on ${CAPACITY} seats; 1 server process, ` +
      `${PROCESSES} load generator(s), ${database.label}; server pid ${servers.pids.join(', ')}; ` +
      `ready in ${secondsSince(started).toFixed(1)} s`,
  );

  /** Presses spread over the generators (member n to generator n mod K); their records. */
  const pressAll = async (
    event: string,
    status: 'going' | 'not_going',
    presses: RsvpPress[],
    windowMs: number,
  ) => {
    const startAt = wall() + 500;
    generators.forEach((g, k) =>
      g.process.send({
        type: 'press',
        url: servers.urls[0]!,
        eventId: event,
        status,
        startAt,
        presses: presses.filter((p) => p.n % PROCESSES === k),
      } satisfies ToRsvpClients),
    );
    const answers = await gather(generators, 'pressed', windowMs + 180_000);
    return {
      startAt,
      records: answers.flatMap((a) => a.records),
      failures: answers.flatMap((a) => a.failures),
      generatorCpu: answers.map((a) => a.cpuPercent),
    };
  };
  const failedOf = (records: RsvpRecord[]) => {
    const failed: Record<string, number> = {};
    for (const r of records)
      if (r[3] !== 200) {
        const key = r[3] === 0 ? 'no answer' : r[3] === -1 ? 'network' : String(r[3]);
        failed[key] = (failed[key] ?? 0) + 1;
      }
    return failed;
  };
  /** The event's RSVP rows. PGlite: with the server stopped, then started again. */
  const rowsOf = async (event: string) => {
    if (database.kind === 'pglite') await run.stopProcesses();
    const { pool, close } = await database.open();
    try {
      const rows = (
        await pool.query<RsvpRow>(
          `SELECT user_id, status, queued, guests, ticket FROM event_rsvps WHERE event_id = $1`,
          [event],
        )
      ).rows;
      const told = await pool.query<{ user_id: string }>(
        `SELECT DISTINCT user_id FROM notifications
          WHERE kind = 'event_promoted' AND target_type = 'event' AND target_id = $1`,
        [event],
      );
      // Ticket e-mails sent (the worker's, with --with-worker): the outbox holds one per ticket.
      const mailed = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE idempotency_key LIKE $1`,
        [`event-ticket:${event}:%`],
      );
      return { rows, told: new Set(told.rows.map((r) => r.user_id)), mailed: mailed.rows[0]!.n };
    } finally {
      await close();
      if (database.kind === 'pglite') {
        servers = await run.startServers(1, serverOptions);
        // The generators' processes were stopped with the server: start them again.
        generators.splice(0);
        for (let k = 0; k < PROCESSES; k++) {
          const generator = startGenerator<FromRsvpClients>(
            new URL('./rsvp-clients.ts', import.meta.url),
          );
          generators.push(generator);
          run.generators.push(generator.process);
        }
        await gather(generators, 'ready', 30_000);
      }
    }
  };

  // --- warm-up (unmeasured): a small event fills, a few cancel
  const random = seededRandom(28_2026);
  const warm = await pressAll(
    warmId,
    'going',
    members
      .slice(0, WARM_MEMBERS)
      .map((m, n) => ({ n, token: m.token, offsetMs: random() * 1000 })),
    1000,
  );
  const warmFailed = failedOf(warm.records);
  if (Object.keys(warmFailed).length > 0)
    throw new Error(
      `the warm-up's presses failed ${JSON.stringify(warmFailed)}: ${warm.failures.join(' | ')}`,
    );
  const warmGoing = warm.records.filter((r) => r[4] === STATUS_CODES.going).slice(0, 10);
  await pressAll(
    warmId,
    'not_going',
    warmGoing.map((r, i) => ({ n: r[0], token: members[r[0]]!.token, offsetMs: i * 20 })),
    1000,
  );

  // --- the rush: every member presses Going once, at a random moment of the window
  const windowMs = SECONDS * 1000;
  const presses = members.map((m, n) => ({ n, token: m.token, offsetMs: random() * windowMs }));
  const cpuBefore = servers.cpu();
  const rush = await pressAll(eventId, 'going', presses, windowMs);
  const rushCpu = servers.cpu() - cpuBefore;
  const lastAnswer = Math.max(...rush.records.map((r) => r[2]));
  const rushFailed = failedOf(rush.records);
  const answeredOk = rush.records.filter((r) => r[3] === 200);
  const latency = percentiles(rush.records.filter((r) => r[2] > 0).map((r) => r[2] - r[1]));
  const latencyOf = (code: number) =>
    percentiles(answeredOk.filter((r) => r[4] === code).map((r) => r[2] - r[1]));
  /** The p99 of the presses due in each second of the window: where in the rush the slow ones were. */
  const p99BySecond = Array.from(
    { length: SECONDS },
    (_, second) =>
      percentiles(
        rush.records
          .filter((r) => r[2] > 0 && Math.floor((r[1] - rush.startAt) / 1000) === second)
          .map((r) => r[2] - r[1]),
      ).p99,
  );

  // --- the checks against the rows
  const before = await rowsOf(eventId);
  const byUser = new Map(before.rows.map((r) => [r.user_id, r]));
  const goingRows = before.rows.filter((r) => r.status === 'going');
  const seats = goingRows.reduce((sum, r) => sum + 1 + r.guests, 0);
  const queue = before.rows
    .filter((r) => r.status === 'waitlisted')
    .sort((a, b) => Number(a.queued) - Number(b.queued));
  const queuedDistinct = new Set(queue.map((r) => r.queued)).size === queue.length;
  const rankOf = new Map(queue.map((r, i) => [r.user_id, i + 1]));
  const tickets = goingRows.map((r) => r.ticket).filter((t): t is string => Boolean(t));
  const ticketsRight =
    tickets.length === goingRows.length && new Set(tickets).size === tickets.length;

  // The answer against the row: status, and the place on the waitlist against `queued` order.
  let positionErrors = 0;
  let statusErrors = 0;
  const positions = new Set<number>();
  for (const r of answeredOk) {
    const row = byUser.get(members[r[0]]!.id);
    const answered = r[4];
    if (!row || STATUS_CODES[row.status] !== answered) statusErrors++;
    if (answered === STATUS_CODES.waitlisted) {
      positions.add(r[5]);
      if (rankOf.get(members[r[0]]!.id) !== r[5]) positionErrors++;
    }
  }
  const positionsRight =
    positions.size === queue.length && [...positions].every((p) => p >= 1 && p <= queue.length);
  // Arrival order: nobody may be queued behind someone whose answer came before they pressed,
  // and nobody who pressed after someone was told "full" may get a seat.
  const recordOf = new Map(rush.records.map((r) => [members[r[0]]!.id, r]));
  let arrivalErrors = 0;
  let earliestAnswerBehind = Infinity;
  for (let i = queue.length - 1; i >= 0; i--) {
    const record = recordOf.get(queue[i]!.user_id);
    if (!record) continue;
    if (earliestAnswerBehind < record[1]) arrivalErrors++;
    if (record[2] > 0) earliestAnswerBehind = Math.min(earliestAnswerBehind, record[2]);
  }
  const firstFull = Math.min(
    ...queue.map((q) => recordOf.get(q.user_id)?.[2] || Infinity),
    Infinity,
  );
  for (const g of goingRows) if ((recordOf.get(g.user_id)?.[1] ?? 0) > firstFull) arrivalErrors++;
  const orderErrors = positionErrors + statusErrors + arrivalErrors;
  const oversold = Math.max(0, seats - CAPACITY);

  console.log(
    [
      '',
      `presses            ${rush.records.length} in ${SECONDS} s, ${answeredOk.length} answered 200, failed ${JSON.stringify(rushFailed)}`,
      ...(rush.failures.length ? [`  e.g. ${rush.failures.slice(0, 3).join(' | ')}`] : []),
      `rows               ${goingRows.length} going (${seats} seats of ${CAPACITY}), ${queue.length} waitlisted, oversold ${oversold}`,
      `order              ${positionErrors} places not in queued order, ${statusErrors} answers unlike the row, ${arrivalErrors} out of arrival order; places 1..${queue.length} distinct: ${positionsRight}; queued distinct: ${queuedDistinct}`,
      `tickets            ${tickets.length} for ${goingRows.length} going, distinct: ${ticketsRight}`,
      `RSVP latency       ${line(latency)}`,
      `  given a seat     ${line(latencyOf(STATUS_CODES.going))}`,
      `  waitlisted       ${line(latencyOf(STATUS_CODES.waitlisted))}`,
      `  p99 by second    ${p99BySecond.map((p) => p.toFixed(0)).join(', ')} ms`,
      `last answer        ${((lastAnswer - rush.startAt) / 1000).toFixed(2)} s after the first press was due; ${(rush.records.length / ((lastAnswer - rush.startAt) / 1000)).toFixed(0)} answers/s`,
      `server CPU         ${((rushCpu * 1000) / rush.records.length).toFixed(2)} ms per RSVP; load generators ${rush.generatorCpu.map((c) => `${c.toFixed(0)}%`).join(', ')} of a core`,
    ].join('\n'),
  );

  // --- M of those going cancel: the first M waitlisted must take their seats
  const pick = seededRandom(28_100);
  const goingMembers = members
    .map((m, n) => ({ n, m }))
    .filter(({ m }) => byUser.get(m.id)?.status === 'going');
  for (let i = goingMembers.length - 1; i > 0; i--) {
    const j = Math.floor(pick() * (i + 1));
    [goingMembers[i], goingMembers[j]] = [goingMembers[j]!, goingMembers[i]!];
  }
  const cancelling = goingMembers.slice(0, CANCELS);
  const cancel = await pressAll(
    eventId,
    'not_going',
    cancelling.map(({ n, m }) => ({ n, token: m.token, offsetMs: pick() * 1000 })),
    1000,
  );
  const cancelFailed = failedOf(cancel.records);
  const cancelLatency = percentiles(cancel.records.filter((r) => r[2] > 0).map((r) => r[2] - r[1]));
  const after = await rowsOf(eventId);
  const afterBy = new Map(after.rows.map((r) => [r.user_id, r]));
  const expected = queue.slice(0, CANCELS).map((r) => r.user_id);
  const promoted = queue
    .filter((r) => afterBy.get(r.user_id)?.status === 'going')
    .map((r) => r.user_id);
  const cancelledRight = cancelling.every(({ m }) => afterBy.get(m.id)?.status === 'not_going');
  const goingAfter = after.rows.filter((r) => r.status === 'going');
  const seatsAfter = goingAfter.reduce((sum, r) => sum + 1 + r.guests, 0);
  const waitlistedAfter = after.rows.filter((r) => r.status === 'waitlisted').length;
  const promotedRight =
    promoted.length === expected.length &&
    expected.every((id) => afterBy.get(id)?.status === 'going') &&
    cancelledRight &&
    seatsAfter === CAPACITY;
  const promotedTicketed = promoted.filter((id) => afterBy.get(id)?.ticket).length;
  const told = promoted.filter((id) => after.told.has(id)).length;
  // Every ticket given, the promoted ones' included, e-mailed once by the worker.
  const ticketsGiven = goingRows.length + promoted.length;
  let mailed = after.mailed;
  const mailsBy = performance.now() + 60_000;
  while (flags['with-worker'] && mailed < ticketsGiven && performance.now() < mailsBy) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    mailed = (await rowsOf(eventId)).mailed;
  }
  console.log(
    [
      `cancels            ${cancel.records.length} of those going press Not going within 1 s, failed ${JSON.stringify(cancelFailed)}; latency ${line(cancelLatency)}`,
      `promoted           ${promoted.length} (the first ${CANCELS} waitlisted, by id: ${promotedRight}); with a ticket ${promotedTicketed}; told ${told}`,
      ...(flags['with-worker']
        ? [
            `ticket e-mails     ${mailed} for ${ticketsGiven} tickets given, by the worker in the server's process`,
          ]
        : []),
      `after              ${goingAfter.length} going (${seatsAfter} seats), ${waitlistedAfter} waitlisted, oversold ${Math.max(0, seatsAfter - CAPACITY)}`,
      `run took ${secondsSince(started).toFixed(1)} s; machine load ${loadavg()[0]!.toFixed(1)}`,
      '',
    ].join('\n'),
  );

  const result = {
    members: MEMBERS,
    capacity: CAPACITY,
    seconds: SECONDS,
    answered: answeredOk.length,
    failed: rush.records.length - answeredOk.length,
    going: seats,
    waitlisted: queue.length,
    oversold,
    order_errors: orderErrors,
    rsvp_p50_ms: latency.p50,
    rsvp_p95_ms: latency.p95,
    rsvp_p99_ms: latency.p99,
    rsvp_max_ms: latency.max,
    server_cpu_ms_per_rsvp: Math.round((rushCpu * 1000 * 100) / rush.records.length) / 100,
    cancels: CANCELS,
    cancel_p99_ms: cancelLatency.p99,
    promoted: promoted.length,
    promoted_right: promotedRight,
    promoted_told: told,
    ...(flags['with-worker'] ? { ticket_emails: mailed } : {}),
    load: Math.round(loadavg()[0]! * 10) / 10,
  };
  const ok =
    result.failed === 0 &&
    Object.keys(cancelFailed).length === 0 &&
    seats === CAPACITY &&
    queue.length === WAITLISTED &&
    oversold === 0 &&
    orderErrors === 0 &&
    positionsRight &&
    queuedDistinct &&
    ticketsRight &&
    promotedRight &&
    promotedTicketed === promoted.length &&
    told === promoted.length &&
    (!flags['with-worker'] || mailed === ticketsGiven);
  console.log(JSON.stringify(result));
  exitCode = ok ? 0 : 1;
} finally {
  await run.cleanup();
}
process.exit(exitCode);
