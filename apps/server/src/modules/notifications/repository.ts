import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_ACTORS_SHOWN,
  NOTIFICATION_KINDS,
  type EmailChoice,
  type NotificationKind,
  type NotificationPreference,
  type NotificationTargetType,
} from '@alumnet/contract';
import { count, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { adminAlumniWhere } from '../dashboard';

/** Where a notification points: one row groups one kind of event on one target while unread. */
export interface Target {
  type: NotificationTargetType;
  id: string;
}

/** A notification row with its latest actors, as the list and the socket present it. */
export interface NotificationRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  count: number;
  targetType: NotificationTargetType;
  targetId: string;
  detail: string | null;
  /** ISO 8601 in UTC with microseconds: the list's keyset key. */
  updatedAt: string;
  readAt: string | null;
  actors: { id: string; fullName: string; profilePic: string | null }[];
}

/** Keyset position: the last row of the previous page. */
export interface ListPosition {
  updatedAt: string;
  id: string;
}

const isoUtc = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

// Kinds shown in the app unless the member turned them off; the default decides for a kind the
// member never touched.
const KINDS_OFF_IN_APP_BY_DEFAULT = NOTIFICATION_KINDS.filter(
  (kind) => !DEFAULT_NOTIFICATION_PREFERENCES[kind].inApp,
);

/** "notification n (aliased `n`) is shown in its member's app": their preference or the default. */
const shownInAppOf = (n: SQL) => sql`coalesce(
  (SELECT p.in_app FROM notification_preferences p WHERE p.user_id = ${n}.user_id AND p.kind = ${n}.kind),
  ${n}.kind <> ALL(${`{${KINDS_OFF_IN_APP_BY_DEFAULT.join(',')}}`}::text[]))`;
const shownInApp = shownInAppOf(sql`n`);

const rowColumns = sql`
  n.id, n.kind, n.count, n.target_type AS "targetType", n.target_id AS "targetId", n.detail,
  ${isoUtc(sql`n.updated_at`)} AS "updatedAt",
  CASE WHEN n.read_at IS NULL THEN NULL ELSE ${isoUtc(sql`n.read_at`)} END AS "readAt",
  (SELECT coalesce(json_agg(x ORDER BY x.at DESC), '[]')
     FROM (SELECT u.id, u.full_name AS "fullName", u.profile_pic AS "profilePic", a.at
             FROM notification_actors a JOIN users u ON u.id = a.actor_id
            WHERE a.notification_id = n.id
            ORDER BY a.at DESC
            LIMIT ${NOTIFICATION_ACTORS_SHOWN}) x) AS actors`;

/** One page of a member's notifications shown in the app, newest event first. */
export async function listNotifications(
  db: Executor,
  userId: string,
  after: ListPosition | null,
  limit: number,
) {
  const result = await db.execute<NotificationRow>(sql`
    SELECT ${rowColumns}
      FROM notifications n
     WHERE n.user_id = ${userId} AND ${shownInApp}
       ${after ? sql`AND (n.updated_at, n.id) < (${after.updatedAt}::timestamptz, ${after.id}::uuid)` : sql``}
     ORDER BY n.updated_at DESC, n.id DESC
     LIMIT ${limit}`);
  return result.rows;
}

/** How many of the member's notifications shown in the app are unread. */
export async function countUnread(db: Executor, userId: string) {
  const result = await db.execute<{ unread: number }>(sql`
    SELECT count(*)::int AS unread FROM notifications n
     WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${shownInApp}`);
  return result.rows[0]?.unread ?? 0;
}

/**
 * The member's unread count and, if shown in their app, one notification of theirs: what a push
 * carries, in one round trip.
 */
export async function unreadWithOne(db: Executor, userId: string, notificationId: string | null) {
  const result = await db.execute<{ unread: number; row: NotificationRow | null }>(sql`
    SELECT (SELECT count(*)::int FROM notifications n
             WHERE n.user_id = ${userId} AND n.read_at IS NULL AND ${shownInApp}) AS unread,
           (SELECT row_to_json(r) FROM (SELECT ${rowColumns} FROM notifications n
             WHERE n.id = ${notificationId} AND n.user_id = ${userId} AND ${shownInApp}) r) AS row`);
  const first = result.rows[0];
  return { unread: first?.unread ?? 0, row: first?.row ?? null };
}

