import { FEED_COMMENTS_SHOWN, type AccessLevel, type PostAudience } from '@alumnet/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  audienceIncludes,
  audienceMember,
  audienceMemberRow,
  type AudienceMember,
} from '../../lib/audience';
import type { CommentPosition } from '../../lib/comment-cursor';
import { levelIdOf } from '../../lib/policy';
import { nameOf } from '../../db/name-of';
import { batches, branches } from '../../db/schema';
import {
  recordEventCtes,
  withdrawEventCtes,
  type RecordedRow,
  type ToggledLikeRow,
} from '../notifications';

/** Who is reading or acting: their own ids (and, for groups' posts, their role) decide. */
export interface Viewer {
  id: string;
  collegeId: string | null;
  batchId: string | null;
  branchId: string | null;
  /** An admin ('a') or super admin sees every group's posts of their own college. */
  userType: 'u' | 'a';
  isSuperAdmin: boolean;
}

/** Keyset position: the last post of the previous page. */
export interface FeedPosition {
  createdAt: string;
  id: string;
}

/** Who wrote a post or comment, as every query here answers it (see `authorOf`). */
interface AuthorColumns extends Record<string, unknown> {
  authorId: string;
  fullName: string;
  profilePic: string | null;
  batchName: string | null;
  branchName: string | null;
}

/** A post with its author, as the feed query answers it. */
export interface PostRow extends AuthorColumns {
  id: string;
  message: string;
  image: string | null;
  accessLevel: PostAudience;
  likesCount: number;
  /** Its comments not removed (posts.comments_count); the feed adds the viewer's removed ones. */
  storedCommentsCount: number;
  /** ISO 8601 in UTC with microseconds: the exact key the next page continues after. */
  createdAt: string;
  /** Removed by a group's organiser: only its author is ever shown it. */
  removed: boolean;
}

/** A comment with its author; the same shape from the page query and from an insert. */
export interface CommentRow extends AuthorColumns {
  id: string;
  postId: string;
  comment: string;
  createdAt: string;
  /** Removed by a group's organiser: only its author is ever shown it. */
  removed: boolean;
}

// Microseconds kept: created_at is the keyset key, and a cursor rounded to milliseconds would
// skip posts written within the same millisecond as the last one shown.
const isoUtc = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The AuthorColumns of the user `userId` names, for a raw query: its select list and joins. */
// Names by subquery, not join (db/name-of.ts): a feed page plans this twice (posts, comments).
const authorOf = (userId: SQL) => ({
  columns: sql`u.id AS "authorId", u.full_name AS "fullName", u.profile_pic AS "profilePic",
               ${nameOf(batches.batchName, batches.id, sql`u.batch_id`)} AS "batchName",
               ${nameOf(branches.branchName, branches.id, sql`u.branch_id`)} AS "branchName"`,
  joins: sql`JOIN users u ON u.id = ${userId}`,
});

/** A comment row (aliased `c`, with post_id, user_id...) with its author, in CommentRow's shape. */
const commentWithAuthor = (() => {
  const author = authorOf(sql`c.user_id`);
  return sql`SELECT c.id, c.post_id AS "postId", c.comment, ${isoUtc(sql`c.created_at`)} AS "createdAt",
                    c.removed_at IS NOT NULL AS removed, ${author.columns}
               FROM c
               ${author.joins}`;
})();

const pageAuthor = authorOf(sql`page.author_id`);
/** A post row (aliased `page`) with its author's names; `page` is a CTE of posts rows. */
const withAuthor = sql`
  SELECT page.id, page.message, page.image, page.access_level AS "accessLevel",
         page.likes_count AS "likesCount", page.comments_count AS "storedCommentsCount",
         ${isoUtc(sql`page.created_at`)} AS "createdAt",
         page.removed_at IS NOT NULL AS removed, ${pageAuthor.columns}
    FROM page
    ${pageAuthor.joins}`;

/** A feed post: the row, its newest comments (oldest of them first), their count, the like. */
export interface FeedRow extends PostRow {
  comments: CommentRow[];
  commentsCount: number;
  likedByMe: boolean;
}

/** Comments c of post `postId` the viewer sees: an organiser's removal hides one but from its author. */
const commentSeenBy = (postId: SQL, viewerId: string) =>
  sql`c.post_id = ${postId} AND (c.removed_at IS NULL OR c.user_id = ${viewerId})`;

