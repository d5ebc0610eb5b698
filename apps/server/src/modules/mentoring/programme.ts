import {
  DEFAULT_MENTORING_TOPICS,
  MENTORING_MESSAGES,
  type ProgrammeAnswer,
  type ProgrammeFigures,
} from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { neutralizeFormula } from '../dispatch';
import { customTopics, DEFAULT_CAPACITY, insertTopic, isoUtc } from './repository';

/**
 * The programme's figures for a college's admins (issue 29): the college's, and the same by batch
 * and by branch. Mentors count in their own batch and branch; requests, mentorships and ratings
 * in the mentee's, since a programme lead asks how the members of a batch are being served.
 * Batches and branches are grouped by name (a branch exists once per batch).
 */

/** The college an admin call reads: super admins name one (or have their own), admins their own. */
export function programmeCollege(user: SessionUser, requested?: string) {
  if (!policy.isAdmin(user)) throw forbidden();
  if (user.isSuperAdmin && !requested && !user.collegeId)
    throw badRequest(MENTORING_MESSAGES.chooseCollege);
  return adminCollegeId(user, requested);
}

type Grouping = 'all' | 'batch' | 'branch';
/** The group key and name of a person `u` with batch `b` and branch `br`. */
const GROUPS: Record<Grouping, { key: SQL; name: SQL }> = {
  all: { key: sql`''`, name: sql`''` },
  batch: { key: sql`lower(b.batch_name)`, name: sql`b.batch_name` },
  branch: { key: sql`lower(br.branch_name)`, name: sql`br.branch_name` },
};

interface FiguresRow extends ProgrammeFigures, Record<string, unknown> {
  name: string | null;
}

async function figuresBy(db: Executor, collegeId: string, grouping: Grouping) {
  const { key, name } = GROUPS[grouping];
  const person = (alias: string) =>
    sql.raw(`LEFT JOIN batches b ON b.id = ${alias}.batch_id
             LEFT JOIN branches br ON br.id = ${alias}.branch_id`);
  const result = await db.execute<FiguresRow>(sql`
    WITH mentors AS (
      SELECT ${key} AS k, min(${name}) AS name, count(*)::int AS mentors,
             (count(*) FILTER (WHERE coalesce(p.taking_requests, true)
                                 AND coalesce(a.n, 0) < coalesce(p.capacity, ${DEFAULT_CAPACITY})))::int
               AS taking,
             (count(*) FILTER (WHERE coalesce(a.n, 0) >= coalesce(p.capacity, ${DEFAULT_CAPACITY})))::int
               AS at_cap
        FROM users u ${person('u')}
        LEFT JOIN mentor_profiles p ON p.user_id = u.id
        LEFT JOIN (SELECT mentor_id, count(*)::int AS n FROM mentorships
                    WHERE college_id = ${collegeId} AND ended_at IS NULL GROUP BY mentor_id) a
               ON a.mentor_id = u.id
       WHERE u.college_id = ${collegeId} AND u.open_to_mentoring AND u.is_approved
         AND NOT u.is_rejected
       GROUP BY 1
    ),
    requests AS (
      SELECT ${key} AS k, min(${name}) AS name,
             (count(*) FILTER (WHERE q.status = 'open' AND q.expires_at > now()))::int AS open,
             round((extract(epoch FROM now() - min(q.created_at)
                      FILTER (WHERE q.status = 'open' AND q.expires_at > now())) / 86400)::numeric, 1)::float8
               AS oldest,
             round((percentile_cont(0.5) WITHIN GROUP (
                      ORDER BY extract(epoch FROM q.answered_at - q.created_at) / 3600)
                      FILTER (WHERE q.status IN ('accepted', 'declined')))::numeric, 1)::float8
               AS median,
             (count(*) FILTER (WHERE q.status = 'accepted'))::int AS accepted,
             (count(*) FILTER (WHERE q.status IN ('accepted', 'declined')))::int AS answered
        FROM mentoring_requests q JOIN users u ON u.id = q.mentee_id ${person('u')}
       WHERE q.college_id = ${collegeId}
       GROUP BY 1
    ),
    ships AS (
      SELECT ${key} AS k, min(${name}) AS name,
             (count(*) FILTER (WHERE m.ended_at IS NULL))::int AS active,
             (count(*) FILTER (WHERE m.ended_at IS NOT NULL))::int AS ended,
             sum(r.total)::int AS rating_total, sum(r.n)::int AS ratings
        FROM mentorships m JOIN users u ON u.id = m.mentee_id ${person('u')}
        LEFT JOIN (SELECT mentorship_id, sum(rating) AS total, count(*) AS n
                     FROM mentorship_endings GROUP BY mentorship_id) r ON r.mentorship_id = m.id
       WHERE m.college_id = ${collegeId}
       GROUP BY 1
    ),
    keys AS (SELECT k, min(name) AS name FROM (
      SELECT k, name FROM mentors UNION ALL SELECT k, name FROM requests
      UNION ALL SELECT k, name FROM ships) x GROUP BY k)
    SELECT keys.name,
           coalesce(mn.mentors, 0) AS mentors, coalesce(mn.taking, 0) AS "takingRequests",
           coalesce(mn.at_cap, 0) AS "atCapacity", coalesce(rq.open, 0) AS "openRequests",
           rq.oldest AS "oldestOpenDays", rq.median AS "medianHoursToAnswer",
           CASE WHEN rq.answered > 0
                THEN round(rq.accepted::numeric / rq.answered, 3)::float8 END AS "acceptanceRate",
           coalesce(s.active, 0) AS "activeMentorships", coalesce(s.ended, 0) AS "endedMentorships",
           CASE WHEN s.ratings > 0
                THEN round(s.rating_total::numeric / s.ratings, 2)::float8 END AS "averageRating"
      FROM keys
      LEFT JOIN mentors mn ON mn.k IS NOT DISTINCT FROM keys.k
      LEFT JOIN requests rq ON rq.k IS NOT DISTINCT FROM keys.k
      LEFT JOIN ships s ON s.k IS NOT DISTINCT FROM keys.k
     ORDER BY keys.name NULLS LAST`);
  return result.rows;
}

