import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  batches,
  branches,
  colleges,
  conversations,
  listedMember,
  messages,
  users,
} from '../../db/schema';
import { containing } from '../../db/text-match';

// A pair is stored ordered (user_a < user_b, as uuids compare): PostgreSQL orders it, so ids in
// any letter case name the same row.
const pairA = (x: string | AnyPgColumn, y: string) => sql`least(${x}::uuid, ${y}::uuid)`;
const pairB = (x: string | AnyPgColumn, y: string) => sql`greatest(${x}::uuid, ${y}::uuid)`;

/** Whom a member may talk to: approved, not rejected, and in that member's college. */
export async function findChatMember(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, collegeId: users.collegeId })
    .from(users)
    .where(and(eq(users.id, userId), listedMember(users)));
  return row ?? null;
}

/**
 * The college's approved members except the viewer, one page: those the viewer has talked with
 * first (latest conversation first), then by name. `search` matches any part of the name,
 * case-insensitively (served by the pg_trgm index on lower(full_name)).
 */
export async function listChatMembers(
  db: Executor,
  query: { viewerId: string; collegeId: string; search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(users.collegeId, query.collegeId),
    ne(users.id, query.viewerId),
    listedMember(users),
    query.search ? sql`lower(${users.fullName}) LIKE ${containing(query.search)}` : undefined,
  );
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePic: users.profilePic,
      batchName: batches.batchName,
      branchName: branches.branchName,
      collegeName: colleges.name,
      hasChatted: sql<boolean>`${conversations.id} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(
      conversations,
      and(
        eq(conversations.userA, pairA(users.id, query.viewerId)),
        eq(conversations.userB, pairB(users.id, query.viewerId)),
      ),
    )
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(where)
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, users.fullName, users.id)
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findConversationId(db: Executor, x: string, y: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userA, pairA(x, y)), eq(conversations.userB, pairB(x, y))));
  return row?.id ?? null;
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  message: messages.message,
  clientId: messages.clientId,
  createdAt: messages.createdAt,
};
export type MessageRow = {
  id: string;
  conversationId: string;
  senderId: string;
  message: string;
  clientId: string | null;
  createdAt: Date;
};

/**
 * The latest `limit` messages of a conversation (or those before the message `before`), oldest
 * first. (created_at, id) is the order everywhere, and the index.
 */
export async function listMessages(
  db: Executor,
  conversationId: string,
  limit: number,
  before?: string,
): Promise<MessageRow[]> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (before)
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (SELECT m.created_at, m.id FROM ${messages} m WHERE m.id = ${before} AND m.conversation_id = ${conversationId})`,
    );
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessageByClientId(db: Executor, senderId: string, clientId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ?? null;
}

/**
 * Stores a message in one statement, so it is atomic without a transaction and costs one round
 * trip: only if the receiver is an approved member of `collegeId`, the pair's conversation is
 * created on its first message (or its last_message_at moved on), then the message is inserted.
 * The conversation upsert takes the row lock first, so the messages of one conversation are
 * stored one after another and their clock_timestamp() times follow the order they commit in.
 * Null when nothing was stored: the receiver may not be talked to, or the sender already stored
 * a message with this client id (a retry; the conversation is then left as it was).
 */
export async function storeMessage(
  db: Executor,
  values: {
    collegeId: string;
    senderId: string;
    receiverId: string;
    message: string;
    clientId: string | null;
  },
): Promise<MessageRow | null> {
  const { collegeId, senderId, receiverId, message, clientId } = values;
  const result = await db.execute<{
    id: string;
    conversation_id: string;
    sender_id: string;
    message: string;
    client_id: string | null;
    created_at: Date;
  }>(sql`
    WITH receiver AS (
      SELECT id FROM ${users}
      WHERE id = ${receiverId}::uuid AND college_id = ${collegeId}::uuid
        AND ${listedMember(users)}
    ),
    conversation AS (
      INSERT INTO ${conversations} (college_id, user_a, user_b, last_message_at)
      SELECT ${collegeId}::uuid, ${pairA(senderId, receiverId)}, ${pairB(senderId, receiverId)}, clock_timestamp()
      FROM receiver
      WHERE NOT EXISTS (
        SELECT 1 FROM ${messages} WHERE sender_id = ${senderId}::uuid AND client_id = ${clientId}::text
      )
      ON CONFLICT (user_a, user_b) DO UPDATE SET last_message_at = clock_timestamp()
      RETURNING id
    )
    INSERT INTO ${messages} (conversation_id, sender_id, message, client_id, created_at)
    SELECT id, ${senderId}::uuid, ${message}::text, ${clientId}::text, clock_timestamp()
    FROM conversation
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING id, conversation_id, sender_id, message, client_id, created_at`);
  const row = result.rows[0];
  return row
    ? {
        id: row.id,
        conversationId: row.conversation_id,
        senderId: row.sender_id,
        message: row.message,
        clientId: row.client_id,
        createdAt: new Date(row.created_at),
      }
    : null;
}
