import type { EventAudienceLevel, RsvpStatus } from '@alumnet/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { colleges, eventRsvps, events, users } from '../../db/schema';
import { audienceIncludes, audienceMember, audienceMemberRow } from '../../lib/audience';
import type { SessionUser } from '../auth/repository';
import { notSuppressed } from '../suppressions';

export type EventRow = typeof events.$inferSelect;
export type EventFields = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type Viewer = Pick<
  SessionUser,
  'id' | 'collegeId' | 'batchId' | 'branchId' | 'userType' | 'isSuperAdmin'
>;

const e = alias(events, 'e');

/**
 * Event e is one the viewer may open: super admins any, a college's admins every event of their
 * college (they run them all), everyone else by the one audience rule.
 */
const openableBy = (viewer: Viewer): SQL =>
  viewer.isSuperAdmin
    ? sql`true`
    : viewer.userType === 'a'
      ? sql`e.college_id = ${viewer.collegeId}`
      : audienceIncludes('e', audienceMember(viewer));

/** The same, for lists: only the viewer's own college, super admins included. */
const listedFor = (viewer: Viewer): SQL =>
  viewer.userType === 'a' || viewer.isSuperAdmin
    ? sql`e.college_id = ${viewer.collegeId}`
    : audienceIncludes('e', audienceMember(viewer));

/** A live group's organiser: organises the events of that group. */
const organisesGroupOf = (userId: string) => sql`(e.access_level = 'group' AND EXISTS (
  SELECT 1 FROM group_members gm JOIN groups g ON g.id = gm.group_id
   WHERE gm.group_id = e.access_level_id AND g.college_id = e.college_id
     AND g.archived_at IS NULL AND gm.user_id = ${userId}
     AND gm.status = 'approved' AND gm.role = 'organiser'))`;

/** Who may edit, cancel, see the attendees of and check in at event e. */
const organisedBy = (viewer: Viewer): SQL =>
  viewer.isSuperAdmin
    ? sql`true`
    : viewer.userType === 'a'
      ? sql`(e.college_id = ${viewer.collegeId} OR ${organisesGroupOf(viewer.id)})`
      : organisesGroupOf(viewer.id);

/** The college's, batch's, branch's or group's name that event e is shared with. */
const audienceName = sql<string>`coalesce(CASE e.access_level
  WHEN 'college' THEN (SELECT c.name FROM colleges c WHERE c.id = e.access_level_id)
  WHEN 'batch' THEN (SELECT b.batch_name FROM batches b WHERE b.id = e.access_level_id)
  WHEN 'branch' THEN (SELECT b.branch_name FROM branches b WHERE b.id = e.access_level_id)
  WHEN 'group' THEN (SELECT g.group_name FROM groups g WHERE g.id = e.access_level_id)
  END, '')`;

export interface EventAccessRow {
  event: EventRow;
  mayOrganise: boolean;
  audienceName: string;
}

/**
 * The event if the viewer may open it, with whether they organise it, in one query (the rule sits
 * in the query itself). `lock`: inside a transaction, holds the event row until commit, which is
 * what keeps RSVPs to one event in a single line (never oversold).
 */
export async function eventForViewer(
  db: Executor,
  viewer: Viewer,
  eventId: string,
  lock = false,
): Promise<EventAccessRow | undefined> {
  const query = db
    .select({
      event: e,
      mayOrganise: sql<boolean>`${organisedBy(viewer)}`,
      audienceName,
    })
    .from(e)
    .where(and(eq(e.id, eventId.toLowerCase()), openableBy(viewer)));
  const [row] = await (lock ? query.for('update', { of: e }) : query);
  return row;
}

/**
 * Which of these users may open the event: openableBy, read from their rows in one query (a batch
 * of RSVPs asks for all its members at once, service.ts).
 */
