import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_HOUR,
  MESSAGE_EMAIL_DELAY_MINUTES,
  MESSAGE_EMAIL_INTERVAL_MINUTES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationTargetType,
} from '@alumnet/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { notSuppressed } from '../suppressions';

/**
 * The e-mail choice of each (member, kind): the member's own row, else the default. `p` and `d`
 * must be joined as below; members who never chose have no rows at all.
 */
const defaults = sql`(VALUES ${sql.join(
  NOTIFICATION_KINDS.map(
    (k) => sql`(${k}::text, ${DEFAULT_NOTIFICATION_PREFERENCES[k].email}::text)`,
  ),
  sql`, `,
)}) AS d(kind, email)`;
const choiceJoins = sql`
  JOIN ${defaults} ON d.kind = n.kind
  LEFT JOIN notification_preferences p ON p.user_id = n.user_id AND p.kind = n.kind`;
const choice = sql`coalesce(p.email, d.email)`;

/** A Postgres array literal of values that hold no quote, backslash or brace (ids, zone names). */
const arrayLiteral = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/** What an e-mail needs of a notification and its member. */
export interface MailRow extends Record<string, unknown> {
  id: string;
  userId: string;
  kind: NotificationKind;
  targetType: NotificationTargetType;
  targetId: string;
  count: number;
  detail: string | null;
  email: string;
  fullName: string;
  collegeId: string | null;
  collegeName: string;
  /** The latest few actors' names, newest first. */
  actors: string[];
  /** Which state of the row an e-mail told of (its updated_at, in µs): part of the e-mail's key. */
  version: string;
}
const mailColumns = sql`
  n.id, n.user_id AS "userId", n.kind, n.target_type AS "targetType", n.target_id AS "targetId",
  n.count, n.detail, u.email, u.full_name AS "fullName", u.college_id AS "collegeId",
  coalesce(c.name, 'Alumnet') AS "collegeName",
  (extract(epoch FROM n.updated_at) * 1000000)::bigint::text AS version,
  ARRAY(SELECT ua.full_name FROM notification_actors na JOIN users ua ON ua.id = na.actor_id
         WHERE na.notification_id = n.id ORDER BY na.at DESC LIMIT 3) AS actors`;

/**
 * A notification not yet told by e-mail: never e-mailed, or grouped with more events since (an
 * unread row takes later likes, comments, messages; `emailed_at` is the last e-mail's time).
 */
const untold = sql`(n.emailed_at IS NULL OR n.updated_at > n.emailed_at)`;

/**
 * Notifications to e-mail at once, oldest first, locked for the caller's transaction (others
 * skip them). A chat message waits until it has been unread MESSAGE_EMAIL_DELAY_MINUTES, and a
 * conversation e-mailed in the last MESSAGE_EMAIL_INTERVAL_MINUTES (this row or an earlier, read
 * one) waits. Only what happened in the last day: a member who turns e-mail on is not sent their
 * whole backlog.
 */
export async function instantDue(tx: Executor, now: Date, limit: number) {
  const at = now.toISOString();
  const result = await tx.execute<MailRow>(sql`
    SELECT ${mailColumns}
      FROM notifications n
      JOIN users u ON u.id = n.user_id
      LEFT JOIN colleges c ON c.id = u.college_id
      ${choiceJoins}
     WHERE n.read_at IS NULL AND ${untold} AND NOT u.is_rejected
       AND n.updated_at > ${at}::timestamptz - interval '1 day'
       AND ${choice} = 'instant'
       AND (n.kind <> 'chat_message' OR (
             -- The first unread message (or, once e-mailed, the latest) has waited long enough.
             (CASE WHEN n.emailed_at IS NULL THEN n.created_at ELSE n.updated_at END)
               <= ${at}::timestamptz - make_interval(mins => ${MESSAGE_EMAIL_DELAY_MINUTES})
             AND NOT EXISTS (
               SELECT 1 FROM notifications m
                WHERE m.user_id = n.user_id AND m.kind = n.kind AND m.target_type = n.target_type
                  AND m.target_id = n.target_id
                  AND m.emailed_at > ${at}::timestamptz - make_interval(mins => ${MESSAGE_EMAIL_INTERVAL_MINUTES}))))
       AND ${notSuppressed(sql`u.email`)}
     ORDER BY n.updated_at
     LIMIT ${limit}
       FOR UPDATE OF n SKIP LOCKED`);
  return result.rows;
}

/**
 * The digest's rule, for notification `n` of member `u` whose local time is `local` in `zone`:
 * unread, not yet told by e-mail, of a kind the member wants daily (or weekly, on a Monday), and older than
 * this morning's DIGEST_HOUR, so every run in that hour sees the same set and one that arrives
 * at 8:10 waits for tomorrow's digest instead of making a second one today.
 */
const digestRule = (local: SQL, zone: SQL) => sql`
  n.read_at IS NULL AND ${untold} AND NOT u.is_rejected
  AND extract(hour FROM ${local}) = ${DIGEST_HOUR}
  AND (${choice} = 'daily' OR (${choice} = 'weekly' AND extract(isodow FROM ${local}) = 1))
  AND n.updated_at < (date_trunc('hour', ${local}) AT TIME ZONE ${zone})
  AND n.updated_at >= (date_trunc('hour', ${local}) AT TIME ZONE ${zone}) - interval '8 days'
  AND ${notSuppressed(sql`u.email`)}`;

