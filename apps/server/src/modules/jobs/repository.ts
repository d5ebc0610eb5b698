import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nameOf } from '../../db/name-of';
import type { CommentPosition } from '../../lib/comment-cursor';
import { batches, branches, jobs, listedMember, users } from '../../db/schema';
import {
  recordEventCtes,
  withdrawEventCtes,
  type RecordedRow,
  type ToggledLikeRow,
} from '../notifications';

/**
 * Which jobs a caller reaches. `levels`: a member sees a job shared with their own college, batch
 * or branch; `college`: every job of one college (its admins); `everywhere`: a super admin.
 */
export type JobScope =
  | { kind: 'everywhere' }
  | { kind: 'college'; collegeId: string }
  | { kind: 'levels'; collegeId: string; batchId: string | null; branchId: string | null };

function within(scope: JobScope): SQL | undefined {
  if (scope.kind === 'everywhere') return undefined;
  const inCollege = eq(jobs.collegeId, scope.collegeId);
  if (scope.kind === 'college') return inCollege;
  const levels = [and(eq(jobs.accessLevel, 'college'), eq(jobs.accessLevelId, scope.collegeId))];
  if (scope.batchId)
    levels.push(and(eq(jobs.accessLevel, 'batch'), eq(jobs.accessLevelId, scope.batchId)));
  if (scope.branchId)
    levels.push(and(eq(jobs.accessLevel, 'branch'), eq(jobs.accessLevelId, scope.branchId)));
  return and(inCollege, or(...levels));
}

const jobColumns = {
  id: jobs.id,
  collegeId: jobs.collegeId,
  authorId: jobs.authorId,
  jobTitle: jobs.jobTitle,
  jobContent: jobs.jobContent,
  jobCategory: jobs.jobCategory,
  jobType: jobs.jobType,
  accessLevel: jobs.accessLevel,
  accessLevelId: jobs.accessLevelId,
  createdAt: jobs.createdAt,
  authorName: users.fullName,
  authorBatch: nameOf(batches.batchName, batches.id, users.batchId),
  authorBranch: nameOf(branches.branchName, branches.id, users.branchId),
};

