import type { Author, CommentsPage, Post, PostComment } from '@alumnet/contract';
import type { CommentRow, FeedRow, PostRow } from './repository';

function presentAuthor(row: PostRow | CommentRow): Author {
  return {
    _id: row.authorId,
    fullName: row.fullName,
    profilePic: row.profilePic,
    batchName: row.batchName,
    branchName: row.branchName,
  };
}

// `removed` and `pinned` are said only when true: the feed's answer keeps the spec's keys.
export function presentComment(row: CommentRow): PostComment {
  return {
    _id: row.id,
    commenterId: presentAuthor(row),
    comment: row.comment,
    createdAt: row.createdAt,
    ...(row.removed ? { removed: true } : {}),
  };
}

export function presentPost(
  row: PostRow,
  comments: CommentRow[],
  likedByMe: boolean,
  pinned = false,
  /** Every comment the viewer may see; `comments` may be only the newest of them. */
  commentsCount = comments.length,
): Post {
  return {
    _id: row.id,
    message: row.message,
    image: row.image,
    accessLevel: row.accessLevel,
    likesCount: row.likesCount,
    likedByMe,
    comments: comments.map(presentComment),
    commentsCount,
    postedBy: presentAuthor(row),
    createdAt: row.createdAt,
    ...(pinned ? { pinned: true } : {}),
    ...(row.removed ? { removed: true } : {}),
  };
}

/**
 * A page of posts, each with its newest comments (oldest of them first), their count and the
 * viewer's like; a group's page names its pinned post.
 */
export const presentFeed = (rows: FeedRow[], pinnedPostId: string | null = null): Post[] =>
  rows.map((r) => presentPost(r, r.comments, r.likedByMe, r.id === pinnedPostId, r.commentsCount));

/** A page of a thread, newest first, and where the next (older) one starts. */
export const presentCommentsPage = (page: {
  rows: CommentRow[];
  nextCursor: string | null;
}): CommentsPage => ({ comments: page.rows.map(presentComment), nextCursor: page.nextCursor });

export function presentLikes(result: { postId: string; likesCount: number; likedByMe: boolean }) {
  return {
    updatedPost: { _id: result.postId, likesCount: result.likesCount, likedByMe: result.likedByMe },
  };
}