const EMPTY: ProgrammeFigures = {
  mentors: 0,
  takingRequests: 0,
  atCapacity: 0,
  openRequests: 0,
  oldestOpenDays: null,
  medianHoursToAnswer: null,
  acceptanceRate: null,
  activeMentorships: 0,
  endedMentorships: 0,
  averageRating: null,
};

const named = (rows: FiguresRow[], none: string) =>
  rows.map(({ name, ...figures }) => ({ ...figures, name: name ?? none, figures }));
const listed = (rows: FiguresRow[], none: string) =>
  named(rows, none).map(({ figures, name }) => ({ ...figures, name }));

export async function topicList(db: Executor, collegeId: string) {
  return [
    ...DEFAULT_MENTORING_TOPICS.map((name) => ({ name, custom: false })),
    ...(await customTopics(db, collegeId)).map((name) => ({ name, custom: true })),
  ];
}

export async function programme(db: Executor, collegeId: string): Promise<ProgrammeAnswer> {
  const [overall, byBatch, byBranch, months, open, topics] = await Promise.all([
    figuresBy(db, collegeId, 'all'),
    figuresBy(db, collegeId, 'batch'),
    figuresBy(db, collegeId, 'branch'),
    db.execute<ProgrammeAnswer['months'][number]>(sql`
      WITH months AS (
        SELECT generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
                               date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m
      )
      SELECT to_char(months.m, 'YYYY-MM') AS month,
             (SELECT count(*)::int FROM mentoring_requests q WHERE q.college_id = ${collegeId}
                AND date_trunc('month', q.created_at AT TIME ZONE 'UTC') = months.m) AS requests,
             (SELECT count(*)::int FROM mentoring_requests q WHERE q.college_id = ${collegeId}
                AND q.status = 'accepted'
                AND date_trunc('month', q.answered_at AT TIME ZONE 'UTC') = months.m) AS accepted,
             (SELECT count(*)::int FROM mentorships s WHERE s.college_id = ${collegeId}
                AND date_trunc('month', s.ended_at AT TIME ZONE 'UTC') = months.m) AS ended
        FROM months ORDER BY months.m`),
    db.execute<ProgrammeAnswer['openRequests'][number]>(sql`
      SELECT q.id, mr.full_name AS mentor, me.full_name AS mentee, q.goal,
             round((extract(epoch FROM now() - q.created_at) / 86400)::numeric, 1)::float8
               AS "ageDays"
        FROM mentoring_requests q
        JOIN users mr ON mr.id = q.mentor_id JOIN users me ON me.id = q.mentee_id
       WHERE q.college_id = ${collegeId} AND q.status = 'open' AND q.expires_at > now()
       ORDER BY q.created_at, q.id LIMIT 50`),
    topicList(db, collegeId),
  ]);
  return {
    figures: overall[0] ? named(overall, '')[0]!.figures : EMPTY,
    byBatch: listed(byBatch, 'No batch'),
    byBranch: listed(byBranch, 'No branch'),
    months: months.rows,
    openRequests: open.rows,
    topics,
  };
}

