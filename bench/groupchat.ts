/**
 * npm run bench:groupchat [-- --members 2000 --rate 10 --seconds 60 --processes K --batch 250
 *                            --rule-members 1000000 --part chat|rule|both]
 *
 * Issue 27's two figures for groups, on PostgreSQL (DATABASE_URL; without it an embedded PGlite,
 * small sizes only).
 *
 * Part A, the group chat: one group of N members, every one signed in and connected over
 * Socket.IO to the real server (apps/server/src/main.ts, ROLE=web) in a process of its own, on a
 * scratch database (bench/server-process.ts); with REDIS_URL the server uses the Redis adapter as
 * in production. K load-generator processes (bench/groupchat-clients.ts) hold the sockets (a
 * process may hold at most 20,000 open files here) and send `rate` messages a second, open loop,
 * each from a random member over their own socket (`sendGroupMessage` with a clientId and an
 * acknowledgement, as the web app sends). Every other member must hear every message
 * (`newGroupMessage`): delivery latency runs from send start to each receiver's first arrival, on
 * the machine's shared wall clock; a receiver missing a stored message counts as lost, one hearing
 * a clientId twice as a duplicate. Before measuring, unmeasured probe messages go out until every
 * socket has heard one: a connection joins its groups' rooms just after it connects.
 *
 * Part B, an automatic group's rule: M listed members in one college (set-based INSERT ...
 * SELECT over generate_series, the users table's plain indexes built after the load), spread over
 * cities in India and abroad; then the groups module's own `applyGroupRule` is timed for a new
 * country rule (India: most members) and a new city rule (Bengaluru), and a single profile
 * update moving a member from Bengaluru to Mumbai (the users triggers of migration 0008 move
 * them from one city group to the other) is timed as a side figure. Counts are checked against
 * the users table.
 *
 * Members and sessions are written straight into the database (one set-based insert each, the
 * app's own hashToken): logging in N times through argon2 would dominate the run. Latency
 * figures mean something only on a quiet machine: the table gives the load average and the
 * generators' own CPU. Ends with one line of JSON:
 * {"members", "rate", "p99_ms", "lost", "duplicates", "rule_apply_s", ...}.
 *
 * Issue 27's goal: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run
 * bench:groupchat` (2,000 members, 10 messages/s for 60 s: p99 ≤ 250 ms, 0 lost, 0 doubled;
 * the rule over 1,000,000 members in ≤ 20 s).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runMigrations } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';
import { applyGroupRule } from '../apps/server/src/modules/groups';
import { integerFlag } from './flags';
import type {
  FromGroupClients,
  GroupBenchMember,
  GroupClientsSlice,
  GroupSendRecord,
  ToGroupClients,
} from './groupchat-clients';
import { scratchDatabase } from './scratch-database';
import { benchDatabase, benchRun, type BenchDatabase } from './server-process';
import {
  gather,
  startGenerator as forkGenerator,
  tell as tellAll,
  type Generator as LoadGenerator,
} from './generators';
import { percentiles, percentilesLine as line, type Percentiles } from './percentiles';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '60' },
    batch: { type: 'string', default: '250' },
    processes: { type: 'string' },
    'rule-members': { type: 'string', default: '1000000' },
    part: { type: 'string', default: 'both' },
  },
});
const MEMBERS = integerFlag('members', flags.members, 2, 15_000);
const RATE = integerFlag('rate', flags.rate, 1, 1000);
const SECONDS = integerFlag('seconds', flags.seconds, 1, 600);
const BATCH = integerFlag('batch', flags.batch, 1, 5000);
const RULE_MEMBERS = integerFlag('rule-members', flags['rule-members'], 1000, 5_000_000);
if (!['chat', 'rule', 'both'].includes(flags.part)) throw new Error('--part is chat, rule or both');
const PART = flags.part as 'chat' | 'rule' | 'both';
/** Sockets per load generator at most: each receives every message, so fewer than bench:chat. */
const PER_GENERATOR = 2000;
const PROCESSES = integerFlag(
  'processes',
  flags.processes ?? String(Math.ceil(MEMBERS / PER_GENERATOR)),
  1,
  64,
);
const TOTAL = RATE * SECONDS;
// A generator keeps a row of TOTAL arrival times per member it holds.
if (MEMBERS * TOTAL > 50_000_000)
  throw new Error('--members times --rate times --seconds is at most 50,000,000');
