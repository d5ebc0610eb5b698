import { randomBytes } from 'node:crypto';
import {
  EVENT_MESSAGES,
  type eventBody,
  type eventsQuery,
  type RsvpStatus,
  type rsvpBody,
} from '@alumnet/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import { sanitizeJobHtml } from '../../lib/sanitize-html';
import type { SessionUser } from '../auth/repository';
import { notify, type Recorded, type Tell } from '../notifications';
import { demandOrganiser, loadEventAccess } from './access';
import { presentDetail, presentManaged, presentSummary } from './presenter';
import * as repo from './repository';

type EventInput = z.output<typeof eventBody>;
type ListQuery = z.output<typeof eventsQuery>;
type RsvpInput = z.output<typeof rsvpBody>;

export const eventServiceMessages = {
  chooseCollege: 'Choose the college whose events to manage.',
  notEnoughSeats: (seats: number) =>
    `There are not enough seats left for ${seats === 1 ? 'you' : `you and ${seats - 1} ${seats === 2 ? 'guest' : 'guests'}`}. Your RSVP is unchanged.`,
} as const;

/** The secret a ticket's QR code carries: unguessable, short enough to type at the door. */
export const newTicket = () => randomBytes(18).toString('base64url');

function validTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** "14 Jun 2026, 18:00 (Asia/Kolkata)": a time as the organiser set it. */
export function whenText(at: Date, timeZone: string) {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
  return `${text} (${timeZone})`;
}

/** What a change of time or place tells those going; null when neither changed. */
export function changeText(before: repo.EventRow, after: repo.EventRow): string | null {
  const parts: string[] = [];
  if (
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime()
  )
    parts.push(`New time: ${whenText(after.startsAt, after.timeZone)}`);
  if (before.venue !== after.venue || before.address !== after.address) {
    const place = [after.venue, after.address].filter(Boolean).join(', ');
    parts.push(place ? `New place: ${place}` : 'It is now online only');
  }
  if (before.onlineUrl !== after.onlineUrl)
    parts.push(after.onlineUrl ? 'New link to join online' : 'It is no longer online');
  return parts.length > 0 ? `${after.title} has changed. ${parts.join('. ')}.` : null;
}

/**
 * Events (issue 28): creating, editing and cancelling them (a college's admins; a group's
 * organisers for its events), the lists and the event page, and RSVPs with a waitlist that is
 * never oversold: every change to an event's seats holds its row's lock until commit.
 */
