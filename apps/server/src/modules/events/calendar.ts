import { randomBytes } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { API } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import sanitize from 'sanitize-html';
import { Temporal } from 'temporal-polyfill';
import type { Executor } from '../../db/client';

/**
 * Calendars (issue 28): one event as an .ics download, and each member's private feed of the
 * events they are going to, which calendar apps fetch without a session (the token is the key).
 */

/** What an event's VEVENT needs, as the queries below read it. */
export interface CalendarEventRow extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venue: string | null;
  address: string | null;
  onlineUrl: string | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Whether the reader may have the online link: those going, and organisers. */
  mayJoin: boolean;
}

const columns = sql`
  e.id, e.title, e.description, e.starts_at AS "startsAt", e.ends_at AS "endsAt",
  e.time_zone AS "timeZone", e.venue, e.address, e.online_url AS "onlineUrl",
  e.cancelled_at AS "cancelledAt", e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

/** Postgres hands timestamps back as Dates through Drizzle's select, as text through execute. */
const asRow = (row: Record<string, unknown>): CalendarEventRow => {
  const at = (v: unknown) => (v == null ? null : new Date(v as string | Date));
  return {
    ...(row as CalendarEventRow),
    startsAt: at(row.startsAt)!,
    endsAt: at(row.endsAt)!,
    cancelledAt: at(row.cancelledAt),
    createdAt: at(row.createdAt)!,
    updatedAt: at(row.updatedAt)!,
  };
};

/** One event for its .ics; the caller has already been found allowed to see it. */
export async function calendarEvent(
  db: Executor,
  eventId: string,
  userId: string,
  mayOrganise: boolean,
) {
  const result = await db.execute(sql`
    SELECT ${columns},
           (${mayOrganise}::boolean OR EXISTS (
              SELECT 1 FROM event_rsvps r
               WHERE r.event_id = e.id AND r.user_id = ${userId} AND r.status = 'going')) AS "mayJoin"
      FROM events e WHERE e.id = ${eventId}`);
  const row = result.rows[0];
  return row ? asRow(row) : null;
}

/** How far back a feed reaches: last month's reunion stays in the calendar for a while. */
const FEED_PAST_DAYS = 30;

/**
 * The feed behind a token: the member's events they are going to, upcoming and of the last 30
 * days. Cancelled ones stay in it (STATUS:CANCELLED), so subscribed calendars take them out rather
 * than keeping a stale copy. Null: no such token.
 */
export async function feedByToken(db: Executor, token: string) {
  const owner = await db.execute<{ userId: string }>(sql`
    SELECT user_id AS "userId" FROM calendar_feeds WHERE token = ${token}`);
  const userId = owner.rows[0]?.userId;
  if (!userId) return null;
  const result = await db.execute(sql`
    SELECT ${columns}, true AS "mayJoin"
      FROM event_rsvps r JOIN events e ON e.id = r.event_id
     WHERE r.user_id = ${userId} AND r.status = 'going'
       AND e.ends_at >= now() - make_interval(days => ${FEED_PAST_DAYS})
     ORDER BY e.starts_at, e.id`);
  return result.rows.map(asRow);
}

/** 24 random bytes, base64url: 32 characters no one guesses. */
const newFeedToken = () => randomBytes(24).toString('base64url');

/** The member's feed path, made on first ask. */
export async function feedPath(db: Executor, userId: string) {
  const result = await db.execute<{ token: string }>(sql`
    WITH made AS (
      INSERT INTO calendar_feeds (user_id, token) VALUES (${userId}, ${newFeedToken()})
      ON CONFLICT (user_id) DO NOTHING
      RETURNING token
    )
    SELECT token FROM made
    UNION ALL
    SELECT token FROM calendar_feeds WHERE user_id = ${userId}`);
  return API.calendarFeed(result.rows[0]!.token);
}

/** A new feed path; the old one stops working at once (a link shared by mistake). */
export async function resetFeedPath(db: Executor, userId: string) {
  const result = await db.execute<{ token: string }>(sql`
    INSERT INTO calendar_feeds (user_id, token) VALUES (${userId}, ${newFeedToken()})
    ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = now()
    RETURNING token`);
  return API.calendarFeed(result.rows[0]!.token);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The editor's HTML as plain text: paragraphs and list items on lines of their own. */
export function plainText(html: string) {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|li|blockquote|pre|ul|ol|div)>/gi, '\n');
  return sanitize(marked, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The event's instant in its own zone: ical-generator writes a Temporal instant as the zone's
 * wall-clock time with TZID (a plain Date would be written in the server's own zone).
 */
const instant = (at: Date) => Temporal.Instant.fromEpochMilliseconds(at.getTime());

/**
 * A calendar of these events. Each VEVENT keeps one UID per event, so a calendar app updates it
 * in place; SEQUENCE grows with every edit. The zones used are described (VTIMEZONE), as RFC 5545
 * asks and Outlook needs.
 */
export function buildCalendar(
  rows: readonly CalendarEventRow[],
  { publicUrl, name }: { publicUrl: string; name: string },
) {
  const host = new URL(publicUrl).host;
  const calendar = ical({ prodId: '//Alumnet//Events//EN', name });
  calendar.timezone({ name: '', generator: getVtimezoneComponent });
  for (const row of rows) {
    const link = `${publicUrl}/events/${row.id}`;
    const place = row.venue
      ? [row.venue, row.address].filter(Boolean).join(', ')
      : row.mayJoin
        ? row.onlineUrl
        : null;
    const about = plainText(row.description);
    calendar.createEvent({
      id: `event-${row.id}@${host}`,
      sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
      start: instant(row.startsAt),
      end: instant(row.endsAt),
      timezone: row.timeZone,
      stamp: row.updatedAt,
      lastModified: row.updatedAt,
      summary: row.title,
      description: [about, row.mayJoin && row.onlineUrl && row.venue ? row.onlineUrl : '', link]
        .filter(Boolean)
        .join('\n\n'),
      location: place ?? null,
      url: link,
      status: row.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** A file name for the download: the title's letters and digits, dashed. */
export const icsFileName = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'event'
  }.ics`;
