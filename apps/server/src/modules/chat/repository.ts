import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { nameOf } from '../../db/name-of';
import {
  batches,
  branches,
  colleges,
  conversations,
  directoryMember,
  listedMember,
  listedMembersOf,
  messages,
  notificationActors,
  notifications,
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
  query: {
    viewerId: string;
    collegeId: string;
    search?: string;
    /** Just this member (if listed for the viewer). */
    memberId?: string;
    limit: number;
    offset: number;
  },
) {
  if (!query.search && !query.memberId) return listChatPage(db, query);
  // A member who chose not to be listed (issue 30) is never found by a search; in the list they
  // stay only for those who already have a conversation with them. Asked for by id (a link from
  // a group's members, a notification), they are still there to talk to.
  const where = and(
    eq(users.collegeId, query.collegeId),
    ne(users.id, query.viewerId),
    query.search
      ? directoryMember(users)
      : query.memberId
        ? listedMember(users)
        : sql`${listedMember(users)} AND (${users.listed} OR EXISTS (
          SELECT 1 FROM ${conversations} had
           WHERE had.user_a = ${pairA(users.id, query.viewerId)}
             AND had.user_b = ${pairB(users.id, query.viewerId)}))`,
    query.memberId ? eq(users.id, query.memberId) : undefined,
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

/**
 * The chat page's list without a search, as listChatMembers orders it, in two short walks rather
 * than a sort of the whole college: the viewer's own conversations (a handful, by the pair's
 * indexes), then the listed members by name along users_directory_name_idx, skipping those
 * already shown, stopping after the page. Sorting every member of a 20,000-member college for
 * each call took 150 ms of the database and capped the whole portal (bench:soak, issue 32).
 */
/** A member as the chat page's list shows them. */
export type ChatMemberRow = {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string;
  profilePic: string | null;
  batchName: string | null;
  branchName: string | null;
  collegeName: string | null;
  hasChatted: boolean;
};

// directoryMember's test on `users` aliased u: users_directory_name_idx's own predicate.
const listedU = sql`u.is_approved AND NOT u.is_rejected AND u.listed`;

/**
 * The college's listed members but the viewer: the stored count (listedMembersOf), less one if
 * the viewer is listed. Counting them each time read every listed member's index entry.
 */
const listedOthers = (viewerId: string, collegeId: string) =>
  sql`(${listedMembersOf(collegeId)}
       - (SELECT count(*) FROM ${users} u
           WHERE u.id = ${viewerId} AND u.college_id = ${collegeId} AND ${listedU}))`;

async function listChatPage(
  db: Executor,
  query: { viewerId: string; collegeId: string; limit: number; offset: number },
) {
  const { viewerId, collegeId, limit, offset } = query;
  const upTo = offset + limit;
  const result = await db.execute<ChatMemberRow & { total: number }>(sql`
    WITH chatted AS MATERIALIZED (
      SELECT u.id, u.full_name, u.listed, c.last_message_at AS at
        FROM ${conversations} c
        JOIN ${users} u
          ON u.id = CASE WHEN c.user_a = ${viewerId}::uuid THEN c.user_b ELSE c.user_a END
       WHERE (c.user_a = ${viewerId}::uuid OR c.user_b = ${viewerId}::uuid)
         AND u.college_id = ${collegeId} AND u.is_approved AND NOT u.is_rejected
    ),
    page AS (
      (SELECT id, 0 AS part, at, full_name FROM chatted
        ORDER BY at DESC NULLS LAST, full_name, id LIMIT ${upTo})
      UNION ALL
      (SELECT u.id, 1, NULL, u.full_name FROM ${users} u
        WHERE u.college_id = ${collegeId} AND ${listedU} AND u.id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM chatted WHERE chatted.id = u.id)
        ORDER BY u.full_name, u.id LIMIT ${upTo})
    ),
    total AS (
      SELECT (SELECT count(*) FROM chatted)
           + ${listedOthers(viewerId, collegeId)}
           - (SELECT count(*) FROM chatted WHERE chatted.listed) AS n
    )
    SELECT u.id, u.full_name AS "fullName", u.first_name AS "firstName",
           u.last_name AS "lastName", u.profile_pic AS "profilePic",
           ${nameOf(batches.batchName, batches.id, sql`u.batch_id`)} AS "batchName",
           ${nameOf(branches.branchName, branches.id, sql`u.branch_id`)} AS "branchName",
           ${nameOf(colleges.name, colleges.id, sql`u.college_id`)} AS "collegeName",
           page.part = 0 AS "hasChatted",
           (SELECT n FROM total)::int AS total
      FROM page
      JOIN ${users} u ON u.id = page.id
     ORDER BY page.part, page.at DESC NULLS LAST, page.full_name, page.id
     OFFSET ${offset} LIMIT ${limit}`);
  const rows = result.rows.map(({ total: _total, ...row }) => row);
  const total =
    result.rows[0]?.total ??
    // A page past the end still answers the count.
    Number(
      (
        await db.execute<{ n: number }>(sql`
          SELECT (${listedOthers(viewerId, collegeId)})::int AS n`)
      ).rows[0]?.n ?? 0,
    );
  return { rows, total };
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
  /** The receiver's chat_message notification this message was added to (they were offline). */
  notificationId?: string | null;
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

export interface NewMessage {
  collegeId: string;
  senderId: string;
  receiverId: string;
  message: string;
  clientId: string | null;
  /** The receiver had no open connection: the message also goes to their notifications. */
  notify?: boolean;
}

interface StoredRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  message: string;
  client_id: string | null;
  created_at: Date;
  notification_id: string | null;
}

/**
 * The text of storeMessages' statement (parameters $1-$7: ids, college ids, senders, receivers,
 * texts, client ids, whether to notify the receiver), rendered from Drizzle's schema once: rebuilding and rendering the SQL
 * object on every batch was a third of what the server allocated per chat message (bench:chat,
 * a sampling heap profile), which the young-generation collector then had to sweep.
 */
const storeStatement = new PgDialect().sqlToQuery(sql`
    WITH input AS (
      SELECT * FROM unnest(${sql.placeholder('ids')}::uuid[],
                           ${sql.placeholder('collegeIds')}::uuid[],
                           ${sql.placeholder('senderIds')}::uuid[],
                           ${sql.placeholder('receiverIds')}::uuid[],
                           ${sql.placeholder('texts')}::text[],
                           ${sql.placeholder('clientIds')}::text[],
                           ${sql.placeholder('notify')}::boolean[])
             WITH ORDINALITY AS i(id, college_id, sender_id, receiver_id, message, client_id,
                                  notify, ord)
    ),
    accepted AS (
      SELECT i.*, pair.user_a, pair.user_b,
             row_number() OVER (PARTITION BY pair.user_a, pair.user_b ORDER BY i.ord)::int AS nth,
             count(*) OVER (PARTITION BY pair.user_a, pair.user_b)::int AS in_batch
        FROM input i
        JOIN ${users} ON ${users.id} = i.receiver_id AND ${users.collegeId} = i.college_id
                     AND ${listedMember(users)}
        CROSS JOIN LATERAL (SELECT least(i.sender_id, i.receiver_id) AS user_a,
                                   greatest(i.sender_id, i.receiver_id) AS user_b) pair
       WHERE NOT EXISTS (
         SELECT 1 FROM ${messages} m WHERE m.sender_id = i.sender_id AND m.client_id = i.client_id
       )
    ),
    conversation AS (
      INSERT INTO ${conversations} AS c (college_id, user_a, user_b, last_message_at)
      SELECT DISTINCT ON (user_a, user_b) college_id, user_a, user_b,
             clock_timestamp() + (in_batch - 1) * interval '1 microsecond'
        FROM accepted
       ORDER BY user_a, user_b
      ON CONFLICT (user_a, user_b) DO UPDATE SET last_message_at = greatest(
        excluded.last_message_at,
        c.last_message_at + (SELECT a.in_batch FROM accepted a
                              WHERE a.user_a = excluded.user_a AND a.user_b = excluded.user_b
                              LIMIT 1) * interval '1 microsecond')
      RETURNING c.id, c.user_a, c.user_b, c.last_message_at
    ),
    stored AS (
      INSERT INTO ${messages} (id, conversation_id, sender_id, message, client_id, created_at)
      SELECT a.id, c.id, a.sender_id, a.message, a.client_id,
             c.last_message_at - (a.in_batch - a.nth) * interval '1 microsecond'
        FROM accepted a
        JOIN conversation c ON c.user_a = a.user_a AND c.user_b = a.user_b
       ORDER BY a.ord
      ON CONFLICT (sender_id, client_id) DO NOTHING
      RETURNING id, conversation_id, sender_id, message, client_id, created_at
    ),
    -- A receiver with no open connection hears of the messages in their notifications, grouped
    -- per sender while unread, in the same statement (so in the same commit) as the messages.
    notified AS (
      INSERT INTO ${notifications} AS n (user_id, kind, target_type, target_id, count, detail)
      SELECT i.receiver_id, 'chat_message', 'conversation', s.sender_id, count(*)::int,
             left((array_agg(s.message ORDER BY s.created_at DESC))[1], 140)
        FROM stored s JOIN input i ON i.id = s.id
       WHERE i.notify
       GROUP BY i.receiver_id, s.sender_id
      ON CONFLICT (user_id, kind, target_type, target_id) WHERE read_at IS NULL
      DO UPDATE SET count = n.count + excluded.count, detail = excluded.detail, updated_at = now()
      RETURNING n.id, n.user_id, n.target_id
    ),
    noted AS (
      INSERT INTO ${notificationActors} (notification_id, actor_id, at)
      SELECT id, target_id, now() FROM notified
      ON CONFLICT (notification_id, actor_id) DO UPDATE SET at = excluded.at
    )
    SELECT s.*, nt.id AS notification_id
      FROM stored s JOIN input i ON i.id = s.id
      LEFT JOIN notified nt ON i.notify AND nt.user_id = i.receiver_id
                           AND nt.target_id = s.sender_id`);
// The values are passed by position: the statement must hold these seven parameters and no others.
if (storeStatement.params.length !== 7) throw new Error('storeMessages: unexpected parameters');
const STORE_MESSAGES = storeStatement.sql;

/**
 * Stores messages from many senders in one statement, so a batch costs one round trip and one
 * commit and is atomic without a transaction. For each item, in the order given: only if the
 * receiver is an approved member of the item's college and the sender has stored nothing with
 * this client id, the pair's conversation is created (or its last_message_at moved on), then the
 * message is inserted. Answers one row per item, in order; null where nothing was stored (the
 * receiver may not be talked to, or it is a retry of a client id).
 *
 * Order within a conversation: the upsert takes the conversation's row lock before its messages
 * are inserted, so batches touching one conversation (on any process) commit one after another,
 * and each sees the last one's last_message_at. A conversation's k messages in a batch get the
 * k microseconds ending at its new last_message_at, which is at least now and at least one
 * microsecond per message past the previous last_message_at: created_at then follows the order
 * items were given in, within a batch and across batches, whatever the clocks of the processes.
 * Conversations are locked in (user_a, user_b) order so two batches cannot deadlock on them.
 *
 * An item repeating an earlier item's (sender, client id) in the same batch is not sent: it
 * answers null, as a retry does, and the caller finds the first one's message.
 */
export async function storeMessages(
  db: Database,
  items: readonly NewMessage[],
): Promise<(MessageRow | null)[]> {
  // Column by column, each array one parameter; an item repeating an earlier item's (sender,
  // client id) keeps its id (it answers null) but is not sent.
  const ids: string[] = [];
  const sentIds: string[] = [];
  const collegeIds: string[] = [];
  const senderIds: string[] = [];
  const receiverIds: string[] = [];
  const texts: string[] = [];
  const clientIds: (string | null)[] = [];
  const notify: boolean[] = [];
  const firstOfKey = items.length > 1 ? new Set<string>() : undefined;
  for (const item of items) {
    const id = randomUUID();
    ids.push(id);
    if (firstOfKey && item.clientId !== null) {
      const key = `${item.senderId}|${item.clientId}`;
      if (firstOfKey.has(key)) continue;
      firstOfKey.add(key);
    }
    sentIds.push(id);
    collegeIds.push(item.collegeId);
    senderIds.push(item.senderId);
    receiverIds.push(item.receiverId);
    texts.push(item.message);
    clientIds.push(item.clientId);
    notify.push(item.notify ?? false);
  }
  const result = await db.$client.query<StoredRow>(STORE_MESSAGES, [
    sentIds,
    collegeIds,
    senderIds,
    receiverIds,
    texts,
    clientIds,
    notify,
  ]);
  const stored = new Map<string, StoredRow>();
  for (const row of result.rows) stored.set(row.id, row);
  return ids.map((id) => {
    const row = stored.get(id);
    return row
      ? {
          id: row.id,
          conversationId: row.conversation_id,
          senderId: row.sender_id,
          message: row.message,
          clientId: row.client_id,
          createdAt: row.created_at,
          notificationId: row.notification_id,
        }
      : null;
  });
}
