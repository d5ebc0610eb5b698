import type { AttendeesAnswer } from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { neutralizeFormula } from '../dispatch';
import { shownTo, type Viewer } from '../privacy/visibility';

/**
 * Who is coming, for the organisers (issue 28): those going, then the waitlist in its order with
 * each one's place, and the event's figures. Those who said they are not going are not listed.
 */

interface AttendeeRow extends Record<string, unknown> {
  id: string;
  fullName: string;
  email: string | null;
  batchName: string | null;
  branchName: string | null;
  status: 'going' | 'waitlisted';
  guests: number;
  position: number | null;
  checkedInAt: string | null;
}

const isoUtc = (column: string) =>
  sql.raw(
    `CASE WHEN ${column} IS NULL THEN NULL ELSE to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END`,
  );

/**
 * The list and the figures, counted as the event's summary counts them: `going` in seats (members
 * and their guests), `waitlisted` and `attended` in members. No-shows are members going who never
 * checked in, once the event has ended (before that, they may still come).
 */
export async function attendeesOf(
  db: Executor,
  eventId: string,
  /** A member organising (a group's event): e-mails as each attendee's privacy settings allow. */
  organiser: Viewer | null,
): Promise<AttendeesAnswer> {
  const email = organiser ? shownTo('u', 'email', organiser, sql`u.email`) : sql`u.email`;
  const listed = await db.execute<AttendeeRow>(sql`
    SELECT u.id, u.full_name AS "fullName", ${email} AS email, b.batch_name AS "batchName",
           br.branch_name AS "branchName", r.status, r.guests::int AS guests,
           CASE WHEN r.status = 'waitlisted'
                THEN (row_number() OVER (PARTITION BY r.status ORDER BY r.queued, r.user_id))::int
           END AS position,
           ${isoUtc('r.checked_in_at')} AS "checkedInAt"
      FROM event_rsvps r
      JOIN users u ON u.id = r.user_id
      LEFT JOIN batches b ON b.id = u.batch_id
      LEFT JOIN branches br ON br.id = u.branch_id
     WHERE r.event_id = ${eventId} AND r.status IN ('going', 'waitlisted')
     ORDER BY r.status = 'waitlisted', r.queued NULLS FIRST, lower(u.full_name), u.id`);
  const counted = await db.execute<AttendeesAnswer['figures']>(sql`
    SELECT coalesce(sum(1 + r.guests) FILTER (WHERE r.status = 'going'), 0)::int AS going,
           (count(*) FILTER (WHERE r.status = 'waitlisted'))::int AS waitlisted,
           (count(*) FILTER (WHERE r.status = 'going' AND r.checked_in_at IS NOT NULL))::int
             AS attended,
           (CASE WHEN e.ends_at <= now()
                 THEN count(*) FILTER (WHERE r.status = 'going' AND r.checked_in_at IS NULL)
                 ELSE 0 END)::int AS "noShows"
      FROM events e LEFT JOIN event_rsvps r ON r.event_id = e.id
     WHERE e.id = ${eventId}
     GROUP BY e.id`);
  return {
    attendees: listed.rows.map((row) => ({
      _id: row.id,
      fullName: row.fullName,
      email: row.email,
      batchName: row.batchName,
      branchName: row.branchName,
      status: row.status,
      guests: row.guests,
      position: row.position,
      checkedInAt: row.checkedInAt,
    })),
    figures: counted.rows[0] ?? { going: 0, waitlisted: 0, attended: 0, noShows: 0 },
  };
}

const HEADER = [
  'Name',
  'E-mail',
  'Batch',
  'Branch',
  'Status',
  'Guests',
  'Waitlist position',
  'Checked in at (UTC)',
];

/** The attendance sheet: every cell someone typed is kept from running as a formula. */
export function attendeesCsv({ attendees }: AttendeesAnswer) {
  return stringify([
    HEADER,
    ...attendees.map((a) => [
      neutralizeFormula(a.fullName),
      neutralizeFormula(a.email ?? ''),
      neutralizeFormula(a.batchName ?? ''),
      neutralizeFormula(a.branchName ?? ''),
      a.status,
      a.guests,
      a.position ?? '',
      a.checkedInAt ?? '',
    ]),
  ]);
}
