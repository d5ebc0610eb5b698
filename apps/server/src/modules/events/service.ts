import { randomBytes } from 'node:crypto';
import {
  EVENT_MESSAGES,
  type eventBody,
  type eventsQuery,
  type RsvpAnswer,
  type RsvpStatus,
  type rsvpBody,
} from '@alumnet/contract';
import type { z } from 'zod';
import { inClientTransaction, type Database, type Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { groupCommit } from '../../lib/group-commit';
import { adminCollegeId, policy } from '../../lib/policy';
import { sanitizeJobHtml } from '../../lib/sanitize-html';
import type { SessionUser } from '../auth/repository';
import { notify, type Recorded, type Tell } from '../notifications';
import { demandOrganiser, loadEventAccess } from './access';
import { presentDetail, presentManaged, presentSummary } from './presenter';
import * as repo from './repository';
import type { Ticketed } from './ticket-mail';
import { whenText } from './when';
import { recordAudit, type AuditActor } from '../audit/record';

type EventInput = z.output<typeof eventBody>;
type ListQuery = z.output<typeof eventsQuery>;
type RsvpInput = z.output<typeof rsvpBody>;

export const eventServiceMessages = {
  chooseCollege: 'Choose the college whose events to manage.',
  notEnoughSeats: (seats: number) =>
    `There are not enough seats left for ${seats === 1 ? 'you' : `you and ${seats - 1} ${seats === 2 ? 'guest' : 'guests'}`}. Your RSVP is unchanged.`,
} as const;

/** One member's answer waiting for its batch (writeRsvps). */
interface RsvpItem {
  userId: string;
  status: 'going' | 'not_going';
  guests: number;
}
/** An item's answer, or the error it alone failed with. */
type RsvpOutcome = RsvpAnswer | Error;

/** A member's RSVP while a batch is decided (`rank`: the waitlist's order). */
interface Standing {
  status: RsvpStatus | null;
  guests: number;
  rank: number | null;
  /** Waitlisted: how many outside the batch wait ahead. */
  othersAhead: number;
  newTicket: boolean;
}

/**
 * An admin's changes to an event go in the audit log (a group organiser's are theirs to make and
 * are not admin actions), in the transaction of the change.
 */
async function auditEvent(
  tx: Executor,
  user: SessionUser,
  actor: AuditActor,
  event: { id: string; collegeId: string; title: string },
  change: 'create' | 'edit' | 'cancel',
) {
  if (!policy.isAdmin(user)) return;
  await recordAudit(tx, actor, {
    action: 'event.change',
    collegeId: event.collegeId,
    targetType: 'event',
    targetId: event.id,
    targetLabel: event.title,
    details: { change },
  });
}

/** At most this many RSVPs share a transaction. */
const RSVP_BATCH = 500;

/** Why the event takes no RSVPs now, or null. */
function closedMessage(event: repo.EventRow, now: number) {
  if (event.cancelledAt) return EVENT_MESSAGES.cancelled;
  if (event.endsAt.getTime() <= now) return EVENT_MESSAGES.ended;
  if (event.rsvpDeadline && event.rsvpDeadline.getTime() < now) return EVENT_MESSAGES.rsvpClosed;
  return null;
}

const asError = (error: unknown): RsvpOutcome[] => [
  error instanceof Error ? error : new Error(String(error)),
];

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
 * never oversold: every change to an event's seats holds its row's lock until commit. Those who
 * become going are handed to `ticketed` inside the transaction (their ticket e-mail's job,
 * ticket-mail.ts).
 */
export function createEventService(
  db: Database,
  tell: Tell = () => {},
  ticketed: Ticketed = async () => {},
) {
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

  /**
   * One transaction for every RSVP to an event that arrived while the previous one ran (group
   * commit): a rush of 5,000 members for 500 seats queued for the event's lock one RSVP at a
   * time, ~6 round trips and a commit each (bench:rsvp, ~240/s). The batch is decided in arrival
   * order by the same rules as one RSVP alone, so the seats, the waitlist's order and the answers
   * are what one at a time would give. An item that fails (closed meanwhile, not enough seats)
   * answers its own error; the others stand.
   */
  async function writeRsvps(eventId: string, items: RsvpItem[]): Promise<RsvpOutcome[]> {
    const done = await inClientTransaction(db, async (tx, inTransaction) => {
      const event = await repo.lockEvent(tx, eventId);
      if (!event) return { answers: items.map(() => notFound(EVENT_MESSAGES.notFound)) };
      // Who may answer is asked here, for the whole batch in one query: asked per request, it
      // was a query each before the batch.
      const openers = await repo.openersOf(tx, event.id, [...new Set(items.map((i) => i.userId))]);
      const closed = closedMessage(event, Date.now());
      if (closed)
        return {
          answers: items.map((i) =>
            openers.has(i.userId) ? conflict(closed) : notFound(EVENT_MESSAGES.notFound),
          ),
        };

      const userIds = [...openers];
      const totals = await repo.batchState(tx, event.id, userIds);
      const rows = totals.rows;
      const standing = new Map<string, Standing>(
        rows.map((r) => [r.userId, { ...r, rank: r.queued, newTicket: false }]),
      );
      let going = totals.going;
      /** Those waiting who are not in this batch: all ahead of any place taken now. */
      const othersWaiting = totals.waiting - rows.filter((r) => r.status === 'waitlisted').length;
      let batchWaiting = totals.waiting - othersWaiting;
      // New places sort after every old one, in the order taken; numbered after the loop.
      const NEW_PLACES = Number.MAX_SAFE_INTEGER - items.length;
      let newPlaces = 0;
      let freed = false;
      const decided: (RsvpStatus | Error)[] = [];
      const last = new Map<string, number>();

      items.forEach((item, index) => {
        if (!openers.has(item.userId)) {
          decided.push(notFound(EVENT_MESSAGES.notFound));
          return;
        }
        const mine: Standing = standing.get(item.userId) ?? {
          status: null,
          guests: 0,
          rank: null,
          othersAhead: 0,
          newTicket: false,
        };
        const wantsSeat = item.status === 'going';
        if (wantsSeat && item.guests > 0 && !event.allowGuests) {
          decided.push(badRequest(EVENT_MESSAGES.guestsNotAllowed));
          return;
        }
        const othersGoing = going - (mine.status === 'going' ? 1 + mine.guests : 0);
        // Anyone waiting ahead: of the member's place if waitlisted, else at all.
        let ahead: boolean;
        if (mine.status === 'waitlisted') {
          ahead = mine.othersAhead > 0;
          for (const [id, s] of standing)
            if (!ahead && id !== item.userId && s.status === 'waitlisted' && s.rank! < mine.rank!)
              ahead = true;
        } else ahead = othersWaiting + batchWaiting > 0;

        let status: RsvpStatus = 'not_going';
        if (wantsSeat) {
          const seats = 1 + item.guests;
          const room = event.capacity === null || othersGoing + seats <= event.capacity;
          if (mine.status === 'going') {
            // More guests are not taken ahead of those waiting; fewer always fit.
            if (!room || (seats > 1 + mine.guests && ahead)) {
              decided.push(conflict(eventServiceMessages.notEnoughSeats(seats)));
              return;
            }
            status = 'going';
          } else status = room && !ahead ? 'going' : 'waitlisted';
        }

        if (mine.status === 'going' || mine.status === 'waitlisted') freed = true;
        const next: Standing = { ...mine, status, guests: wantsSeat ? item.guests : 0 };
        going = othersGoing + (status === 'going' ? 1 + next.guests : 0);
        if (status === 'waitlisted' && mine.status !== 'waitlisted') {
          next.rank = NEW_PLACES + newPlaces++;
          next.othersAhead = othersWaiting;
          batchWaiting++;
        } else if (status !== 'waitlisted') {
          if (mine.status === 'waitlisted') batchWaiting--;
          next.rank = null;
        }
        // Going again (guests changed) keeps the ticket already sent.
        if (status === 'going' && mine.status !== 'going') next.newTicket = true;
        standing.set(item.userId, next);
        decided.push(status);
        last.set(item.userId, index);
      });

      const changed = [...last.keys()].map((userId) => ({ userId, ...standing.get(userId)! }));
      const placed = changed
        .filter((m) => m.status === 'waitlisted' && m.rank! >= NEW_PLACES)
        .sort((a, b) => a.rank! - b.rank!);
      const numbers = await repo.takeQueueNumbers(tx, placed.length);
      placed.forEach((m, i) => (m.rank = numbers[i]!));
      await repo.saveRsvps(
        tx,
        event.id,
        changed.map((m) => ({
          userId: m.userId,
          status: m.status!,
          guests: m.guests,
          queued: m.status === 'waitlisted' ? m.rank : null,
          ticket: m.status === 'going' && m.newTicket ? newTicket() : null,
        })),
      );
      const promoted = freed ? await promoteWaiting(tx, event) : [];
      const recorded = await tellPromoted(tx, event, promoted);
      // Where the batch's members stand now: as decided, unless a promotion moved the queue.
      const final = new Map<string, { status: RsvpStatus; position: number | null }>();
      if (freed && changed.length > 0)
        for (const r of await repo.answersOf(
          tx,
          event.id,
          changed.map((m) => m.userId),
        ))
          final.set(r.userId, r);
      else {
        // Behind those outside the batch who wait ahead, and the batch's own ahead in the queue.
        for (const m of changed) final.set(m.userId, { status: m.status!, position: null });
        [...standing]
          .filter(([, m]) => m.status === 'waitlisted')
          .sort(([, a], [, b]) => a.rank! - b.rank!)
          .forEach(([userId, m], i) =>
            final.set(userId, { status: 'waitlisted', position: m.othersAhead + i + 1 }),
          );
      }

      const answers = decided.map((status, index): RsvpOutcome => {
        if (typeof status !== 'string') return status;
        const userId = items[index]!.userId;
        const row = final.get(userId)!;
        // The member's last answer in the batch is where they stand now (promotion included).
        const now = last.get(userId) === index ? row.status : status;
        const position = now === 'waitlisted' && row.position ? row.position : undefined;
        return { rsvp: { status: now, ...(position ? { position } : {}) } };
      });
      const nowGoing = changed.filter((m) => m.status === 'going' && m.newTicket);
      const ticketedIds = [...new Set([...nowGoing.map((m) => m.userId), ...promoted])];
      if (ticketedIds.length > 0) await ticketed(event.id, ticketedIds, inTransaction);
      return { answers, recorded };
    });
    if (done.recorded) tell(done.recorded);
    return done.answers;
  }

  /** One batcher per event with RSVPs in flight, dropped when none wait (the map stays small). */
  const batchers = new Map<string, { send: (item: RsvpItem) => Promise<RsvpOutcome>; n: number }>();
  function rsvpBatcher(eventId: string) {
    return async (item: RsvpItem) => {
      let batcher = batchers.get(eventId);
      if (!batcher) {
        batcher = {
          send: groupCommit(async (items: RsvpItem[]) => {
            try {
              return await writeRsvps(eventId, items);
            } catch (error) {
              // A batch that failed as a whole (a lost connection, a deadlock) is tried again
              // one RSVP at a time, so one item cannot fail the others.
              if (items.length === 1) throw error;
              const answers: RsvpOutcome[] = [];
              for (const one of items)
                answers.push(...(await writeRsvps(eventId, [one]).catch(asError)));
              return answers;
            }
          }, RSVP_BATCH),
          n: 0,
        };
        batchers.set(eventId, batcher);
      }
      batcher.n++;
      try {
        return await batcher.send(item);
      } finally {
        if (--batcher.n === 0 && batchers.get(eventId) === batcher) batchers.delete(eventId);
      }
    };
  }

  async function detailOf(user: SessionUser, eventId: string) {
    const access = await loadEventAccess(db, user, eventId);
    // Side by side once access is settled: under load each statement waits its turn for a
    // connection, and these two need nothing of each other.
    const [row, attendees] = await Promise.all([
      repo.summaryById(db, user, access.event.id),
      access.event.showAttendees || access.mayOrganise
        ? repo.goingMembers(db, access.event.id)
        : null,
    ]);
    if (!row) throw new Error('event vanished');
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

    async create(
      user: SessionUser,
      body: EventInput,
      requestedCollegeId: string | undefined,
      actor: AuditActor,
    ) {
      const mayRunCollege = policy.isAdmin(user);
      const collegeId = mayRunCollege ? adminCollegeId(user, requestedCollegeId) : user.collegeId;
      if (
        !collegeId ||
        (!mayRunCollege && requestedCollegeId && requestedCollegeId.toLowerCase() !== collegeId)
      )
        throw forbidden(EVENT_MESSAGES.mayNotCreate);
      const fields = await fieldsOf(db, user, collegeId, body, mayRunCollege);
      const event = await db.transaction(async (tx) => {
        const inserted = await repo.insertEvent(tx, { ...fields, createdBy: user.id });
        await auditEvent(
          tx,
          user,
          actor,
          { id: inserted.id, collegeId, title: body.title },
          'create',
        );
        return inserted;
      });
      return detailOf(user, event.id);
    },

    /**
     * Saves the organiser's changes; those going hear of a new time or place, and a larger
     * capacity seats the waitlist, in the same transaction.
     */
    async update(user: SessionUser, eventId: string, body: EventInput, actor: AuditActor) {
      const recorded = await inClientTransaction(db, async (tx, inTransaction) => {
        const access = demandOrganiser(await loadEventAccess(tx, user, eventId, { lock: true }));
        const before = access.event;
        if (before.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
        // A group's organiser keeps the event in their group; the college's admins may move it.
        const mayRunCollege = policy.mayManageCollege(user, before.collegeId);
        const fields = await fieldsOf(tx, user, before.collegeId, body, mayRunCollege);
        if (fields.capacity !== null && fields.capacity < (await repo.goingSeats(tx, before.id)))
          throw badRequest(EVENT_MESSAGES.capacityBelowGoing);
        const after = await repo.updateEvent(tx, before.id, fields);
        await auditEvent(tx, user, actor, after, 'edit');
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
        const promoted = await promoteWaiting(tx, after);
        told.push(...(await tellPromoted(tx, after, promoted)));
        if (promoted.length > 0) await ticketed(after.id, promoted, inTransaction);
        return told;
      });
      tell(recorded);
      return detailOf(user, eventId);
    },

    /** Cancels the event and tells everyone going or waiting; RSVPs are closed from then on. */
    async cancel(user: SessionUser, eventId: string, actor: AuditActor) {
      const recorded = await db.transaction(async (tx) => {
        const { event } = demandOrganiser(await loadEventAccess(tx, user, eventId, { lock: true }));
        if (event.cancelledAt) throw conflict(EVENT_MESSAGES.cancelled);
        await repo.markCancelled(tx, event.id);
        await auditEvent(tx, user, actor, event, 'cancel');
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
     * Going, waitlisted or not going, decided in a batch under the event row's lock (writeRsvps),
     * so no event is ever oversold however many answer at once. The batch also asks who may
     * answer: 404 outside the event's audience, before 409 for a closed one.
     */
    async rsvp(user: SessionUser, eventId: string, body: RsvpInput) {
      const going = body.status === 'going';
      const answer = await rsvpBatcher(eventId.toLowerCase())({
        userId: user.id,
        status: body.status,
        guests: going ? body.guests : 0,
      });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}
