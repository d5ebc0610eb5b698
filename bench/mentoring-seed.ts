/**
 * The data of `npm run bench:mentoring` (bench/mentoring.ts), written set-based (generate_series,
 * a statement per 100,000 members): colleges with their degrees, batches and branches, members
 * spread over them, over companies and over cities of the reference tables, the mentors among
 * them with their profiles, and a history of requests and mentorships, so that some mentors are
 * at capacity, some have open requests and some are not taking requests. Every number is drawn
 * from hashint4 of the member's number, so two seeds of the same size hold the same data, and
 * member g's id is computed (`memberId`), so the bench names members without reading them back.
 *
 * Then, for each run, what a run needs anew (also against a kept database): sessions for the
 * members who ask for suggestions, and the capacity race's mentor and fresh members.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { DEFAULT_MENTORING_TOPICS } from '../packages/contract/src/mentoring';
import { hashToken, newSessionToken } from '../apps/server/src/modules/auth/tokens';

export interface SeedSize {
  members: number;
  mentors: number;
  colleges: number;
}

const CHUNK = 100_000;
/** Slots of the weighted draws: a member's draw picks one of these, each naming an entry. */
const SLOTS = 1000;
const EMAIL_DOMAIN = 'mentoring.bench.alumnet.dev';
const COLLEGE_NAME = 'Mentoring Bench College';

// prettier-ignore
const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anil', 'Anjali', 'Arjun', 'Arun',
  'Asha', 'Deepa', 'Deepak', 'Divya', 'Gaurav', 'Gita', 'Harish', 'Isha', 'Jaya', 'Karan',
  'Kavya', 'Kiran', 'Krishna', 'Lakshmi', 'Madhav', 'Manoj', 'Meena', 'Meera', 'Mohan', 'Nandini',
  'Neha', 'Nikhil', 'Nisha', 'Pooja', 'Pradeep', 'Priya', 'Rahul', 'Rajesh', 'Ravi', 'Rekha',
  'Rohan', 'Sachin', 'Sanjay', 'Sara', 'Shreya', 'Siddharth', 'Sneha', 'Sunil', 'Suresh', 'Tanvi',
  'Usha', 'Varun', 'Vidya', 'Vijay', 'Vikram', 'Vinay', 'Yash', 'Zara', 'Alice', 'Daniel',
];
// prettier-ignore
const LAST_NAMES = [
  'Agarwal', 'Bhat', 'Bose', 'Chatterjee', 'Chopra', 'Das', 'Desai', 'Dsouza', 'Gupta', 'Iyer',
  'Jain', 'Joshi', 'Kapoor', 'Khan', 'Kulkarni', 'Kumar', 'Mehta', 'Menon', 'Mishra', 'Nair',
  'Pandey', 'Patel', 'Pillai', 'Rao', 'Reddy', 'Roy', 'Saxena', 'Sen', 'Shah', 'Sharma',
  'Singh', 'Sinha', 'Srinivasan', 'Thomas', 'Trivedi', 'Varma', 'Verma', 'Yadav', 'Ghosh', 'Mukherjee',
];
/** Employers, most common first: a member's is drawn with weight 1 / rank^0.8. */
// prettier-ignore
const COMPANIES = [
  'Tata Consultancy Services', 'Infosys', 'Wipro', 'Accenture', 'Cognizant', 'HCLTech',
  'Google', 'Microsoft', 'Amazon', 'Tech Mahindra', 'Capgemini', 'Deloitte', 'IBM',
  'Larsen & Toubro', 'Flipkart', 'HDFC Bank', 'ICICI Bank', 'Reliance Industries', 'Oracle',
  'Zoho', 'Freshworks', 'Siemens', 'Bosch', 'Swiggy', 'Razorpay', 'Atlassian', 'SAP', 'Adobe',
  'Intel', 'Qualcomm', 'Cisco', 'Salesforce', 'Uber', 'Paytm', 'Zomato', 'Mahindra & Mahindra',
  'Tata Motors', 'Maruti Suzuki', 'Asian Paints', 'Hindustan Unilever', 'Goldman Sachs',
  'JPMorgan Chase', 'Morgan Stanley', 'McKinsey & Company', 'Boston Consulting Group', 'Self-employed',
];
/** Share of members with no employer given. */
const NO_COMPANY = 0.08;
/** Where members live, with weights; cities the reference tables lack are left out. */
// prettier-ignore
const PLACES: [string, string, number][] = [
  ['IN', 'Bengaluru', 18], ['IN', 'Mumbai', 11], ['IN', 'Delhi', 9], ['IN', 'Hyderabad', 9],
  ['IN', 'Pune', 8], ['IN', 'Chennai', 8], ['IN', 'Kolkata', 4], ['IN', 'Ahmedabad', 3],
  ['IN', 'Kochi', 2], ['IN', 'Noida', 3], ['US', 'San Francisco', 3], ['US', 'New York City', 2],
  ['US', 'Seattle', 2], ['US', 'Austin', 1], ['US', 'Boston', 1], ['GB', 'London', 2],
  ['GB', 'Manchester', 1], ['DE', 'Berlin', 1], ['DE', 'Munich', 1], ['SG', 'Singapore', 2],
  ['AE', 'Dubai', 2], ['CA', 'Toronto', 2], ['AU', 'Sydney', 1], ['NL', 'Amsterdam', 1],
];
/** Share of members who gave no place. */
const NO_PLACE = 0.05;
// prettier-ignore
export const INDUSTRIES = [
  'Software', 'IT services', 'Banking', 'Consulting', 'Manufacturing', 'Automotive',
  'E-commerce', 'Telecom', 'Energy', 'Healthcare', 'Education', 'Government', 'Research',
  'Media', 'Logistics',
];
/** Degree, years, branches, share of members. */
const DEGREES: [string, number, string[], number][] = [
  ['B.Tech', 4, ['Computer Science', 'Electronics', 'Mechanical', 'Civil', 'Electrical'], 0.7],
  ['M.Tech', 2, ['Data Science', 'VLSI Design', 'Structural Engineering'], 0.15],
  ['MBA', 2, ['Finance', 'Marketing', 'Human Resources'], 0.15],
];
const FIRST_INTAKE = 1990;
const LAST_INTAKE = 2022;