/**
 * The posts of CTE `page` as the feed shows them: author, the newest FEED_COMMENTS_SHOWN comments
 * (oldest of them first) and how many the viewer may see, and the viewer's like. Each post's
 * comments are a short backward walk of post_comments_recent_idx and its count is stored, so a
 * post with thousands of comments costs the page what one with three does (issue 32); the rest
 * page in through findCommentsPage.
 */
const feedRows = (viewerId: string) => sql`
    SELECT post.*,
           -- json_agg(cm) is the whole row; an alias that is also a column name would be the column.
           (SELECT coalesce(json_agg(cm ORDER BY cm."createdAt", cm.id), '[]')
              FROM (WITH c AS (SELECT * FROM post_comments c
                                WHERE ${commentSeenBy(sql`post.id`, viewerId)}
                                ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST
                                LIMIT ${FEED_COMMENTS_SHOWN})
                    ${commentWithAuthor}) cm) AS comments,
           -- The stored count of comments not removed, and the viewer's own removed ones
           -- (a partial index of the few removed): no walk over a popular post's comments.
           post."storedCommentsCount" +
             (SELECT count(*)::int FROM post_comments c
               WHERE c.post_id = post.id AND c.removed_at IS NOT NULL AND c.user_id = ${viewerId})
             AS "commentsCount",
           EXISTS (SELECT 1 FROM post_likes l
                    WHERE l.post_id = post.id AND l.user_id = ${viewerId}) AS "likedByMe"
      FROM (${withAuthor}) post`;

/**
 * One feed page, newest first. Each level is its own scan of posts_visibility_idx
 * (access_level_id, created_at DESC NULLS LAST, id DESC NULLS LAST) stopping after `limit` rows;
 * the union of at most 3 × limit rows is then sorted. The NULLS LAST must match the index, or
 * PostgreSQL sorts every post of the level instead of walking the index. One OR query over the
 * three ids would sort them all as well.
 */
export async function findFeedPage(
  db: Executor,
  viewer: Viewer,
  levels: readonly AccessLevel[],
  after: FeedPosition | null,
  limit: number,
) {
  const collegeId = viewer.collegeId;
  if (!collegeId) return [];
  const scans = levels.flatMap((level) => {
    const levelId = levelIdOf(viewer, level);
    if (!levelId) return [];
    return [
      sql`(SELECT * FROM posts p
            WHERE p.access_level_id = ${levelId} AND p.access_level = ${level}
              AND p.college_id = ${collegeId}
              ${after ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
            LIMIT ${limit})`,
    ];
  });
  if (scans.length === 0) return [];
  // Comments and the viewer's like come in the same statement: a page is one round trip to the
  // database, which under load costs more than the few rows it carries.
  const result = await db.execute<FeedRow>(sql`
    WITH page AS (
      SELECT * FROM (${sql.join(scans, sql` UNION ALL `)}) AS visible
      ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST
      LIMIT ${limit}
    )
    ${feedRows(viewer.id)}
     ORDER BY post."createdAt" DESC, post.id DESC`);
  return result.rows;
}

/** Writes a post and answers it in the feed's shape. */
export async function insertPost(
  db: Executor,
  values: {
    collegeId: string;
    authorId: string;
    message: string;
    image: string | null;
    accessLevel: PostAudience;
    accessLevelId: string;
  },
) {
  const result = await db.execute<PostRow>(sql`
    WITH page AS (
      INSERT INTO posts (college_id, author_id, message, image, access_level, access_level_id)
      VALUES (${values.collegeId}, ${values.authorId}, ${values.message}, ${values.image},
              ${values.accessLevel}, ${values.accessLevelId})
      RETURNING *
    )
    ${withAuthor}`);
  const row = result.rows[0];
  if (!row) throw new Error('post insert returned nothing');
  return row;
}

/**
 * Post p is shared with the member (lib/audience.ts, the one audience rule); a group's post only
 * while not removed (a removed post stays on the group page for its author only).
 */
const postSeenBy = (m: AudienceMember) =>
  sql`(${audienceIncludes('p', m)}) AND (p.access_level <> 'group' OR p.removed_at IS NULL)`;

/** The condition "post p is visible to viewer": its level id is the viewer's own at that level. */
export const visibleTo = (viewer: Viewer) => postSeenBy(audienceMember(viewer));

