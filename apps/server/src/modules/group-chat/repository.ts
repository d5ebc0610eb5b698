import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A message of a group's chat with its sender's name and picture. */
export interface GroupMessageRow extends Record<string, unknown> {
  id: string;
  groupId: string;
  senderId: string;
  fullName: string;
  profilePic: string | null;
  message: string;
  clientId: string | null;
  createdAt: Date;
  removed: boolean;
}

const withSender = (extra = sql``) => sql`
  SELECT ${extra} m.id, m.group_id AS "groupId", m.sender_id AS "senderId", u.full_name AS "fullName",
         u.profile_pic AS "profilePic", m.message, m.client_id AS "clientId",
         m.created_at AS "createdAt", m.removed_at IS NOT NULL AS removed
    FROM m JOIN users u ON u.id = m.sender_id`;

/**
 * The latest `limit` messages of the group, or those before the message `before`, oldest first.
 * (created_at, id) is the order and the index (group_messages_group_idx). Answers null when
 * `before` is not a message of this group.
 */
export async function listGroupMessages(
  db: Executor,
  groupId: string,
  limit: number,
  before?: string,
): Promise<GroupMessageRow[] | null> {
  let position = sql``;
  if (before) {
    const found = await db.execute(sql`
      SELECT 1 FROM group_messages WHERE id = ${before} AND group_id = ${groupId}`);
    if (found.rows.length === 0) return null;
    // Compared in the database: created_at has microseconds, a JS Date only milliseconds.
    position = sql`AND (created_at, id) < (SELECT b.created_at, b.id FROM group_messages b
                                            WHERE b.id = ${before} AND b.group_id = ${groupId})`;
  }
  const result = await db.execute<GroupMessageRow>(sql`
    WITH m AS (
      SELECT * FROM group_messages
       WHERE group_id = ${groupId} ${position}
       ORDER BY created_at DESC, id DESC
       LIMIT ${limit}
    )
    ${withSender()}
     ORDER BY m.created_at, m.id`);
  return result.rows;
}

/**
 * Stores the message unless its sender already stored one with this client id; answers the row
 * stored now (`created`) or the earlier one (which may be of another group: the caller checks).
 * Null only when the earlier row committed after this statement's snapshot: ask again.
 */
export async function insertGroupMessage(
  db: Executor,
  values: { groupId: string; senderId: string; message: string; clientId: string },
) {
  const result = await db.execute<GroupMessageRow & { created: boolean }>(sql`
    WITH stored AS (
      INSERT INTO group_messages (group_id, sender_id, message, client_id)
      VALUES (${values.groupId}, ${values.senderId}, ${values.message}, ${values.clientId})
      ON CONFLICT (sender_id, client_id) DO NOTHING
      RETURNING *
    ),
    m AS (
      SELECT *, true AS created FROM stored
      UNION ALL
      SELECT *, false AS created FROM group_messages
       WHERE sender_id = ${values.senderId} AND client_id = ${values.clientId}
         AND NOT EXISTS (SELECT 1 FROM stored)
    )
    ${withSender(sql`m.created,`)}`);
  const row = result.rows[0];
  return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
}

export async function findByClientId(db: Executor, senderId: string, clientId: string) {
  const result = await db.execute<GroupMessageRow>(sql`
    WITH m AS (SELECT * FROM group_messages WHERE sender_id = ${senderId} AND client_id = ${clientId})
    ${withSender()}`);
  const row = result.rows[0];
  return row ? { ...row, createdAt: new Date(row.createdAt), created: false } : null;
}

/** Marks the group's message removed (the first removal stays); false when there is none. */
export async function removeGroupMessage(
  db: Executor,
  groupId: string,
  messageId: string,
  removedBy: string,
) {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE group_messages
       SET removed_at = coalesce(removed_at, now()),
           removed_by = CASE WHEN removed_at IS NULL THEN ${removedBy}::uuid ELSE removed_by END
     WHERE id = ${messageId} AND group_id = ${groupId}
    RETURNING id`);
  return result.rows.length > 0;
}

/** What a connection's member needs for a group's access answer (read fresh: roles change). */
export async function findSocketMember(db: Executor, userId: string) {
  const result = await db.execute<{
    id: string;
    collegeId: string | null;
    batchId: string | null;
    branchId: string | null;
    userType: 'u' | 'a';
    isSuperAdmin: boolean;
  }>(sql`
    SELECT id, college_id AS "collegeId", batch_id AS "batchId", branch_id AS "branchId",
           user_type AS "userType", is_super_admin AS "isSuperAdmin"
      FROM users WHERE id = ${userId}`);
  return result.rows[0] ?? null;
}