export async function openersOf(db: Executor, eventId: string, userIds: readonly string[]) {
  const result = await db.execute<{ id: string }>(sql`
    SELECT u.id FROM users u JOIN events e ON e.id = ${eventId}
     WHERE u.id = ANY(${sql.param([...userIds])}::uuid[])
       AND (u.is_super_admin OR (u.user_type = 'a' AND u.college_id = e.college_id)
            OR ${audienceIncludes('e', audienceMemberRow('u'))})`);
  return new Set(result.rows.map((row) => row.id));
}

/** An event by id, whoever asks (callers apply their own rule: the calendar feed, reminders). */
export async function findEvent(db: Executor, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId.toLowerCase()));
  return row;
}

/** A row of a list: the event, its counts and the viewer's own answer. */
export interface SummaryRow extends Record<string, unknown> {
  id: string;
  title: string;
  coverPicture: string | null;
  /** ISO 8601 in UTC (raw queries answer text, not dates). */
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string | null;
  onlineUrl: string | null;
  capacity: number | null;
  accessLevel: EventAudienceLevel;
  accessLevelId: string;
  cancelled: boolean;
  audienceName: string;
  going: number;
  waitlisted: number;
  attended: number;
  myStatus: RsvpStatus | null;
  myGuests: number | null;
  myTicket: string | null;
  myCheckedInAt: string | null;
  myPosition: number | null;
  mayOrganise: boolean;
}

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Seats are members going plus their guests; a waitlisted member's place is 1 + how many joined
 * the waitlist before them (`queued` comes from a sequence, so two never share a place).
 */
const summaryOf = (viewer: Viewer, where: SQL, order: SQL, limit: number) => sql`
  SELECT e.id, e.title, e.cover_picture AS "coverPicture", ${isoUtc('e.starts_at')} AS "startsAt",
         ${isoUtc('e.ends_at')} AS "endsAt", e.time_zone AS "timeZone", e.venue, e.online_url AS "onlineUrl",
         e.capacity, e.access_level AS "accessLevel", e.access_level_id AS "accessLevelId",
         e.cancelled_at IS NOT NULL AS cancelled, ${audienceName} AS "audienceName",
         s.going, s.waitlisted, s.attended,
         r.status AS "myStatus", r.guests AS "myGuests", r.ticket AS "myTicket",
         ${isoUtc('r.checked_in_at')} AS "myCheckedInAt",
         CASE WHEN r.status = 'waitlisted' THEN (
           SELECT count(*)::int + 1 FROM event_rsvps w
            WHERE w.event_id = e.id AND w.status = 'waitlisted' AND w.queued < r.queued)
         END AS "myPosition",
         ${organisedBy(viewer)} AS "mayOrganise"
    FROM events e
    LEFT JOIN event_rsvps r ON r.event_id = e.id AND r.user_id = ${viewer.id}
   CROSS JOIN LATERAL (
     SELECT coalesce(sum(1 + x.guests) FILTER (WHERE x.status = 'going'), 0)::int AS going,
            (count(*) FILTER (WHERE x.status = 'waitlisted'))::int AS waitlisted,
            (count(*) FILTER (WHERE x.status = 'going' AND x.checked_in_at IS NOT NULL))::int
              AS attended
       FROM event_rsvps x WHERE x.event_id = e.id) s
   WHERE ${where}
   ORDER BY ${order}
   LIMIT ${limit}`;

/** At most this many events in one list (the contract has no pages; a college has a few a month). */
export const LIST_LIMIT = 200;

export interface ListFilter {
  from?: string;
  to?: string;
  audience?: EventAudienceLevel;
  past: boolean;
}

