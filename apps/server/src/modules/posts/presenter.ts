import type { Author, Post, PostComment } from '@alumnet/contract';
import type { CommentRow, PostRow } from './repository';

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

/** A page of posts; comments arrive oldest first for the whole page and are grouped here. */
export function presentFeed(page: {
  rows: PostRow[];
  comments: CommentRow[];
  liked: Set<string>;
}): Post[] {
  const byPost = new Map<string, CommentRow[]>();
  for (const c of page.comments) {
    const list = byPost.get(c.postId);
    if (list) list.push(c);
    else byPost.set(c.postId, [c]);
  }
  return page.rows.map((r) => presentPost(r, byPost.get(r.id) ?? [], page.liked.has(r.id)));
}

export function presentLikes(result: { postId: string; likesCount: number; likedByMe: boolean }) {
  return {
    updatedPost: { _id: result.postId, likesCount: result.likesCount, likedByMe: result.likedByMe },
  };
}