/** Marks read those of `ids` that are the member's own; answers how many changed. */
export async function markRead(db: Executor, userId: string, ids: readonly string[] | 'all') {
  const which = ids === 'all' ? sql`` : sql`AND id = ANY(${`{${ids.join(',')}}`}::uuid[])`;
  if (ids !== 'all' && ids.length === 0) return 0;
  const result = await db.execute(sql`
    UPDATE notifications SET read_at = now()
     WHERE user_id = ${userId} AND read_at IS NULL ${which}`);
  return result.rowCount ?? 0;
}

/** One event for several recipients: who did it (null for a summary), and what it said. */
export interface NotificationEvent {
  recipientIds: readonly string[];
  kind: NotificationKind;
  target: Target;
  actorId: string | null;
  detail: string | null;
  /** Events this one stands for (a summary's count replaces the row's; otherwise it adds). */
  count?: number;
  /** A summary (signups_waiting) says how many wait now, rather than adding to the count. */
  replaceCount?: boolean;
}

/**
 * Adds the event to each recipient's unread row of that kind and target (a new row if there is
 * none), and puts its actor first among the row's actors, in one statement. Answers each row
 * touched as it stands after this event, with its recipient (recordedRow reads each). The
 * actors are read from the statement's snapshot (before this event) with the event's actor put
 * first, so each push names the actor of its own event even when others commit meanwhile.
 */
export async function recordEvent(db: Executor, event: NotificationEvent) {
  if (event.recipientIds.length === 0) return [];
  const recipients = `{${event.recipientIds.join(',')}}`;
  const result = await db.execute<RecordedRow>(sql`
    WITH ${recordEventCtes(event, sql`SELECT unnest(${recipients}::uuid[])`)}
    SELECT * FROM recorded`);
  return result.rows;
}

type Actor = NotificationRow['actors'][number];

/** A row of `recorded` (recordEventCtes): the recipient, the row, its actors before this event. */
export interface RecordedRow
  extends
    Record<string, unknown>,
    Pick<
      NotificationRow,
      'id' | 'kind' | 'count' | 'targetType' | 'targetId' | 'detail' | 'updatedAt'
    > {
  userId: string;
  readAt: null;
  earlier: Actor[];
  actor: Actor | null;
}

/**
 * recordEvent's work as common table expressions, for a statement that finds its recipients
 * itself: `recipients` is a query answering one uuid column. Defines `name` (read with
 * recordedRow), and `name`_touched and `name`_actor for its own use. A like tells its post's
 * author in the statement that adds it (posts/repository.ts), so the embedded database, which
 * runs one transaction at a time, never waits on the app between a like and its notification.
 */
export function recordEventCtes(
  event: Omit<NotificationEvent, 'recipientIds'>,
  recipients: SQL,
  name = 'recorded',
) {
  const count = event.count ?? 1;
  const actorId = event.actorId;
  // Names of the statement's own making (never input): one statement may record two events.
  const recorded = sql.raw(name);
  const touched = sql.raw(`${name}_touched`);
  return sql`
    ${touched} AS (
      INSERT INTO notifications AS n (user_id, kind, target_type, target_id, count, detail)
      SELECT rcpt.r, ${event.kind}, ${event.target.type}, ${event.target.id}, ${count}, ${event.detail}
        FROM (${recipients}) AS rcpt(r)
      ON CONFLICT (user_id, kind, target_type, target_id) WHERE read_at IS NULL
      DO UPDATE SET count = ${event.replaceCount ? sql`excluded.count` : sql`n.count + excluded.count`},
                    detail = coalesce(excluded.detail, n.detail),
                    updated_at = now()
      RETURNING n.*
    ),
    ${sql.raw(`${name}_actor`)} AS (
      INSERT INTO notification_actors (notification_id, actor_id, at)
      SELECT id, ${actorId}::uuid, now() FROM ${touched} WHERE ${actorId}::uuid IS NOT NULL
      ON CONFLICT (notification_id, actor_id) DO UPDATE SET at = excluded.at
    ),
    ${recorded} AS (
      SELECT n.id, n.user_id AS "userId", n.kind, n.count, n.target_type AS "targetType",
             n.target_id AS "targetId", n.detail, ${isoUtc(sql`n.updated_at`)} AS "updatedAt",
             NULL AS "readAt",
             (SELECT coalesce(json_agg(x ORDER BY x.at DESC), '[]')
                FROM (SELECT u.id, u.full_name AS "fullName", u.profile_pic AS "profilePic", a.at
                        FROM notification_actors a JOIN users u ON u.id = a.actor_id
                       WHERE a.notification_id = n.id
                         AND a.actor_id IS DISTINCT FROM ${actorId}::uuid
                       ORDER BY a.at DESC
                       LIMIT ${NOTIFICATION_ACTORS_SHOWN}) x) AS earlier,
             (SELECT json_build_object('id', u.id, 'fullName', u.full_name,
                                       'profilePic', u.profile_pic)
                FROM users u WHERE u.id = ${actorId}::uuid) AS actor
        FROM ${touched} n
    )`;
}

