import { JOBS_PAGE_SIZE, type Job, type JobsFetchAnswer, type jobAddBody } from '@alumnet/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { levelIdOf, policy } from '../../lib/policy';
import { hasReadableText, sanitizeJobHtml } from '../../lib/sanitize-html';
import type { SessionUser } from '../auth/repository';
import { presentJob, presentJobComment } from './presenter';
import {
  commentsOfJobs,
  countJobs,
  deleteJob as deleteJobRow,
  findJob,
  insertComment,
  insertJob,
  likeSummaries,
  listJobs,
  toggleLike,
  type JobRow,
  type JobScope,
} from './repository';

const NO_SUCH_JOB = 'No such job.';

/**
 * The board a caller reads: members see what is shared with their college, batch or branch;
 * admins (college and super) see every job of their own college, since they moderate it.
 */
function boardScope(user: SessionUser): JobScope | null {
  if (!user.collegeId) return null;
  if (policy.isAdmin(user)) return { kind: 'college', collegeId: user.collegeId };
  return {
    kind: 'levels',
    collegeId: user.collegeId,
    batchId: user.batchId,
    branchId: user.branchId,
  };
}

/** The jobs a caller may act on: their board, and for a super admin every college's. */
function reachScope(user: SessionUser): JobScope | null {
  return user.isSuperAdmin ? { kind: 'everywhere' } : boardScope(user);
}

async function findReachableJob(db: Executor, user: SessionUser, jobId: string) {
  const scope = reachScope(user);
  const row = scope ? await findJob(db, scope, jobId) : null;
  if (!row) throw notFound(NO_SUCH_JOB);
  return row;
}

async function presentJobs(db: Executor, user: SessionUser, rows: JobRow[]): Promise<Job[]> {
  const ids = rows.map((r) => r.id);
  const [likes, comments] = await Promise.all([
    likeSummaries(db, ids, user.id),
    commentsOfJobs(db, ids),
  ]);
  return rows.map((row) =>
    presentJob(row, {
      canEdit: policy.mayEditJob(user, row),
      likesCount: likes.get(row.id)?.likesCount ?? 0,
      likedByMe: likes.get(row.id)?.likedByMe ?? false,
      comments: comments.filter((c) => c.jobId === row.id),
    }),
  );
}

export async function fetchJobs(
  db: Executor,
  user: SessionUser,
  page: number,
): Promise<JobsFetchAnswer> {
  const scope = boardScope(user);
  if (!scope) return { jobs: [], totalResults: 0, totalPages: 0 };
  const [rows, totalResults] = await Promise.all([
    listJobs(db, scope, page, JOBS_PAGE_SIZE),
    countJobs(db, scope),
  ]);
  return {
    jobs: await presentJobs(db, user, rows),
    totalResults,
    totalPages: Math.ceil(totalResults / JOBS_PAGE_SIZE),
  };
}

export async function addJob(
  db: Executor,
  user: SessionUser,
  body: z.output<typeof jobAddBody>,
): Promise<Job> {
  const levelId = levelIdOf(user, body.accessLevel);
  if (!user.collegeId || !levelId)
    throw badRequest(`You have no ${body.accessLevel} to share this job with.`);
  const jobContent = sanitizeJobHtml(body.jobContent);
  if (!hasReadableText(jobContent)) throw badRequest('Job Details are required');

  const id = await insertJob(db, {
    collegeId: user.collegeId,
    authorId: user.id,
    jobTitle: body.jobTitle,
    jobContent,
    jobCategory: body.jobCategory,
    jobType: body.jobType,
    accessLevel: body.accessLevel,
    accessLevelId: levelId,
  });
  const row = await findJob(db, { kind: 'everywhere' }, id);
  if (!row) throw new Error('job vanished after insert');
  return presentJob(row, { canEdit: true, likesCount: 0, likedByMe: false, comments: [] });
}

export async function deleteJob(db: Executor, user: SessionUser, jobId: string) {
  const row = await findReachableJob(db, user, jobId);
  if (!policy.mayEditJob(user, row))
    throw forbidden('Only the author or a college admin can delete this job.');
  // Its likes and comments go with it (ON DELETE CASCADE).
  await deleteJobRow(db, row.id);
}

export async function toggleJobLike(db: Database, user: SessionUser, jobId: string) {
  const row = await findReachableJob(db, user, jobId);
  const likes = await db.transaction((tx) => toggleLike(tx, row.id, user.id));
  return { id: row.id, ...likes };
}

export async function saveJobComment(
  db: Executor,
  user: SessionUser,
  jobId: string,
  comment: string,
) {
  const row = await findReachableJob(db, user, jobId);
  return presentJobComment(await insertComment(db, { jobId: row.id, userId: user.id, comment }));
}