const wall = () => performance.timeOrigin + performance.now();

const secondsSince = (t: number) => (performance.now() - t) / 1000;

// ------------------------------------------------------------------------------ part A

/** One college, its members (listed, signed in) and one open group holding them all. */
async function seedChat(database: BenchDatabase) {
  const { db, pool, close } = await database.open();
  try {
    await runMigrations(db);
    const runId = randomBytes(4).toString('hex');
    const collegeId = (
      await pool.query<{ id: string }>(`INSERT INTO colleges (name) VALUES ($1) RETURNING id`, [
        `Group Bench College ${runId}`,
      ])
    ).rows[0]!.id;
    const created = await pool.query<{ id: string }>(
      `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                          password_hash, is_approved, is_registered)
       SELECT $1, 'Bench', 'Member ' || g, 'Bench Member ' || g,
              'bench-' || $2 || '-' || g, 'bench-' || $2 || '-' || g || '@bench.alumnet.dev',
              $3, true, true
         FROM generate_series(1, $4::int) AS g
       RETURNING id`,
      [collegeId, runId, await hashPassword('bench-password'), MEMBERS],
    );
    const members: GroupBenchMember[] = created.rows.map((r) => ({
      id: r.id,
      token: newSessionToken(),
    }));
    // Stored as a login stores a session: the token's hash, made by the app's own hashToken.
    await pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       SELECT user_id, token_hash, now() + interval '1 day'
         FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
    );
    const groupId = (
      await pool.query<{ id: string }>(
        `INSERT INTO groups (college_id, group_name, description, kind)
         VALUES ($1, 'Bench Chapter', 'Everyone of the benchmark', 'open') RETURNING id`,
        [collegeId],
      )
    ).rows[0]!.id;
    await pool.query(
      `INSERT INTO group_members (group_id, user_id, status, role)
       SELECT $1, u, 'approved', CASE WHEN n <= 3 THEN 'organiser' ELSE 'member' END
         FROM unnest($2::uuid[]) WITH ORDINALITY AS m(u, n)`,
      [groupId, members.map((m) => m.id)],
    );
    // A group this size has talked before, and the planner should know the tables' sizes: a
    // plan made against empty tables (a foreign-key check as a sequential scan) stays cached
    // per connection as they grow (docs/performance.md, bench:chat).
    await pool.query(
      `INSERT INTO group_messages (group_id, sender_id, message, created_at)
       SELECT $1, ($2::uuid[])[1 + g % array_length($2::uuid[], 1)], 'Earlier message ' || g,
              now() - interval '1 day' - g * interval '1 minute'
         FROM generate_series(1, 2000) AS g`,
      [groupId, members.map((m) => m.id)],
    );
    await pool.query('ANALYZE users, sessions, colleges, groups, group_members, group_messages');
    return { members, groupId };
  } finally {
    await close();
  }
}

type Generator = LoadGenerator<FromGroupClients>;
// The arrival tables come back as typed arrays, not JSON.
const startGenerator = () =>
  forkGenerator<FromGroupClients>(new URL('./groupchat-clients.ts', import.meta.url), {
    serialization: 'advanced',
  });
const tell = (generators: Generator[], message: ToGroupClients) => tellAll(generators, message);

interface ChatFigures {
  members: number;
  delivery: Percentiles;
  /** Per message: until its last receiver heard it. */
  lastReceiver: Percentiles;
  stored: number;
  sent: number;
  lost: number;
  duplicates: number;
  unanswered: number;
  refused: number;
  serverCpuMsPerMessage: number;
}