function selectJobs(db: Executor) {
  return db.select(jobColumns).from(jobs).innerJoin(users, eq(users.id, jobs.authorId));
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/**
 * One page of the jobs a scope reaches, newest first, with each job's extras for the viewer
 * (extrasOf), and how many jobs it reaches: the count rides in the page's statement (computed
 * once, as an InitPlan); only a page past the end asks again. One round trip: under load each
 * statement of a call waits its turn for a connection, so a second one doubles the wait.
 */
export async function listJobs(
  db: Executor,
  scope: JobScope,
  page: number,
  pageSize: number,
  viewerId: string,
  perJob: number,
) {
  const where = within(scope);
  const rows = await db
    .select({
      ...jobColumns,
      ...extrasOf(viewerId, perJob),
      total: sql<number>`(SELECT count(*)::int FROM ${jobs}${where ? sql` WHERE ${where}` : sql``})`,
    })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.authorId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const total = rows[0]?.total ?? (page > 1 ? await countJobs(db, scope) : 0);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}

async function countJobs(db: Executor, scope: JobScope) {
  const [row] = await db.select({ total: count() }).from(jobs).where(within(scope));
  return row?.total ?? 0;
}

/** The job, if the scope reaches it: a job one cannot see is answered as if it did not exist. */
export async function findJob(db: Executor, scope: JobScope, jobId: string) {
  const [row] = await selectJobs(db).where(and(eq(jobs.id, jobId), within(scope)));
  return row ?? null;
}

export async function insertJob(db: Executor, values: typeof jobs.$inferInsert) {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned nothing');
  return row.id;
}

export async function deleteJob(db: Executor, jobId: string) {
  await db.delete(jobs).where(eq(jobs.id, jobId));
}

/**
 * A comment with its author; `createdAt` in ISO 8601 with microseconds: the keyset key, which a
 * Date (milliseconds) would round, and a cursor then skip comments of the same millisecond.
 */
export interface JobCommentRow extends Record<string, unknown> {
  id: string;
  jobId: string;
  comment: string;
  createdAt: string;
  userId: string;
  fullName: string;
  profilePic: string | null;
  batchName: string | null;
  branchName: string | null;
}

/** The JobCommentRow of each comment `c` of a FROM clause, for a raw query. */
const commentRowOf = sql`c.id, c.job_id AS "jobId", c.comment,
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
  u.id AS "userId", u.full_name AS "fullName", u.profile_pic AS "profilePic",
  ${nameOf(batches.batchName, batches.id, sql`u.batch_id`)} AS "batchName",
  ${nameOf(branches.branchName, branches.id, sql`u.branch_id`)} AS "branchName"`;
const commentAuthorJoins = sql`JOIN users u ON u.id = c.user_id`;

/** What a job's card shows beside the job: its likes, the viewer's, its newest comments. */
export interface JobExtras {
  likesCount: number;
  likedByMe: boolean;
  comments: JobCommentRow[];
  commentsCount: number;
}

/**
 * What a job's card shows beside the job, as columns of a statement over jobs: its likes (how
 * many, and whether the viewer is among them), its newest `perJob` comments (oldest of them
 * first) and the comments' count. The comments are a LIMIT on a backward walk of
 * job_comments_recent_idx (a window over all of them would read them all) and the count is
 * stored (jobs.comments_count), so a job with thousands of comments costs a page what one with
 * three does (issue 32).
 */
function extrasOf(viewerId: string, perJob: number) {
  // Qualified by hand: a select from jobs alone names its columns bare, and a bare "id" inside
  // these subqueries would be their own tables' id.
  const jobId = sql`${jobs}.id`;
  return {
    likesCount: sql<number>`(SELECT count(*)::int FROM job_likes l WHERE l.job_id = ${jobId})`,
    likedByMe: sql<boolean>`EXISTS (SELECT 1 FROM job_likes l
                                      WHERE l.job_id = ${jobId} AND l.user_id = ${viewerId})`,
    commentsCount: jobs.commentsCount,
    comments: sql<JobCommentRow[]>`(SELECT coalesce(json_agg(x ORDER BY x."createdAt", x.id), '[]')
              FROM (SELECT ${commentRowOf}
                      FROM (SELECT * FROM job_comments jc WHERE jc.job_id = ${jobId}
                             ORDER BY jc.created_at DESC NULLS LAST, jc.id DESC NULLS LAST
                             LIMIT ${perJob}) c
                      ${commentAuthorJoins}) x)`,
  };
}

/** The extras (extrasOf) of one job the caller already found. */
export async function jobExtras(
  db: Executor,
  jobId: string,
  viewerId: string,
  perJob: number,
): Promise<JobExtras> {
  const [row] = await db.select(extrasOf(viewerId, perJob)).from(jobs).where(eq(jobs.id, jobId));
  return row ?? { likesCount: 0, likedByMe: false, comments: [], commentsCount: 0 };
}

/** Up to `limit` comments of the job, newest first, older than `before` when given. */
export async function findJobCommentsPage(
  db: Executor,
  jobId: string,
  before: CommentPosition | null,
  limit: number,
) {
  const result = await db.execute<JobCommentRow>(sql`
    SELECT ${commentRowOf}
      FROM (SELECT * FROM job_comments jc
             WHERE jc.job_id = ${jobId}
               ${before ? sql`AND (jc.created_at, jc.id) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : sql``}
             ORDER BY jc.created_at DESC NULLS LAST, jc.id DESC NULLS LAST
             LIMIT ${limit}) c
      ${commentAuthorJoins}
     ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST`);
  return result.rows;
}

/**
 * Whether member `au` (a users row) has job `j` on their board, as the service's boardScope
 * decides it: a listed member of the job's college who is an admin there, or whose college,
 * batch or branch the job is shared with. Whom a like or comment on the job may tell.
 */
const authorSeesJob = sql`coalesce((
  SELECT ${listedMember({ isApproved: users.isApproved, isRejected: users.isRejected })}
         AND (${users.userType} = 'a' OR ${users.isSuperAdmin}
              OR (j.access_level = 'college' AND j.access_level_id = ${users.collegeId})
              OR (j.access_level = 'batch' AND j.access_level_id = ${users.batchId})
              OR (j.access_level = 'branch' AND j.access_level_id = ${users.branchId}))
    FROM ${users} WHERE ${users.id} = j.author_id AND ${users.collegeId} = j.college_id), false)`;

/**
 * Adds the comment and tells the job's author (job_comment), if they still see the job, in one
 * statement. One statement, not a transaction: the embedded database runs one transaction at a
 * time for all connections, and a transaction of six statements held every other call for
 * 40-88 ms while the app went between them (bench:soak, issue 32). `detail` is what the
 * notification quotes.
 */
export async function insertCommentTelling(
  db: Executor,
  values: { jobId: string; userId: string; comment: string },
  detail: string,
) {
  const { jobId, userId, comment } = values;
  const result = await db.execute<JobCommentRow & { recorded: RecordedRow[] | null }>(sql`
    WITH c AS (
      INSERT INTO job_comments (job_id, user_id, comment)
      VALUES (${jobId}, ${userId}, ${comment})
      RETURNING *
    ),
    ${recordEventCtes(
      { kind: 'job_comment', target: { type: 'job', id: jobId }, actorId: userId, detail },
      sql`SELECT j.author_id FROM jobs j
           WHERE j.id = ${jobId} AND j.author_id <> ${userId} AND ${authorSeesJob}`,
    )}
    SELECT ${commentRowOf}, (SELECT json_agg(r) FROM recorded r) AS recorded
      FROM c ${commentAuthorJoins}`);
  const row = result.rows[0];
  if (!row) throw new Error('comment insert returned nothing');
  const { recorded, ...created } = row;
  return { row: created as JobCommentRow, recorded: recorded ?? [] };
}

/**
 * Likes when the member has no like on the job, unlikes when they have one, in one statement
 * (see insertCommentTelling): the (job, user) key makes a like unique, and the author is told of
 * a like (if they still see the job) or has it taken back from their unread notification. Both
 * the insert and the delete go by what was there when the statement began, so a racing twin's
 * like waits on its key and adds nothing. The count is that of the statement's start, moved by
 * what it did.
 */
export async function toggleLikeTelling(db: Executor, jobId: string, userId: string) {
  const event = {
    kind: 'job_like',
    target: { type: 'job', id: jobId },
    actorId: userId,
    detail: null,
  } as const;
  const result = await db.execute<ToggledLikeRow>(sql`
    WITH had AS (
      SELECT count(*)::int AS n, coalesce(bool_or(user_id = ${userId}), false) AS mine
        FROM job_likes WHERE job_id = ${jobId}
    ),
    added AS (
      INSERT INTO job_likes (job_id, user_id)
      SELECT id, ${userId} FROM jobs WHERE id = ${jobId} AND NOT (SELECT mine FROM had)
      ON CONFLICT DO NOTHING
      RETURNING job_id
    ),
    taken AS (
      DELETE FROM job_likes WHERE job_id = ${jobId} AND user_id = ${userId}
      RETURNING job_id
    ),
    ${recordEventCtes(
      event,
      sql`SELECT j.author_id FROM jobs j
           WHERE j.id = ${jobId} AND j.author_id <> ${userId} AND ${authorSeesJob}
             AND EXISTS (SELECT FROM added)`,
    )},
    ${withdrawEventCtes(
      event,
      sql`(SELECT author_id FROM jobs WHERE id = ${jobId})`,
      sql`EXISTS (SELECT FROM taken)`,
    )}
    SELECT (SELECT n FROM had) + (SELECT count(*)::int FROM added)
             - (SELECT count(*)::int FROM taken) AS "likesCount",
           EXISTS (SELECT FROM added) AS "likedByMe",
           (SELECT json_agg(r) FROM recorded r) AS recorded,
           (SELECT row_to_json(w) FROM withdrawn w) AS withdrawn`);
  return result.rows[0]!;
}
