import { MENTORING_REQUEST_DAYS } from '@alumnet/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shownTo } from '../privacy/visibility';

/**
 * Mentoring's queries (issue 29). Every one names the college or the person it reads for in the
 * query itself; who may call what is service.ts's.
 */

/** Capacity and taking-requests of a member open to mentoring who never filled the profile. */
export const DEFAULT_CAPACITY = 2;

export const isoUtc = (column: string) =>
  sql.raw(
    `CASE WHEN ${column} IS NULL THEN NULL ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`,
  );

/** A batch's year: the first 4-digit number of its name. */
export const batchYear = (column: string) => sql.raw(`substring(${column} from '[0-9]{4}')::int`);

// ---------------------------------------------------------------- profile and topics

export interface ProfileRow extends Record<string, unknown> {
  openToMentoring: boolean;
  topics: string[] | null;
  industries: string[] | null;
  capacity: number | null;
  howIHelp: string | null;
  takingRequests: boolean | null;
  activeMentees: number;
}

export async function profileOf(db: Executor, userId: string) {
  const result = await db.execute<ProfileRow>(sql`
    SELECT u.open_to_mentoring AS "openToMentoring", p.topics, p.industries, p.capacity,
           p.how_i_help AS "howIHelp", p.taking_requests AS "takingRequests",
           (SELECT count(*)::int FROM mentorships m
             WHERE m.mentor_id = u.id AND m.ended_at IS NULL) AS "activeMentees"
      FROM users u LEFT JOIN mentor_profiles p ON p.user_id = u.id
     WHERE u.id = ${userId}`);
  return result.rows[0];
}

export interface ProfileFields {
  topics: string[];
  industries: string[];
  capacity: number;
  howIHelp: string;
  takingRequests: boolean;
}

/** The switch on users and the profile's row, together (one switch: users.open_to_mentoring). */
export async function saveProfile(
  tx: Executor,
  user: { id: string; collegeId: string },
  open: boolean,
  fields: ProfileFields,
) {
  await tx.execute(sql`
    UPDATE users SET open_to_mentoring = ${open}, updated_at = now() WHERE id = ${user.id}`);
  await tx.execute(sql`
    INSERT INTO mentor_profiles (user_id, college_id, topics, industries, capacity, how_i_help,
                                 taking_requests, updated_at)
    VALUES (${user.id}, ${user.collegeId}, ${sql.param(fields.topics)}::text[],
            ${sql.param(fields.industries)}::text[], ${fields.capacity}, ${fields.howIHelp},
            ${fields.takingRequests}, now())
    ON CONFLICT (user_id) DO UPDATE SET
      college_id = excluded.college_id, topics = excluded.topics, industries = excluded.industries,
      capacity = excluded.capacity, how_i_help = excluded.how_i_help,
      taking_requests = excluded.taking_requests, updated_at = now()`);
}

/** The topics its admins added to a college's list, in name order. */
export async function customTopics(db: Executor, collegeId: string) {
  const result = await db.execute<{ name: string }>(sql`
    SELECT name FROM mentoring_topics WHERE college_id = ${collegeId} ORDER BY lower(name)`);
  return result.rows.map((r) => r.name);
}

/** Adds a topic; false when the college already has it (any case). */
export async function insertTopic(db: Executor, collegeId: string, name: string, by: string) {
  const result = await db.execute<{ id: string }>(sql`
    INSERT INTO mentoring_topics (college_id, name, created_by) VALUES (${collegeId}, ${name}, ${by})
    ON CONFLICT (college_id, lower(name)) DO NOTHING RETURNING id`);
  return result.rows.length > 0;
}

// ---------------------------------------------------------------- suggestions

/** What a suggested mentor's card shows, read fresh for the page's mentors (directory.ts ranks). */
export interface SuggestionDetailRow extends Record<string, unknown> {
  id: string;
  fullName: string;
  profilePicture: string | null;
  batch: string | null;
  branch: string | null;
  companyName: string | null;
  city: string | null;
  country: string | null;
  topics: string[];
  industries: string[];
  howIHelp: string;
  capacity: number;
  activeMentees: number;
  takingRequests: boolean;
  requested: boolean;
}