/** Member g's pseudo-random draw number `salt`: the same wherever the SQL needs it. */
const draw = (g: string, salt: number) =>
  `(hashint4((${g})::int * 31 + ${salt})::bigint & 2147483647)`;

/** An id from a text: an md5 shaped into a version-4 UUID. */
const uuidOf = (text: string) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** Member g's id, so requests, mentorships and sessions can name them without a lookup. */
export const memberId = (g: string) => uuidOf(`'mentoring-bench-member-' || (${g})`);

/** Which entry each of SLOTS slots names, for entries drawn with these weights. */
function slotsOf(weights: number[]) {
  const total = weights.reduce((a, b) => a + b, 0);
  const slots: number[] = [];
  let entry = 0;
  let reached = weights[0]! / total;
  for (let i = 0; i < SLOTS; i++) {
    while ((i + 0.5) / SLOTS > reached && entry < weights.length - 1)
      reached += weights[++entry]! / total;
    slots.push(entry);
  }
  return slots;
}

interface Structure {
  collegeIds: string[];
  /** One entry per (college, degree, intake, branch), a college's entries together. */
  degreeIds: string[];
  batchIds: string[];
  branchIds: string[];
  /** Entries per college. */
  perCollege: number;
  /** Slots to an entry of a college (0-based): members mostly recent, mentors mostly not. */
  memberSlots: number[];
  mentorSlots: number[];
  /** Slots to a place (1-based; 0: none) and to a company (1-based; 0: none). */
  placeSlots: number[];
  companySlots: number[];
  countryIds: string[];
  cityIds: number[];
}

