import { API, DEFAULT_PRIVACY, type AttendeesAnswer } from '@alumnet/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRsvps } from '../../db/schema';
import { buildEventsApp } from '../../test/events';

/**
 * Issue 30: a group's organiser (a member, not an admin) sees the attendees of the group's event;
 * each attendee's e-mail only as far as their privacy settings show it to the organiser.
 */
describe("a group event's attendees, for an organiser who is a member", () => {
  let t: Awaited<ReturnType<typeof buildEventsApp>>;
  let eventId: string;

  const emailSeen = async () => {
    const response = await t.as('organiser', 'GET', API.events.attendees(eventId));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as AttendeesAnswer;
    return body.attendees.find((a) => a._id === t.idOf('member'))?.email;
  };
  const setEmail = async (email: 'college' | 'batch' | 'nobody') => {
    const response = await t.as('member', 'PUT', API.me.privacy, { ...DEFAULT_PRIVACY, email });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await buildEventsApp();
    eventId = await t.createEvent({ audience: { level: 'group', id: t.groupId } }, 'organiser');
    await t.db
      .insert(eventRsvps)
      .values({ eventId, userId: t.idOf('member'), status: 'going', ticket: randomUUID() });
  });
  afterAll(() => t.close());

  it("hides the e-mail by default (today's), shows it when the attendee allows", async () => {
    expect(await emailSeen()).toBeNull();
    // The organiser is the attendee's batch mate (a copy of the demo member).
    await setEmail('batch');
    expect(await emailSeen()).toBe('member@demo.alumnet.dev');
    await setEmail('college');
    expect(await emailSeen()).toBe('member@demo.alumnet.dev');
    await setEmail('nobody');
    expect(await emailSeen()).toBeNull();
  });
});