async function partChat(): Promise<ChatFigures> {
  const openFiles = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (Number.isFinite(openFiles) && openFiles < MEMBERS + 200)
    throw new Error(`ulimit -n is ${openFiles}: the server needs over ${MEMBERS + 200} open files`);
  const started = performance.now();
  const database = await benchDatabase();
  const run = benchRun('bench:groupchat', database, 300 + SECONDS + MEMBERS / 20);
  const generators: Generator[] = [];
  try {
    const { members, groupId } = await seedChat(database);
    const env: Record<string, string> = process.env.REDIS_URL
      ? { REDIS_PREFIX: `bench-groupchat-${process.pid}:` }
      : {};
    const { urls, pids, cpu } = await run.startServers(1, { env });
    console.log(
      `Part A: group chat. ${MEMBERS} members of one group, ${RATE} messages/s for ${SECONDS} s ` +
        `from random members over their sockets; 1 server process ` +
        `${process.env.REDIS_URL ? 'on Redis' : 'with in-process fan-out'}, ${PROCESSES} load ` +
        `generator(s), ${database.label}; server pid ${pids.join(', ')}; ready in ` +
        `${secondsSince(started).toFixed(1)} s`,
    );

    // --- connect
    for (let k = 0; k < PROCESSES; k++) {
      const generator = startGenerator();
      generators.push(generator);
      run.generators.push(generator.process);
    }
    await gather(generators, 'ready', 30_000);
    generators.forEach((g, k) => {
      const slice: GroupClientsSlice = {
        url: urls[0]!,
        groupId,
        members,
        k,
        of: PROCESSES,
        batch: BATCH,
        total: TOTAL,
      };
      g.process.send({ type: 'start', slice } satisfies ToGroupClients);
    });
    const connected = await gather(generators, 'connected', 120_000 + MEMBERS * 20);
    const connectedCount = connected.reduce((sum, m) => sum + m.connected, 0);
    const refused = connected.reduce((sum, m) => sum + m.failed, 0);
    const connectSeconds = Math.max(...connected.map((m) => m.seconds));
    console.log(
      `  ${connectedCount} connected (${refused} refused) in ${connectSeconds.toFixed(1)} s`,
    );

    // --- every socket in the group's room: probes from different members until all heard one
    const probeStart = performance.now();
    let ready = 0;
    for (let n = 0; ; n++) {
      tell(generators, { type: 'probe', n, from: (n * 7919) % MEMBERS });
      await sleep(250);
      tell(generators, { type: 'count' });
      ready = (await gather(generators, 'count', 30_000)).reduce((s, c) => s + c.probed, 0);
      if (ready >= connectedCount) break;
      if (secondsSince(probeStart) > 30)
        throw new Error(
          `after 30 s of probes only ${ready} of ${connectedCount} sockets hear the group's chat`,
        );
    }
    console.log(
      `  every socket hears the group (${secondsSince(probeStart).toFixed(1)} s of probes)`,
    );

    // --- send
    const cpuBefore = cpu();
    const firstSend = wall() + 500;
    tell(generators, { type: 'send', startAt: firstSend, rate: RATE });
    const answered = await gather(generators, 'answered', (SECONDS + 180) * 1000);
    const sendCpu = cpu() - cpuBefore;
    const sends: GroupSendRecord[] = answered.flatMap((m) => m.sends);
    const unanswered = answered.reduce((sum, m) => sum + m.unanswered, 0);
    const stored = sends.filter((s) => s[2] === 200);
    const failed: Record<string, number> = {};
    for (const s of sends)
      if (s[2] !== 200) {
        const key = s[2] === 0 ? 'no answer' : String(s[2]);
        failed[key] = (failed[key] ?? 0) + 1;
      }
    // Every delivery of a stored message (10 s at most after the last answer).
    const expected = stored.length * (connectedCount - 1);
    const deliveriesBy = performance.now() + 10_000;
    for (;;) {
      tell(generators, { type: 'count' });
      const heard = (await gather(generators, 'count', 30_000)).reduce((s, c) => s + c.heard, 0);
      if (heard >= expected || performance.now() > deliveriesBy) break;
      await sleep(200);
    }
    tell(generators, { type: 'report' });
    const reports = await gather(generators, 'report', 120_000);

    // --- figures: each stored message against each member but its sender
    const latencies = new Float64Array(expected);
    const lastOf: number[] = [];
    let filled = 0;
    let lost = 0;
    for (const [n, start, , sender] of stored) {
      let last = 0;
      for (const report of reports) {
        report.members.forEach((global, row) => {
          if (global === sender) return;
          const at = report.arrivals[row * TOTAL + n]!;
          if (at === 0) lost++;
          else {
            const ms = at - start;
            if (filled < latencies.length) latencies[filled++] = ms;
            if (ms > last) last = ms;
          }
        });
      }
      lastOf.push(last);
    }
    const duplicates = reports.reduce((sum, r) => sum + r.duplicates, 0);
    const strays = reports.reduce((sum, r) => sum + r.strays, 0);
    const delivery = percentiles(latencies.subarray(0, filled));
    const lastReceiver = percentiles(Float64Array.from(lastOf));
    const serverCpuMsPerMessage = (sendCpu * 1000) / Math.max(1, sends.length);
    console.log(
      [
        '',
        `messages           ${sends.length} sent, ${stored.length} stored, failed ${JSON.stringify(failed)}, unanswered ${unanswered}`,
        `deliveries         ${filled} of ${expected} (each message to the ${connectedCount - 1} other members)`,
        `lost / duplicates  ${lost} / ${duplicates}   strays ${strays}`,
        `delivery latency   ${line(delivery)}`,
        `to the last member ${line(lastReceiver)}`,
        `server CPU         ${serverCpuMsPerMessage.toFixed(1)} ms per message (store + ${connectedCount - 1} sockets); ${((sendCpu / SECONDS) * 100).toFixed(0)}% of one core while sending`,
        `load generators    CPU ${reports.map((r) => `${r.cpuPercent.toFixed(0)}%`).join(', ')} of a core; machine load ${loadavg()[0]!.toFixed(1)}`,
        '',
      ].join('\n'),
    );
    return {
      members: connectedCount,
      delivery,
      lastReceiver,
      stored: stored.length,
      sent: sends.length,
      lost,
      duplicates,
      unanswered,
      refused,
      serverCpuMsPerMessage,
    };
  } finally {
    await run.cleanup();
  }
}