/** GET /api/events: upcoming soonest first, or those that ended newest first. */
export async function listEvents(db: Executor, viewer: Viewer, filter: ListFilter) {
  if (!viewer.collegeId) return [];
  const where = and(
    listedFor(viewer),
    filter.past ? sql`e.ends_at <= now()` : sql`e.ends_at > now()`,
    filter.from ? sql`e.starts_at >= ${filter.from}` : undefined,
    filter.to ? sql`e.starts_at < ${filter.to}` : undefined,
    filter.audience ? sql`e.access_level = ${filter.audience}` : undefined,
  )!;
  const order = filter.past ? sql`e.starts_at DESC, e.id` : sql`e.starts_at ASC, e.id`;
  const result = await db.execute<SummaryRow>(summaryOf(viewer, where, order, LIST_LIMIT));
  return result.rows;
}

/** One event's summary as the viewer sees it (the viewer's access was already checked). */
export async function summaryById(db: Executor, viewer: Viewer, eventId: string) {
  const result = await db.execute<SummaryRow>(
    summaryOf(viewer, sql`e.id = ${eventId}`, sql`e.id`, 1),
  );
  return result.rows[0];
}

/**
 * /dashboard/events: a college's events (its admins) or those of the groups the viewer organises,
 * newest first, cancelled ones included.
 */
export async function managedEvents(
  db: Executor,
  viewer: Viewer,
  scope: { collegeId: string } | { organiserId: string },
) {
  const where =
    'collegeId' in scope
      ? sql`e.college_id = ${scope.collegeId}`
      : organisesGroupOf(scope.organiserId);
  const result = await db.execute<SummaryRow>(
    summaryOf(viewer, where, sql`e.starts_at DESC, e.id`, 1000),
  );
  return result.rows;
}

/** Whether the id names a batch, branch or live group of the college. */
export async function audienceExists(
  db: Executor,
  collegeId: string,
  level: Exclude<EventAudienceLevel, 'college'>,
  id: string,
) {
  const table =
    level === 'batch'
      ? sql`batches t WHERE t.id = ${id} AND t.college_id = ${collegeId}`
      : level === 'branch'
        ? sql`branches t WHERE t.id = ${id} AND t.college_id = ${collegeId}`
        : sql`groups t WHERE t.id = ${id} AND t.college_id = ${collegeId}
                 AND t.archived_at IS NULL`;
  const result = await db.execute(sql`SELECT 1 FROM ${table}`);
  return result.rows.length > 0;
}

/** Whether the member organises this live group of the college. */
export async function organisesGroup(
  db: Executor,
  userId: string,
  collegeId: string,
  groupId: string,
) {
  const result = await db.execute(sql`
    SELECT 1 FROM group_members gm JOIN groups g ON g.id = gm.group_id
     WHERE g.id = ${groupId} AND g.college_id = ${collegeId} AND g.archived_at IS NULL
       AND gm.user_id = ${userId} AND gm.status = 'approved' AND gm.role = 'organiser'`);
  return result.rows.length > 0;
}

/** Whether the member organises any live group (of their college). */
export async function organisesAnyGroup(db: Executor, userId: string) {
  const result = await db.execute(sql`
    SELECT 1 FROM group_members gm JOIN groups g ON g.id = gm.group_id
     WHERE gm.user_id = ${userId} AND gm.status = 'approved' AND gm.role = 'organiser'
       AND g.archived_at IS NULL LIMIT 1`);
  return result.rows.length > 0;
}

export async function insertEvent(db: Executor, fields: EventFields) {
  const [row] = await db.insert(events).values(fields).returning();
  if (!row) throw new Error('event insert returned nothing');
  return row;
}

export async function updateEvent(db: Executor, eventId: string, fields: Partial<EventFields>) {
  const [row] = await db
    .update(events)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(events.id, eventId))
    .returning();
  if (!row) throw new Error('event update returned nothing');
  return row;
}

export async function markCancelled(db: Executor, eventId: string) {
  await db
    .update(events)
    .set({ cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
}

/** A new start time: the reminders of the old one no longer stand, so each goes again. */
export async function forgetReminders(db: Executor, eventId: string) {
  await db
    .update(eventRsvps)
    .set({ remindedDayAt: null, remindedHourAt: null })
    .where(eq(eventRsvps.eventId, eventId));
}

// ---------------------------------------------------------------- RSVPs (under the event's lock)

/** Holds the event's row until commit (whoever asks: the caller checked access already). */
export async function lockEvent(db: Executor, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId)).for('update');
  return row;
}

