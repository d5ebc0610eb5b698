/**
 * The portal of `npm run bench:soak`: the demo a first start seeds (its college, structure,
 * admins, posts, jobs, groups, events, mentors, quiz), and in its college a population of
 * members written set-based (generate_series), some posts with many comments, jobs, mentors, an
 * event of 500 seats for the RSVP rush, and sessions for the members who sign in. Member g is
 * quiz-player-<g>@bench.example, so bench/quiz-players.ts can play them, and their session
 * tokens derive from the run's secret (bench/quiz-sessions.ts): nothing per member is passed
 * around but the id.
 */
import type pg from 'pg';
import { DEFAULT_MENTORING_TOPICS } from '../packages/contract/src/mentoring';
import { runMigrations } from '../apps/server/src/db/migrate';
import { DEMO_COLLEGE, seedDemoData } from '../apps/server/src/db/seed/demo';
import { seedReferenceData } from '../apps/server/src/db/seed/reference';
import { INDUSTRIES } from './mentoring-seed';
import { playerSessionHash } from './quiz-sessions';
import type { BenchDatabase } from './server-process';
import type { SoakContext, SoakMember } from './soak-mix';

export interface SoakSeedSize {
  /** Members of the college (beyond the demo's). */
  population: number;
  /** Members 1..signedIn hold a session. */
  signedIn: number;
  posts: number;
  comments: number;
  /** Comments on the one popular post, on top of `comments`. */
  popularComments: number;
  jobs: number;
  rushSeats: number;
}

// prettier-ignore
const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya', 'Rahul',
  'Divya', 'Karthik', 'Meera', 'Aditya', 'Pooja', 'Sanjay', 'Lakshmi', 'Nikhil', 'Isha'];
// prettier-ignore
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Kumar', 'Nair', 'Patel', 'Rao', 'Singh', 'Menon',
  'Gupta', 'Das', 'Joshi', 'Pillai', 'Verma', 'Bose', 'Mehta'];
// prettier-ignore
const COMPANIES = ['Infosys', 'Google', 'Amazon', 'Zoho', 'Flipkart', 'Wipro', 'Microsoft',
  'Deloitte', 'HDFC Bank', 'Siemens', 'Razorpay', 'Swiggy'];
/** A spread of member numbers that looks random but is the same every run. */
const spread = (g: string, salt: number, n: number) =>
  `(abs(hashint4((${g}) * 7919 + ${salt})) % ${n})`;

export async function seedSoak(database: BenchDatabase, size: SoakSeedSize, runSecret: string) {
  const { db, pool, close } = await database.open();
  try {
    await runMigrations(db);
    await seedReferenceData(db);
    await seedDemoData(db);
    return await seedBulk(pool, size, runSecret);
  } finally {
    await close();
  }
}