// ------------------------------------------------------------------------------ part B

/** Where the members live: [country, city as the dataset spells it, share in thousandths]. */
const PLACES: [string, string, number][] = [
  ['IN', 'Bengaluru', 220],
  ['IN', 'Mumbai', 120],
  ['IN', 'Delhi', 100],
  ['IN', 'Hyderabad', 90],
  ['IN', 'Pune', 70],
  ['IN', 'Chennai', 60],
  ['IN', 'Kolkata', 30],
  ['IN', 'Ahmedabad', 30],
  ['US', 'San Francisco', 50],
  ['US', 'New York City', 40],
  ['US', 'Seattle', 30],
  ['GB', 'London', 40],
  ['SG', 'Singapore', 40],
  ['AE', 'Dubai', 40],
  ['DE', 'Berlin', 20],
  ['CA', 'Toronto', 20],
  ['AU', 'Sydney', 20],
];

/** Member g's draw in [0, 1000): a hash, so neighbours do not live in the same city. */
const draw = (g: string, salt: number) =>
  `((hashint4((${g})::int * 31 + ${salt})::bigint & 2147483647) % 1000)`;

/**
 * Runs a bulk load with the tables' plain indexes dropped, then builds them again from their
 * own definitions (as bench:search does): one index build is many times faster than a million
 * index inserts. Indexes behind constraints (keys, unique) stay.
 */
async function withIndexesBuiltAfter(pool: pg.Pool, tables: string[], load: () => Promise<void>) {
  const { rows } = await pool.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes i
      WHERE schemaname = 'public' AND tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const index of rows) await pool.query(`DROP INDEX "${index.indexname}"`);
  await load();
  for (const index of rows) await pool.query(index.indexdef);
}

interface RuleFigures {
  countryApplySeconds: number;
  countryMembers: number;
  cityApplySeconds: number;
  cityMembers: number;
  moveMs: Percentiles;
}

