import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { SessionUser } from '../auth/repository';
import { isoUtc, TWO_PEOPLE, twoPeopleOf } from './repository';

/** Mentorships' queries (issue 29): the two people's lists, one mentorship, goals and sessions. */

export interface MentorshipRow extends Record<string, unknown> {
  id: string;
  collegeId: string;
  mentorId: string;
  menteeId: string;
  goal: string;
  message: string;
  firstNote: string;
  startedAt: string;
  endedAt: string | null;
  myRole: 'mentor' | 'mentee' | null;
  goalsDone: number;
  goalsTotal: number;
  sessions: number;
  mentorName: string;
  mentorPicture: string | null;
  mentorBatch: string | null;
  mentorBranch: string | null;
  menteeName: string;
  menteePicture: string | null;
  menteeBatch: string | null;
  menteeBranch: string | null;
}

type Viewer = Pick<SessionUser, 'id' | 'collegeId' | 'userType' | 'isSuperAdmin'>;

/** Mentorship m is one the viewer may read: the two people, the college's admins, super admins. */
const readableBy = (viewer: Viewer): SQL =>
  viewer.isSuperAdmin
    ? sql`true`
    : viewer.userType === 'a'
      ? sql`(m.college_id = ${viewer.collegeId} OR ${viewer.id} IN (m.mentor_id, m.mentee_id))`
      : sql`${viewer.id} IN (m.mentor_id, m.mentee_id)`;

const mentorshipSelect = (viewerId: string, where: SQL, order: SQL, lock = false) => sql`
  SELECT m.id, m.college_id AS "collegeId", m.mentor_id AS "mentorId", m.mentee_id AS "menteeId",
         q.goal, q.message, m.first_note AS "firstNote",
         ${isoUtc('m.started_at')} AS "startedAt", ${isoUtc('m.ended_at')} AS "endedAt",
         CASE ${viewerId}::uuid WHEN m.mentor_id THEN 'mentor' WHEN m.mentee_id THEN 'mentee' END
           AS "myRole",
         (SELECT count(*) FILTER (WHERE g.done)::int FROM mentorship_goals g
           WHERE g.mentorship_id = m.id) AS "goalsDone",
         (SELECT count(*)::int FROM mentorship_goals g WHERE g.mentorship_id = m.id)
           AS "goalsTotal",
         (SELECT count(*)::int FROM mentorship_sessions s WHERE s.mentorship_id = m.id)
           AS sessions,
         ${TWO_PEOPLE}
    FROM mentorships m
    JOIN mentoring_requests q ON q.id = m.request_id
    ${twoPeopleOf('m')}
   WHERE ${where}
   ORDER BY ${order}
   ${lock ? sql`FOR UPDATE OF m` : sql``}`;

/** The viewer's own mentorships, as mentor or mentee: active first, newest first. */
export async function mentorshipsOf(db: Executor, userId: string) {
  const result = await db.execute<MentorshipRow>(
    mentorshipSelect(
      userId,
      sql`(m.mentor_id = ${userId} OR m.mentee_id = ${userId})`,
      sql`m.ended_at IS NOT NULL, m.started_at DESC, m.id`,
    ),
  );
  return result.rows;
}

/**
 * One mentorship if the viewer may read it, else nothing. `lock` (in a transaction) holds its row
 * until commit: endings and ratings are decided one at a time.
 */
export async function mentorshipFor(
  db: Executor,
  viewer: Viewer,
  mentorshipId: string,
  lock = false,
) {
  const result = await db.execute<MentorshipRow>(
    mentorshipSelect(
      viewer.id,
      sql`m.id = ${mentorshipId} AND ${readableBy(viewer)}`,
      sql`m.id`,
      lock,
    ),
  );
  return result.rows[0];
}

export interface GoalRow extends Record<string, unknown> {
  id: string;
  text: string;
  done: boolean;
  doneAt: string | null;
}
const goalColumns = sql`id, text, done, ${isoUtc('done_at')} AS "doneAt"`;

export async function goalsOf(db: Executor, mentorshipId: string) {
  const result = await db.execute<GoalRow>(sql`
    SELECT ${goalColumns} FROM mentorship_goals
     WHERE mentorship_id = ${mentorshipId} ORDER BY created_at, id`);
  return result.rows;
}