async function createStructure(pool: pg.Pool, size: SeedSize): Promise<Structure> {
  const s: Structure = {
    collegeIds: [],
    degreeIds: [],
    batchIds: [],
    branchIds: [],
    perCollege: 0,
    memberSlots: [],
    mentorSlots: [],
    placeSlots: [],
    companySlots: [],
    countryIds: [],
    cityIds: [],
  };
  const memberWeights: number[] = [];
  const mentorWeights: number[] = [];
  for (let c = 0; c < size.colleges; c++) {
    const collegeId = (
      await pool.query<{ id: string }>(`INSERT INTO colleges (name) VALUES ($1) RETURNING id`, [
        size.colleges === 1 ? COLLEGE_NAME : `${COLLEGE_NAME} ${c + 1}`,
      ])
    ).rows[0]!.id;
    s.collegeIds.push(collegeId);
    for (const [degreeName, years, branchNames, share] of DEGREES) {
      const degreeId = (
        await pool.query<{ id: string }>(
          `INSERT INTO degrees (college_id, degree_name) VALUES ($1, $2) RETURNING id`,
          [collegeId, degreeName],
        )
      ).rows[0]!.id;
      const batches = await pool.query<{ id: string; y: number }>(
        `INSERT INTO batches (college_id, degree_id, batch_name)
         SELECT $1, $2, y || '-' || (y + $3) FROM generate_series($4::int, $5::int) y
         RETURNING id, substr(batch_name, 1, 4)::int AS y`,
        [collegeId, degreeId, years, FIRST_INTAKE, LAST_INTAKE],
      );
      const branches = await pool.query<{ id: string; batch_id: string; branch_name: string }>(
        `INSERT INTO branches (college_id, batch_id, branch_name)
         SELECT $1, b, n FROM unnest($2::uuid[]) b, unnest($3::text[]) n
         RETURNING id, batch_id, branch_name`,
        [collegeId, batches.rows.map((b) => b.id), branchNames],
      );
      const branchOf = new Map(branches.rows.map((b) => [`${b.batch_id}/${b.branch_name}`, b.id]));
      for (const batch of [...batches.rows].sort((a, b) => a.y - b.y))
        for (const branchName of branchNames) {
          s.degreeIds.push(degreeId);
          s.batchIds.push(batch.id);
          s.branchIds.push(branchOf.get(`${batch.id}/${branchName}`)!);
          if (c > 0) continue;
          // Intakes grow over the years; mentors mostly left college six years ago or more.
          const share_ = share / branchNames.length;
          const age = LAST_INTAKE - batch.y;
          memberWeights.push(share_ * (1 + 0.08 * (batch.y - FIRST_INTAKE)));
          mentorWeights.push(share_ * (age >= 6 ? 1 + 0.03 * (batch.y - FIRST_INTAKE) : 0.05));
        }
    }
  }
  s.perCollege = s.batchIds.length / size.colleges;
  s.memberSlots = slotsOf(memberWeights);
  s.mentorSlots = slotsOf(mentorWeights);

  const places = await pool.query<{ city_id: number; country_id: string; city_name: string }>(
    `SELECT DISTINCT ON (c.country_id, c.city_name) c.id AS city_id, c.country_id, c.city_name
       FROM cities c JOIN unnest($1::text[], $2::text[]) AS p(country_id, city_name)
         ON c.country_id = p.country_id AND c.city_name = p.city_name
      ORDER BY c.country_id, c.city_name, c.id`,
    [PLACES.map((p) => p[0]), PLACES.map((p) => p[1])],
  );
  const found = PLACES.filter(([country, city]) =>
    places.rows.some((r) => r.country_id === country && r.city_name === city),
  );
  if (found.length < 5) throw new Error('the reference tables lack the cities the seed uses');
  for (const [country, city] of found) {
    const row = places.rows.find((r) => r.country_id === country && r.city_name === city)!;
    s.countryIds.push(row.country_id);
    s.cityIds.push(row.city_id);
  }
  const placeTotal = found.reduce((sum, p) => sum + p[2], 0);
  // Entry 0 stands for "none" (a subscript 0 of a PostgreSQL array reads NULL).
  s.placeSlots = slotsOf([(NO_PLACE / (1 - NO_PLACE)) * placeTotal, ...found.map((p) => p[2])]);
  const companyWeights = COMPANIES.map((_, rank) => 1 / (rank + 1) ** 0.8);
  const companyTotal = companyWeights.reduce((a, b) => a + b, 0);
  s.companySlots = slotsOf([(NO_COMPANY / (1 - NO_COMPANY)) * companyTotal, ...companyWeights]);
  return s;
}

/**
 * Drops the tables' plain indexes for a bulk load, then builds them again from their own
 * definitions: one build is many times faster than a million index inserts (the trigram GIN
 * above all). Indexes behind constraints (keys, unique) stay.
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

/** Mentor g: the member every stride-th. */
const isMentor = (g: string, stride: number) => `(${g}) % ${stride} = 0`;
/** 1 member in 100 waits for approval (and is neither a mentor nor a caller). */
const UNAPPROVED = 37;
export const approved = (g: number) => g % 100 !== UNAPPROVED;

