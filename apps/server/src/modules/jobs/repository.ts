import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nameOf } from '../../db/name-of';
import type { CommentPosition } from '../../lib/comment-cursor';
import { batches, branches, jobLikes, jobs, listedMember, users } from '../../db/schema';

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

export async function insertComment(
  db: Executor,
  values: { jobId: string; userId: string; comment: string },
) {
  const result = await db.execute<JobCommentRow>(sql`
    WITH c AS (
      INSERT INTO job_comments (job_id, user_id, comment)
      VALUES (${values.jobId}, ${values.userId}, ${values.comment})
      RETURNING *
    )
    SELECT ${commentRowOf} FROM c ${commentAuthorJoins}`);
  const row = result.rows[0];
  if (!row) throw new Error('comment insert returned nothing');
  return row;
}

/**
 * Likes or unlikes: the (job, user) primary key makes a like unique per member. `change` says
 * what this call did: +1 a like added, -1 one removed, 0 nothing (a racing twin did it).
 */
export async function toggleLike(db: Executor, jobId: string, userId: string) {
  const removed = await db
    .delete(jobLikes)
    .where(and(eq(jobLikes.jobId, jobId), eq(jobLikes.userId, userId)))
    .returning({ jobId: jobLikes.jobId });
  let change = removed.length > 0 ? -1 : 0;
  if (removed.length === 0) {
    const added = await db
      .insert(jobLikes)
      .values({ jobId, userId })
      .onConflictDoNothing()
      .returning({ jobId: jobLikes.jobId });
    change = added.length;
  }
  const [row] = await db
    .select({
      likesCount: count(),
      likedByMe: sql<boolean>`coalesce(bool_or(${jobLikes.userId} = ${userId}), false)`,
    })
    .from(jobLikes)
    .where(eq(jobLikes.jobId, jobId));
  return { likesCount: row?.likesCount ?? 0, likedByMe: row?.likedByMe ?? false, change };
}

/** Whose board a job is on: what a member's scope is built from (see the service's boardScope). */
export async function findMember(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      collegeId: users.collegeId,
      batchId: users.batchId,
      branchId: users.branchId,
      userType: users.userType,
      isSuperAdmin: users.isSuperAdmin,
    })
    .from(users)
    .where(and(eq(users.id, userId), listedMember(users)));
  return row ?? null;
}
