import type { AccessLevel } from '@alumnet/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { levelIdOf } from '../../lib/policy';
import { postLikes } from '../../db/schema';

/** Who is reading or acting: their own ids decide which posts they see. */
export interface Viewer {
  id: string;
  collegeId: string | null;
  batchId: string | null;
  branchId: string | null;
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
  accessLevel: AccessLevel;
  likesCount: number;
  /** ISO 8601 in UTC with microseconds: the exact key the next page continues after. */
  createdAt: string;
}

/** A comment with its author; the same shape from the page query and from an insert. */
export interface CommentRow extends AuthorColumns {
  id: string;
  postId: string;
  comment: string;
  createdAt: string;
}

// Microseconds kept: created_at is the keyset key, and a cursor rounded to milliseconds would
// skip posts written within the same millisecond as the last one shown.
const isoUtc = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The AuthorColumns of the user `userId` names, for a raw query: its select list and joins. */
const authorOf = (userId: SQL) => ({
  columns: sql`u.id AS "authorId", u.full_name AS "fullName", u.profile_pic AS "profilePic",
               b.batch_name AS "batchName", br.branch_name AS "branchName"`,
  joins: sql`JOIN users u ON u.id = ${userId}
             LEFT JOIN batches b ON b.id = u.batch_id
             LEFT JOIN branches br ON br.id = u.branch_id`,
});

/** A comment row (aliased `c`, with post_id, user_id...) with its author, in CommentRow's shape. */
const commentWithAuthor = (() => {
  const author = authorOf(sql`c.user_id`);
  return sql`SELECT c.id, c.post_id AS "postId", c.comment, ${isoUtc(sql`c.created_at`)} AS "createdAt",
                    ${author.columns}
               FROM c
               ${author.joins}`;
})();

const pageAuthor = authorOf(sql`page.author_id`);
/** A post row (aliased `page`) with its author's names; `page` is a CTE of posts rows. */
const withAuthor = sql`
  SELECT page.id, page.message, page.image, page.access_level AS "accessLevel",
         page.likes_count AS "likesCount", ${isoUtc(sql`page.created_at`)} AS "createdAt",
         ${pageAuthor.columns}
    FROM page
    ${pageAuthor.joins}`;

/** A feed post: the row, its comments oldest first, and whether the viewer likes it. */
export interface FeedRow extends PostRow {
  comments: CommentRow[];
  likedByMe: boolean;
}

/** The posts of CTE `page` as the feed shows them: author, comments oldest first, viewer's like. */
const feedRows = (viewerId: string) => sql`
    SELECT post.*,
           -- json_agg(cm) is the whole row; an alias that is also a column name would be the column.
           (SELECT coalesce(json_agg(cm ORDER BY cm."createdAt", cm.id), '[]')
              FROM (WITH c AS (SELECT * FROM post_comments WHERE post_id = post.id)
                    ${commentWithAuthor}) cm) AS comments,
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
    accessLevel: AccessLevel;
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

/** A member's level ids: values, or columns of a users row in a query. */
type LevelIds = Record<'collegeId' | 'batchId' | 'branchId', string | null | SQL>;

/** The one audience rule: post p is shared with whoever has these ids at its level. */
const audienceIncludes = (m: LevelIds) => sql`
  p.college_id = ${m.collegeId}
  AND ((p.access_level = 'college' AND p.access_level_id = ${m.collegeId})
    OR (p.access_level = 'batch' AND p.access_level_id = ${m.batchId})
    OR (p.access_level = 'branch' AND p.access_level_id = ${m.branchId}))`;

/** The condition "post p is visible to viewer": its level id is the viewer's own at that level. */
export const visibleTo = (viewer: Viewer) => audienceIncludes(viewer);

/** The same condition for the member in users row `alias` (whom a notification would tell). */
const visibleToRow = (alias: string) =>
  audienceIncludes({
    collegeId: sql.raw(`${alias}.college_id`),
    batchId: sql.raw(`${alias}.batch_id`),
    branchId: sql.raw(`${alias}.branch_id`),
  });

export async function isPostVisible(db: Executor, viewer: Viewer, postId: string) {
  if (!viewer.collegeId) return false;
  const result = await db.execute(
    sql`SELECT 1 FROM posts p WHERE p.id = ${postId} AND ${visibleTo(viewer)}`,
  );
  return result.rows.length > 0;
}

/**
 * Adds the comment only if the post is visible to the commenter, in one statement; null when it
 * is not (or does not exist).
 */
export async function insertVisibleComment(
  db: Executor,
  viewer: Viewer,
  postId: string,
  comment: string,
) {
  if (!viewer.collegeId) return null;
  const result = await db.execute<CommentRow>(sql`
    WITH c AS (
      INSERT INTO post_comments (post_id, user_id, comment)
      SELECT p.id, ${viewer.id}, ${comment} FROM posts p
       WHERE p.id = ${postId} AND ${visibleTo(viewer)}
      RETURNING id, post_id, user_id, comment, created_at
    )
    ${commentWithAuthor}`);
  return result.rows[0] ?? null;
}

/** True when a like was added; false when the user already liked the post. */
export async function insertLike(db: Executor, postId: string, userId: string) {
  const rows = await db
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/** True when a like was removed. */
export async function deleteLike(db: Executor, postId: string, userId: string) {
  const rows = await db
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  return rows.length > 0;
}

/**
 * Moves likes_count by the rows just added or removed, and answers the new count with the post's
 * author and whether the author still sees it (whom a like notification may tell), in the same
 * statement: the like path stays one round trip shorter.
 */
export async function addToLikesCount(db: Executor, postId: string, delta: number) {
  const result = await db.execute<{
    likesCount: number;
    authorId: string;
    authorSees: boolean;
  }>(sql`
    UPDATE posts p SET likes_count = p.likes_count + ${delta}
      FROM users au
     WHERE p.id = ${postId} AND au.id = p.author_id
    RETURNING p.likes_count AS "likesCount", p.author_id AS "authorId",
              coalesce(${visibleToRow('au')}, false) AS "authorSees"`);
  const row = result.rows[0];
  if (!row) throw new Error('liked post vanished');
  return row;
}

/**
 * Whom a new comment on post `postId` by `commenterId` concerns: the post's author (if they still
 * see it) and the earlier commenters who still see it, other than the author and the commenter.
 */
export async function commentAudience(db: Executor, postId: string, commenterId: string) {
  const result = await db.execute<{
    authorId: string;
    authorSees: boolean;
    earlierCommenters: string[];
  }>(sql`
    SELECT p.author_id AS "authorId", coalesce(${visibleToRow('au')}, false) AS "authorSees",
           coalesce((SELECT array_agg(DISTINCT c.user_id)::text[]
                       FROM post_comments c JOIN users cu ON cu.id = c.user_id
                      WHERE c.post_id = p.id AND c.user_id <> p.author_id
                        AND c.user_id <> ${commenterId}
                        AND cu.is_approved AND NOT cu.is_rejected
                        AND ${visibleToRow('cu')}), '{}') AS "earlierCommenters"
      FROM posts p JOIN users au ON au.id = p.author_id
     WHERE p.id = ${postId}`);
  return result.rows[0] ?? null;
}

/** One post as the feed shows it, if the viewer may see it. */
export async function findVisiblePost(db: Executor, viewer: Viewer, postId: string) {
  if (!viewer.collegeId) return null;
  const result = await db.execute<FeedRow>(sql`
    WITH page AS (SELECT * FROM posts p WHERE p.id = ${postId} AND ${visibleTo(viewer)})
    ${feedRows(viewer.id)}`);
  return result.rows[0] ?? null;
}