async function insertMembers(pool: pg.Pool, s: Structure, size: SeedSize) {
  const block = size.members / size.colleges;
  const stride = size.members / size.mentors;
  for (let from = 1; from <= size.members; from += CHUNK) {
    const to = Math.min(size.members, from + CHUNK - 1);
    await pool.query(
      `INSERT INTO users (id, college_id, degree_id, batch_id, branch_id, first_name, last_name,
         full_name, username, email, is_approved, is_registered, location_country_id,
         location_city_id, company_name, open_to_mentoring, created_at)
       SELECT ${memberId('g')}, ($1::uuid[])[1 + c], ($2::uuid[])[e], ($3::uuid[])[e],
         ($4::uuid[])[e], f, l, f || ' ' || l, 'mb' || g, 'mb' || g || '@${EMAIL_DOMAIN}',
         g % 100 <> ${UNAPPROVED}, true, ($5::text[])[p], ($6::int[])[p], ($7::text[])[co],
         ${isMentor('g', stride)}, now() - make_interval(secs => g * 30)
       FROM (
         SELECT g, (g - 1) / ${block} AS c,
           1 + (g - 1) / ${block} * ${s.perCollege} + CASE WHEN ${isMentor('g', stride)}
             THEN ($8::int[])[1 + ${draw('g', 1)} % ${SLOTS}]
             ELSE ($9::int[])[1 + ${draw('g', 1)} % ${SLOTS}] END AS e,
           ($10::int[])[1 + ${draw('g', 2)} % ${SLOTS}] AS p,
           ($11::int[])[1 + ${draw('g', 3)} % ${SLOTS}] AS co,
           ($12::text[])[1 + ${draw('g', 7)} % ${FIRST_NAMES.length}] AS f,
           ($13::text[])[1 + ${draw('g', 8)} % ${LAST_NAMES.length}] AS l
         FROM generate_series($14::int, $15::int) g
       ) m`,
      [
        s.collegeIds,
        s.degreeIds,
        s.batchIds,
        s.branchIds,
        s.countryIds,
        s.cityIds,
        COMPANIES,
        s.mentorSlots,
        s.memberSlots,
        s.placeSlots,
        s.companySlots,
        FIRST_NAMES,
        LAST_NAMES,
        from,
        to,
      ],
    );
    process.stdout.write(
      `\r  members: ${to.toLocaleString('en')} / ${size.members.toLocaleString('en')}`,
    );
  }
  process.stdout.write('\n');
}

/** Mentor g's capacity, 1-5, and whether they take requests (88% do). */
const capacityOf = (g: string) => `(1 + ${draw(g, 20)} % 5)`;
const takingOf = (g: string) => `(${draw(g, 21)} % 100 >= 12)`;
/** Active mentees: a quarter of the mentors are full, the rest have fewer than they could. */
const activeOf = (g: string) =>
  `(CASE WHEN ${draw(g, 22)} % 100 < 25 THEN ${capacityOf(g)}
         ELSE ${draw(g, 23)} % ${capacityOf(g)} END)`;

