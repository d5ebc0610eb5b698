import type { FastifyBaseLogger } from 'fastify';
import type { Database, ExecuteSql } from '../../db/client';
import { eventTicketEmail } from '../../mail/templates';
import type { Transports } from '../../mail/transports';
import { addSuppressions } from '../suppressions';
import { ticketLetters } from './repository';
import { whenText } from './when';

export interface TicketMailerOptions {
  db: Database;
  transports: Transports;
  /** PUBLIC_URL: the event link starts with it. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Called inside the transaction that made these members going (service.ts): queues their ticket
 * e-mails in it (`inTransaction`), so they go out exactly when the RSVP commits.
 */
export type Ticketed = (
  eventId: string,
  userIds: readonly string[],
  inTransaction: ExecuteSql,
) => Promise<unknown>;

/**
 * The ticket confirmation (issue 28): a member who becomes going, at once or promoted from the
 * waitlist, gets one e-mail with the event's time and place and the ticket as a QR code. The
 * worker sends it from a job the RSVP's transaction queued (QUEUES.eventTickets), so the answer
 * never waits on drawing QR codes or on SMTP, and a rush of 500 seats taken in a second does not
 * slow the next presses. A send that fails fails the job, which the queue tries again; the
 * idempotency key keeps those already sent from going twice. Suppressed addresses get nothing,
 * and a hard bounce puts the address on the list, like every other e-mail of ours.
 */
export function createTicketMailer({ db, transports, publicUrl, log }: TicketMailerOptions) {
  const transport = transports.email;

  return async function send(eventId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    // Read when sent: a member who went back to not going meanwhile gets nothing.
    const rows = await ticketLetters(db, eventId, userIds);
    let failed = 0;
    for (const row of rows) {
      try {
        const sent = await transport.send(
          {
            channel: 'email',
            to: row.email,
            ...eventTicketEmail({
              fullName: row.fullName,
              collegeName: row.collegeName,
              title: row.title,
              when: whenText(row.startsAt, row.timeZone),
              venue: row.venue,
              address: row.address,
              mapUrl: row.mapUrl,
              onlineUrl: row.onlineUrl,
              guests: row.guests,
              ticket: row.ticket,
              eventUrl: `${publicUrl}/events/${eventId}`,
            }),
            // One e-mail per ticket: a retry is deduped, a new ticket (going again after
            // cancelling) is a new e-mail.
            idempotencyKey: `event-ticket:${eventId}:${row.userId}:${row.ticket}`,
            collegeId: row.collegeId,
          },
          db,
        );
        if (sent.status === 'bounce')
          await addSuppressions(db, [
            { email: row.email, reason: 'bounce', source: 'smtp', detail: 'refused the ticket' },
          ]);
      } catch (error) {
        failed++;
        log.error({ err: error, eventId, userId: row.userId }, 'event ticket e-mail not sent');
      }
    }
    // The others went out; the queue tries the job again for the rest.
    if (failed > 0) throw new Error(`${failed} of ${rows.length} ticket e-mails not sent`);
  };
}
