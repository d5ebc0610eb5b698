import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
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

/** Members who just became going to one event, and so hold a new ticket. */
export type Ticketed = (eventId: string, userIds: readonly string[]) => void;

/**
 * The ticket confirmation (issue 28): a member who becomes going, at once or promoted from the
 * waitlist, gets one e-mail with the event's time and place and the ticket as a QR code. Sent
 * after the RSVP committed and without holding up its answer: a failed send is logged and the
 * RSVP stands (the ticket is on the event page anyway). Suppressed addresses get nothing, and a
 * hard bounce puts the address on the list, like every other e-mail of ours.
 */
export function createTicketMailer({ db, transports, publicUrl, log }: TicketMailerOptions) {
  const transport = transports.email;

  async function send(eventId: string, userIds: readonly string[]) {
    if (userIds.length === 0) return;
    // Read after commit: a member who went back to not going meanwhile gets nothing.
    const rows = await ticketLetters(db, eventId, userIds);
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
        log.error({ err: error, eventId, userId: row.userId }, 'event ticket e-mail not sent');
      }
    }
  }

  /** Sends in the background; whatever goes wrong is logged, never thrown at the RSVP. */
  const later: Ticketed = (eventId, userIds) => {
    if (userIds.length === 0) return;
    send(eventId, userIds).catch((error: unknown) =>
      log.error({ err: error, eventId }, 'event ticket e-mails not sent'),
    );
  };

  return { send, later };
}
