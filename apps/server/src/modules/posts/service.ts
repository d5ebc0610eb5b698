import {
  ACCESS_LEVELS,
  FEED_PAGE_SIZE,
  idSchema,
  type AccessLevel,
  type FeedFilter,
  type postAddBody,
  type saveCommentBody,
} from '@alumnet/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { levelIdOf } from '../../lib/policy';
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

export function createPostService(db: Database) {
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

    async saveComment(viewer: Viewer, body: SaveComment) {
      const row = await repo.insertVisibleComment(db, viewer, body.postId, body.comment);
      if (!row) throw notFound(messages.noSuchPost);
      return row;
    },

    /**
     * Like when not liked, unlike when liked. The count moves by the rows actually added or
     * removed, in the same transaction, so concurrent toggles keep it equal to the rows.
     */
    async toggleLike(viewer: Viewer, postId: string) {
      return db.transaction(async (tx) => {
        if (!(await repo.isPostVisible(tx, viewer, postId))) throw notFound(messages.noSuchPost);
        const liked = await repo.insertLike(tx, postId, viewer.id);
        const delta = liked ? 1 : (await repo.deleteLike(tx, postId, viewer.id)) ? -1 : 0;
        const likesCount = await repo.addToLikesCount(tx, postId, delta);
        return { postId, likesCount, likedByMe: liked };
      });
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;
