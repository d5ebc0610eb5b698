import { API, EVENT_MESSAGES, type EventDetail } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps } from '../../db/schema';
import { buildEventsApp, hoursFromNow } from '../../test/events';

let t: Awaited<ReturnType<typeof buildEventsApp>>;
beforeAll(async () => {
  t = await buildEventsApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Caller = Parameters<typeof t.as>[0];
const rsvp = (caller: Caller, id: string, status: 'going' | 'not_going', guests?: number) =>
  t.as(caller, 'POST', API.events.rsvp(id), {
    status,
    ...(guests === undefined ? {} : { guests }),
  });
const answer = async (
  caller: Caller,
  id: string,
  status: 'going' | 'not_going',
  guests?: number,
) => {
  const response = await rsvp(caller, id, status, guests);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rsvp as { status: string; position?: number };
};
const detail = async (caller: Caller, id: string) => {
  const response = await t.as(caller, 'GET', API.events.one(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().event as EventDetail;
};

describe('POST /api/events/{id}/rsvp', () => {
  it('answers by role: members of the audience only', async () => {
    const id = await t.createEvent({ audience: { level: 'batch', id: t.memberBatchId } });
    const expected: [Caller, number][] = [
      ['visitor', 401],
      ['stranger', 404],
      ['otherAdmin', 404],
      ['member', 200],
      ['organiser', 200],
      ['admin', 200],
      ['superAdmin', 200],
    ];
    for (const [caller, status] of expected) {
      const response = await rsvp(caller, id, 'going');
      expect(response.statusCode, String(caller)).toBe(status);
      if (status === 200) expect(response.json()).toEqual({ rsvp: { status: 'going' } });
    }
    expect((await detail('member', id)).going).toBe(4);
    expect((await answer('member', id, 'not_going')).status).toBe('not_going');
    const after = await detail('member', id);
    expect(after.going).toBe(3);
    expect(after.myRsvp).toMatchObject({ status: 'not_going', ticket: null });
  });

  it('closes after the deadline, once the event ended, and refuses unasked-for guests', async () => {
    const closed = await t.createEvent({ rsvpDeadline: hoursFromNow(-1) });
    const late = await rsvp('member', closed, 'going');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EVENT_MESSAGES.rsvpClosed);

    const ended = await t.createEvent({ startsAt: hoursFromNow(-3), endsAt: hoursFromNow(-1) });
    const over = await rsvp('member', ended, 'going');
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(EVENT_MESSAGES.ended);

    const noGuests = await t.createEvent();
    const guests = await rsvp('member', noGuests, 'going', 2);
    expect(guests.statusCode).toBe(400);
    expect(guests.json().message).toBe(EVENT_MESSAGES.guestsNotAllowed);
    const tooMany = await rsvp('member', noGuests, 'going', 99);
    expect(tooMany.statusCode).toBe(400);
  });

  it('waitlists when full and promotes the first waiting, who is told', async () => {
    const id = await t.createEvent({ title: 'Small dinner', capacity: 2 });
    expect(await answer('member', id, 'going')).toEqual({ status: 'going' });
    expect(await answer('outsider', id, 'going')).toEqual({ status: 'going' });
    expect(await answer('pending', id, 'going')).toEqual({ status: 'waitlisted', position: 1 });
    expect(await answer('organiser', id, 'going')).toEqual({ status: 'waitlisted', position: 2 });
    // Asking again keeps one's place in the queue.
    expect(await answer('pending', id, 'going')).toEqual({ status: 'waitlisted', position: 1 });

    const waiting = await detail('pending', id);
    expect(waiting).toMatchObject({ going: 2, waitlisted: 2, capacity: 2 });
    expect(waiting.myRsvp).toMatchObject({ status: 'waitlisted', position: 1, ticket: null });

    expect(await answer('outsider', id, 'not_going')).toEqual({ status: 'not_going' });
    const promoted = await detail('pending', id);
    expect(promoted.myRsvp).toMatchObject({ status: 'going' });
    expect(promoted.myRsvp!.ticket).toBeTruthy();
    expect(promoted).toMatchObject({ going: 2, waitlisted: 1 });
    const [told] = await t.notificationsAbout('pending', id, 'event_promoted');
    expect(told!.detail).toMatch(/^A seat came free: you are going to Small dinner on /);
    expect(await t.notificationsAbout('organiser', id, 'event_promoted')).toHaveLength(0);
    expect((await detail('organiser', id)).myRsvp).toMatchObject({
      status: 'waitlisted',
      position: 1,
    });

    // Capacity cannot go below those going; raising it seats the waitlist.
    const body = {
      title: 'Small dinner',
      startsAt: promoted.startsAt,
      endsAt: promoted.endsAt,
      timeZone: promoted.timeZone,
      venue: promoted.venue,
      audience: { level: 'college' },
    };
    const below = await t.as('admin', 'PUT', API.events.one(id), { ...body, capacity: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(EVENT_MESSAGES.capacityBelowGoing);
    const raised = await t.as('admin', 'PUT', API.events.one(id), { ...body, capacity: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().event).toMatchObject({ going: 3, waitlisted: 0 });
    expect((await detail('organiser', id)).myRsvp!.status).toBe('going');
    expect(await t.notificationsAbout('organiser', id, 'event_promoted')).toHaveLength(1);
  });

  it('counts guests as seats, and more guests never jump the queue', async () => {
    const id = await t.createEvent({ capacity: 3, allowGuests: true });
    expect(await answer('member', id, 'going', 2)).toEqual({ status: 'going' });
    expect(await answer('outsider', id, 'going')).toEqual({ status: 'waitlisted', position: 1 });
    const more = await rsvp('member', id, 'going', 3);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toMatch(/not enough seats/);
    expect((await detail('member', id)).myRsvp).toMatchObject({ status: 'going', guests: 2 });
    const ticket = (await detail('member', id)).myRsvp!.ticket;

    // Fewer guests free seats: the waiting member is seated; the ticket stays the same.
    expect(await answer('member', id, 'going', 0)).toEqual({ status: 'going' });
    expect((await detail('outsider', id)).myRsvp!.status).toBe('going');
    const mine = await detail('member', id);
    expect(mine.myRsvp).toMatchObject({ status: 'going', guests: 0, ticket });
    expect(mine.going).toBe(2);
  });
});

describe('many members at the same second', () => {
  it('never oversells: 30 at once for 10 seats, then 5 cancel at once', async () => {
    const id = await t.createEvent({ capacity: 10 });
    const members = await t.crowd(30);

    const answers = await Promise.all(members.map((m) => rsvp({ cookie: m.cookie }, id, 'going')));
    const rsvps = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().rsvp as { status: string; position?: number };
    });
    const going = rsvps.filter((r) => r.status === 'going');
    const waiting = rsvps.filter((r) => r.status === 'waitlisted');
    expect(going).toHaveLength(10);
    expect(waiting).toHaveLength(20);
    expect(waiting.map((r) => r.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const rows = await t.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, id));
    expect(rows.filter((r) => r.status === 'going')).toHaveLength(10);
    expect(new Set(rows.map((r) => r.ticket).filter(Boolean)).size).toBe(10);

    // Five going cancel at once: exactly the first five waiting are seated, in queue order.
    const firstFive = members.filter(
      (_, i) => rsvps[i]!.status === 'waitlisted' && rsvps[i]!.position! <= 5,
    );
    const leaving = members.filter((_, i) => rsvps[i]!.status === 'going').slice(0, 5);
    await Promise.all(leaving.map((m) => answer({ cookie: m.cookie }, id, 'not_going')));
    const after = await t.db
      .select()
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, id), eq(eventRsvps.status, 'going')));
    expect(after).toHaveLength(10);
    expect(after.map((r) => r.userId)).toEqual(expect.arrayContaining(firstFive.map((m) => m.id)));
    const event = await detail('admin', id);
    expect(event).toMatchObject({ going: 10, waitlisted: 15 });
  }, 120_000);
});