/**
 * The zone names Postgres knows, read once per database. pg_timezone_names reads every zone's
 * file each time it is asked: 40-140 ms on the embedded database, which holds every other
 * statement meanwhile (a burst of shed calls every 15 minutes in bench:soak). The list changes
 * only with Postgres's own files, which a restart of ours goes with.
 */
const knownZones = new WeakMap<Executor, Promise<string[]>>();
function zonesPostgresKnows(db: Executor) {
  let known = knownZones.get(db);
  if (!known) {
    known = db
      .execute<{ name: string }>(sql`SELECT name FROM pg_timezone_names`)
      .then((result) => result.rows.map((row) => row.name));
    knownZones.set(db, known);
    // A failed read is asked again next time, not remembered.
    known.catch(() => knownZones.delete(db));
  }
  return known;
}

/**
 * The members whose digest is due at `now`: their own morning (their zone if Postgres knows it,
 * else their college's) is at DIGEST_HOUR and something waits for it. Sorted, with the zone each
 * was found in (a chunk then needs no look-up of zones, which is slow in Postgres). Only the
 * zones in use are looked at: each one Postgres loads stays in its memory, and PGlite's memory
 * never shrinks.
 */
export async function digestDue(db: Executor, now: Date) {
  const at = now.toISOString();
  const known = arrayLiteral(await zonesPostgresKnows(db));
  const result = await db.execute<{ userId: string; zone: string }>(sql`
    WITH zones AS MATERIALIZED (
      SELECT name, (${at}::timestamptz AT TIME ZONE name) AS local
        FROM (SELECT time_zone FROM users
              UNION SELECT time_zone FROM colleges WHERE time_zone IS NOT NULL
              UNION SELECT 'Asia/Kolkata') used(name)
       WHERE name = ANY(${known}::text[])
    ),
    members AS (
      SELECT n.user_id, z.name AS zone
        FROM notifications n
        JOIN users u ON u.id = n.user_id
        LEFT JOIN colleges c ON c.id = u.college_id
        LEFT JOIN zones own ON own.name = u.time_zone
        JOIN zones z ON z.name = coalesce(own.name, c.time_zone, 'Asia/Kolkata')
        ${choiceJoins}
       WHERE ${digestRule(sql`z.local`, sql`z.name`)}
    )
    SELECT DISTINCT user_id AS "userId", zone FROM members ORDER BY user_id`);
  return result.rows;
}

export interface DigestRow extends MailRow {
  /** The member's local date (yyyy-mm-dd): the digest's idempotency key holds it. */
  day: string;
  weekly: boolean;
}

/**
 * The notifications of these members' digests, newest first per member, locked for the caller's
 * transaction. Rows another transaction holds are waited for, not skipped (a digest must not go
 * out without some of its lines); once that one commits they are re-read, and told ones drop out.
 */
export async function digestRows(
  tx: Executor,
  at: string,
  members: readonly { userId: string; zone: string }[],
) {
  if (members.length === 0) return [];
  const ids = arrayLiteral(members.map((m) => m.userId));
  const zones = arrayLiteral(members.map((m) => m.zone));
  const result = await tx.execute<DigestRow>(sql`
    WITH m AS (
      SELECT user_id, zone, (${at}::timestamptz AT TIME ZONE zone) AS local
        FROM unnest(${ids}::uuid[], ${zones}::text[]) AS t(user_id, zone)
    )
    SELECT ${mailColumns}, to_char(m.local, 'YYYY-MM-DD') AS day,
           extract(isodow FROM m.local) = 1 AS weekly
      FROM m
      JOIN notifications n ON n.user_id = m.user_id
      JOIN users u ON u.id = m.user_id
      LEFT JOIN colleges c ON c.id = u.college_id
      ${choiceJoins}
     WHERE ${digestRule(sql`m.local`, sql`m.zone`)}
     ORDER BY n.user_id, n.updated_at DESC
       FOR UPDATE OF n`);
  return result.rows;
}

/** The rows are the caller's (locked by its pick): their e-mail is written, or claimed. */
export const markEmailed = async (tx: Executor, ids: readonly string[], at: Date) => {
  if (ids.length > 0)
    await tx
      .update(notifications)
      .set({ emailedAt: at })
      .where(inArray(notifications.id, [...ids]));
};

/** A send that failed: its notifications wait for the next run (as never e-mailed). */
export const unmarkEmailed = async (db: Executor, ids: readonly string[], at: Date) => {
  if (ids.length > 0)
    await db
      .update(notifications)
      .set({ emailedAt: null })
      .where(and(inArray(notifications.id, [...ids]), eq(notifications.emailedAt, at)));
};

/**
 * Turns e-mail off for these kinds of the member's, keeping what they chose for the app (a kind
 * never chosen keeps its default). A member who no longer exists changes nothing.
 */
export async function turnEmailOff(
  tx: Executor,
  userId: string,
  kinds: readonly NotificationKind[],
) {
  if (kinds.length === 0) return;
  const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!member) return;
  await tx
    .insert(notificationPreferences)
    .values(
      kinds.map((kind) => ({
        userId,
        kind,
        inApp: DEFAULT_NOTIFICATION_PREFERENCES[kind].inApp,
        email: 'off',
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: 'off' },
    });
}

/** The member's stored e-mail choices (kinds never chosen are absent). */
export const storedEmailChoices = (db: Executor, userId: string) =>
  db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