async function partRule(): Promise<RuleFigures> {
  const started = performance.now();
  const database = await scratchDatabase();
  const { db, pool } = database;
  try {
    const collegeId = (
      await pool.query<{ id: string }>(
        `INSERT INTO colleges (name) VALUES ('Rule Bench College') RETURNING id`,
      )
    ).rows[0]!.id;
    const places = await pool.query<{ id: number; country_id: string; city_name: string }>(
      `SELECT c.id, c.country_id, c.city_name
         FROM cities c JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(country_id, city_name, n)
           ON c.country_id = p.country_id AND c.city_name = p.city_name
        ORDER BY p.n, c.id`,
      [PLACES.map((p) => p[0]), PLACES.map((p) => p[1])],
    );
    // One city per name (the dataset may hold two of a name in a country).
    const cityOf = new Map<string, { id: number; country: string }>();
    for (const r of places.rows)
      if (!cityOf.has(r.city_name)) cityOf.set(r.city_name, { id: r.id, country: r.country_id });
    const chosen = PLACES.filter(([, name]) => cityOf.has(name));
    const shares = chosen.reduce((sum, [, , share]) => sum + share, 0);
    // Cumulative bounds in thousandths: member g lives in the first place whose bound exceeds
    // their draw.
    let bound = 0;
    const bounds = chosen.map(([, , share]) => (bound += (share * 1000) / shares));
    const cityCase = `CASE ${bounds
      .slice(0, -1)
      .map((b, i) => `WHEN d < ${Math.round(b)} THEN ${i + 1}`)
      .join(' ')} ELSE ${chosen.length} END`;
    const CHUNK = 200_000;
    const seedStart = performance.now();
    await withIndexesBuiltAfter(pool, ['users'], async () => {
      for (let from = 1; from <= RULE_MEMBERS; from += CHUNK) {
        const to = Math.min(RULE_MEMBERS, from + CHUNK - 1);
        await pool.query(
          `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                              is_approved, is_registered, location_country_id, location_city_id)
           SELECT $1, 'Rule', 'Member ' || g, 'Rule Member ' || g, 'rule' || g,
                  'rule' || g || '@bench.alumnet.dev', g % 50 <> 0, true,
                  ($2::text[])[p], ($3::int[])[p]
             FROM (SELECT g, ${cityCase} AS p
                     FROM (SELECT g, ${draw('g', 1)} AS d
                             FROM generate_series($4::int, $5::int) g) s) m`,
          [
            collegeId,
            chosen.map(([, name]) => cityOf.get(name)!.country),
            chosen.map(([, name]) => cityOf.get(name)!.id),
            from,
            to,
          ],
        );
        process.stdout.write(
          `\r  members: ${to.toLocaleString('en')} / ${RULE_MEMBERS.toLocaleString('en')}`,
        );
      }
      process.stdout.write('\n');
    });
    await pool.query('ANALYZE');
    console.log(
      `Part B: an automatic group's rule. ${RULE_MEMBERS.toLocaleString('en')} members ` +
        `(every 50th not listed) in one college over ${chosen.length} cities, ${database.label}; ` +
        `seeded in ${secondsSince(seedStart).toFixed(1)} s`,
    );

    const newGroup = async (name: string, field: string, value: string) =>
      (
        await pool.query<{ id: string }>(
          `INSERT INTO groups (college_id, group_name, kind, rule_field, rule_value)
           VALUES ($1, $2, 'automatic', $3, $4) RETURNING id`,
          [collegeId, name, field, value],
        )
      ).rows[0]!.id;
    /** As an admin's new automatic group is filled: `applyGroupRule` in one transaction. */
    const apply = async (groupId: string) => {
      const t = performance.now();
      const result = await db.transaction((tx) => applyGroupRule(tx, groupId));
      return { seconds: secondsSince(t), ...result };
    };
    const countOf = async (groupId: string) =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM group_members WHERE group_id = $1 AND status = 'approved'`,
            [groupId],
          )
        ).rows[0]!.n,
      );
    const expectedOf = async (column: string, value: string | number) =>
      Number(
        (
          await pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM users WHERE college_id = $1 AND is_approved
               AND NOT is_rejected AND ${column} = $2`,
            [collegeId, value],
          )
        ).rows[0]!.n,
      );

    const india = await newGroup('Everyone in India', 'country', 'IN');
    const country = await apply(india);
    const countryMembers = await countOf(india);
    const countryExpected = await expectedOf('location_country_id', 'IN');
    const bengaluru = cityOf.get('Bengaluru')!.id;
    const mumbai = cityOf.get('Mumbai')!.id;
    const chapter = await newGroup('Bengaluru Chapter', 'city', String(bengaluru));
    const city = await apply(chapter);
    const cityMembers = await countOf(chapter);
    const cityExpected = await expectedOf('location_city_id', bengaluru);
    const mumbaiChapter = await newGroup('Mumbai Chapter', 'city', String(mumbai));
    const other = await apply(mumbaiChapter);
    await pool.query('ANALYZE group_members');
    if (countryMembers !== countryExpected || cityMembers !== cityExpected)
      throw new Error(
        `the rule missed members: India ${countryMembers} of ${countryExpected}, ` +
          `Bengaluru ${cityMembers} of ${cityExpected}`,
      );

    // --- one profile update at a time: a Bengaluru member moves to Mumbai (and stays in India)
    const movers = (
      await pool.query<{ id: string }>(
        `SELECT id FROM users WHERE college_id = $1 AND is_approved AND location_city_id = $2
          ORDER BY id LIMIT 50`,
        [collegeId, bengaluru],
      )
    ).rows.map((r) => r.id);
    const moves: number[] = [];
    for (const id of movers) {
      const t = performance.now();
      await pool.query(
        `UPDATE users SET location_city_id = $2, location_country_id = 'IN', updated_at = now()
          WHERE id = $1`,
        [id, mumbai],
      );
      moves.push(performance.now() - t);
    }
    const where = await pool.query<{ group_id: string; n: string }>(
      `SELECT group_id, count(*) AS n FROM group_members
        WHERE user_id = ANY($1) AND status = 'approved' GROUP BY group_id`,
      [movers],
    );
    const moved = (groupId: string) =>
      Number(where.rows.find((r) => r.group_id === groupId)?.n ?? 0);
    if (
      moved(chapter) !== 0 ||
      moved(mumbaiChapter) !== movers.length ||
      moved(india) !== movers.length
    )
      throw new Error('a profile update did not move its member between the city groups');
    const moveMs = percentiles(Float64Array.from(moves));
    console.log(
      [
        '',
        `country rule (India)   ${country.seconds.toFixed(2)} s: ${countryMembers.toLocaleString('en')} members added`,
        `city rule (Bengaluru)  ${city.seconds.toFixed(2)} s: ${cityMembers.toLocaleString('en')} members added`,
        `city rule (Mumbai)     ${other.seconds.toFixed(2)} s: ${other.added.toLocaleString('en')} members added`,
        `moving city (trigger)  ${line(moveMs)} over ${moves.length} single-row updates`,
        `part B took ${secondsSince(started).toFixed(1)} s; machine load ${loadavg()[0]!.toFixed(1)}`,
        '',
      ].join('\n'),
    );
    return {
      countryApplySeconds: country.seconds,
      countryMembers,
      cityApplySeconds: city.seconds,
      cityMembers,
      moveMs,
    };
  } finally {
    await database.drop();
  }
}

