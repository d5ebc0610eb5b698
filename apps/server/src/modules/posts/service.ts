import {
  ACCESS_LEVELS,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  GROUP_MESSAGES,
  idSchema,
  type AccessLevel,
  type FeedFilter,
  type groupPostBody,
  type postAddBody,
  type saveCommentBody,
} from '@alumnet/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { commentPage, decodeCommentCursor } from '../../lib/comment-cursor';
import { badRequest, notFound } from '../../lib/errors';
import { levelIdOf } from '../../lib/policy';
import { excerpt, notify, recordedBy, type Tell } from '../notifications';
import * as repo from './repository';
import type { FeedPosition, Viewer } from './repository';

export const messages = {
  noSuchPost: 'No such post.',
  invalidCursor: 'Invalid cursor',
  noLevel: {
    college: 'Your profile has no college, so you cannot share with your college.',
    batch: 'Your profile has no batch, so you cannot share with your batch.',
    branch: 'Your profile has no branch, so you cannot share with your branch.',
  } satisfies Record<AccessLevel, string>,
} as const;

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** `${createdAt}|${_id}` of the last post shown (contract `feedCursor`). */
export function parseCursor(cursor: string | undefined): FeedPosition | null {
  if (cursor === undefined) return null;
  const [createdAt = '', id = ''] = cursor.split('|');
  if (!ISO_TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest(messages.invalidCursor);
  }
  if (!idSchema.safeParse(id).success) throw badRequest(messages.invalidCursor);
  return { createdAt, id };
}

type AddPost = z.output<typeof postAddBody>;
type SaveComment = z.output<typeof saveCommentBody>;

