import type { Author, Post, PostComment } from '@alumnet/contract';
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

export function presentComment(row: CommentRow): PostComment {
  return {
    _id: row.id,
    commenterId: presentAuthor(row),
    comment: row.comment,
    createdAt: row.createdAt,
  };
}

export function presentPost(row: PostRow, comments: CommentRow[], likedByMe: boolean): Post {
  return {
    _id: row.id,
    message: row.message,
    image: row.image,
    accessLevel: row.accessLevel,
    likesCount: row.likesCount,
    likedByMe,
    comments: comments.map(presentComment),
    postedBy: presentAuthor(row),
    createdAt: row.createdAt,
  };
}

/** A page of posts, each with its comments (oldest first) and the viewer's like. */
export const presentFeed = (rows: FeedRow[]): Post[] =>
  rows.map((r) => presentPost(r, r.comments, r.likedByMe));

export function presentLikes(result: { postId: string; likesCount: number; likedByMe: boolean }) {
  return {
    updatedPost: { _id: result.postId, likesCount: result.likesCount, likedByMe: result.likedByMe },
  };
}