/** A member's answer so far, as a batch of RSVPs decides on it. */
export interface RsvpNow {
  userId: string;
  status: RsvpStatus;
  guests: number;
  queued: number | null;
  /** Waitlisted: how many outside the batch wait ahead of them. */
  othersAhead: number;
}

/**
 * What a batch of RSVPs decides on, in one round trip: the seats taken by those going (guests
 * included), how many wait, and the current answers of the batch's members (none: no row).
 */
export async function batchState(db: Executor, eventId: string, userIds: readonly string[]) {
  const ids = sql.param([...userIds]);
  const result = await db.execute<
    { going: number; waiting: number } & { [K in keyof RsvpNow]: RsvpNow[K] | null }
  >(sql`
    WITH totals AS (
      SELECT coalesce(sum(1 + guests) FILTER (WHERE status = 'going'), 0)::int AS going,
             (count(*) FILTER (WHERE status = 'waitlisted'))::int AS waiting
        FROM event_rsvps WHERE event_id = ${eventId} AND status IN ('going', 'waitlisted'))
    SELECT t.going, t.waiting, m.user_id AS "userId", m.status, m.guests,
           m.queued::float8 AS queued,
           CASE WHEN m.status = 'waitlisted' THEN (
             SELECT count(*)::int FROM event_rsvps w
              WHERE w.event_id = m.event_id AND w.status = 'waitlisted' AND w.queued < m.queued
                AND w.user_id <> ALL(${ids}::uuid[])) ELSE 0 END AS "othersAhead"
      FROM totals t
      LEFT JOIN event_rsvps m ON m.event_id = ${eventId} AND m.user_id = ANY(${ids}::uuid[])`);
  const first = result.rows[0] ?? { going: 0, waiting: 0 };
  return {
    going: first.going,
    waiting: first.waiting,
    rows: result.rows.filter((r) => r.userId !== null) as RsvpNow[],
  };
}

/** Seats taken by those going (guests included). */
export async function goingSeats(db: Executor, eventId: string) {
  const result = await db.execute<{ going: number }>(sql`
    SELECT coalesce(sum(1 + guests), 0)::int AS going
      FROM event_rsvps WHERE event_id = ${eventId} AND status = 'going'`);
  return result.rows[0]?.going ?? 0;
}

/**
 * `n` places at the end of the waitlist, ascending: taken under the event's lock, each is after
 * every place this event handed out before.
 */
export async function takeQueueNumbers(db: Executor, n: number) {
  if (n === 0) return [];
  const result = await db.execute<{ queued: number }>(sql`
    SELECT nextval('event_rsvps_queue_seq')::float8 AS queued FROM generate_series(1, ${n}::int)`);
  return result.rows.map((r) => r.queued).sort((a, b) => a - b);
}

export interface RsvpWrite {
  userId: string;
  status: RsvpStatus;
  guests: number;
  /** Waitlisted only: the place kept or just taken. */
  queued: number | null;
  /** Going only: a new ticket, or null to keep the one the row holds (going all along). */
  ticket: string | null;
}

/** Writes the answers of one batch in one statement (arrays unnested). */
export async function saveRsvps(db: Executor, eventId: string, rows: readonly RsvpWrite[]) {
  if (rows.length === 0) return;
  // sql.param: each array goes as one parameter (Drizzle would spread a bare array into a list).
  const column = <K extends keyof RsvpWrite>(key: K) => sql.param(rows.map((r) => r[key]));
  await db.execute(sql`
    INSERT INTO event_rsvps AS r (event_id, user_id, status, guests, queued, ticket)
    SELECT ${eventId}, t.user_id, t.status, t.guests, t.queued, t.ticket
      FROM unnest(${column('userId')}::uuid[], ${column('status')}::text[],
                  ${column('guests')}::int[], ${column('queued')}::bigint[],
                  ${column('ticket')}::text[])
           AS t(user_id, status, guests, queued, ticket)
    ON CONFLICT (event_id, user_id) DO UPDATE SET
      status = excluded.status,
      guests = excluded.guests,
      queued = excluded.queued,
      ticket = CASE WHEN excluded.status = 'going' THEN coalesce(excluded.ticket, r.ticket) END,
      updated_at = now()`);
}

