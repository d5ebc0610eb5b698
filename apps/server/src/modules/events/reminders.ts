import { EVENT_REMINDER_MINUTES } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { excerpt, notify, type Recorded } from '../notifications';

/**
 * Reminders (issue 28): those going hear of an event a day and an hour before it starts, each
 * reminder once. A reminder is a notification (kind event_reminder, e-mailed at once by default),
 * so the member's settings, the suppression list, unsubscribe links and the one e-mail path apply
 * to it like to any other notification.
 */

const [DAY_MINUTES, HOUR_MINUTES] = EVENT_REMINDER_MINUTES;

type Which = 'day' | 'hour';
const COLUMN = { day: sql.raw('reminded_day_at'), hour: sql.raw('reminded_hour_at') } as const;

/**
 * When each reminder is due: the day's from 24 hours before until the hour's takes over (an RSVP
 * made 3 hours before still hears, once, that it is today); the hour's until the start.
 */
const WINDOW: Record<Which, { from: number; until: number }> = {
  day: { from: DAY_MINUTES, until: HOUR_MINUTES },
  hour: { from: HOUR_MINUTES, until: 0 },
};

interface Claimed extends Record<string, unknown> {
  eventId: string;
  title: string;
  /** Milliseconds since the epoch (text would carry the session's zone). */
  startsMs: number;
  timeZone: string;
  userIds: string[];
}

/**
 * Claims the reminders of one kind due at `now` and records their notifications, in one
 * transaction: the UPDATE takes only rows not yet reminded, so a second worker (or a run after a
 * restart) finds them taken, and a rollback leaves them for the next run. Cancelled events and
 * events already started are skipped.
 */
async function claim(tx: Executor, which: Which, now: Date) {
  const at = now.toISOString();
  const { from, until } = WINDOW[which];
  const column = COLUMN[which];
  const result = await tx.execute<Claimed>(sql`
    WITH due AS (
      UPDATE event_rsvps r SET ${column} = ${at}::timestamptz
        FROM events e
       WHERE e.id = r.event_id AND r.status = 'going' AND r.${column} IS NULL
         AND e.cancelled_at IS NULL
         AND e.starts_at <= ${at}::timestamptz + make_interval(mins => ${from})
         AND e.starts_at > ${at}::timestamptz + make_interval(mins => ${until})
      RETURNING r.event_id, r.user_id
    )
    SELECT e.id AS "eventId", e.title, (extract(epoch FROM e.starts_at) * 1000)::float8 AS "startsMs", e.time_zone AS "timeZone",
           array_agg(due.user_id ORDER BY due.user_id)::text[] AS "userIds"
      FROM due JOIN events e ON e.id = due.event_id
     GROUP BY e.id`);
  return result.rows;
}

/**
 * The reminder as its e-mail's subject and sentence (the e-mail opens the event page, where the
 * ticket's QR code is): "Reminder: Reunion 2026 is on Sat 28 Mar at 18:30 (Europe/London)".
 */
export function reminderDetail(
  event: { title: string; startsAt: Date; timeZone: string },
  which: Which,
) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: event.timeZone, ...options }).format(
      event.startsAt,
    );
  const time = part({ hour: '2-digit', minute: '2-digit' });
  const title = excerpt(event.title);
  return which === 'day'
    ? `Reminder: ${title} is on ${part({ weekday: 'short', day: 'numeric', month: 'short' })} at ${time} (${event.timeZone})`
    : `Reminder: ${title} starts at ${time} (${event.timeZone}), within the hour`;
}

/**
 * One run of the reminders job: every reminder due at `now`, day's and hour's. Answers what was
 * recorded (a process with connections may push it; a worker has none, and the bell catches up).
 */
export async function sendEventReminders(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const recorded: Recorded[] = [];
    for (const which of ['hour', 'day'] as const) {
      for (const event of await claim(tx, which, now)) {
        recorded.push(
          ...(await notify(tx, {
            recipientIds: event.userIds,
            kind: 'event_reminder',
            target: { type: 'event', id: event.eventId },
            actorId: null,
            detail: reminderDetail({ ...event, startsAt: new Date(event.startsMs) }, which),
          })),
        );
      }
    }
    return recorded;
  });
}