async function insertMentoring(pool: pg.Pool, s: Structure, size: SeedSize) {
  const block = size.members / size.colleges;
  const stride = size.members / size.mentors;
  const mentors = `(SELECT j * ${stride} AS g FROM generate_series(1, ${size.mentors}) j) m`;
  // Topics: a non-empty subset of the defaults (a 5-bit mask); one or two industries.
  await pool.query(
    `INSERT INTO mentor_profiles (user_id, college_id, topics, industries, capacity, how_i_help,
                                  taking_requests, updated_at)
     SELECT ${memberId('g')}, ($1::uuid[])[1 + (g - 1) / ${block}],
       ARRAY(SELECT t FROM unnest($2::text[]) WITH ORDINALITY u(t, i)
              WHERE ((1 + ${draw('g', 24)} % 31) >> (i::int - 1)) & 1 = 1 ORDER BY i),
       CASE WHEN ${draw('g', 26)} % 3 = 0
         THEN ARRAY[($3::text[])[1 + ${draw('g', 25)} % $4],
                    ($3::text[])[1 + (${draw('g', 25)} + 1 + ${draw('g', 27)} % ($4 - 1)) % $4]]
         ELSE ARRAY[($3::text[])[1 + ${draw('g', 25)} % $4]] END,
       ${capacityOf('g')}, 'Happy to talk through careers, interviews and higher studies.',
       ${takingOf('g')}, now() - make_interval(days => (${draw('g', 28)} % 400)::int)
     FROM ${mentors}`,
    [s.collegeIds, DEFAULT_MENTORING_TOPICS, INDUSTRIES, INDUSTRIES.length],
  );
  // Each mentor's history: k 1-5 active mentorships, 11-12 ended ones, 21-22 open requests (if
  // they take requests and have room), 31 a declined or expired one. The mentee of (g, k) is a
  // member of g's college, a different one for each k.
  const menteeOf = (k: string) =>
    `(1 + (g - 1) / ${block} * ${block} + ((g - 1) % ${block} + 1 + (${draw('g', 29)} + 7 * ${k}) % ${block - 1}) % ${block})`;
  const pairs = `
    SELECT g, k, kind, ${menteeOf('k')} AS h, ${draw('g * 64 + k', 30)} AS r
      FROM ${mentors}
      CROSS JOIN LATERAL (
        SELECT k, 'active' AS kind FROM generate_series(1, ${activeOf('g')}) k
        UNION ALL SELECT 10 + k, 'ended' FROM generate_series(1, (${draw('g', 31)} % 3)::int) k
        UNION ALL SELECT 20 + k, 'open' FROM generate_series(1, CASE
            WHEN ${takingOf('g')} AND ${activeOf('g')} < ${capacityOf('g')}
            THEN (${draw('g', 32)} % 3)::int ELSE 0 END) k
        UNION ALL SELECT 31, CASE WHEN ${draw('g', 33)} % 2 = 0 THEN 'declined' ELSE 'expired' END
          WHERE ${draw('g', 34)} % 2 = 0
      ) x`;
  const requestId = uuidOf(`'mentoring-bench-request-' || g || '-' || k`);
  // Ages in days: active ones started up to 200 days ago, ended ones 150-450 days ago and ran
  // 30-120 days, open ones are up to 13 days old, declined and expired ones up to a year.
  const createdDays = `CASE kind WHEN 'active' THEN 1 + r % 200 WHEN 'ended' THEN 150 + r % 300
                                 WHEN 'open' THEN r % 13 ELSE 20 + r % 340 END`;
  await pool.query(
    `INSERT INTO mentoring_requests (id, college_id, mentee_id, mentor_id, goal, message, status,
                                     created_at, expires_at, answered_at)
     SELECT ${requestId}, ($1::uuid[])[1 + (g - 1) / ${block}], ${memberId('h')}, ${memberId('g')},
       'Find my way into ' || ($2::text[])[1 + r % $3], 'Hello! I would value your advice.',
       CASE kind WHEN 'active' THEN 'accepted' WHEN 'ended' THEN 'accepted' ELSE kind END,
       created, created + interval '14 days',
       CASE WHEN kind IN ('active', 'ended', 'declined') THEN created + interval '1 day' END
     FROM (SELECT *, now() - make_interval(days => (${createdDays})::int, secs => (r % 86400)::int)
                     AS created
             FROM (${pairs}) p) q`,
    [s.collegeIds, INDUSTRIES, INDUSTRIES.length],
  );
  await pool.query(
    `INSERT INTO mentorships (id, college_id, request_id, mentor_id, mentee_id, first_note,
                              started_at, ended_at, ended_by)
     SELECT ${uuidOf(`'mentoring-bench-mentorship-' || g || '-' || k`)}, req.college_id, req.id,
       req.mentor_id, req.mentee_id, 'Glad to help. Let us talk this week.', req.answered_at,
       CASE WHEN kind = 'ended' THEN req.answered_at + make_interval(days => 30 + (r % 90)::int) END,
       CASE WHEN kind = 'ended' THEN req.mentor_id END
     FROM (${pairs}) p JOIN mentoring_requests req ON req.id = ${requestId}
     WHERE kind IN ('active', 'ended')`,
  );
}

/** What the seed made, counted from the database (also a kept one). */
export async function countSeed(pool: pg.Pool) {
  const { rows } = await pool.query<{
    members: number;
    mentors: number;
    colleges: number;
    at_capacity: number;
    not_taking: number;
    active: number;
    open: number;
  }>(
    `SELECT
       (SELECT count(*)::int FROM users WHERE email LIKE '%@${EMAIL_DOMAIN}') AS members,
       (SELECT count(*)::int FROM users WHERE email LIKE '%@${EMAIL_DOMAIN}'
           AND open_to_mentoring) AS mentors,
       (SELECT count(*)::int FROM colleges WHERE name LIKE '${COLLEGE_NAME}%') AS colleges,
       (SELECT count(*)::int FROM mentor_profiles p
         WHERE p.capacity <= (SELECT count(*) FROM mentorships s
                               WHERE s.mentor_id = p.user_id AND s.ended_at IS NULL)) AS at_capacity,
       (SELECT count(*)::int FROM mentor_profiles WHERE NOT taking_requests) AS not_taking,
       (SELECT count(*)::int FROM mentorships WHERE ended_at IS NULL) AS active,
       (SELECT count(*)::int FROM mentoring_requests WHERE status = 'open') AS open`,
  );
  return rows[0]!;
}

