import { API, EVENT_MESSAGES, type EventDetail, type EventSummary } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema';
import { lineOf } from '../notification-email/lines';
import { buildEventsApp, eventBodyOf, hoursFromNow } from '../../test/events';

let t: Awaited<ReturnType<typeof buildEventsApp>>;
beforeAll(async () => {
  t = await buildEventsApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Caller = Parameters<typeof t.as>[0];
const detailAs = async (caller: Caller, id: string) => {
  const response = await t.as(caller, 'GET', API.events.one(id));
  return {
    status: response.statusCode,
    event: response.statusCode === 200 ? (response.json().event as EventDetail) : null,
    message: response.json().message as string | undefined,
  };
};
const listAs = async (caller: Caller, query = '') => {
  const response = await t.as(caller, 'GET', `${API.events.list}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events as EventSummary[];
};

describe('POST /api/events (create)', () => {
  it('lets admins create for any audience of their college and organisers for their group', async () => {
    const cases: [Caller, object, number][] = [
      ['visitor', { level: 'college' }, 401],
      ['member', { level: 'college' }, 403],
      ['member', { level: 'group', id: t.groupId }, 403],
      ['organiser', { level: 'college' }, 403],
      ['organiser', { level: 'group', id: t.groupId }, 200],
      ['otherOrganiser', { level: 'group', id: t.groupId }, 403],
      ['otherOrganiser', { level: 'group', id: t.elsewhere }, 200],
      ['admin', { level: 'college' }, 200],
      ['admin', { level: 'batch', id: t.memberBatchId }, 200],
      ['admin', { level: 'group', id: t.groupId }, 200],
      // Another college's admin names this college's batch: it is not theirs.
      ['otherAdmin', { level: 'batch', id: t.memberBatchId }, 400],
      ['otherAdmin', { level: 'college' }, 200],
      ['superAdmin', { level: 'group', id: t.groupId }, 200],
    ];
    for (const [caller, audience, status] of cases) {
      const response = await t.as(
        caller,
        'POST',
        API.events.list,
        eventBodyOf({ audience } as never),
      );
      expect(
        response.statusCode,
        `${String(caller)} ${JSON.stringify(audience)}: ${response.body}`,
      ).toBe(status);
      if (status === 403) expect(response.json().message).toBe(EVENT_MESSAGES.mayNotCreate);
      if (status === 400) expect(response.json().message).toBe(EVENT_MESSAGES.audienceUnknown);
      if (status === 200) {
        const { event } = response.json() as { event: EventDetail };
        expect(event).toMatchObject({ title: 'Test meet-up', mayOrganise: true, cancelled: false });
        expect(event.audience.name).not.toBe('');
      }
    }
  });

  it('answers 400 with a readable message for bad input', async () => {
    const cases: [object, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, EVENT_MESSAGES.badTimeZone],
      [{ startsAt: hoursFromNow(10), endsAt: hoursFromNow(9) }, EVENT_MESSAGES.endBeforeStart],
      [{ rsvpDeadline: hoursFromNow(24 * 8) }, EVENT_MESSAGES.deadlineAfterStart],
      [{ venue: null, onlineUrl: null }, EVENT_MESSAGES.placeRequired],
      [{ audience: { level: 'batch' } }, EVENT_MESSAGES.audienceIdRequired],
      [{ audience: { level: 'group', id: crypto.randomUUID() } }, EVENT_MESSAGES.audienceUnknown],
      [{ onlineUrl: 'javascript:alert(1)' }, 'The online link must start with http:// or https://'],
    ];
    for (const [over, message] of cases) {
      const response = await t.as('admin', 'POST', API.events.list, eventBodyOf(over));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('stores the description sanitized as the job board does', async () => {
    const id = await t.createEvent({
      description:
        '<p>Hello <strong>all</strong></p><script>alert(1)</script><a href="javascript:x()">bad</a><img src=x onerror=alert(1)>',
    });
    const { event } = await detailAs('member', id);
    expect(event!.description).toBe('<p>Hello <strong>all</strong></p><a>bad</a>');
  });

  it('lets a super admin create in another college with ?collegeId=', async () => {
    const otherCollege = t.users.otherAdmin!.collegeId;
    const response = await t.as(
      'superAdmin',
      'POST',
      `${API.events.list}?collegeId=${otherCollege}`,
      eventBodyOf(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(events).where(eq(events.id, response.json().event.id));
    expect(row!.collegeId).toBe(otherCollege);
    const refused = await t.as(
      'admin',
      'POST',
      `${API.events.list}?collegeId=${otherCollege}`,
      eventBodyOf(),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/events/{id} (the event page)', () => {
  it('shows a batch event to its batch and organisers, 404 to everyone else', async () => {
    const id = await t.createEvent({ audience: { level: 'batch', id: t.memberBatchId } });
    const expected: [Caller, number, boolean?][] = [
      ['visitor', 401],
      ['member', 200, false],
      ['organiser', 200, false],
      ['stranger', 404],
      ['admin', 200, true],
      ['otherAdmin', 404],
      ['superAdmin', 200, true],
    ];
    for (const [caller, status, mayOrganise] of expected) {
      const seen = await detailAs(caller, id);
      expect(seen.status, String(caller)).toBe(status);
      if (status === 404) expect(seen.message).toBe(EVENT_MESSAGES.notFound);
      if (status === 200) expect(seen.event!.mayOrganise, String(caller)).toBe(mayOrganise);
    }
  });

  it("shows a group's event to its members, its organisers organise it", async () => {
    const id = await t.createEvent({ audience: { level: 'group', id: t.groupId } }, 'organiser');
    const expected: [Caller, number, boolean?][] = [
      ['member', 200, false],
      ['organiser', 200, true],
      ['pending', 404],
      ['otherOrganiser', 404],
      ['stranger', 404],
      ['admin', 200, true],
      ['otherAdmin', 404],
      ['superAdmin', 200, true],
    ];
    for (const [caller, status, mayOrganise] of expected) {
      const seen = await detailAs(caller, id);
      expect(seen.status, String(caller)).toBe(status);
      if (status === 200) expect(seen.event!.mayOrganise, String(caller)).toBe(mayOrganise);
    }
  });

  it('shows the online link and who is going only as the organiser allows', async () => {
    const id = await t.createEvent({
      venue: null,
      onlineUrl: 'https://meet.example.com/abc',
      showAttendees: false,
    });
    const before = await detailAs('member', id);
    expect(before.event).toMatchObject({ online: true, onlineUrl: null, attendees: null });
    expect((await detailAs('admin', id)).event!.onlineUrl).toBe('https://meet.example.com/abc');

    expect(
      (await t.as('member', 'POST', API.events.rsvp(id), { status: 'going' })).statusCode,
    ).toBe(200);
    const after = await detailAs('member', id);
    expect(after.event!.onlineUrl).toBe('https://meet.example.com/abc');
    expect(after.event!.attendees).toBeNull();
    expect(after.event!.myRsvp).toMatchObject({ status: 'going', guests: 0 });
    expect(after.event!.myRsvp!.ticket).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const organiser = await detailAs('admin', id);
    expect(organiser.event!.attendees!.map((a) => a._id)).toEqual([t.idOf('member')]);
    expect(organiser.event!.going).toBe(1);
  });
});

describe('GET /api/events (the list)', () => {
  it('lists what the member may see, upcoming soonest first, past apart', async () => {
    const soon = await t.createEvent({
      title: 'Soon',
      startsAt: hoursFromNow(2),
      endsAt: hoursFromNow(3),
    });
    const later = await t.createEvent({
      title: 'Later',
      audience: { level: 'batch', id: t.memberBatchId },
      startsAt: hoursFromNow(48),
      endsAt: hoursFromNow(50),
    });
    const past = await t.createEvent({
      title: 'Past',
      startsAt: hoursFromNow(-50),
      endsAt: hoursFromNow(-48),
    });
    const group = await t.createEvent({ audience: { level: 'group', id: t.groupId } });

    const mine = (await listAs('member')).map((e) => e.id);
    expect(mine).toEqual(expect.arrayContaining([soon, later, group]));
    expect(mine).not.toContain(past);
    expect(mine.indexOf(soon)).toBeLessThan(mine.indexOf(later));
    const strangers = (await listAs('stranger')).map((e) => e.id);
    expect(strangers).toContain(soon);
    expect(strangers).not.toContain(later);
    expect(strangers).not.toContain(group);
    expect((await listAs('otherAdmin')).map((e) => e.id)).not.toContain(soon);

    expect((await listAs('member', '?past=true')).map((e) => e.id)).toContain(past);
    expect((await listAs('member', '?past=true')).map((e) => e.id)).not.toContain(soon);
    const batchOnly = await listAs('member', '?audience=batch');
    expect(batchOnly.map((e) => e.id)).toContain(later);
    expect(batchOnly.every((e) => e.audience.level === 'batch')).toBe(true);
    const window = await listAs(
      'member',
      `?from=${encodeURIComponent(hoursFromNow(24))}&to=${encodeURIComponent(hoursFromNow(72))}`,
    );
    expect(window.map((e) => e.id)).toContain(later);
    expect(window.map((e) => e.id)).not.toContain(soon);

    const row = (await listAs('member')).find((e) => e.id === later)!;
    expect(row).toMatchObject({
      title: 'Later',
      going: 0,
      waitlisted: 0,
      myRsvp: null,
      audience: { level: 'batch', id: t.memberBatchId },
    });
    expect(row.audience.name).not.toBe('');
    expect((await t.as('visitor', 'GET', API.events.list)).statusCode).toBe(401);
    expect((await t.as('member', 'GET', `${API.events.list}?past=maybe`)).statusCode).toBe(400);
  });
});

describe('PUT /api/events/{id} and POST /api/events/{id}/cancel', () => {
  it('lets only organisers edit, by role', async () => {
    const id = await t.createEvent({ audience: { level: 'group', id: t.groupId } });
    const expected: [Caller, number][] = [
      ['visitor', 401],
      ['member', 403],
      ['otherOrganiser', 404],
      ['otherAdmin', 404],
      ['organiser', 200],
      ['admin', 200],
      ['superAdmin', 200],
    ];
    for (const [caller, status] of expected) {
      const response = await t.as(
        caller,
        'PUT',
        API.events.one(id),
        eventBodyOf({
          title: `Edited by ${String(caller)}`,
          audience: { level: 'group', id: t.groupId },
        }),
      );
      expect(response.statusCode, `${String(caller)}: ${response.body}`).toBe(status);
      if (status === 403) expect(response.json().message).toBe(EVENT_MESSAGES.organisersOnly);
      if (status === 200) expect(response.json().event.title).toBe(`Edited by ${String(caller)}`);
    }
    // A group's organiser cannot move the event out of their group.
    const moved = await t.as('organiser', 'PUT', API.events.one(id), eventBodyOf());
    expect(moved.statusCode).toBe(403);
    const badZone = await t.as(
      'admin',
      'PUT',
      API.events.one(id),
      eventBodyOf({ timeZone: 'Nowhere/Else' }),
    );
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe(EVENT_MESSAGES.badTimeZone);
  });

  it('tells those going when the time or place changes, not for a new title', async () => {
    const body = eventBodyOf({ title: 'Reunion' });
    const id = await t.createEvent(body);
    expect(
      (await t.as('member', 'POST', API.events.rsvp(id), { status: 'going' })).statusCode,
    ).toBe(200);
    expect(
      (await t.as('outsider', 'POST', API.events.rsvp(id), { status: 'not_going' })).statusCode,
    ).toBe(200);

    const retitled = await t.as('admin', 'PUT', API.events.one(id), { ...body, title: 'Reunion!' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(await t.notificationsAbout('member', id, 'event_changed')).toHaveLength(0);

    const startsAt = '2031-03-14T12:30:00.000Z';
    const moved = await t.as('admin', 'PUT', API.events.one(id), {
      ...body,
      title: 'Reunion!',
      startsAt,
      endsAt: '2031-03-14T15:30:00.000Z',
      venue: 'Old campus',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event.startsAt).toBe(startsAt);
    const [told] = await t.notificationsAbout('member', id, 'event_changed');
    expect(told!.detail).toBe(
      'Reunion! has changed. New time: 14 Mar 2031, 18:00 (Asia/Kolkata). New place: Old campus.',
    );
    expect(told!.target.url).toBe(`/events/${id}`);
    expect(await t.notificationsAbout('outsider', id, 'event_changed')).toHaveLength(0);
  });

  it('cancels for organisers only, tells going and waitlisted, and closes RSVPs', async () => {
    const id = await t.createEvent({ capacity: 1 });
    expect(
      (await t.as('member', 'POST', API.events.rsvp(id), { status: 'going' })).json().rsvp.status,
    ).toBe('going');
    expect(
      (await t.as('outsider', 'POST', API.events.rsvp(id), { status: 'going' })).json().rsvp.status,
    ).toBe('waitlisted');
    for (const [caller, status] of [
      ['visitor', 401],
      ['member', 403],
      ['organiser', 403],
      ['otherAdmin', 404],
    ] as const) {
      expect((await t.as(caller, 'POST', API.events.cancel(id))).statusCode, caller).toBe(status);
    }
    const cancelled = await t.as('admin', 'POST', API.events.cancel(id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(EVENT_MESSAGES.cancelledNow);
    expect(await t.notificationsAbout('member', id, 'event_cancelled')).toHaveLength(1);
    expect(await t.notificationsAbout('outsider', id, 'event_cancelled')).toHaveLength(1);

    const again = await t.as('superAdmin', 'POST', API.events.cancel(id));
    expect(again.statusCode).toBe(409);
    const rsvp = await t.as('pending', 'POST', API.events.rsvp(id), { status: 'going' });
    expect(rsvp.statusCode).toBe(409);
    expect(rsvp.json().message).toBe(EVENT_MESSAGES.cancelled);
    const edit = await t.as('admin', 'PUT', API.events.one(id), eventBodyOf({ capacity: 1 }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(EVENT_MESSAGES.cancelled);
    expect((await detailAs('member', id)).event!.cancelled).toBe(true);
  });
});

describe('GET /api/events/manage (/dashboard/events)', () => {
  it("answers a college's events to its admins and a group's to its organisers", async () => {
    const collegeEvent = await t.createEvent({ title: 'College do' });
    const groupEvent = await t.createEvent({ audience: { level: 'group', id: t.groupId } });
    const ids = async (caller: Caller, query = '') => {
      const response = await t.as(caller, 'GET', `${API.events.manage}${query}`);
      return {
        status: response.statusCode,
        ids:
          response.statusCode === 200
            ? (response.json().events as { id: string }[]).map((e) => e.id)
            : [],
      };
    };
    expect((await ids('visitor')).status).toBe(401);
    // outsider: a member who organises no group (the demo member organises a demo group).
    expect((await ids('outsider')).status).toBe(403);
    const organiser = await ids('organiser');
    expect(organiser.status).toBe(200);
    expect(organiser.ids).toContain(groupEvent);
    expect(organiser.ids).not.toContain(collegeEvent);
    expect((await ids('otherOrganiser')).ids).not.toContain(groupEvent);
    const admin = await ids('admin');
    expect(admin.ids).toEqual(expect.arrayContaining([collegeEvent, groupEvent]));
    expect((await ids('otherAdmin')).ids).not.toContain(collegeEvent);
    expect((await ids('otherAdmin', `?collegeId=${t.collegeId}`)).status).toBe(403);
    expect((await ids('superAdmin')).status).toBe(400);
    expect((await ids('superAdmin', `?collegeId=${t.collegeId}`)).ids).toContain(collegeEvent);

    await t.as('member', 'POST', API.events.rsvp(collegeEvent), { status: 'going' });
    const response = await t.as('admin', 'GET', API.events.manage);
    const row = (response.json().events as { id: string; going: number; attended: number }[]).find(
      (e) => e.id === collegeEvent,
    );
    expect(row).toMatchObject({ going: 1, attended: 0 });
  });
});

describe("events' notification e-mails", () => {
  it('say what happened to which event in one line', () => {
    const line = lineOf(
      {
        id: '1',
        userId: 'u',
        kind: 'event_cancelled',
        targetType: 'event',
        targetId: 'e1',
        count: 1,
        detail: 'Reunion on 14 Mar 2031, 18:00 (Asia/Kolkata) was cancelled.',
        email: 'm@example.com',
        fullName: 'Mia Member',
        collegeId: null,
        collegeName: 'Alumnet',
        actors: ['Ada Admin'],
        version: '1',
      },
      'https://x',
    );
    expect(line).toEqual({
      sentence: 'Reunion on 14 Mar 2031, 18:00 (Asia/Kolkata) was cancelled',
      url: 'https://x/events/e1',
      detail: null,
    });
  });
});
