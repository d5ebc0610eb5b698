import { z } from 'zod';
import { idSchema } from './common';
import { IMAGE_NAME } from './images';

export const ACCESS_LEVELS = ['college', 'batch', 'branch'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** Whom a post is shared with: a level of the feed, or a group (its own page, issue 27). */
export const POST_AUDIENCES = [...ACCESS_LEVELS, 'group'] as const;
export type PostAudience = (typeof POST_AUDIENCES)[number];
/** The feed's filter tabs: All Posts, College Posts, Batch Posts, Branch Posts. */
export const FEED_FILTERS = ['all', ...ACCESS_LEVELS] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];
export const FEED_PAGE_SIZE = 20;
/** A post or job in a page carries this many of its newest comments (issue 32). */
export const FEED_COMMENTS_SHOWN = 3;
/** "View all N comments" loads this many a page, newest first. */
export const COMMENTS_PAGE_SIZE = 20;
export const MAX_POST_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;

/** Who wrote a post or a comment (member-portal.md §3 `postedBy`, `commenterId`). */
export const author = z.object({
  _id: idSchema,
  fullName: z.string(),
  profilePic: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
});
export type Author = z.infer<typeof author>;

export const postComment = z.object({
  _id: idSchema,
  commenterId: author,
  comment: z.string(),
  createdAt: z.iso.datetime(),
  /** Group posts: removed by an organiser (only its author still sees it, so marked). */
  removed: z.boolean().optional(),
});
export type PostComment = z.infer<typeof postComment>;

export const post = z.object({
  _id: idSchema,
  message: z.string(),
  /** A stored image name, shown through GET /v1/s3?image={name}. */
  image: z.string().nullable(),
  accessLevel: z.enum(POST_AUDIENCES),
  likesCount: z.number().int(),
  /** Whether the caller likes it (improvement: the heart shows its state). */
  likedByMe: z.boolean(),
  /** Improvement (issue 32): the newest FEED_COMMENTS_SHOWN only, oldest of them first. */
  comments: z.array(postComment),
  /** Every comment the caller may see; the rest page in through `API.posts.comments`. */
  commentsCount: z.number().int(),
  postedBy: author,
  createdAt: z.iso.datetime(),
  /** Group posts: the one its organisers pinned. */
  pinned: z.boolean().optional(),
  /** Group posts: removed by an organiser (only its author still sees it, so marked). */
  removed: z.boolean().optional(),
});
export type Post = z.infer<typeof post>;
export const postList = z.array(post);

/**
 * The spec's call is `{ userId, accessLevel }`. `cursor` (improvement) continues after the last
 * post of the previous page: `${createdAt}|${_id}` of that post. Without it, the first page.
 */
export const postsFetchBody = z.object({
  userId: idSchema.optional(),
  accessLevel: z
    .enum(FEED_FILTERS, { error: 'accessLevel must be all, college, batch or branch' })
    .default('all'),
  cursor: z
    .string()
    .regex(/^[^|]+\|[0-9a-f-]{36}$/i, 'Invalid cursor')
    .optional(),
});
export type PostsFetchBody = z.input<typeof postsFetchBody>;
export const feedCursor = (p: Pick<Post, 'createdAt' | '_id'>) => `${p.createdAt}|${p._id}`;

/** A stored image name (an upload's answer) or nothing: empty, null or absent all mean none. */
export const storedImage = z
  .string({ error: 'Invalid image' })
  .max(300, 'Invalid image')
  .refine((name) => name === '' || IMAGE_NAME.test(name), 'Invalid image')
  .nullish()
  .transform((name) => name || null);

export const postAddBody = z.object({
  /** Accepted for compatibility; the author is always the signed-in member. */
  postedBy: idSchema.optional(),
  message: z
    .string({ error: 'Message content cannot be empty.' })
    .trim()
    .min(1, 'Message content cannot be empty.')
    .max(MAX_POST_LENGTH, `A post can have at most ${MAX_POST_LENGTH} characters.`),
  /** A stored image name (the upload's answer); empty or absent means no image. */
  image: storedImage,
  accessLevel: z.enum(ACCESS_LEVELS, { error: 'Please select a valid value for "Share with"' }),
});
export type PostAddBody = z.input<typeof postAddBody>;

export const saveCommentBody = z.object({
  postId: idSchema,
  /** Accepted for compatibility; the commenter is always the signed-in member. */
  commenterId: idSchema.optional(),
  comment: z
    .string({ error: 'Comment cannot be empty.' })
    .trim()
    .min(1, 'Comment cannot be empty.')
    .max(MAX_COMMENT_LENGTH, `A comment can have at most ${MAX_COMMENT_LENGTH} characters.`),
});

/** GET {API.posts.comments(id)}?before=: `before` is the previous page's `nextCursor`. */
export const commentsPageQuery = z.object({
  before: z.string({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional(),
});
/** A page of a post's or job's comments, newest first; `nextCursor` null after the oldest. */
export const commentsPage = z.object({
  comments: z.array(postComment),
  nextCursor: z.string().nullable(),
});
export type CommentsPage = z.infer<typeof commentsPage>;

/** GET {API.posts.one(postId)}: one post as the feed shows it, if the caller may see it. */
export const postIdParams = z.object({ postId: idSchema });

export const updateLikesBody = z.object({
  postId: idSchema,
  /** Accepted for compatibility; the liker is always the signed-in member. */
  userId: idSchema.optional(),
});
export const updateLikesAnswer = z.object({
  updatedPost: z.object({ _id: idSchema, likesCount: z.number().int(), likedByMe: z.boolean() }),
});
