import { EVENT_MESSAGES, type CheckInAnswer } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';

/**
 * Check-in at the door (issue 28): an organiser scans a going member's ticket. Two organisers at
 * two doors may scan the same ticket at the same moment: the one UPDATE below marks it once (the
 * second waits for the first's row lock, then finds it taken), and the other reads when it was.
 */

interface Scanned extends Record<string, unknown> {
  userId: string;
  fullName: string;
  guests: number;
  status: string;
  /** ISO 8601 in UTC. */
  checkedInAt: string | null;
  attended: number;
}

const isoUtc = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Those going who were checked in: the figure the door's screen shows. */
const attended = (eventId: string) => sql`(
  SELECT count(*)::int FROM event_rsvps a
   WHERE a.event_id = ${eventId} AND a.status = 'going' AND a.checked_in_at IS NOT NULL)`;

/**
 * Marks the ticket's member attended, once. The event has been found, and the caller allowed to
 * organise it. A ticket of another event is as unknown as one that never was.
 */
export async function checkIn(
  db: Executor,
  event: { id: string; cancelledAt: Date | null },
  ticket: string,
  organiserId: string,
): Promise<CheckInAnswer> {
  if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
  const marked = await db.execute<Scanned>(sql`
    WITH hit AS (
      UPDATE event_rsvps SET checked_in_at = now(), checked_in_by = ${organiserId}
       WHERE ticket = ${ticket} AND event_id = ${event.id} AND status = 'going'
         AND checked_in_at IS NULL
      RETURNING user_id, guests, status, checked_in_at
    )
    SELECT u.id AS "userId", u.full_name AS "fullName", hit.guests, hit.status,
           ${isoUtc('hit.checked_in_at')} AS "checkedInAt",
           -- The statement's snapshot does not see its own update: count it here.
           ${attended(event.id)} + 1 AS attended
      FROM hit JOIN users u ON u.id = hit.user_id`);
  const now = marked.rows[0];
  if (now) return answer(now, false);

  const seen = await db.execute<Scanned>(sql`
    SELECT u.id AS "userId", u.full_name AS "fullName", r.guests, r.status,
           ${isoUtc('r.checked_in_at')} AS "checkedInAt", ${attended(event.id)} AS attended
      FROM event_rsvps r JOIN users u ON u.id = r.user_id
     WHERE r.ticket = ${ticket} AND r.event_id = ${event.id}`);
  const before = seen.rows[0];
  if (!before) throw notFound(EVENT_MESSAGES.ticketUnknown);
  if (before.status !== 'going' || !before.checkedInAt)
    throw conflict(EVENT_MESSAGES.ticketNotGoing);
  return answer(before, true);
}

const answer = (row: Scanned, already: boolean): CheckInAnswer => ({
  message: already
    ? `${row.fullName} was already checked in.`
    : `${EVENT_MESSAGES.checkedIn} ${row.fullName}${row.guests > 0 ? ` +${row.guests}` : ''}.`,
  member: { _id: row.userId, fullName: row.fullName, guests: row.guests },
  checkedInAt: row.checkedInAt!,
  already,
  attended: row.attended,
});