/** The cards of a page of mentors (of the member's college), and whether the member asked each. */
export async function suggestionDetails(
  db: Executor,
  member: { id: string; collegeId: string; batchId: string | null },
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  const result = await db.execute<SuggestionDetailRow>(sql`
    SELECT u.id, u.full_name AS "fullName", u.profile_pic AS "profilePicture",
           b.batch_name AS batch, br.branch_name AS branch,
           ${shownTo('u', 'company', member, sql`u.company_name`)} AS "companyName",
           ${shownTo('u', 'city', member, sql`ci.city_name`)} AS city,
           ${shownTo('u', 'city', member, sql`co.country_name`)} AS country,
           coalesce(p.topics, '{}') AS topics, coalesce(p.industries, '{}') AS industries,
           coalesce(p.how_i_help, '') AS "howIHelp",
           coalesce(p.capacity, ${DEFAULT_CAPACITY})::int AS capacity,
           (SELECT count(*)::int FROM mentorships m
             WHERE m.mentor_id = u.id AND m.ended_at IS NULL) AS "activeMentees",
           coalesce(p.taking_requests, true) AS "takingRequests",
           EXISTS (SELECT 1 FROM mentoring_requests q
                    WHERE q.mentee_id = ${member.id} AND q.mentor_id = u.id
                      AND q.status = 'open') AS requested
      FROM users u
      LEFT JOIN mentor_profiles p ON p.user_id = u.id
      LEFT JOIN batches b ON b.id = u.batch_id
      LEFT JOIN branches br ON br.id = u.branch_id
      LEFT JOIN cities ci ON ci.id = u.location_city_id
      LEFT JOIN countries co ON co.id = u.location_country_id
     WHERE u.id = ANY(${sql.param([...ids])}::uuid[]) AND u.college_id = ${member.collegeId}`);
  return result.rows;
}

// ---------------------------------------------------------------- requests

export interface MentorRow extends Record<string, unknown> {
  id: string;
  fullName: string;
  capacity: number;
  takingRequests: boolean;
  active: number;
}

/**
 * A mentor the member may ask: of the member's college, listed, open to mentoring. `lock` (in a
 * transaction) holds the mentor's user row until commit: every accept of one mentor's requests
 * takes it, so capacity is counted by one transaction at a time. NO KEY UPDATE, not UPDATE: the
 * rows referring to the mentor (requests, mentorships) still insert meanwhile.
 */
export async function mentorFor(
  db: Executor,
  collegeId: string,
  mentorId: string,
  { lock = false, mustBeOpen = true }: { lock?: boolean; mustBeOpen?: boolean } = {},
) {
  if (lock) await db.execute(sql`SELECT 1 FROM users WHERE id = ${mentorId} FOR NO KEY UPDATE`);
  const result = await db.execute<MentorRow>(sql`
    SELECT u.id, u.full_name AS "fullName",
           coalesce(p.capacity, ${DEFAULT_CAPACITY})::int AS capacity,
           coalesce(p.taking_requests, true) AS "takingRequests",
           (SELECT count(*)::int FROM mentorships m
             WHERE m.mentor_id = u.id AND m.ended_at IS NULL) AS active
      FROM users u LEFT JOIN mentor_profiles p ON p.user_id = u.id
     WHERE u.id = ${mentorId} AND u.college_id = ${collegeId}
       AND u.is_approved AND NOT u.is_rejected
       ${mustBeOpen ? sql`AND u.open_to_mentoring` : sql``}`);
  return result.rows[0];
}

/** Holds the member's own row, so that two requests sent at once count each other's. */
export async function lockMember(tx: Executor, userId: string) {
  await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export async function openRequestsOf(db: Executor, menteeId: string) {
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM mentoring_requests
     WHERE mentee_id = ${menteeId} AND status = 'open'`);
  return result.rows[0]?.n ?? 0;
}

export async function hasOpenRequest(db: Executor, menteeId: string, mentorId: string) {
  const result = await db.execute(sql`
    SELECT 1 FROM mentoring_requests
     WHERE mentee_id = ${menteeId} AND mentor_id = ${mentorId} AND status = 'open'`);
  return result.rows.length > 0;
}

export async function hasActiveMentorship(db: Executor, menteeId: string, mentorId: string) {
  const result = await db.execute(sql`
    SELECT 1 FROM mentorships
     WHERE mentee_id = ${menteeId} AND mentor_id = ${mentorId} AND ended_at IS NULL`);
  return result.rows.length > 0;
}

export async function insertRequest(
  tx: Executor,
  r: { collegeId: string; menteeId: string; mentorId: string; goal: string; message: string },
) {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO mentoring_requests (college_id, mentee_id, mentor_id, goal, message, expires_at)
    VALUES (${r.collegeId}, ${r.menteeId}, ${r.mentorId}, ${r.goal}, ${r.message},
            now() + make_interval(days => ${MENTORING_REQUEST_DAYS}))
    RETURNING id`);
  return result.rows[0]!.id;
}