/** `tell` pushes, after commit, the notifications a change recorded. */
export function createPostService(db: Database, tell: Tell = () => {}) {
  return {
    /** One page of what the viewer may see at the chosen level(s), with comments and likes. */
    feedPage(viewer: Viewer, filter: FeedFilter, cursor: string | undefined) {
      const after = parseCursor(cursor);
      const levels = filter === 'all' ? ACCESS_LEVELS : [filter];
      return repo.findFeedPage(db, viewer, levels, after, FEED_PAGE_SIZE);
    },

    /** The post's level id is the author's own at that level, never one from the body. */
    async addPost(viewer: Viewer, body: AddPost) {
      const accessLevelId = levelIdOf(viewer, body.accessLevel);
      if (!viewer.collegeId || !accessLevelId) throw badRequest(messages.noLevel[body.accessLevel]);
      return repo.insertPost(db, {
        collegeId: viewer.collegeId,
        authorId: viewer.id,
        message: body.message,
        image: body.image,
        accessLevel: body.accessLevel,
        accessLevelId,
      });
    },

    /** One post as the feed shows it, if the viewer may see it (a notification's link). */
    async onePost(viewer: Viewer, postId: string) {
      const row = await repo.findVisiblePost(db, viewer, postId.toLowerCase());
      if (!row) throw notFound(messages.noSuchPost);
      return row;
    },

    /** "View all N comments": a page of the post's comments, newest first (issue 32). */
    async commentsPage(viewer: Viewer, postId: string, before: string | undefined) {
      const position = decodeCommentCursor(before);
      const rows = await repo.findCommentsPage(
        db,
        viewer,
        postId.toLowerCase(),
        position,
        COMMENTS_PAGE_SIZE + 1,
      );
      if (!rows) throw notFound(messages.noSuchPost);
      return commentPage(rows, COMMENTS_PAGE_SIZE);
    },

    /**
     * The comment and, in the same statement, whom it tells: the post's author (post_comment)
     * and the earlier commenters (post_reply), each only if they still see the post.
     */
    async saveComment(viewer: Viewer, body: SaveComment) {
      const done = await repo.insertVisibleComment(
        db,
        viewer,
        body.postId,
        body.comment,
        excerpt(body.comment),
      );
      if (!done) throw notFound(messages.noSuchPost);
      tell(recordedBy(done.recorded, null));
      return done.row;
    },

    /**
     * Like when not liked, unlike when liked. The count moves by the rows actually added or
     * removed, in the same transaction, so concurrent toggles keep it equal to the rows.
     */
    async toggleLike(viewer: Viewer, postId: string) {
      const done = await repo.toggleVisibleLike(db, viewer, postId);
      if (!done) throw notFound(messages.noSuchPost);
      tell(recordedBy(done.recorded ?? [], done.withdrawn));
      return { postId, likesCount: done.likesCount, likedByMe: done.likedByMe };
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;

type GroupPost = z.output<typeof groupPostBody>;

/**
 * A post tells the group's members (group_post, grouped per group while unread) only while the
 * group has at most this many: the rows are written in the posting request's transaction and
 * each is pushed after commit with a count query of its own, so a chapter of thousands would pay
 * for thousands of rows and queries on every post. Bigger groups' members read the group's page.
 */
export const GROUP_POST_NOTIFY_LIMIT = 1000;

export const groupPostMessages = {
  postRemoved: 'Post removed.',
  commentRemoved: 'Comment removed.',
  pinned: 'Post pinned.',
  unpinned: 'Post unpinned.',
} as const;

/**
 * A group's posts (issue 27): the feed's posts with the group as their audience. Who may call
 * each is groups/access.ts's answer, asked by the caller before; the group is passed as found.
 */
export function createGroupPostService(db: Database, tell: Tell = () => {}) {
  return {
    /** One page of the group's posts, the pinned one first on page one. */
    async page(viewer: Viewer, groupId: string, cursor: string | undefined) {
      const after = parseCursor(cursor);
      return repo.findGroupPage(db, viewer.id, groupId, after, FEED_PAGE_SIZE);
    },

    /** The post, and in the same transaction a group_post notification to its other members. */
    async add(viewer: Viewer, group: repo.GroupFeed, body: GroupPost) {
      const { row, recorded } = await db.transaction(async (tx) => {
        const row = await repo.insertPost(tx, {
          collegeId: group.collegeId,
          authorId: viewer.id,
          message: body.message,
          image: body.image,
          accessLevel: 'group',
          accessLevelId: group.id,
        });
        const recipientIds = await repo.groupPostRecipients(
          tx,
          group.id,
          viewer.id,
          GROUP_POST_NOTIFY_LIMIT,
        );
        const recorded = recipientIds
          ? await notify(tx, {
              recipientIds,
              kind: 'group_post',
              target: { type: 'group', id: group.id },
              actorId: viewer.id,
              detail: excerpt(body.message),
            })
          : [];
        return { row, recorded };
      });
      tell(recorded);
      return row;
    },

    async removePost(moderator: Viewer, groupId: string, postId: string) {
      const found = await db.transaction((tx) =>
        repo.removeGroupPost(tx, groupId, postId.toLowerCase(), moderator.id),
      );
      if (!found) throw notFound(GROUP_MESSAGES.noSuchPost);
      return { message: groupPostMessages.postRemoved };
    },

    async removeComment(moderator: Viewer, groupId: string, commentId: string) {
      const found = await repo.removeGroupComment(
        db,
        groupId,
        commentId.toLowerCase(),
        moderator.id,
      );
      if (!found) throw notFound(GROUP_MESSAGES.noSuchComment);
      return { message: groupPostMessages.commentRemoved };
    },

    async pin(groupId: string, postId: string | null) {
      const id = postId?.toLowerCase() ?? null;
      if (!(await repo.pinGroupPost(db, groupId, id))) throw notFound(GROUP_MESSAGES.noSuchPost);
      return { message: id ? groupPostMessages.pinned : groupPostMessages.unpinned };
    },
  };
}
export type GroupPostService = ReturnType<typeof createGroupPostService>;