async function seedBulk(pool: pg.Pool, s: SoakSeedSize, runSecret: string) {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<T>(text, values)).rows;
  const [college] = await one<{ id: string }>(`SELECT id FROM colleges WHERE name = $1`, [
    DEMO_COLLEGE,
  ]);
  const collegeId = college!.id;
  const [admin] = await one<{ id: string }>(
    `SELECT id FROM users WHERE email = 'admin@demo.alumnet.dev'`,
  );
  const branches = await one<{ id: string; batch_id: string; degree_id: string }>(
    `SELECT b.id, b.batch_id, ba.degree_id FROM branches b JOIN batches ba ON ba.id = b.batch_id
      WHERE b.college_id = $1 ORDER BY b.id`,
    [collegeId],
  );
  const cities = await one<{ id: number; country_id: string }>(
    `SELECT id, country_id FROM cities WHERE country_id = 'IN' ORDER BY id LIMIT 12`,
  );
  const b = `1 + ${spread('g', 1, branches.length)}`;
  const c = `1 + ${spread('g', 2, cities.length)}`;
  await pool.query(
    `INSERT INTO users (college_id, degree_id, batch_id, branch_id, first_name, last_name,
       full_name, username, email, is_approved, is_registered, location_country_id,
       location_city_id, company_name, open_to_mentoring, created_at)
     SELECT $1, ($2::uuid[])[b], ($3::uuid[])[b], ($4::uuid[])[b], f, l, f || ' ' || l,
            'soak-' || g, 'quiz-player-' || g || '@bench.example', true, true,
            ($5::text[])[c], ($6::int[])[c], ($7::text[])[1 + ${spread('g', 3, COMPANIES.length)}],
            g % 33 = 0, now() - make_interval(mins => g)
       FROM (SELECT g, ${b} AS b, ${c} AS c,
                    ($8::text[])[1 + ${spread('g', 4, FIRST.length)}] AS f,
                    ($9::text[])[1 + ${spread('g', 5, LAST.length)}] AS l
               FROM generate_series(1, $10::int) g) m`,
    [
      collegeId,
      branches.map((r) => r.degree_id),
      branches.map((r) => r.batch_id),
      branches.map((r) => r.id),
      cities.map((r) => r.country_id),
      cities.map((r) => r.id),
      COMPANIES,
      FIRST,
      LAST,
      s.population,
    ],
  );
  const members = (
    await one<{ id: string; n: number }>(
      `SELECT id, substr(username, 6)::int AS n FROM users
        WHERE college_id = $1 AND username LIKE 'soak-%' AND substr(username, 6)::int <= $2
        ORDER BY 2`,
      [collegeId, s.signedIn],
    )
  ).map((r): SoakMember => ({ n: r.n, id: r.id }));
  // Stored as a login stores a session: the token's hash (quiz-sessions.ts), no argon2 per member.
  await pool.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     SELECT user_id, token_hash, now() + interval '1 day'
       FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
    [members.map((m) => m.id), members.map((m) => playerSessionHash(runSecret, m.n))],
  );

  // Posts at each level by members, over the last 90 days; comments on the college-wide ones, the
  // newer the more (a few dozen on the newest, none on many old ones), and one popular post (the
  // newest) with thousands more: a feed page must not grow with them.
  const author = `(SELECT id FROM users WHERE username = 'soak-' || (1 + ${spread('g', 6, s.population)}))`;
  await pool.query(
    `INSERT INTO posts (college_id, author_id, message, access_level, access_level_id, created_at)
     SELECT $1, u.id, 'Alumni update ' || g || ': new role, new city, same old friends.',
            lvl::access_level,
            CASE lvl WHEN 'college' THEN $1 WHEN 'batch' THEN u.batch_id ELSE u.branch_id END,
            now() - make_interval(mins => g * 43)
       FROM (SELECT g, (ARRAY['college', 'college', 'batch', 'branch'])[1 + g % 4] AS lvl,
                    ${author} AS author FROM generate_series(1, $2::int) g) p
       JOIN users u ON u.id = p.author`,
    [collegeId, s.posts],
  );
  const collegePosts = (
    await one<{ id: string }>(
      `SELECT id FROM posts WHERE college_id = $1 AND access_level = 'college'
        ORDER BY created_at DESC`,
      [collegeId],
    )
  ).map((r) => r.id);
  // What members like and comment on during the run: the newest, as a feed shows them.
  const postIds = collegePosts.slice(0, 200);
  const commenter = `(SELECT id FROM users WHERE username = 'soak-' || (1 + ${spread('g', 7, s.population)}))`;
  await pool.query(
    `INSERT INTO post_comments (post_id, user_id, comment, created_at)
     SELECT ($1::uuid[])[1 + ${spread('g', 8, collegePosts.length)} * ${spread('g', 9, collegePosts.length)} / ${collegePosts.length}],
            ${commenter}, 'Well done! ' || g, now() - make_interval(secs => g * 20)
       FROM generate_series(1, $2::int) g
     UNION ALL
     SELECT $3, ${commenter}, 'Congratulations! ' || g, now() - make_interval(secs => g * 5)
       FROM generate_series(1, $4::int) g`,
    [collegePosts, s.comments, postIds[0], s.popularComments],
  );
  await pool.query(
    `UPDATE posts p SET comments_count = c.n
       FROM (SELECT post_id, count(*)::int AS n FROM post_comments GROUP BY post_id) c
      WHERE c.post_id = p.id`,
  );

  await pool.query(
    `INSERT INTO jobs (college_id, author_id, job_title, job_content, job_category, job_type,
                       access_level, access_level_id, created_at)
     SELECT $1, u.id, 'Engineer ' || g, '<p>We are hiring: engineer ' || g || '.</p>', 'Software',
            (ARRAY['fulltime', 'internship'])[1 + g % 2], lvl::access_level,
            CASE lvl WHEN 'college' THEN $1 ELSE u.batch_id END,
            now() - make_interval(mins => g * 97)
       FROM (SELECT g, (ARRAY['college', 'college', 'batch'])[1 + g % 3] AS lvl,
                    ${author} AS author FROM generate_series(1, $2::int) g) p
       JOIN users u ON u.id = p.author`,
    [collegeId, s.jobs],
  );
  const jobIds = (
    await one<{ id: string }>(
      `SELECT id FROM jobs WHERE college_id = $1 AND access_level = 'college'
        ORDER BY created_at DESC LIMIT 100`,
      [collegeId],
    )
  ).map((r) => r.id);
  await pool.query(
    `INSERT INTO job_comments (job_id, user_id, comment, created_at)
     SELECT ($1::uuid[])[1 + ${spread('g', 10, jobIds.length)}], ${commenter},
            'Referred a friend ' || g, now() - make_interval(secs => g * 60)
       FROM generate_series(1, $2::int) g`,
    [jobIds, Math.round(s.comments / 10)],
  );
  await pool.query(
    `UPDATE jobs j SET comments_count = c.n
       FROM (SELECT job_id, count(*)::int AS n FROM job_comments GROUP BY job_id) c
      WHERE c.job_id = j.id`,
  );

  // Every signed-in member in three of the demo's groups; every 33rd member a mentor.
  const groupIds = (
    await one<{ id: string }>(
      `SELECT id FROM groups WHERE college_id = $1 AND archived_at IS NULL AND kind <> 'automatic'
        ORDER BY group_name LIMIT 3`,
      [collegeId],
    )
  ).map((r) => r.id);
  await pool.query(
    `INSERT INTO group_members (group_id, user_id, status)
     SELECT g, u, 'approved' FROM unnest($1::uuid[]) g, unnest($2::uuid[]) u
     ON CONFLICT (group_id, user_id) DO UPDATE SET status = 'approved'`,
    [groupIds, members.map((m) => m.id)],
  );
  await pool.query(
    `INSERT INTO mentor_profiles (user_id, college_id, topics, industries, capacity, how_i_help)
     SELECT id, college_id,
            ARRAY[($1::text[])[1 + ${spread('n', 11, DEFAULT_MENTORING_TOPICS.length)}]],
            ARRAY[($2::text[])[1 + ${spread('n', 12, INDUSTRIES.length)}]], 3,
            'Happy to talk through careers and interviews.'
       FROM (SELECT id, college_id, substr(username, 6)::int AS n FROM users
              WHERE college_id = $3 AND username LIKE 'soak-%' AND open_to_mentoring) m
     ON CONFLICT (user_id) DO NOTHING`,
    [DEFAULT_MENTORING_TOPICS, INDUSTRIES, collegeId],
  );

  const [rush] = await one<{ id: string }>(
    `INSERT INTO events (college_id, created_by, title, description, starts_at, ends_at, time_zone,
                         venue, capacity, access_level, access_level_id)
     VALUES ($1, $2, 'Alumni Homecoming (soak)', '<p>The reunion of the year.</p>',
             now() + interval '20 days', now() + interval '20 days 4 hours', 'Asia/Kolkata',
             'Main Auditorium', $3, 'college', $1)
     RETURNING id`,
    [collegeId, admin!.id, s.rushSeats],
  );
  const eventIds = (
    await one<{ id: string }>(
      `SELECT id FROM events WHERE college_id = $1 AND access_level = 'college'
         AND cancelled_at IS NULL AND id <> $2`,
      [collegeId, rush!.id],
    )
  ).map((r) => r.id);
  await pool.query('ANALYZE');
  const context: SoakContext = {
    postIds,
    jobIds,
    groupIds,
    eventIds: eventIds.length ? eventIds : [rush!.id],
    rushEventId: rush!.id,
  };
  return { members, context, collegeId };
}
