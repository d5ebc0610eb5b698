import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { visibleTo, type FeedPosition, type Viewer } from '../posts';

/** A post with a picture, and who posted it. */
export interface PictureRow extends Record<string, unknown> {
  id: string;
  image: string;
  /** At most `messageLength + 1` characters: one more than shown tells that it was cut. */
  message: string;
  /** ISO 8601 in UTC with microseconds, like the feed's: the exact key the next page continues after. */
  createdAt: string;
  authorId: string;
  fullName: string;
}

/**
 * Pictures of the posts the viewer may see (the feed's own condition), newest first, after the
 * given position. Only the start of each message is read: a post can hold 5,000 characters.
 */
export async function findPictures(
  db: Executor,
  viewer: Viewer,
  after: FeedPosition | null,
  limit: number,
  messageLength: number,
) {
  if (!viewer.collegeId) return [];
  const result = await db.execute<PictureRow>(sql`
    SELECT p.id, p.image, left(p.message, ${messageLength + 1}) AS message,
           to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
           u.id AS "authorId", u.full_name AS "fullName"
      FROM posts p
      JOIN users u ON u.id = p.author_id
     WHERE p.image IS NOT NULL AND ${visibleTo(viewer)}
       ${after ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT ${limit}`);
  return result.rows;
}