/** These members' answers as stored, with their place on the waitlist (1 = next). */
export async function answersOf(db: Executor, eventId: string, userIds: readonly string[]) {
  const result = await db.execute<{ userId: string; status: RsvpStatus; position: number | null }>(
    sql`
    SELECT m.user_id AS "userId", m.status, p.position
      FROM event_rsvps m
      LEFT JOIN (SELECT user_id, row_number() OVER (ORDER BY queued)::int AS position
                   FROM event_rsvps WHERE event_id = ${eventId} AND status = 'waitlisted') p
        ON p.user_id = m.user_id
     WHERE m.event_id = ${eventId} AND m.user_id = ANY(${sql.param([...userIds])}::uuid[])`,
  );
  return result.rows;
}

/** The head of the waitlist in order (at most `limit`): who, and how many guests each brings. */
export async function waitlistHead(db: Executor, eventId: string, limit: number | null) {
  const query = db
    .select({ userId: eventRsvps.userId, guests: eventRsvps.guests })
    .from(eventRsvps)
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlisted')))
    .orderBy(asc(eventRsvps.queued));
  return limit === null ? query : query.limit(limit);
}

export async function promote(db: Executor, eventId: string, userId: string, ticket: string) {
  await db
    .update(eventRsvps)
    .set({ status: 'going', queued: null, ticket, updatedAt: sql`now()` })
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.userId, userId)));
}

/** The members with one of these answers (whom a change or cancellation tells). */
export async function membersWith(db: Executor, eventId: string, statuses: RsvpStatus[]) {
  const result = await db.execute<{ userId: string }>(sql`
    SELECT user_id AS "userId" FROM event_rsvps
     WHERE event_id = ${eventId} AND status = ANY(${`{${statuses.join(',')}}`}::text[])`);
  return result.rows.map((r) => r.userId);
}

/** Who is going, by name (the event page's list). */
export function goingMembers(db: Executor, eventId: string) {
  return db
    .select({ _id: users.id, fullName: users.fullName, profilePic: users.profilePic })
    .from(eventRsvps)
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')))
    .orderBy(asc(users.fullName), asc(users.id));
}

/**
 * What the ticket e-mails of these members need (ticket-mail.ts): those still going with a ticket
 * to an event not cancelled, whose address is not on the suppression list.
 */
export function ticketLetters(db: Executor, eventId: string, userIds: readonly string[]) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      collegeName: sql<string>`coalesce(${colleges.name}, 'Alumnet')`,
      ticket: sql<string>`${eventRsvps.ticket}`,
      guests: eventRsvps.guests,
      collegeId: events.collegeId,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      venue: events.venue,
      address: events.address,
      mapUrl: events.mapUrl,
      onlineUrl: events.onlineUrl,
    })
    .from(eventRsvps)
    .innerJoin(events, eq(events.id, eventRsvps.eventId))
    .innerJoin(users, eq(users.id, eventRsvps.userId))
    .leftJoin(colleges, eq(colleges.id, events.collegeId))
    .where(
      and(
        eq(eventRsvps.eventId, eventId),
        inArray(eventRsvps.userId, [...userIds]),
        eq(eventRsvps.status, 'going'),
        isNotNull(eventRsvps.ticket),
        isNull(events.cancelledAt),
        notSuppressed(sql`${users.email}`),
      ),
    );
}
