/**
 * Directory search and feed under load, on a scratch database with a million members.
 *
 *   npm run bench:search -- [--members 1000000] [--posts 2000000] [--rate 50] [--seconds 20]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:search
 *
 * With DATABASE_URL a database `alumnet_bench_<random>` is created on that server and dropped at
 * the end; without it an embedded PGlite in a scratch folder is used. The data is written with
 * set-based SQL, the real server (main.ts) is started in a process of its own on a loopback port,
 * and each scenario is sent from this process at a fixed request rate over keep-alive HTTP. The
 * server's CPU time per request is read from /proc for each scenario. Latency is measured from the moment a request was due, so a slow answer that
 * delays the next one counts against the server (no coordinated omission).
 *
 * Flags (or env BENCH_MEMBERS, BENCH_POSTS, BENCH_RATE, BENCH_SECONDS): --warmup N requests per
 * scenario before measuring (default 25); --only TEXT runs the scenarios whose name contains it;
 * --keep leaves the PostgreSQL database in place and --reuse NAME runs against one kept earlier
 * (no seeding), for tuning with EXPLAIN ANALYZE; --distinct-names gives every member a name of
 * their own; --profile DIR has the server write a V8 CPU profile there when it stops.
 *
 * Ends with one line of JSON: {"members", "rate", "scenarios": {name: {p50_ms, p95_ms, p99_ms,
 * errors, server_cpu_us_per_request}}}.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as hdr from 'hdr-histogram-js';
import type pg from 'pg';
import { runMigrations } from '../apps/server/src/db/migrate';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { seededRandom } from './seeded-random';
import { benchDatabase, cpuOf, startServer, stopServer } from './server-process';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: process.env.BENCH_MEMBERS ?? '1000000' },
    posts: { type: 'string', default: process.env.BENCH_POSTS ?? '2000000' },
    rate: { type: 'string', default: process.env.BENCH_RATE ?? '50' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '20' },
    warmup: { type: 'string', default: '25' },
    keep: { type: 'boolean', default: false },
    'distinct-names': { type: 'boolean', default: false },
    reuse: { type: 'string' },
    profile: { type: 'string' },
    only: { type: 'string' },
  },
});

function bounded(name: string, value: string, min: number, max: number) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}
const MEMBERS = bounded('members', flags.members, 100, 5_000_000);
const POSTS = bounded('posts', flags.posts, 0, 10_000_000);
const RATE = bounded('rate', flags.rate, 1, 2_000);
const SECONDS = bounded('seconds', flags.seconds, 1, 600);
const WARMUP = bounded('warmup', flags.warmup, 0, 1_000);
/**
 * Gives every member a name of their own (the name followed by their number): the worst case for
 * name search, which otherwise finds the 4,800 names the generated members share.
 */
const DISTINCT_NAMES = flags['distinct-names'];
/** No answer within this is counted as an error, so a run always ends. */
const REQUEST_TIMEOUT_MS = 10_000;

const BENCH_EMAIL = 'bench-member@bench.alumnet.dev';
const BENCH_PASSWORD = 'bench-password-4711';
const CHUNK = 100_000;

// ---------------------------------------------------------------- data

