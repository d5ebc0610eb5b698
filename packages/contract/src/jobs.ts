import { z } from 'zod';
import { idSchema } from './common';
import { ACCESS_LEVELS, MAX_COMMENT_LENGTH, postComment } from './posts';

/** member-portal.md §9, in the spec's order. */
export const JOB_CATEGORIES = [
  'Finance',
  'Sales & Marketing',
  'Consulting',
  'HR',
  'IT & Systems',
  'Operations',
  'Legal',
  'BPO',
  'Other Category',
] as const;
/** Improvement: the jobs count page splits internships from full-time jobs. */
export const JOB_TYPES = ['internship', 'fulltime'] as const;
export const JOBS_PAGE_SIZE = 10;
export const MAX_JOB_HTML_LENGTH = 50_000;

/** member-portal.md §3 "Job"; note the spec names its id `id`. */
export const job = z.object({
  id: idSchema,
  jobTitle: z.string(),
  /** HTML, sanitized on the server before it was stored. */
  jobContent: z.string(),
  jobCategory: z.enum(JOB_CATEGORIES),
  jobType: z.enum(JOB_TYPES),
  collegeId: idSchema,
  postedBy: z.object({
    _id: idSchema,
    fullName: z.string(),
    batchName: z.string().nullable(),
    branchName: z.string().nullable(),
  }),
  postedDate: z.iso.datetime(),
  accessLevel: z.enum(ACCESS_LEVELS),
  accessLevelId: idSchema,
  /** 'yes' for the author and for an admin of the job's college. */
  canEdit: z.enum(['yes', 'no']),
  likesCount: z.number().int(),
  likedByMe: z.boolean(),
  /** Improvement (issue 32): the newest FEED_COMMENTS_SHOWN only, oldest of them first. */
  comments: z.array(postComment),
  /** Every comment of the job; the rest page in through `API.jobs.comments`. */
  commentsCount: z.number().int(),
});
export type Job = z.infer<typeof job>;

/** The spec's call is `{ collegeId, userId }`; `page` (10 a page) is ours. */
export const jobsFetchBody = z.object({
  collegeId: idSchema.optional(),
  userId: idSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const jobsFetchAnswer = z.object({
  jobs: z.array(job),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
});
export type JobsFetchAnswer = z.infer<typeof jobsFetchAnswer>;

/**
 * The spec's payload. `collegeId`, `postedBy`, `postedDate` and `accessLevelId` are accepted for
 * compatibility; the server takes them from the session and the clock.
 */
export const jobAddBody = z.object({
  jobTitle: z
    .string({ error: 'Job Title is required' })
    .trim()
    .min(1, 'Job Title is required')
    .max(200, 'Job Title can have at most 200 characters.'),
  jobContent: z
    .string({ error: 'Job Details are required' })
    .min(1, 'Job Details are required')
    .max(MAX_JOB_HTML_LENGTH, 'Job Details are too long.'),
  jobCategory: z.enum(JOB_CATEGORIES, { error: 'Job Category is required' }),
  jobType: z
    .enum(JOB_TYPES, { error: 'Please choose internship or full-time' })
    .default('fulltime'),
  accessLevel: z.enum(ACCESS_LEVELS, { error: 'Please select a valid value for "Share with"' }),
  collegeId: idSchema.optional(),
  postedBy: idSchema.optional(),
  postedDate: z.string().optional(),
  accessLevelId: idSchema.optional(),
});
export type JobAddBody = z.input<typeof jobAddBody>;

export const jobDeleteBody = z.object({ jobId: idSchema });
export const jobLikeBody = z.object({ jobId: idSchema });
export const jobLikeAnswer = z.object({
  updatedJob: z.object({ id: idSchema, likesCount: z.number().int(), likedByMe: z.boolean() }),
});
export const jobCommentBody = z.object({
  jobId: idSchema,
  comment: z
    .string({ error: 'Comment cannot be empty.' })
    .trim()
    .min(1, 'Comment cannot be empty.')
    .max(MAX_COMMENT_LENGTH, `A comment can have at most ${MAX_COMMENT_LENGTH} characters.`),
});

/**
 * The one rich-text policy for job details, applied by the server before storing and by the
 * browser before showing: the formatting the editor produces and links to web or mail only.
 */
export const JOB_HTML_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'a',
  'blockquote',
  'code',
  'pre',
] as const;
export const JOB_HTML_SAFE_HREF = /^(https?:\/\/|mailto:)/i;