const secondsSince = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** The whole seed on a migrated database with its reference data; ANALYZE at the end. */
export async function seedMentoring(pool: pg.Pool, size: SeedSize) {
  let t = performance.now();
  const s = await createStructure(pool, size);
  console.log(
    `  ${size.colleges} college(s), ${s.perCollege} batch branches each, ` +
      `${s.countryIds.length} cities, ${COMPANIES.length} companies (${secondsSince(t)} s)`,
  );
  t = performance.now();
  await withIndexesBuiltAfter(pool, ['users'], () => insertMembers(pool, s, size));
  console.log(`  members and their indexes in ${secondsSince(t)} s`);
  t = performance.now();
  await insertMentoring(pool, s, size);
  console.log(`  mentor profiles, requests and mentorships in ${secondsSince(t)} s`);
  t = performance.now();
  // What autovacuum would do after a bulk load: statistics, and the visibility map that lets
  // index-only scans skip the table. The checkpoint writes the load out now, not mid-run.
  await pool.query('VACUUM ANALYZE');
  await pool.query('CHECKPOINT');
  console.log(`  VACUUM ANALYZE and CHECKPOINT in ${secondsSince(t)} s`);
}

export interface Caller {
  id: string;
  token: string;
}

/** Sessions written as a login writes them: the token's hash, by the app's own hashToken. */
async function signIn(pool: pg.Pool, ids: string[]) {
  const signed = ids.map((id) => ({ id, token: newSessionToken() }));
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT user_id, token_hash, now() + interval '1 day'
       FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
    [signed.map((m) => m.id), signed.map((m) => hashToken(m.token))],
  );
  return signed;
}

/** Members g (approved ones) signed in, for the suggestions. */
export async function signInMembers(pool: pg.Pool, members: number[]) {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT ${memberId('g')} AS id FROM unnest($1::int[]) WITH ORDINALITY AS m(g, i) ORDER BY i`,
    [members],
  );
  return signIn(
    pool,
    rows.map((r) => r.id),
  );
}

/**
 * The capacity race's people, made fresh each run in the first college: a mentor of capacity 5
 * with no mentees who takes requests, and `askers` members with no requests, all signed in.
 */
export async function seedRace(pool: pg.Pool, runId: string, askers: number) {
  const college = await pool.query<{ college_id: string; batch_id: string; branch_id: string }>(
    `SELECT college_id, batch_id, branch_id FROM users WHERE id = ${memberId('1')}`,
  );
  const { college_id: collegeId, batch_id: batchId, branch_id: branchId } = college.rows[0]!;
  const mentorId = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (college_id, batch_id, branch_id, first_name, last_name, full_name,
                          username, email, is_approved, is_registered, open_to_mentoring,
                          company_name, location_country_id)
       VALUES ($1, $2, $3, 'Race', 'Mentor', 'Race Mentor', 'race-mentor-' || $4,
               'race-mentor-' || $4 || '@race.bench.alumnet.dev', true, true, true, 'Infosys', 'IN')
       RETURNING id`,
      [collegeId, batchId, branchId, runId],
    )
  ).rows[0]!.id;
  await pool.query(
    `INSERT INTO mentor_profiles (user_id, college_id, topics, industries, capacity, how_i_help,
                                  taking_requests)
     VALUES ($1, $2, $3, ARRAY['Software'], 5, 'Five mentees at most.', true)`,
    [mentorId, collegeId, DEFAULT_MENTORING_TOPICS],
  );
  const askerIds = (
    await pool.query<{ id: string }>(
      `INSERT INTO users (college_id, batch_id, branch_id, first_name, last_name, full_name,
                          username, email, is_approved, is_registered)
       SELECT $1, $2, $3, 'Race', 'Asker ' || g, 'Race Asker ' || g,
              'race-' || $4 || '-' || g, 'race-' || $4 || '-' || g || '@race.bench.alumnet.dev',
              true, true
         FROM generate_series(1, $5::int) g
       ORDER BY g
       RETURNING id`,
      [collegeId, batchId, branchId, runId, askers],
    )
  ).rows.map((r) => r.id);
  const [mentor, ...members] = await signIn(pool, [mentorId, ...askerIds]);
  await pool.query('ANALYZE users, sessions, mentor_profiles');
  return { mentor: mentor!, members };
}