export interface RequestRow extends Record<string, unknown> {
  id: string;
  collegeId: string;
  mentorId: string;
  menteeId: string;
  goal: string;
  message: string;
  status: 'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
  reason: string | null;
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
  /** Open, but past its expiry (the job has not marked it yet). */
  lapsed: boolean;
  mentorshipId: string | null;
  mentorName: string;
  mentorPicture: string | null;
  mentorBatch: string | null;
  mentorBranch: string | null;
  menteeName: string;
  menteePicture: string | null;
  menteeBatch: string | null;
  menteeBranch: string | null;
}

/**
 * The mentor's and the mentee's names, pictures, batches and branches (person() in presenter.ts
 * reads them), for a row `alias` with mentor_id and mentee_id: the columns, and their joins.
 */
export const TWO_PEOPLE = sql.raw(`mr.full_name AS "mentorName", mr.profile_pic AS "mentorPicture",
         mrb.batch_name AS "mentorBatch", mrbr.branch_name AS "mentorBranch",
         me.full_name AS "menteeName", me.profile_pic AS "menteePicture",
         meb.batch_name AS "menteeBatch", mebr.branch_name AS "menteeBranch"`);
export const twoPeopleOf = (alias: string) =>
  sql.raw(`JOIN users mr ON mr.id = ${alias}.mentor_id
    LEFT JOIN batches mrb ON mrb.id = mr.batch_id
    LEFT JOIN branches mrbr ON mrbr.id = mr.branch_id
    JOIN users me ON me.id = ${alias}.mentee_id
    LEFT JOIN batches meb ON meb.id = me.batch_id
    LEFT JOIN branches mebr ON mebr.id = me.branch_id`);

const requestSelect = (where: SQL, order: SQL = sql`q.id`, lock = false) => sql`
  SELECT q.id, q.college_id AS "collegeId", q.mentor_id AS "mentorId", q.mentee_id AS "menteeId",
         q.goal, q.message, q.status, q.reason, ${isoUtc('q.created_at')} AS "createdAt",
         ${isoUtc('q.expires_at')} AS "expiresAt", ${isoUtc('q.answered_at')} AS "answeredAt",
         q.status = 'open' AND q.expires_at <= now() AS lapsed,
         (SELECT m.id FROM mentorships m WHERE m.request_id = q.id) AS "mentorshipId",
         ${TWO_PEOPLE}
    FROM mentoring_requests q
    ${twoPeopleOf('q')}
   WHERE ${where}
   ORDER BY ${order}
   ${lock ? sql`FOR UPDATE OF q` : sql``}`;

/** A request the caller is a side of (mentor or mentee), or nothing. */
export async function requestFor(db: Executor, requestId: string, userId: string, lock = false) {
  const result = await db.execute<RequestRow>(
    requestSelect(
      sql`q.id = ${requestId} AND (q.mentor_id = ${userId} OR q.mentee_id = ${userId})`,
      undefined,
      lock,
    ),
  );
  return result.rows[0];
}

/** To and from the member, open ones first, newest first; at most 200 of each. */
export async function requestsOf(db: Executor, userId: string) {
  const order = sql`q.status <> 'open', q.created_at DESC, q.id`;
  const [incoming, outgoing] = await Promise.all([
    db.execute<RequestRow>(sql`${requestSelect(sql`q.mentor_id = ${userId}`, order)} LIMIT 200`),
    db.execute<RequestRow>(sql`${requestSelect(sql`q.mentee_id = ${userId}`, order)} LIMIT 200`),
  ]);
  return { incoming: incoming.rows, outgoing: outgoing.rows };
}

export async function answerRequest(
  tx: Executor,
  requestId: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  reason: string | null = null,
) {
  await tx.execute(sql`
    UPDATE mentoring_requests SET status = ${status}, reason = ${reason}, answered_at = now()
     WHERE id = ${requestId}`);
}

export async function insertMentorship(tx: Executor, request: RequestRow, firstNote: string) {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO mentorships (college_id, request_id, mentor_id, mentee_id, first_note)
    VALUES (${request.collegeId}, ${request.id}, ${request.mentorId}, ${request.menteeId},
            ${firstNote})
    RETURNING id`);
  return result.rows[0]!.id;
}

/**
 * Marks every open request past its expiry as expired, and answers them: the UPDATE claims each
 * once, so a second run (or a second worker) finds none of them again.
 */
export async function expireRequests(tx: Executor, now: Date) {
  const result = await tx.execute<{
    id: string;
    menteeId: string;
    mentorName: string;
    goal: string;
  }>(sql`
    WITH due AS (
      UPDATE mentoring_requests SET status = 'expired'
       WHERE status = 'open' AND expires_at <= ${now.toISOString()}::timestamptz
      RETURNING id, mentee_id, mentor_id, goal
    )
    SELECT due.id, due.mentee_id AS "menteeId", u.full_name AS "mentorName", due.goal
      FROM due JOIN users u ON u.id = due.mentor_id`);
  return result.rows;
}