// prettier-ignore
const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anil', 'Anjali', 'Arjun', 'Arun',
  'Asha', 'Deepa', 'Deepak', 'Divya', 'Gaurav', 'Gita', 'Harish', 'Isha', 'Jaya', 'Karan',
  'Kavya', 'Kiran', 'Krishna', 'Lakshmi', 'Madhav', 'Manoj', 'Meena', 'Meera', 'Mohan', 'Nandini',
  'Neha', 'Nikhil', 'Nisha', 'Pooja', 'Pradeep', 'Priya', 'Rahul', 'Rajesh', 'Ravi', 'Rekha',
  'Rohan', 'Sachin', 'Sanjay', 'Sara', 'Shreya', 'Siddharth', 'Sneha', 'Sunil', 'Suresh', 'Tanvi',
  'Usha', 'Varun', 'Vidya', 'Vijay', 'Vikram', 'Vinay', 'Yash', 'Zara', 'Alice', 'Benjamin',
  'Chloe', 'Daniel', 'Emma', 'Ethan', 'Fatima', 'Gabriel', 'Hannah', 'Ibrahim', 'James', 'Julia',
  'Leo', 'Liam', 'Lucas', 'Maria', 'Mateo', 'Mia', 'Noah', 'Olivia', 'Omar', 'Sofia',
];
// prettier-ignore
const LAST_NAMES = [
  'Agarwal', 'Bhat', 'Bose', 'Chatterjee', 'Chopra', 'Das', 'Desai', 'Dsouza', 'Gupta', 'Iyer',
  'Jain', 'Joshi', 'Kapoor', 'Khan', 'Kulkarni', 'Kumar', 'Mehta', 'Menon', 'Mishra', 'Nair',
  'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy', 'Roy', 'Saxena', 'Sen', 'Shah', 'Sharma',
  'Singh', 'Sinha', 'Srinivasan', 'Thomas', 'Trivedi', 'Varma', 'Verma', 'Yadav', 'Anderson', 'Brown',
  'Clark', 'Davis', 'Garcia', 'Hughes', 'Johnson', 'Kim', 'Lopez', 'Martin', 'Miller', 'Nguyen',
  'Schmidt', 'Silva', 'Smith', 'Taylor', 'Walker', 'Wilson', 'Young', 'Fernandes', 'Ghosh', 'Mukherjee',
];
// prettier-ignore
const COMPANIES = [
  'Infosys', 'Tata Consultancy Services', 'Wipro', 'Google', 'Microsoft', 'Amazon',
  'Flipkart', 'Zoho', 'Freshworks', 'Larsen & Toubro', 'Deloitte', 'McKinsey & Company',
  'HDFC Bank', 'Siemens', 'Bosch', 'Accenture', 'Swiggy', 'Razorpay',
  'Atlassian', 'Self-employed', 'IBM', 'Oracle', 'SAP', 'Adobe',
  'Intel', 'Qualcomm', 'Cisco', 'Salesforce', 'Uber', 'Ola',
  'Paytm', 'Zomato', "Byju's", 'HCLTech', 'Tech Mahindra', 'Capgemini',
  'Cognizant', 'ICICI Bank', 'Axis Bank', 'Reliance Industries', 'Mahindra & Mahindra', 'Tata Motors',
  'Maruti Suzuki', 'Asian Paints', 'Hindustan Unilever', 'Nestle', 'Goldman Sachs', 'JPMorgan Chase',
  'Morgan Stanley', 'Boston Consulting Group',
];
// prettier-ignore
const PLACES: [string, string][] = [
  ['IN', 'Bengaluru'], ['IN', 'Mumbai'], ['IN', 'Delhi'], ['IN', 'Hyderabad'], ['IN', 'Pune'],
  ['IN', 'Chennai'], ['IN', 'Kolkata'], ['IN', 'Ahmedabad'], ['US', 'San Francisco'], ['US', 'New York City'],
  ['US', 'Seattle'], ['US', 'Austin'], ['US', 'Boston'], ['GB', 'London'], ['GB', 'Manchester'],
  ['DE', 'Berlin'], ['DE', 'Munich'], ['SG', 'Singapore'], ['AE', 'Dubai'], ['CA', 'Toronto'],
];
const DEGREES: [string, number, string[]][] = [
  ['B.Tech', 4, ['Computer Science', 'Electronics', 'Mechanical', 'Civil', 'Electrical']],
  ['M.Tech', 2, ['Data Science', 'VLSI Design', 'Structural Engineering']],
  ['MBA', 2, ['Finance', 'Marketing', 'Human Resources']],
];
const FIRST_INTAKE = 2008;
const LAST_INTAKE = 2022;
/** What people type into the name box: 3-5 letters of a first or last name. */
// prettier-ignore
const NAME_FRAGMENTS = [
  'mee', 'sha', 'priy', 'kum', 'ravi', 'nair', 'kapo', 'reddy', 'aar', 'sing', 'men', 'iye',
  'divy', 'josh', 'ola', 'smit', 'gup', 'patel', 'vik', 'anj',
];

/** Member g's pseudo-random draws: the same numbers wherever the SQL needs them. */
const draw = (g: string, salt: number) =>
  `(hashint4((${g})::int * 31 + ${salt})::bigint & 2147483647)`;

