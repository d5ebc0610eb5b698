import {
  COMMENTS_PAGE_SIZE,
  FEED_COMMENTS_SHOWN,
  JOBS_PAGE_SIZE,
  type Job,
  type JobsFetchAnswer,
  type jobAddBody,
} from '@alumnet/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { commentPage, decodeCommentCursor } from '../../lib/comment-cursor';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { levelIdOf, policy } from '../../lib/policy';
import { hasReadableText, sanitizeJobHtml } from '../../lib/sanitize-html';
import type { SessionUser } from '../auth/repository';
import { excerpt, forgetTarget, recordedBy, type Tell } from '../notifications';
import { presentJob, presentJobComment, presentJobCommentsPage } from './presenter';
import {
  deleteJob as deleteJobRow,
  findJob,
  findJobCommentsPage,
  insertCommentTelling,
  insertJob,
  listJobs,
  jobExtras,
  toggleLikeTelling,
  type JobExtras,
  type JobRow,
  type JobScope,
} from './repository';

const NO_SUCH_JOB = 'No such job.';

/**
 * The board a caller reads: members see what is shared with their college, batch or branch;
 * admins (college and super) see every job of their own college, since they moderate it.
 */
function boardScope(user: Omit<SessionUser, 'sessionId'>): JobScope | null {
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

function presentJobFor(user: SessionUser, row: JobRow & JobExtras): Job {
  return presentJob(row, {
    canEdit: policy.mayEditJob(user, row),
    likesCount: row.likesCount,
    likedByMe: row.likedByMe,
    comments: row.comments,
    commentsCount: row.commentsCount,
  });
}

export async function fetchJobs(
  db: Executor,
  user: SessionUser,
  page: number,
): Promise<JobsFetchAnswer> {
  const scope = boardScope(user);
  if (!scope) return { jobs: [], totalResults: 0, totalPages: 0 };
  const { rows, total: totalResults } = await listJobs(
    db,
    scope,
    page,
    JOBS_PAGE_SIZE,
    user.id,
    FEED_COMMENTS_SHOWN,
  );
  return {
    jobs: rows.map((row) => presentJobFor(user, row)),
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
  return presentJob(row, {
    canEdit: true,
    likesCount: 0,
    likedByMe: false,
    comments: [],
    commentsCount: 0,
  });
}

export async function deleteJob(db: Database, user: SessionUser, jobId: string) {
  const row = await findReachableJob(db, user, jobId);
  if (!policy.mayEditJob(user, row))
    throw forbidden('Only the author or a college admin can delete this job.');
  // Its likes and comments go with it (ON DELETE CASCADE), and the notifications about it.
  await db.transaction(async (tx) => {
    await deleteJobRow(tx, row.id);
    await forgetTarget(tx, { type: 'job', id: row.id });
  });
}

/** One job as the board shows it, if the caller may see it (a notification's link). */
export async function oneJob(db: Executor, user: SessionUser, jobId: string): Promise<Job> {
  const scope = boardScope(user);
  const row = scope ? await findJob(db, scope, jobId.toLowerCase()) : null;
  if (!row) throw notFound(NO_SUCH_JOB);
  const extras = await jobExtras(db, row.id, user.id, FEED_COMMENTS_SHOWN);
  return presentJobFor(user, { ...row, ...extras });
}

/** "View all N comments": a page of the job's comments, newest first (issue 32). */
export async function jobCommentsPage(
  db: Executor,
  user: SessionUser,
  jobId: string,
  before: string | undefined,
) {
  const position = decodeCommentCursor(before);
  const scope = boardScope(user);
  const row = scope ? await findJob(db, scope, jobId.toLowerCase()) : null;
  if (!row) throw notFound(NO_SUCH_JOB);
  const rows = await findJobCommentsPage(db, row.id, position, COMMENTS_PAGE_SIZE + 1);
  return presentJobCommentsPage(commentPage(rows, COMMENTS_PAGE_SIZE));
}

export async function toggleJobLike(
  db: Database,
  user: SessionUser,
  jobId: string,
  tell: Tell = () => {},
) {
  const row = await findReachableJob(db, user, jobId);
  const { recorded, withdrawn, ...likes } = await toggleLikeTelling(db, row.id, user.id);
  tell(recordedBy(recorded ?? [], withdrawn));
  return { id: row.id, ...likes };
}

export async function saveJobComment(
  db: Database,
  user: SessionUser,
  jobId: string,
  comment: string,
  tell: Tell = () => {},
) {
  const row = await findReachableJob(db, user, jobId);
  const created = await insertCommentTelling(
    db,
    { jobId: row.id, userId: user.id, comment },
    excerpt(comment),
  );
  tell(recordedBy(created.recorded, null));
  return presentJobComment(created.row);
}