/** A row `recorded` answered, as the list shows it, with the event's actor first. */
export function recordedRow({ userId: _, earlier, actor, ...row }: RecordedRow): NotificationRow {
  return {
    ...row,
    actors: (actor ? [actor, ...earlier] : earlier)
      .slice(0, NOTIFICATION_ACTORS_SHOWN)
      .map(({ id, fullName, profilePic }) => ({ id, fullName, profilePic })),
  };
}

/**
 * Each recipient's unread count, and whether their preferences show the kind in the app, in one
 * statement: a comment on a busy post tells dozens of members at once, and a query each queued
 * them all for the pool at the same moment.
 */
export async function unreadAndShownOf(
  db: Executor,
  recipients: readonly { userId: string; kind: NotificationKind }[],
) {
  const found = new Map<string, { unread: number; shown: boolean }>();
  if (recipients.length === 0) return found;
  const result = await db.execute<{ userId: string; unread: number; shown: boolean }>(sql`
    SELECT n.user_id AS "userId",
           (SELECT count(*)::int FROM notifications u
             WHERE u.user_id = n.user_id AND u.read_at IS NULL
               AND ${shownInAppOf(sql`u`)}) AS unread,
           ${shownInApp} AS shown
      FROM unnest(${`{${recipients.map((r) => r.userId).join(',')}}`}::uuid[],
                  ${`{${recipients.map((r) => r.kind).join(',')}}`}::text[]) AS n(user_id, kind)`);
  for (const row of result.rows) found.set(row.userId, { unread: row.unread, shown: row.shown });
  return found;
}

/**
 * Takes an actor's event back from the recipient's unread row (a like withdrawn): the actor goes,
 * the count drops, and a row left at 0 is deleted. Answers the row if one was touched and whether
 * it is gone.
 */
export async function withdrawEvent(
  db: Executor,
  event: { recipientId: string; kind: NotificationKind; target: Target; actorId: string },
) {
  const result = await db.execute<Withdrawn>(sql`
    WITH ${withdrawEventCtes(event, sql`${event.recipientId}::uuid`, sql`true`)}
    SELECT * FROM withdrawn`);
  return result.rows[0] ?? null;
}

/** The row an actor's event was taken from (`withdrawn`); `deleted` when nothing was left in it. */
export interface Withdrawn extends Record<string, unknown> {
  id: string;
  userId: string;
  deleted: boolean;
}

/**
 * What a statement that toggles a like and tells of it in the same go answers (a post's or a
 * job's): the likes after it, the viewer's, and the notification recorded (`recordEventCtes`)
 * or taken back (`withdrawEventCtes`), for `recordedBy`.
 */
export interface ToggledLikeRow extends Record<string, unknown> {
  likesCount: number;
  likedByMe: boolean;
  recorded: RecordedRow[] | null;
  withdrawn: Withdrawn | null;
}

/**
 * withdrawEvent as common table expressions (see recordEventCtes): takes the actor off the
 * recipient's unread row of that kind and target, when `when` holds, and counts it one less, or
 * deletes the row if that was its last event. Defines `withdrawn`. The count conditions stand on
 * the rows themselves, so a concurrent event that raised the count meanwhile keeps the row.
 */
