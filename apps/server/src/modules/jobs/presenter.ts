import { JOB_CATEGORIES, type CommentsPage, type Job, type PostComment } from '@alumnet/contract';
import type { JobCommentRow, JobRow } from './repository';

type JobCategory = (typeof JOB_CATEGORIES)[number];
const isCategory = (value: string): value is JobCategory =>
  (JOB_CATEGORIES as readonly string[]).includes(value);

export function presentJobComment(c: JobCommentRow): PostComment {
  return {
    _id: c.id,
    commenterId: {
      _id: c.userId,
      fullName: c.fullName,
      profilePic: c.profilePic,
      batchName: c.batchName,
      branchName: c.branchName,
    },
    comment: c.comment,
    createdAt: c.createdAt,
  };
}

export function presentJob(
  row: JobRow,
  extra: {
    canEdit: boolean;
    likesCount: number;
    likedByMe: boolean;
    /** The newest few, oldest of them first. */
    comments: JobCommentRow[];
    /** Every comment of the job. */
    commentsCount: number;
  },
): Job {
  return {
    id: row.id,
    jobTitle: row.jobTitle,
    jobContent: row.jobContent,
    // Stored through the contract's enum; an unknown value would only come from a hand edit.
    jobCategory: isCategory(row.jobCategory) ? row.jobCategory : 'Other Category',
    jobType: row.jobType,
    collegeId: row.collegeId,
    postedBy: {
      _id: row.authorId,
      fullName: row.authorName,
      batchName: row.authorBatch,
      branchName: row.authorBranch,
    },
    postedDate: row.createdAt.toISOString(),
    accessLevel: row.accessLevel,
    accessLevelId: row.accessLevelId,
    canEdit: extra.canEdit ? 'yes' : 'no',
    likesCount: extra.likesCount,
    likedByMe: extra.likedByMe,
    comments: extra.comments.map(presentJobComment),
    commentsCount: extra.commentsCount,
  };
}

/** A page of a job's thread, newest first, and where the next (older) one starts. */
export const presentJobCommentsPage = (page: {
  rows: JobCommentRow[];
  nextCursor: string | null;
}): CommentsPage => ({ comments: page.rows.map(presentJobComment), nextCursor: page.nextCursor });
