import { API } from '@alumnet/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, eventRsvps, events, users } from '../../db/schema';
import { requestForLog } from '../../plugins/request-origin';
import { buildRoleApp, type Role } from '../../test/roles';
import { plainText } from './calendar';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The last Sunday of a month (0-based), as a UTC date at midnight. */
function lastSunday(year: number, month: number) {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return new Date(last.getTime() - last.getUTCDay() * DAY);
}

const veventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

describe('event calendars (issue 28)', () => {
  let t: Awaited<ReturnType<typeof buildRoleApp>>;
  let collegeId: string;
  let adminId: string;
  let memberId: string;
  /** A batch of the college the demo member is not in. */
  let otherBatchId: string;

  const addEvent = async (fields: Partial<typeof events.$inferInsert> = {}) => {
    const startsAt = fields.startsAt ?? new Date(Date.now() + 10 * DAY);
    const [row] = await t.db
      .insert(events)
      .values({
        collegeId,
        createdBy: adminId,
        title: 'Reunion 2026',
        description: '<p>Dinner &amp; <strong>music</strong></p><ul><li>Hall A</li></ul>',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3 * HOUR),
        timeZone: 'Asia/Kolkata',
        venue: 'Main Hall',
        address: '1 College Road, Pune',
        accessLevel: 'college',
        accessLevelId: collegeId,
        ...fields,
      })
      .returning({ id: events.id });
    return row!.id;
  };
  const rsvp = (eventId: string, userId: string, status: 'going' | 'not_going' = 'going') =>
    t.db.insert(eventRsvps).values({
      eventId,
      userId,
      status,
      ticket: status === 'going' ? crypto.randomUUID() : null,
    });

  beforeAll(async () => {
    t = await buildRoleApp();
    collegeId = t.users.admin!.collegeId;
    adminId = t.users.admin!._id;
    memberId = t.users.member!._id;
    const [me] = await t.db
      .select({ batchId: users.batchId })
      .from(users)
      .where(eq(users.id, memberId));
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

  describe('GET /api/events/{id}.ics', () => {
    it('answers each role as the event page does', async () => {
      const open = await addEvent();
      const batchOnly = await addEvent({ accessLevel: 'batch', accessLevelId: otherBatchId });
      const expected: Record<Role, number> = {
        visitor: 401,
        member: 200,
        otherAdmin: 404,
        admin: 200,
        superAdmin: 200,
      };
      for (const [role, status] of Object.entries(expected) as [Role, number][]) {
        const response = await t.call(role, 'GET', API.events.ics(open));
        expect(response.statusCode, role).toBe(status);
        if (status !== 200) continue;
        expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(response.headers['content-disposition']).toBe(
          'attachment; filename="reunion-2026.ics"',
        );
      }
      // A member outside the event's audience is told nothing of it.
      const outside = await t.call('member', 'GET', API.events.ics(batchOnly));
      expect(outside.statusCode).toBe(404);
      expect((await t.call('admin', 'GET', API.events.ics(batchOnly))).statusCode).toBe(200);
      const unknown = await t.call('member', 'GET', API.events.ics(crypto.randomUUID()));
      expect(unknown.statusCode).toBe(404);
    });

    it('writes one VEVENT: title, plain-text description, venue and address, link, status', async () => {
      const id = await addEvent();
      const response = await t.call('member', 'GET', API.events.ics(id));
      const [event, ...more] = veventsOf(response.body);
      expect(more).toHaveLength(0);
      expect(event!.summary).toBe('Reunion 2026');
      expect(event!.location).toBe('Main Hall, 1 College Road, Pune');
      const url = event!.url as unknown as string | { val: string };
      expect(typeof url === 'string' ? url : url.val).toBe(`${t.config.publicUrl}/events/${id}`);
      expect(event!.description).toContain('Dinner & music\n\n- Hall A');
      expect(event!.description).not.toContain('<');
      expect(event!.status).toBe('CONFIRMED');
      expect(event!.uid).toContain(id);

      await t.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, id));
      const cancelled = veventsOf((await t.call('member', 'GET', API.events.ics(id))).body);
      expect(cancelled[0]!.status).toBe('CANCELLED');
    });

    it('keeps the start and end instants across a daylight-saving change, with TZID', async () => {
      const year = new Date().getUTCFullYear() + 1;
      // The clocks change at 01:00 UTC. March: 00:30 UTC is 00:30 GMT, and two hours later it is
      // 03:30 BST. October: midnight BST is 23:00 UTC the day before, and four hours later it is
      // 03:00 GMT. (Not 01:30 in October: that wall time happens twice, and TZID cannot say which.)
      for (const [month, fromMidnight, hours, start, end] of [
        [2, 30 * 60_000, 2, '003000', '033000'],
        [9, -HOUR, 4, '000000', '030000'],
      ] as const) {
        const day = lastSunday(year, month);
        const startsAt = new Date(day.getTime() + fromMidnight);
        const endsAt = new Date(startsAt.getTime() + hours * HOUR);
        const id = await addEvent({ startsAt, endsAt, timeZone: 'Europe/London' });
        const text = (await t.call('member', 'GET', API.events.ics(id))).body;
        const ymd = day.toISOString().slice(0, 10).replace(/-/g, '');
        expect(text).toContain(`DTSTART;TZID=Europe/London:${ymd}T${start}`);
        expect(text).toContain(`DTEND;TZID=Europe/London:${ymd}T${end}`);
        expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
        const [event] = veventsOf(text);
        expect(event!.start.toISOString()).toBe(startsAt.toISOString());
        expect(event!.end!.toISOString()).toBe(endsAt.toISOString());
      }
    });

    it('gives the online link only to those going (and organisers)', async () => {
      const link = 'https://meet.example.com/reunion-webinar';
      const id = await addEvent({ venue: null, address: null, onlineUrl: link });
      const before = await t.call('member', 'GET', API.events.ics(id));
      expect(before.body).not.toContain('meet.example.com');
      expect(veventsOf(before.body)[0]!.location).toBeUndefined();
      expect((await t.call('admin', 'GET', API.events.ics(id))).body).toContain(link);

      await rsvp(id, memberId);
      const going = await t.call('member', 'GET', API.events.ics(id));
      expect(veventsOf(going.body)[0]!.location).toBe(link);
    });
  });

  describe('the calendar feed', () => {
    it('is made on first ask, kept, and reset on POST (the old link stops working)', async () => {
      expect((await t.call('visitor', 'GET', API.events.calendarFeed)).statusCode).toBe(401);
      expect((await t.call('visitor', 'POST', API.events.calendarFeed)).statusCode).toBe(401);

      const first = await t.call('member', 'GET', API.events.calendarFeed);
      expect(first.statusCode).toBe(200);
      const { path } = first.json() as { path: string };
      expect(path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
      expect((await t.call('member', 'GET', API.events.calendarFeed)).json()).toEqual({ path });
      // Another member has a feed of their own.
      const theirs = (await t.call('admin', 'GET', API.events.calendarFeed)).json().path;
      expect(theirs).not.toBe(path);

      // A calendar app fetches it from its own servers: no session, another origin.
      const fetched = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { origin: 'https://calendar.google.com', accept: 'text/calendar' },
      });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toBe('text/calendar; charset=utf-8');

      const reset = await t.call('member', 'POST', API.events.calendarFeed);
      expect(reset.statusCode).toBe(200);
      const next = (reset.json() as { path: string }).path;
      expect(next).not.toBe(path);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
      expect((await t.call('member', 'GET', API.events.calendarFeed)).json()).toEqual({
        path: next,
      });
      const unknown = await t.app.inject({ method: 'GET', url: API.calendarFeed('nope') });
      expect(unknown.statusCode).toBe(404);
    });

    it('holds the events the member is going to: upcoming, the last 30 days, cancelled ones marked', async () => {
      const member2 = await t.loginAs('member2@demo.alumnet.dev');
      const userId = member2.user._id;
      const upcoming = await addEvent({ title: 'Upcoming meet-up' });
      const cancelled = await addEvent({ title: 'Cancelled dinner', cancelledAt: new Date() });
      const lastWeek = await addEvent({
        title: 'Last week',
        startsAt: new Date(Date.now() - 7 * DAY),
      });
      const longAgo = await addEvent({
        title: 'Long ago',
        startsAt: new Date(Date.now() - 40 * DAY),
      });
      const notGoing = await addEvent({ title: 'Not going' });
      await addEvent({ title: 'Never answered' });
      for (const id of [upcoming, cancelled, lastWeek, longAgo]) await rsvp(id, userId);
      await rsvp(notGoing, userId, 'not_going');

      const { path } = (
        await t.app.inject({
          method: 'GET',
          url: API.events.calendarFeed,
          headers: { cookie: member2.cookie },
        })
      ).json() as { path: string };
      const feed = veventsOf((await t.app.inject({ method: 'GET', url: path })).body);
      const mine = new Set(['Upcoming meet-up', 'Cancelled dinner', 'Last week', 'Long ago']);
      mine.add('Not going').add('Never answered');
      // The demo's own events the member is going to are in it too; these are this test's.
      expect(
        feed
          .filter((e) => mine.has(String(e.summary)))
          .map((e) => [e.summary, e.status])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ['Cancelled dinner', 'CANCELLED'],
        ['Last week', 'CONFIRMED'],
        ['Upcoming meet-up', 'CONFIRMED'],
      ]);
    });

    it('keeps the token out of request logs', () => {
      const logged = requestForLog({
        url: '/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz012345.ics',
        method: 'GET',
        host: 'alumni.example.edu',
        ip: '127.0.0.1',
        socket: { remotePort: 1 },
      } as unknown as FastifyRequest);
      expect(logged.url).toBe('/calendar/[token]');
    });
  });

  it('turns the editor HTML into plain text', () => {
    expect(plainText('<h2>Plan</h2><p>Talk &lt;1h&gt;<br>then &#8220;dinner&#8221;</p>')).toBe(
      'Plan\nTalk <1h>\nthen “dinner”',
    );
  });
});