export function withdrawEventCtes(
  event: { kind: NotificationKind; target: Target; actorId: string },
  recipient: SQL,
  when: SQL,
) {
  return sql`
    gone AS (
      DELETE FROM notification_actors a
       USING notifications n
       WHERE ${when} AND a.notification_id = n.id AND a.actor_id = ${event.actorId}
         AND n.user_id = ${recipient} AND n.user_id <> ${event.actorId}
         AND n.kind = ${event.kind}
         AND n.target_type = ${event.target.type} AND n.target_id = ${event.target.id}
         AND n.read_at IS NULL
      RETURNING a.notification_id AS id, n.user_id, n.count
    ),
    lessened AS (
      UPDATE notifications SET count = count - 1
       WHERE id IN (SELECT id FROM gone WHERE count > 1) AND count > 1
      RETURNING id
    ),
    emptied AS (
      DELETE FROM notifications
       WHERE id IN (SELECT id FROM gone WHERE count <= 1) AND count <= 1
      RETURNING id
    ),
    withdrawn AS (
      SELECT g.id, g.user_id AS "userId", g.id IN (SELECT id FROM emptied) AS deleted FROM gone g
    )`;
}

export type StoredPreference = {
  userId: string;
  kind: string;
  inApp: boolean;
  email: string;
};

export async function storedPreferences(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const result = await db.execute<StoredPreference>(sql`
    SELECT user_id AS "userId", kind, in_app AS "inApp", email
      FROM notification_preferences
     WHERE user_id = ANY(${`{${userIds.join(',')}}`}::uuid[])`);
  return result.rows;
}

export async function savePreferences(
  db: Executor,
  userId: string,
  preferences: [NotificationKind, NotificationPreference][],
) {
  if (preferences.length === 0) return;
  const values = preferences.map(
    ([kind, p]) => sql`(${userId}::uuid, ${kind}, ${p.inApp}, ${p.email satisfies EmailChoice})`,
  );
  await db.execute(sql`
    INSERT INTO notification_preferences (user_id, kind, in_app, email)
    VALUES ${sql.join(values, sql`, `)}
    ON CONFLICT (user_id, kind) DO UPDATE SET in_app = excluded.in_app, email = excluded.email`);
}

/** Each college's approved admins (those a sign-ups summary goes to). */
export async function collegeAdmins(db: Executor) {
  const result = await db.execute<{ collegeId: string; adminIds: string[] }>(sql`
    SELECT college_id AS "collegeId", array_agg(id ORDER BY id)::text[] AS "adminIds"
      FROM users
     WHERE user_type = 'a' AND college_id IS NOT NULL AND is_approved AND NOT is_rejected
     GROUP BY college_id`);
  return result.rows;
}

/** How many of a college's sign-ups wait for approval: the admin dashboard's own filter. */
export async function countWaitingSignups(db: Executor, collegeId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(adminAlumniWhere(collegeId, { isApproved: false, isRegistered: true }));
  return row?.n ?? 0;
}

/** Whether the admin was already told of this college's sign-ups since `since`. */
export async function summarizedSince(
  db: Executor,
  adminIds: readonly string[],
  since: Date,
): Promise<Set<string>> {
  if (adminIds.length === 0) return new Set();
  const result = await db.execute<{ key: string }>(sql`
    SELECT user_id || '|' || target_id AS key FROM notifications
     WHERE kind = 'signups_waiting' AND user_id = ANY(${`{${adminIds.join(',')}}`}::uuid[])
       AND updated_at >= ${since.toISOString()}::timestamptz`);
  return new Set(result.rows.map((r) => r.key));
}

/** Unread sign-up summaries of a college whose sign-ups were all dealt with: stale, so gone. */
export async function dropUnreadSummaries(
  db: Executor,
  adminIds: readonly string[],
  collegeId: string,
) {
  if (adminIds.length === 0) return;
  await db.execute(sql`
    DELETE FROM notifications
     WHERE kind = 'signups_waiting' AND target_type = 'college' AND target_id = ${collegeId}
       AND read_at IS NULL AND user_id = ANY(${`{${adminIds.join(',')}}`}::uuid[])`);
}

/** Every notification about a target that is gone (a deleted job): its links would lead nowhere. */
export async function deleteAbout(db: Executor, target: Target) {
  await db.execute(sql`
    DELETE FROM notifications WHERE target_type = ${target.type} AND target_id = ${target.id}`);
}