export async function insertGoal(db: Executor, mentorshipId: string, text: string, by: string) {
  const result = await db.execute<GoalRow>(sql`
    INSERT INTO mentorship_goals (mentorship_id, text, created_by)
    VALUES (${mentorshipId}, ${text}, ${by}) RETURNING ${goalColumns}`);
  return result.rows[0]!;
}

/** Changes a goal of the mentorship; nothing when it is not one of its goals. */
export async function updateGoal(
  db: Executor,
  mentorshipId: string,
  goalId: string,
  change: { text?: string; done?: boolean },
) {
  const result = await db.execute<GoalRow>(sql`
    UPDATE mentorship_goals SET
      text = coalesce(${change.text ?? null}, text),
      done = coalesce(${change.done ?? null}::boolean, done),
      done_at = CASE WHEN ${change.done ?? null}::boolean IS NULL THEN done_at
                     WHEN ${change.done ?? null}::boolean THEN coalesce(done_at, now())
                     ELSE NULL END
     WHERE id = ${goalId} AND mentorship_id = ${mentorshipId}
    RETURNING ${goalColumns}`);
  return result.rows[0];
}

export async function deleteGoal(db: Executor, mentorshipId: string, goalId: string) {
  const result = await db.execute(sql`
    DELETE FROM mentorship_goals WHERE id = ${goalId} AND mentorship_id = ${mentorshipId}
    RETURNING id`);
  return result.rows.length > 0;
}

export interface SessionRow extends Record<string, unknown> {
  id: string;
  heldOn: string;
  minutes: number;
  notes: string;
  loggedById: string | null;
  loggedByName: string | null;
  createdAt: string;
}
const sessionSelect = (where: SQL) => sql`
  SELECT s.id, to_char(s.held_on, 'YYYY-MM-DD') AS "heldOn", s.minutes::int AS minutes, s.notes,
         s.logged_by AS "loggedById", u.full_name AS "loggedByName",
         ${isoUtc('s.created_at')} AS "createdAt"
    FROM mentorship_sessions s LEFT JOIN users u ON u.id = s.logged_by
   WHERE ${where}`;

/** The log, latest session first. */
export async function sessionsOf(db: Executor, mentorshipId: string) {
  const result = await db.execute<SessionRow>(
    sql`${sessionSelect(sql`s.mentorship_id = ${mentorshipId}`)} ORDER BY s.held_on DESC, s.created_at DESC, s.id`,
  );
  return result.rows;
}

export async function insertSession(
  db: Executor,
  mentorshipId: string,
  s: { heldOn: string; minutes: number; notes: string },
  by: string,
) {
  const inserted = await db.execute<{ id: string }>(sql`
    INSERT INTO mentorship_sessions (mentorship_id, held_on, minutes, notes, logged_by)
    VALUES (${mentorshipId}, ${s.heldOn}::date, ${s.minutes}, ${s.notes}, ${by}) RETURNING id`);
  const result = await db.execute<SessionRow>(sessionSelect(sql`s.id = ${inserted.rows[0]!.id}`));
  return result.rows[0]!;
}

export interface EndingRow extends Record<string, unknown> {
  side: 'mentor' | 'mentee';
  rating: number;
  comment: string;
  at: string;
}

/** Each side's rating, the first given first. */
export async function endingsOf(db: Executor, mentorshipId: string) {
  const result = await db.execute<EndingRow>(sql`
    SELECT side, rating::int AS rating, comment, ${isoUtc('created_at')} AS at
      FROM mentorship_endings WHERE mentorship_id = ${mentorshipId}
     ORDER BY created_at, side`);
  return result.rows;
}

/** A side's rating; false when that side already rated. */
export async function insertEnding(
  tx: Executor,
  mentorshipId: string,
  side: 'mentor' | 'mentee',
  rating: number,
  comment: string,
) {
  const result = await tx.execute(sql`
    INSERT INTO mentorship_endings (mentorship_id, side, rating, comment)
    VALUES (${mentorshipId}, ${side}, ${rating}, ${comment})
    ON CONFLICT (mentorship_id, side) DO NOTHING RETURNING side`);
  return result.rows.length > 0;
}

export async function markEnded(tx: Executor, mentorshipId: string, by: string) {
  await tx.execute(sql`
    UPDATE mentorships SET ended_at = now(), ended_by = ${by}
     WHERE id = ${mentorshipId} AND ended_at IS NULL`);
}