/** The same condition for the member in users row `alias` (whom a notification would tell). */
const visibleToRow = (alias: string) => postSeenBy(audienceMemberRow(alias));

export async function isPostVisible(db: Executor, viewer: Viewer, postId: string) {
  if (!viewer.collegeId) return false;
  const result = await db.execute(
    sql`SELECT 1 FROM posts p WHERE p.id = ${postId} AND ${visibleTo(viewer)}`,
  );
  return result.rows.length > 0;
}

/**
 * Adds the comment only if the post is visible to the commenter, and tells whom it concerns, in
 * one statement (one transaction's worth of waiting on the app less; see toggleVisibleLike): the
 * post's author (post_comment), if they still see the post, and the conversation as it stood
 * (post_reply, audienceOf's earlier commenters). Null when the post is not visible (or does
 * not exist).
 */
export async function insertVisibleComment(
  db: Executor,
  viewer: Viewer,
  postId: string,
  comment: string,
  detail: string,
) {
  if (!viewer.collegeId) return null;
  const target = { type: 'post', id: postId } as const;
  const told = { target, actorId: viewer.id, detail };
  const result = await db.execute<
    CommentRow & { toAuthor: RecordedRow[] | null; toEarlier: RecordedRow[] | null }
  >(sql`
    WITH c AS (
      INSERT INTO post_comments (post_id, user_id, comment)
      SELECT p.id, ${viewer.id}, ${comment} FROM posts p
       WHERE p.id = ${postId} AND ${visibleTo(viewer)}
      RETURNING id, post_id, user_id, comment, created_at, removed_at
    ),
    audience AS (${audienceOf(sql`(SELECT post_id FROM c)`, viewer.id)}),
    ${recordEventCtes(
      { kind: 'post_comment', ...told },
      sql`SELECT "authorId" FROM audience WHERE "authorSees" AND "authorId" <> ${viewer.id}`,
      'to_author',
    )},
    ${recordEventCtes(
      { kind: 'post_reply', ...told },
      sql`SELECT unnest("earlierCommenters"::uuid[]) FROM audience`,
      'to_earlier',
    )}
    SELECT cm.*, (SELECT json_agg(r) FROM to_author r) AS "toAuthor",
           (SELECT json_agg(r) FROM to_earlier r) AS "toEarlier"
      FROM (${commentWithAuthor}) cm`);
  const row = result.rows[0];
  if (!row) return null;
  const { toAuthor, toEarlier, ...created } = row;
  return { row: created as CommentRow, recorded: [...(toAuthor ?? []), ...(toEarlier ?? [])] };
}

/**
 * Like when the viewer has no like on the post, unlike when they have one, in one statement: the
 * count moves by the row actually added or removed, and the post's author is told of a like (if
 * they still see the post) or has it taken back from their unread notification. Null when the
 * post is not visible to the viewer.
 *
 * One statement, not a transaction of five: the embedded database runs one transaction at a
 * time for all connections, and each statement of a transaction waited on the app's event loop
 * while every other call waited on it (bench:soak, issue 32). Concurrent toggles stay counted
 * right: an insert racing another waits on its key and adds nothing, and the delete sees only
 * what was committed when the statement began.
 */
export async function toggleVisibleLike(db: Executor, viewer: Viewer, postId: string) {
  if (!viewer.collegeId) return null;
  const event = {
    kind: 'post_like',
    target: { type: 'post', id: postId },
    actorId: viewer.id,
    detail: null,
  } as const;
  const result = await db.execute<ToggledLikeRow>(sql`
    WITH seen AS (SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${visibleTo(viewer)}),
    added AS (
      INSERT INTO post_likes (post_id, user_id) SELECT id, ${viewer.id} FROM seen
      ON CONFLICT DO NOTHING
      RETURNING post_id
    ),
    taken AS (
      DELETE FROM post_likes l USING seen
       WHERE l.post_id = seen.id AND l.user_id = ${viewer.id}
      RETURNING l.post_id
    ),
    counted AS (
      UPDATE posts p
         SET likes_count = p.likes_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM taken)
        FROM users au
       WHERE p.id IN (SELECT id FROM seen) AND au.id = p.author_id
      RETURNING p.likes_count AS "likesCount", p.author_id AS "authorId",
                coalesce(${visibleToRow('au')}, false) AS "authorSees"
    ),
    ${recordEventCtes(
      event,
      sql`SELECT "authorId" FROM counted
           WHERE "authorSees" AND "authorId" <> ${viewer.id} AND EXISTS (SELECT FROM added)`,
    )},
    ${withdrawEventCtes(event, sql`(SELECT "authorId" FROM counted)`, sql`EXISTS (SELECT FROM taken)`)}
    SELECT c."likesCount", EXISTS (SELECT FROM added) AS "likedByMe",
           (SELECT json_agg(r) FROM recorded r) AS recorded,
           (SELECT row_to_json(w) FROM withdrawn w) AS withdrawn
      FROM counted c`);
  return result.rows[0] ?? null;
}