/** Member g's id: an md5 shaped into a version-4 UUID, so posts can name their author. */
const memberId = (g: string) =>
  `overlay(overlay(md5('bench-member-' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;

interface Structure {
  collegeId: string;
  degreeIds: string[];
  batchIds: string[];
  branchIds: string[];
  places: { cityId: number; countryId: string }[];
}

async function createStructure(client: pg.Pool): Promise<Structure> {
  const college = await client.query<{ id: string }>(
    `INSERT INTO colleges (name) VALUES ('Bench Institute of Technology') RETURNING id`,
  );
  const collegeId = college.rows[0]!.id;
  const degreeIds: string[] = [];
  const batchIds: string[] = [];
  const branchIds: string[] = [];
  for (const [degreeName, years, branchNames] of DEGREES) {
    const degree = await client.query<{ id: string }>(
      `INSERT INTO degrees (college_id, degree_name) VALUES ($1, $2) RETURNING id`,
      [collegeId, degreeName],
    );
    const batches = await client.query<{ id: string }>(
      `INSERT INTO batches (college_id, degree_id, batch_name)
       SELECT $1, $2, y || '-' || (y + $3) FROM generate_series($4::int, $5::int) y
       RETURNING id`,
      [collegeId, degree.rows[0]!.id, years, FIRST_INTAKE, LAST_INTAKE],
    );
    for (const batch of batches.rows) {
      const branches = await client.query<{ id: string }>(
        `INSERT INTO branches (college_id, batch_id, branch_name)
         SELECT $1, $2, unnest($3::text[]) RETURNING id`,
        [collegeId, batch.id, branchNames],
      );
      // One entry per branch, so member g's degree, batch and branch are one index apart.
      for (const branch of branches.rows) {
        degreeIds.push(degree.rows[0]!.id);
        batchIds.push(batch.id);
        branchIds.push(branch.id);
      }
    }
  }
  const places = await client.query<{ cityId: number; countryId: string }>(
    `SELECT c.id AS "cityId", c.country_id AS "countryId"
       FROM cities c JOIN unnest($1::text[], $2::text[]) AS p(country_id, city_name)
         ON c.country_id = p.country_id AND c.city_name = p.city_name
      ORDER BY c.id`,
    [PLACES.map((p) => p[0]), PLACES.map((p) => p[1])],
  );
  return { collegeId, degreeIds, batchIds, branchIds, places: places.rows };
}

async function insertMembers(client: pg.Pool, s: Structure) {
  const branch = `1 + ${draw('g', 1)} % ${s.branchIds.length}`;
  const place = `1 + ${draw('g', 2)} % ${s.places.length}`;
  for (let from = 1; from <= MEMBERS; from += CHUNK) {
    const to = Math.min(MEMBERS, from + CHUNK - 1);
    await client.query(
      `INSERT INTO users (id, college_id, degree_id, batch_id, branch_id, first_name, last_name,
         full_name, username, email, is_approved, is_registered, location_country_id,
         location_city_id, company_name, is_entrepreneur, open_to_mentoring, created_at)
       SELECT ${memberId('g')}, $1, ($2::uuid[])[b], ($3::uuid[])[b], ($4::uuid[])[b],
         f, l, f || ' ' || l${DISTINCT_NAMES ? " || ' ' || g" : ''}, 'bench' || g, 'bench' || g || '@bench.alumnet.dev',
         g % 50 <> 0, true, ($5::text[])[p], ($6::int[])[p], ($7::text[])[c],
         ${draw('g', 5)} % 100 < 15, ${draw('g', 6)} % 100 < 35,
         now() - make_interval(secs => g * 60)
       FROM (
         SELECT g, ${branch} AS b, ${place} AS p,
           1 + ${draw('g', 3)} % ${COMPANIES.length} AS c,
           ($8::text[])[1 + ${draw('g', 7)} % ${FIRST_NAMES.length}] AS f,
           ($9::text[])[1 + ${draw('g', 8)} % ${LAST_NAMES.length}] AS l
         FROM generate_series($10::int, $11::int) g
       ) m`,
      [
        s.collegeId,
        s.degreeIds,
        s.batchIds,
        s.branchIds,
        s.places.map((p) => p.countryId),
        s.places.map((p) => p.cityId),
        COMPANIES,
        FIRST_NAMES,
        LAST_NAMES,
        from,
        to,
      ],
    );
    process.stdout.write(
      `\r  members: ${to.toLocaleString('en')} / ${MEMBERS.toLocaleString('en')}`,
    );
  }
  process.stdout.write('\n');
  // The member the benchmark signs in as: approved, with a password.
  await client.query(
    `UPDATE users SET email = $1, password_hash = $2, is_approved = true
      WHERE id = ${memberId('1')}`,
    [BENCH_EMAIL, await hashPassword(BENCH_PASSWORD)],
  );
}

/** A third of the posts at each level; each author's batch and branch are their own. */
async function insertPosts(client: pg.Pool, s: Structure) {
  for (let from = 1; from <= POSTS; from += CHUNK) {
    const to = Math.min(POSTS, from + CHUNK - 1);
    await client.query(
      `INSERT INTO posts (college_id, author_id, message, access_level, access_level_id, created_at)
       SELECT $1, ${memberId('a')}, 'Bench post number ' || g, lvl::access_level,
         CASE lvl WHEN 'college' THEN $1 WHEN 'batch' THEN ($2::uuid[])[b] ELSE ($3::uuid[])[b] END,
         now() - make_interval(secs => g * 7)
       FROM (
         SELECT g, a, 1 + ${draw('a', 1)} % ${s.branchIds.length} AS b,
           (ARRAY['college', 'batch', 'branch'])[1 + g % 3] AS lvl
         FROM (SELECT g, 1 + ${draw('g', 9)} % ${MEMBERS} AS a
                 FROM generate_series($4::int, $5::int) g) p
       ) q`,
      [s.collegeId, s.batchIds, s.branchIds, from, to],
    );
    process.stdout.write(`\r  posts: ${to.toLocaleString('en')} / ${POSTS.toLocaleString('en')}`);
  }
  if (POSTS > 0) process.stdout.write('\n');
}

/**
 * Runs a bulk load with the tables' plain indexes dropped, then builds them again from their
 * own definitions: one index build is many times faster than a million index inserts (the
 * trigram GIN above all). Indexes behind constraints (keys, unique) stay.
 */
async function withIndexesBuiltAfter(client: pg.Pool, tables: string[], load: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes i
      WHERE schemaname = 'public' AND tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const index of rows) await client.query(`DROP INDEX "${index.indexname}"`);
  await load();
  const t = performance.now();
  for (const index of rows) await client.query(index.indexdef);
  console.log(`Built ${rows.length} indexes in ${seconds(t)}`);
}

/** The structure of a database seeded earlier (--reuse). */
async function readStructure(client: pg.Pool): Promise<Structure> {
  const college = await client.query<{ id: string }>(
    `SELECT id FROM colleges WHERE name = 'Bench Institute of Technology'`,
  );
  const collegeId = college.rows[0]!.id;
  const batches = await client.query<{ id: string }>(
    `SELECT id FROM batches WHERE college_id = $1`,
    [collegeId],
  );
  const places = await client.query<{ cityId: number; countryId: string }>(
    `SELECT DISTINCT location_city_id AS "cityId", location_country_id AS "countryId"
       FROM users WHERE college_id = $1 AND id IN (
         SELECT ${memberId('g')} FROM generate_series(1, 2000) g)`,
    [collegeId],
  );
  return {
    collegeId,
    degreeIds: [],
    batchIds: batches.rows.map((r) => r.id),
    branchIds: [],
    places: places.rows,
  };
}

// ---------------------------------------------------------------- HTTP at a fixed rate

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(port: number, path: string, body: object, cookie: string) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

interface Scenario {
  name: string;
  path: string;
  body: (i: number) => object;
}

interface Result {
  name: string;
  count: number;
  errors: number;
  histogram: hdr.Histogram | null;
  /** The server process's CPU time (user + system) per request sent, in microseconds. */
  serverCpuUs: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function run(port: number, cookie: string, scenario: Scenario): Promise<Result> {
  for (let i = 0; i < WARMUP; i++) await send(port, scenario.path, scenario.body(i), cookie);
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: REQUEST_TIMEOUT_MS * 2_000,
    numberOfSignificantValueDigits: 3,
  });
  const total = RATE * SECONDS;
  const interval = 1000 / RATE;
  const start = performance.now() + 5;
  let errors = 0;
  let firstError = '';
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      send(port, scenario.path, scenario.body(WARMUP + i), cookie).then(
        (response) => {
          if (response.status !== 200) {
            errors++;
            firstError ||= `${response.status} ${response.body.slice(0, 200)}`;
          } else
            // A timer may fire up to a millisecond early: a fast answer can land before it was due.
            histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
        },
        (error: Error) => {
          errors++;
          firstError ||= error.message;
        },
      ),
    );
  }
  await Promise.all(pending);
  if (firstError) console.log(`  ${scenario.name}: first error: ${firstError}`);
  return { name: scenario.name, count: histogram.totalCount, errors, histogram, serverCpuUs: 0 };
}

/**
 * Waits until the database has no query running for the app: requests a scenario gave up on
 * may still be running, and must not slow the next scenario down.
 */
async function settle(client: pg.Pool) {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    const { rows } = await client.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (!rows[0]?.busy) return;
    await sleep(200);
  }
}

const pick = <T>(list: readonly T[], random: () => number) =>
  list[Math.floor(random() * list.length)]!;

// ---------------------------------------------------------------- main

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const cleanups: (() => Promise<unknown>)[] = [];
  let stopping = false;
  const cleanUp = async () => {
    if (stopping) return;
    stopping = true;
    for (const step of cleanups.reverse()) await step().catch((e) => console.error(e));
  };
  process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    const database = await benchDatabase({ reuse: flags.reuse, keep: flags.keep });
    cleanups.push(database.drop);
    console.log(`Bench database: ${database.label}`);

    // Seeding goes through a connection of the bench's own; PGlite takes one, so it is closed
    // before the server opens the database.
    const { db, pool: client, close } = await database.open();
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await close();
    });

    let structure: Structure;
    if (flags.reuse) {
      await runMigrations(db);
      await client.query('ANALYZE');
      structure = await readStructure(client);
      console.log('Reusing the seeded data');
    } else {
      let t = performance.now();
      await runMigrations(db);
      await seedReferenceData(db);
      console.log(`Migrated and loaded reference data in ${seconds(t)}`);
      structure = await createStructure(client);
      await withIndexesBuiltAfter(client, ['users', 'posts'], async () => {
        let t = performance.now();
        await insertMembers(client, structure);
        console.log(`Inserted ${MEMBERS.toLocaleString('en')} members in ${seconds(t)}`);
        t = performance.now();
        await insertPosts(client, structure);
        console.log(`Inserted ${POSTS.toLocaleString('en')} posts in ${seconds(t)}`);
      });
      t = performance.now();
      // What autovacuum does after a bulk load: statistics, and the visibility map that lets
      // index-only scans skip the table. The checkpoint writes the load out now rather than
      // during the measurements.
      await client.query('VACUUM ANALYZE');
      await client.query('CHECKPOINT');
      console.log(`VACUUM ANALYZE and CHECKPOINT in ${seconds(t)}`);
    }
    // PostgreSQL keeps this connection to wait, between scenarios, for abandoned queries.
    let watcher: pg.Pool | undefined = client;
    if (database.kind === 'pglite') {
      await close();
      closed = true;
      watcher = undefined;
    }

    // The server runs in a process of its own (main.ts, as in production), so the load
    // generator here takes none of its core and its CPU time can be read alone.
    const { server, url } = await startServer(database, { profileDir: flags.profile });
    cleanups.push(() => stopServer(server));
    const port = Number(new URL(url).port);

    const login = await new Promise<{ status: number; body: string; cookie: string }>(
      (resolve, reject) => {
        const payload = JSON.stringify({ userName: BENCH_EMAIL, password: BENCH_PASSWORD });
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/auth/login',
            method: 'POST',
            headers: { 'content-type': 'application/json' },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (c: Buffer) => chunks.push(c));
            response.on('end', () => {
              const cookie = (response.headers['set-cookie'] ?? [])
                .map((c) => c.split(';')[0]!)
                .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString(),
                cookie: cookie ?? '',
              });
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      },
    );
    if (login.status !== 200 || !login.cookie)
      throw new Error(`login failed: ${login.status} ${login.body}`);

    const random = seededRandom(20261122);
    const companies = COMPANIES;
    const scenarios: Scenario[] = [
      {
        name: 'name search (3-5 letters)',
        path: '/api/alumzone/search',
        body: () => ({ searchText: pick(NAME_FRAGMENTS, random) }),
      },
      {
        name: 'filtered: batch + city + text',
        path: '/api/alumzone/search',
        body: () => {
          const place = pick(structure.places, random);
          return {
            batch: pick(structure.batchIds, random),
            locationCountry: place.countryId,
            locationCity: String(place.cityId),
            searchText: pick(NAME_FRAGMENTS, random),
          };
        },
      },
      {
        name: 'filtered: company + mentorship',
        path: '/api/alumzone/search',
        body: () => ({ companyName: pick(companies, random), mentorship: 'yes' }),
      },
    ];

    // The feed: the first page, and pages further down through the cursor.
    const feedProbe = await send(port, '/api/posts/fetch', { accessLevel: 'all' }, login.cookie);
    const feedNotes: string[] = [];
    if (feedProbe.status === 200) {
      const cursors: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await send(
          port,
          '/api/posts/fetch',
          { accessLevel: 'all', ...(cursor ? { cursor } : {}) },
          login.cookie,
        );
        const posts = JSON.parse(answer.body) as { _id: string; createdAt: string }[];
        const last = posts.at(-1);
        if (answer.status !== 200 || !last) break;
        cursor = `${last.createdAt}|${last._id}`;
        cursors.push(cursor);
      }
      scenarios.push({
        name: 'feed: first page (all)',
        path: '/api/posts/fetch',
        body: () => ({ accessLevel: 'all' }),
      });
      if (cursors.length > 0)
        scenarios.push({
          name: `feed: cursor page 2-${cursors.length + 1} (all)`,
          path: '/api/posts/fetch',
          body: () => ({ accessLevel: 'all', cursor: pick(cursors, random) }),
        });
      else feedNotes.push('feed: cursor page - no cursor (the first page came back empty)');
    } else {
      feedNotes.push(
        `feed scenarios skipped: POST /api/posts/fetch answered ${feedProbe.status} ${feedProbe.body.slice(0, 120)}`,
      );
    }

    console.log(
      `\n${MEMBERS.toLocaleString('en')} members, ${POSTS.toLocaleString('en')} posts; ` +
        `${RATE} requests/s for ${SECONDS} s per scenario after ${WARMUP} warm-up requests\n`,
    );
    const results: Result[] = [];
    for (const scenario of scenarios) {
      if (flags.only && !scenario.name.includes(flags.only)) continue;
      const cpuBefore = cpuOf(server.pid!);
      const result = await run(port, login.cookie, scenario);
      // What the server spent per request, divided over every request sent (answered or not).
      result.serverCpuUs = ((cpuOf(server.pid!) - cpuBefore) * 1e6) / (RATE * SECONDS + WARMUP);
      results.push(result);
      if (watcher) await settle(watcher);
    }
    printTable(results);
    for (const note of feedNotes) console.log(note);
    console.log(
      JSON.stringify({
        members: MEMBERS,
        posts: POSTS,
        rate: RATE,
        database: database.kind,
        scenarios: Object.fromEntries(
          results.map((r) => [
            r.name,
            {
              p50_ms: r.histogram ? round(r.histogram.getValueAtPercentile(50) / 1000) : null,
              p95_ms: r.histogram ? round(r.histogram.getValueAtPercentile(95) / 1000) : null,
              p99_ms: r.histogram ? round(r.histogram.getValueAtPercentile(99) / 1000) : null,
              errors: r.errors,
              server_cpu_us_per_request: Math.round(r.serverCpuUs),
            },
          ]),
        ),
      }),
    );
  } finally {
    await cleanUp();
    agent.destroy();
  }
}

function printTable(results: Result[]) {
  const ms = (h: hdr.Histogram, p: number) => (h.getValueAtPercentile(p) / 1000).toFixed(1);
  const rows = [
    ['scenario', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'server CPU µs/req'],
    ...results.map((r) => [
      r.name,
      String(r.count),
      String(r.errors),
      ...(r.histogram && r.count > 0
        ? [
            ms(r.histogram, 50),
            ms(r.histogram, 95),
            ms(r.histogram, 99),
            (r.histogram.maxValue / 1000).toFixed(1),
          ]
        : ['-', '-', '-', '-']),
      r.serverCpuUs.toFixed(0),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

await main();