interface CsvRow extends Record<string, unknown> {
  mentor: string;
  mentee: string;
  batch: string | null;
  branch: string | null;
  goal: string;
  startedAt: string;
  endedAt: string | null;
  mentorRating: number | null;
  menteeRating: number | null;
  sessions: number;
  goalsDone: number;
  goalsTotal: number;
}

const HEADER = [
  'Mentor',
  'Mentee',
  'Mentee batch',
  'Mentee branch',
  'Goal',
  'Started (UTC)',
  'Ended (UTC)',
  "Mentor's rating",
  "Mentee's rating",
  'Sessions',
  'Goals done',
  'Goals',
];

/** The college's mentorships as a sheet; every cell someone typed is kept from running. */
export async function programmeCsv(db: Executor, collegeId: string) {
  const result = await db.execute<CsvRow>(sql`
    SELECT mr.full_name AS mentor, me.full_name AS mentee, b.batch_name AS batch,
           br.branch_name AS branch, q.goal, ${isoUtc('m.started_at')} AS "startedAt",
           ${isoUtc('m.ended_at')} AS "endedAt",
           (SELECT e.rating::int FROM mentorship_endings e
             WHERE e.mentorship_id = m.id AND e.side = 'mentor') AS "mentorRating",
           (SELECT e.rating::int FROM mentorship_endings e
             WHERE e.mentorship_id = m.id AND e.side = 'mentee') AS "menteeRating",
           (SELECT count(*)::int FROM mentorship_sessions s WHERE s.mentorship_id = m.id)
             AS sessions,
           (SELECT count(*) FILTER (WHERE g.done)::int FROM mentorship_goals g
             WHERE g.mentorship_id = m.id) AS "goalsDone",
           (SELECT count(*)::int FROM mentorship_goals g WHERE g.mentorship_id = m.id)
             AS "goalsTotal"
      FROM mentorships m
      JOIN mentoring_requests q ON q.id = m.request_id
      JOIN users mr ON mr.id = m.mentor_id
      JOIN users me ON me.id = m.mentee_id
      LEFT JOIN batches b ON b.id = me.batch_id
      LEFT JOIN branches br ON br.id = me.branch_id
     WHERE m.college_id = ${collegeId}
     ORDER BY m.started_at, m.id`);
  return stringify([
    HEADER,
    ...result.rows.map((r) => [
      neutralizeFormula(r.mentor),
      neutralizeFormula(r.mentee),
      neutralizeFormula(r.batch ?? ''),
      neutralizeFormula(r.branch ?? ''),
      neutralizeFormula(r.goal),
      r.startedAt,
      r.endedAt ?? '',
      r.mentorRating ?? '',
      r.menteeRating ?? '',
      r.sessions,
      r.goalsDone,
      r.goalsTotal,
    ]),
  ]);
}

/** An admin adds a topic to the college's list (any case of a listed one is refused). */
export async function addTopic(db: Executor, collegeId: string, name: string, by: string) {
  const clash = DEFAULT_MENTORING_TOPICS.some((t) => t.toLowerCase() === name.toLowerCase());
  if (clash || !(await insertTopic(db, collegeId, name, by)))
    throw conflict(MENTORING_MESSAGES.topicExists);
  return { topics: await topicList(db, collegeId), message: MENTORING_MESSAGES.topicAdded };
}