/**
 * A new comment tells the people of the conversation as it stands, not everyone who ever wrote on
 * a post: the authors of its newest REPLY_COMMENTS_READ comments, at most REPLY_RECIPIENTS of
 * them. On a post with thousands of comments, telling them all cost a statement over every
 * comment and thousands of notification rows and pushes per comment, which held the database's
 * queue long enough to turn everyone else's calls away (bench:soak, issue 32).
 */
export const REPLY_COMMENTS_READ = 200;
export const REPLY_RECIPIENTS = 50;

/**
 * Whom a new comment on post `postId` by `commenterId` concerns: the post's author (if they still
 * see it) and the recent earlier commenters who still see it (the newest first, see
 * REPLY_RECIPIENTS), other than the author and the commenter. A query of one row.
 */
const audienceOf = (postId: SQL, commenterId: string) => sql`
    SELECT p.author_id AS "authorId", coalesce(${visibleToRow('au')}, false) AS "authorSees",
           coalesce((SELECT array_agg(recent.user_id::text ORDER BY recent.at DESC)
                       FROM (SELECT c.user_id, max(c.created_at) AS at
                               FROM (SELECT c.user_id, c.created_at FROM post_comments c
                                      WHERE c.post_id = p.id
                                      ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST
                                      LIMIT ${REPLY_COMMENTS_READ}) c
                               JOIN users cu ON cu.id = c.user_id
                              WHERE c.user_id <> p.author_id AND c.user_id <> ${commenterId}
                                AND cu.is_approved AND NOT cu.is_rejected
                                AND ${visibleToRow('cu')}
                              GROUP BY c.user_id
                              ORDER BY at DESC
                              LIMIT ${REPLY_RECIPIENTS}) recent), '{}') AS "earlierCommenters"
      FROM posts p JOIN users au ON au.id = p.author_id
     WHERE p.id = ${postId}`;

/** One post as the feed shows it, if the viewer may see it. */
export async function findVisiblePost(db: Executor, viewer: Viewer, postId: string) {
  if (!viewer.collegeId) return null;
  const result = await db.execute<FeedRow>(sql`
    WITH page AS (SELECT * FROM posts p WHERE p.id = ${postId} AND ${visibleTo(viewer)})
    ${feedRows(viewer.id)}`);
  return result.rows[0] ?? null;
}

/**
 * Up to `limit` comments of the post the viewer sees, newest first, older than `before` (the
 * last one of the previous page); null when the viewer may not see the post. Two statements: an
 * empty page and a post one may not see must answer differently.
 */
export async function findCommentsPage(
  db: Executor,
  viewer: Viewer,
  postId: string,
  before: CommentPosition | null,
  limit: number,
) {
  if (!(await isPostVisible(db, viewer, postId))) return null;
  const result = await db.execute<CommentRow>(sql`
    WITH c AS (
      SELECT * FROM post_comments c
       WHERE ${commentSeenBy(sql`${postId}::uuid`, viewer.id)}
         ${before ? sql`AND (c.created_at, c.id) < (${before.createdAt}::timestamptz, ${before.id}::uuid)` : sql``}
       ORDER BY c.created_at DESC NULLS LAST, c.id DESC NULLS LAST
       LIMIT ${limit}
    )
    SELECT * FROM (${commentWithAuthor}) cm ORDER BY cm."createdAt" DESC, cm.id DESC`);
  return result.rows;
}

/** A group as its posts need it: its id and the post its organisers pinned. */
export interface GroupFeed {
  id: string;
  collegeId: string;
  pinnedPostId: string | null;
}

