import { API, EVENT_MESSAGES, type AttendeesAnswer } from '@alumnet/contract';
import { and, eq, ne } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, eventRsvps, events, users } from '../../db/schema';
import { buildRoleApp, type Role } from '../../test/roles';

const HOUR = 3_600_000;

describe('check-in at the door and the attendees list (issue 28)', () => {
  let t: Awaited<ReturnType<typeof buildRoleApp>>;
  let collegeId: string;
  let otherBatchId: string;
  /** Listed members of the college (not the demo's sign-in accounts). */
  let alumni: { id: string; fullName: string }[];

  const addEvent = async (fields: Partial<typeof events.$inferInsert> = {}) => {
    const startsAt = fields.startsAt ?? new Date(Date.now() + 48 * HOUR);
    const [row] = await t.db
      .insert(events)
      .values({
        collegeId,
        title: 'Chapter meet-up',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * HOUR),
        timeZone: 'Asia/Kolkata',
        venue: 'Cafe',
        accessLevel: 'college',
        accessLevelId: collegeId,
        capacity: 3,
        ...fields,
      })
      .returning({ id: events.id });
    return row!.id;
  };
  /** going/waitlisted/not_going rows for alumni[from…]; answers each going member's ticket. */
  const answer = async (
    eventId: string,
    rows: { who: number; status: 'going' | 'waitlisted' | 'not_going'; guests?: number }[],
  ) => {
    const tickets: string[] = [];
    let queued = 100;
    for (const row of rows) {
      const ticket = row.status === 'going' ? crypto.randomUUID() : null;
      if (ticket) tickets.push(ticket);
      await t.db.insert(eventRsvps).values({
        eventId,
        userId: alumni[row.who]!.id,
        status: row.status,
        guests: row.guests ?? 0,
        ticket,
        // Out of the insert order on purpose: the waitlist's order is `queued`.
        queued: row.status === 'waitlisted' ? (queued -= 10) : null,
      });
    }
    return tickets;
  };

  beforeAll(async () => {
    t = await buildRoleApp();
    collegeId = t.users.admin!.collegeId;
    alumni = await t.db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.userType, 'u')))
      .orderBy(users.email)
      .limit(6);
    const [me] = await t.db
      .select({ batchId: users.batchId })
      .from(users)
      .where(eq(users.id, t.users.member!._id));
    const [other] = await t.db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(eq(batches.collegeId, collegeId), me?.batchId ? ne(batches.id, me.batchId) : undefined),
      )
      .limit(1);
    otherBatchId = other!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/events/{id}/check-in', () => {
    it('answers each role: organisers check in, members of the audience may not', async () => {
      const eventId = await addEvent();
      const tickets = await answer(eventId, [
        { who: 0, status: 'going' },
        { who: 1, status: 'going' },
      ]);
      const expected: Record<Role, number> = {
        visitor: 401,
        member: 403,
        otherAdmin: 404,
        admin: 200,
        superAdmin: 200,
      };
      let next = 0;
      for (const [role, status] of Object.entries(expected) as [Role, number][]) {
        const ticket = status === 200 ? tickets[next++]! : tickets[0]!;
        const response = await t.call(role, 'POST', API.events.checkIn(eventId), { ticket });
        expect(response.statusCode, role).toBe(status);
        if (role === 'member') expect(response.json().message).toBe(EVENT_MESSAGES.organisersOnly);
        if (status === 200) expect(response.json()).toMatchObject({ already: false });
      }
      // A member outside the event's audience does not learn it exists.
      const hidden = await addEvent({ accessLevel: 'batch', accessLevelId: otherBatchId });
      const outside = await t.call('member', 'POST', API.events.checkIn(hidden), {
        ticket: tickets[0],
      });
      expect(outside.statusCode).toBe(404);
    });

    it('checks a ticket in once; the second scan is told when', async () => {
      const eventId = await addEvent();
      const [ticket] = await answer(eventId, [{ who: 2, status: 'going', guests: 2 }]);
      const first = await t.call('admin', 'POST', API.events.checkIn(eventId), { ticket });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body).toMatchObject({
        already: false,
        attended: 1,
        member: { _id: alumni[2]!.id, fullName: alumni[2]!.fullName, guests: 2 },
      });
      expect(Date.now() - Date.parse(body.checkedInAt)).toBeLessThan(60_000);

      const second = await t.call('superAdmin', 'POST', API.events.checkIn(eventId), { ticket });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({
        already: true,
        checkedInAt: body.checkedInAt,
        attended: 1,
      });
      const [row] = await t.db
        .select({ by: eventRsvps.checkedInBy })
        .from(eventRsvps)
        .where(eq(eventRsvps.ticket, ticket!));
      expect(row!.by).toBe(t.users.admin!._id);
    });

    it('refuses unknown tickets and those of another event with 404, bad input with 400', async () => {
      const eventId = await addEvent();
      const otherId = await addEvent();
      const [theirs] = await answer(otherId, [{ who: 3, status: 'going' }]);
      for (const ticket of [theirs, 'no-such-ticket']) {
        const response = await t.call('admin', 'POST', API.events.checkIn(eventId), { ticket });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(EVENT_MESSAGES.ticketUnknown);
      }
      const empty = await t.call('admin', 'POST', API.events.checkIn(eventId), { ticket: ' ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain('Scan or type a ticket');
      // A cancelled event has no door.
      await t.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, otherId));
      const cancelled = await t.call('admin', 'POST', API.events.checkIn(otherId), {
        ticket: theirs,
      });
      expect(cancelled.statusCode).toBe(409);
    });

    it('two organisers scanning the same ticket at once: exactly one checks it in', async () => {
      const eventId = await addEvent();
      const tickets = await answer(eventId, [
        { who: 0, status: 'going' },
        { who: 1, status: 'going' },
        { who: 2, status: 'going' },
      ]);
      for (const ticket of tickets) {
        const scans = await Promise.all(
          (['admin', 'superAdmin', 'admin', 'superAdmin'] as const).map((role) =>
            t.call(role, 'POST', API.events.checkIn(eventId), { ticket }),
          ),
        );
        expect(scans.map((s) => s.statusCode)).toEqual([200, 200, 200, 200]);
        const bodies = scans.map((s) => s.json());
        expect(bodies.filter((b) => b.already === false)).toHaveLength(1);
        expect(new Set(bodies.map((b) => b.checkedInAt)).size).toBe(1);
      }
      const figures = (await t.call('admin', 'GET', API.events.attendees(eventId))).json().figures;
      expect(figures.attended).toBe(3);
    });
  });

  describe('GET /api/events/{id}/attendees', () => {
    it('answers each role as check-in does', async () => {
      const eventId = await addEvent();
      const expected: Record<Role, number> = {
        visitor: 401,
        member: 403,
        otherAdmin: 404,
        admin: 200,
        superAdmin: 200,
      };
      for (const [role, status] of Object.entries(expected) as [Role, number][])
        expect((await t.call(role, 'GET', API.events.attendees(eventId))).statusCode, role).toBe(
          status,
        );
    });

    it('lists those going, then the waitlist in order, with figures; no-shows once it ended', async () => {
      const startsAt = new Date(Date.now() - 5 * HOUR);
      const eventId = await addEvent({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) });
      const [checked] = await answer(eventId, [
        { who: 0, status: 'going', guests: 1 },
        { who: 1, status: 'going' },
        { who: 2, status: 'waitlisted' },
        { who: 3, status: 'waitlisted' },
        { who: 4, status: 'not_going' },
      ]);
      await t.call('admin', 'POST', API.events.checkIn(eventId), { ticket: checked });

      const response = await t.call('admin', 'GET', API.events.attendees(eventId));
      expect(response.statusCode).toBe(200);
      const body = response.json() as AttendeesAnswer;
      const going = body.attendees.filter((a) => a.status === 'going');
      expect(going.map((a) => a._id).sort()).toEqual([alumni[0]!.id, alumni[1]!.id].sort());
      expect(going.find((a) => a._id === alumni[0]!.id)).toMatchObject({
        guests: 1,
        position: null,
      });
      expect(going.find((a) => a._id === alumni[0]!.id)!.checkedInAt).not.toBeNull();
      // Inserted 2 then 3, but 3 joined the waitlist first.
      expect(body.attendees.slice(2).map((a) => [a._id, a.position])).toEqual([
        [alumni[3]!.id, 1],
        [alumni[2]!.id, 2],
      ]);
      expect(body.attendees).toHaveLength(4);
      expect(body.figures).toEqual({ going: 3, waitlisted: 2, attended: 1, noShows: 1 });

      // Before the end, nobody is a no-show yet.
      await t.db
        .update(events)
        .set({ endsAt: new Date(Date.now() + HOUR) })
        .where(eq(events.id, eventId));
      const during = (await t.call('admin', 'GET', API.events.attendees(eventId))).json();
      expect(during.figures.noShows).toBe(0);
    });

    it('downloads the CSV with every typed cell kept from running as a formula', async () => {
      const eventId = await addEvent({ title: 'Reunion: 2026!' });
      await answer(eventId, [
        { who: 5, status: 'going' },
        { who: 4, status: 'waitlisted' },
      ]);
      await t.db
        .update(users)
        .set({ fullName: '=HYPERLINK("http://evil.example","click")' })
        .where(eq(users.id, alumni[5]!.id));
      const response = await t.call('admin', 'GET', `${API.events.attendees(eventId)}?format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="reunion-2026-attendees.csv"',
      );
      const rows = parse(response.body) as string[][];
      expect(rows[0]).toEqual([
        'Name',
        'E-mail',
        'Batch',
        'Branch',
        'Status',
        'Guests',
        'Waitlist position',
        'Checked in at (UTC)',
      ]);
      expect(rows[1]![0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
      expect(rows[1]!.slice(4)).toEqual(['going', '0', '', '']);
      expect(rows[2]!.slice(4, 7)).toEqual(['waitlisted', '0', '1']);
      expect(rows).toHaveLength(3);
      const bad = await t.call('admin', 'GET', `${API.events.attendees(eventId)}?format=xls`);
      expect(bad.statusCode).toBe(400);
      const member = await t.call('member', 'GET', `${API.events.attendees(eventId)}?format=csv`);
      expect(member.statusCode).toBe(403);
    });
  });
});