// ------------------------------------------------------------------------------ the run

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const chat = PART === 'rule' ? null : await partChat();
const rule = PART === 'chat' ? null : await partRule();
console.log(
  JSON.stringify({
    members: chat?.members ?? null,
    rate: chat ? RATE : null,
    p50_ms: chat?.delivery.p50 ?? null,
    p95_ms: chat?.delivery.p95 ?? null,
    p99_ms: chat?.delivery.p99 ?? null,
    max_ms: chat?.delivery.max ?? null,
    last_member_p99_ms: chat?.lastReceiver.p99 ?? null,
    lost: chat?.lost ?? null,
    duplicates: chat?.duplicates ?? null,
    server_cpu_ms_per_message: chat ? round(chat.serverCpuMsPerMessage, 2) : null,
    rule_members: rule ? RULE_MEMBERS : null,
    rule_apply_s: rule ? round(rule.countryApplySeconds, 2) : null,
    rule_matched: rule?.countryMembers ?? null,
    city_rule_apply_s: rule ? round(rule.cityApplySeconds, 2) : null,
    city_rule_matched: rule?.cityMembers ?? null,
    profile_move_p50_ms: rule?.moveMs.p50 ?? null,
    profile_move_max_ms: rule?.moveMs.max ?? null,
  }),
);
const ok =
  !chat ||
  (chat.lost === 0 &&
    chat.duplicates === 0 &&
    chat.unanswered === 0 &&
    chat.refused === 0 &&
    chat.stored === chat.sent);
process.exit(ok ? 0 : 1);