/**
 * One page of a group's posts, newest first, on posts_visibility_idx (the group's id is the
 * level id). The pinned post is never among them; with no position (page one) it comes first,
 * if it is there and not removed. A removed post is shown to its author only. Who may read the
 * page at all is groups/access.ts's answer; the pinned post is read here rather than taken from
 * it, so the page needs nothing of that answer and runs beside it (`besideAccess`).
 */
export async function findGroupPage(
  db: Executor,
  viewerId: string,
  groupId: string,
  after: FeedPosition | null,
  limit: number,
) {
  const pinned = sql`(SELECT g.pinned_post_id FROM groups g WHERE g.id = ${groupId})`;
  const lead = after
    ? sql``
    : sql`(SELECT * FROM posts p
            WHERE p.id = ${pinned} AND p.access_level = 'group'
              AND p.access_level_id = ${groupId} AND p.removed_at IS NULL)
          UNION ALL`;
  const result = await db.execute<FeedRow>(sql`
    WITH page AS (
      ${lead}
      (SELECT * FROM posts p
        WHERE p.access_level_id = ${groupId} AND p.access_level = 'group'
          AND (p.removed_at IS NULL OR p.author_id = ${viewerId})
          AND p.id IS DISTINCT FROM ${pinned}
          ${after ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST
        LIMIT ${limit})
    )
    ${feedRows(viewerId)}
     ORDER BY post.id = ${pinned} DESC NULLS LAST, post."createdAt" DESC, post.id DESC`);
  return result.rows;
}

/**
 * Whom a new post of the group tells: its approved members but the author, when there are at most
 * `limit` of them (null when there are more).
 */
export async function groupPostRecipients(
  db: Executor,
  groupId: string,
  authorId: string,
  limit: number,
) {
  const result = await db.execute<{ userId: string }>(sql`
    SELECT gm.user_id AS "userId" FROM group_members gm
      JOIN users u ON u.id = gm.user_id
     WHERE gm.group_id = ${groupId} AND gm.status = 'approved' AND gm.user_id <> ${authorId}
       AND u.is_approved AND NOT u.is_rejected
     LIMIT ${limit + 1}`);
  return result.rows.length > limit ? null : result.rows.map((r) => r.userId);
}

/**
 * Marks the group's post removed (the first removal's time and remover stay) and unpins it. Two
 * statements in the caller's transaction: the post's row lock is taken first, so a pin racing
 * with the removal either commits before it (and is undone here) or sees it removed.
 */
export async function removeGroupPost(
  tx: Executor,
  groupId: string,
  postId: string,
  removedBy: string,
) {
  const removed = await tx.execute<{ id: string }>(sql`
    UPDATE posts SET removed_at = coalesce(removed_at, now()),
                     removed_by = CASE WHEN removed_at IS NULL THEN ${removedBy}::uuid ELSE removed_by END
     WHERE id = ${postId} AND access_level = 'group' AND access_level_id = ${groupId}
    RETURNING id`);
  if (removed.rows.length === 0) return false;
  await tx.execute(sql`
    UPDATE groups SET pinned_post_id = NULL, updated_at = now()
     WHERE id = ${groupId} AND pinned_post_id = ${postId}`);
  return true;
}

/** Marks a comment of one of the group's posts removed; false when the group has no such comment. */
export async function removeGroupComment(
  db: Executor,
  groupId: string,
  commentId: string,
  removedBy: string,
) {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE post_comments c
       SET removed_at = coalesce(c.removed_at, now()),
           removed_by = CASE WHEN c.removed_at IS NULL THEN ${removedBy}::uuid ELSE c.removed_by END
      FROM posts p
     WHERE c.id = ${commentId} AND p.id = c.post_id
       AND p.access_level = 'group' AND p.access_level_id = ${groupId}
    RETURNING c.id`);
  return result.rows.length > 0;
}

/**
 * Pins the post (a post of this group, not removed: its row is share-locked so a removal waits
 * for this) or, with null, unpins; false when there is no such post.
 */
export async function pinGroupPost(db: Executor, groupId: string, postId: string | null) {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE groups g SET pinned_post_id = ${postId}::uuid, updated_at = now()
     WHERE g.id = ${groupId}
       AND (${postId}::uuid IS NULL OR EXISTS (
             SELECT 1 FROM posts p
              WHERE p.id = ${postId}::uuid AND p.access_level = 'group'
                AND p.access_level_id = ${groupId} AND p.removed_at IS NULL
                FOR SHARE))
    RETURNING g.id`);
  return result.rows.length > 0;
}