export function createEventService(db: Database, tell: Tell = () => {}) {
  /** The stored columns of a body, its audience checked against the college (`ex`: a
   * transaction's own client when inside one). */
  async function fieldsOf(
    ex: Executor,
    user: SessionUser,
    collegeId: string,
    body: EventInput,
    mayRunCollege: boolean,
  ) {
    const { level } = body.audience;
    const audienceId = level === 'college' ? collegeId : body.audience.id!.toLowerCase();
    if (!mayRunCollege) {
      // A group's organisers make events for their own group only.
      const own =
        level === 'group' && (await repo.organisesGroup(ex, user.id, collegeId, audienceId));
      if (!own) throw forbidden(EVENT_MESSAGES.mayNotCreate);
    }
    if (!validTimeZone(body.timeZone)) throw badRequest(EVENT_MESSAGES.badTimeZone);
    if (level !== 'college' && !(await repo.audienceExists(ex, collegeId, level, audienceId)))
      throw badRequest(EVENT_MESSAGES.audienceUnknown);
    return {
      collegeId,
      title: body.title,
      description: sanitizeJobHtml(body.description),
      coverPicture: body.coverPicture,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      timeZone: body.timeZone,
      venue: body.venue,
      address: body.address,
      mapUrl: body.mapUrl,
      onlineUrl: body.onlineUrl,
      capacity: body.capacity,
      rsvpDeadline: body.rsvpDeadline ? new Date(body.rsvpDeadline) : null,
      allowGuests: body.allowGuests,
      showAttendees: body.showAttendees,
      accessLevel: level,
      accessLevelId: audienceId,
    } satisfies Omit<repo.EventFields, 'createdBy'>;
  }

  /**
   * Moves the head of the waitlist to going while their seats fit, strictly in order (nobody is
   * passed over for someone behind with fewer guests). Under the event's lock.
   */
  async function promoteWaiting(tx: Executor, event: repo.EventRow) {
    let free =
      event.capacity === null ? Infinity : event.capacity - (await repo.goingSeats(tx, event.id));
    if (free <= 0) return [];
    const promoted: string[] = [];
    for (const next of await repo.waitlistHead(tx, event.id, Number.isFinite(free) ? free : null)) {
      const seats = 1 + next.guests;
      if (seats > free) break;
      await repo.promote(tx, event.id, next.userId, newTicket());
      free -= seats;
      promoted.push(next.userId);
    }
    return promoted;
  }

  function tellPromoted(tx: Executor, event: repo.EventRow, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([] as Recorded[]);
    return notify(tx, {
      recipientIds: userIds,
      kind: 'event_promoted',
      target: { type: 'event', id: event.id },
      actorId: null,
      detail: `A seat came free: you are going to ${event.title} on ${whenText(event.startsAt, event.timeZone)}.`,
    });
  }

  async function detailOf(user: SessionUser, eventId: string) {
    const access = await loadEventAccess(db, user, eventId);
    const row = await repo.summaryById(db, user, access.event.id);
    if (!row) throw new Error('event vanished');
    const attendees =
      access.event.showAttendees || access.mayOrganise
        ? await repo.goingMembers(db, access.event.id)
        : null;
    return { event: presentDetail(access, row, attendees) };
  }

  return {
    async list(user: SessionUser, query: ListQuery) {
      const rows = await repo.listEvents(db, user, query);
      return { events: rows.map(presentSummary) };
    },

    detail: detailOf,

    /** /dashboard/events: a college's (admins) or the caller's groups' (organisers) events. */
    async manage(user: SessionUser, collegeId?: string) {
      let scope: { collegeId: string } | { organiserId: string };
      if (user.isSuperAdmin) {
        if (!collegeId) throw badRequest(eventServiceMessages.chooseCollege);
        scope = { collegeId: collegeId.toLowerCase() };
      } else if (user.userType === 'a') {
        scope = { collegeId: adminCollegeId(user, collegeId) };
      } else {
        if (!(await repo.organisesAnyGroup(db, user.id)))
          throw forbidden(EVENT_MESSAGES.organisersOnly);
        scope = { organiserId: user.id };
      }
      const rows = await repo.managedEvents(db, user, scope);
      return { events: rows.map(presentManaged) };
    },

    async create(user: SessionUser, body: EventInput, requestedCollegeId?: string) {
      const mayRunCollege = policy.isAdmin(user);
      const collegeId = mayRunCollege ? adminCollegeId(user, requestedCollegeId) : user.collegeId;
      if (
        !collegeId ||
        (!mayRunCollege && requestedCollegeId && requestedCollegeId.toLowerCase() !== collegeId)
      )
        throw forbidden(EVENT_MESSAGES.mayNotCreate);
      const fields = await fieldsOf(db, user, collegeId, body, mayRunCollege);
      const event = await repo.insertEvent(db, { ...fields, createdBy: user.id });
      return detailOf(user, event.id);
    },

    /**
     * Saves the organiser's changes; those going hear of a new time or place, and a larger
     * capacity seats the waitlist, in the same transaction.
     */
    async update(user: SessionUser, eventId: string, body: EventInput) {
      const recorded = await db.transaction(async (tx) => {
        const access = demandOrganiser(await loadEventAccess(tx, user, eventId, { lock: true }));
        const before = access.event;
        if (before.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
        // A group's organiser keeps the event in their group; the college's admins may move it.
        const mayRunCollege = policy.mayManageCollege(user, before.collegeId);
        const fields = await fieldsOf(tx, user, before.collegeId, body, mayRunCollege);
        if (fields.capacity !== null && fields.capacity < (await repo.goingSeats(tx, before.id)))
          throw badRequest(EVENT_MESSAGES.capacityBelowGoing);
        const after = await repo.updateEvent(tx, before.id, fields);
        if (after.startsAt.getTime() !== before.startsAt.getTime())
          await repo.forgetReminders(tx, after.id);
        const told: Recorded[] = [];
        const change = changeText(before, after);
        if (change)
          told.push(
            ...(await notify(tx, {
              recipientIds: await repo.membersWith(tx, after.id, ['going']),
              kind: 'event_changed',
              target: { type: 'event', id: after.id },
              actorId: user.id,
              detail: change,
            })),
          );
        told.push(...(await tellPromoted(tx, after, await promoteWaiting(tx, after))));
        return told;
      });
      tell(recorded);
      return detailOf(user, eventId);
    },

    /** Cancels the event and tells everyone going or waiting; RSVPs are closed from then on. */
    async cancel(user: SessionUser, eventId: string) {
      const recorded = await db.transaction(async (tx) => {
        const { event } = demandOrganiser(await loadEventAccess(tx, user, eventId, { lock: true }));
        if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
        await repo.markCancelled(tx, event.id);
        return notify(tx, {
          recipientIds: await repo.membersWith(tx, event.id, ['going', 'waitlisted']),
          kind: 'event_cancelled',
          target: { type: 'event', id: event.id },
          actorId: user.id,
          detail: `${event.title} on ${whenText(event.startsAt, event.timeZone)} was cancelled.`,
        });
      });
      tell(recorded);
      return { message: EVENT_MESSAGES.cancelledNow };
    },

    /**
     * Going, waitlisted or not going, decided under the event row's lock: the seats counted are
     * exactly those taken, so no event is ever oversold however many answer at once. Seats freed
     * go to the head of the waitlist in the same transaction.
     */
    async rsvp(user: SessionUser, eventId: string, body: RsvpInput) {
      const outcome = await db.transaction(async (tx) => {
        const { event } = await loadEventAccess(tx, user, eventId, { lock: true });
        const now = Date.now();
        if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
        if (event.endsAt.getTime() <= now) throw conflict(EVENT_MESSAGES.ended);
        if (event.rsvpDeadline && event.rsvpDeadline.getTime() < now)
          throw conflict(EVENT_MESSAGES.rsvpClosed);
        const going = body.status === 'going';
        if (going && body.guests > 0 && !event.allowGuests)
          throw badRequest(EVENT_MESSAGES.guestsNotAllowed);

        const mine = await repo.rsvpState(tx, event.id, user.id);
        let status: RsvpStatus = 'not_going';
        if (going) {
          const seats = 1 + body.guests;
          const room = event.capacity === null || mine.othersGoing + seats <= event.capacity;
          if (mine.status === 'going') {
            // More guests are not taken ahead of those waiting; fewer always fit.
            if (!room || (seats > 1 + mine.guests && mine.ahead))
              throw conflict(eventServiceMessages.notEnoughSeats(seats));
            status = 'going';
          } else status = room && !mine.ahead ? 'going' : 'waitlisted';
        }
        const saved = await repo.saveRsvp(tx, {
          eventId: event.id,
          userId: user.id,
          status,
          guests: going ? body.guests : 0,
          ticket: newTicket(),
        });
        const freed = mine.status === 'going' || mine.status === 'waitlisted';
        const promoted = freed ? await promoteWaiting(tx, event) : [];
        const recorded = await tellPromoted(tx, event, promoted);
        const position =
          saved.status === 'waitlisted' && saved.queued !== null
            ? await repo.positionOf(tx, event.id, saved.queued)
            : undefined;
        return { recorded, rsvp: { status: saved.status, ...(position ? { position } : {}) } };
      });
      tell(outcome.recorded);
      return { rsvp: outcome.rsvp };
    },
  };
}
