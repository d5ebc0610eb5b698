import { API, type EventBody, type Notification } from '@alumnet/contract';
import { and, eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { batches, branches, users } from '../db/schema';
import { SESSION_COOKIE } from '../modules/auth/tokens';
import { buildGroupApp, type GroupCaller } from './group-roles';

const HOUR = 3600_000;
/** An ISO instant `hours` from now (negative: in the past). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A valid event body: a week from now, two hours long, in person, for the whole college. */
export const eventBodyOf = (over: Partial<EventBody> = {}): EventBody => ({
  title: 'Test meet-up',
  description: '<p>Come along</p>',
  startsAt: hoursFromNow(24 * 7),
  endsAt: hoursFromNow(24 * 7 + 2),
  timeZone: 'Asia/Kolkata',
  venue: 'Main hall',
  audience: { level: 'college' },
  ...over,
});

/**
 * The group cast (test/group-roles.ts) for events: a group in which `member` is approved and
 * `organiser` organises, and `stranger`, a member of the same college in another batch (outside a
 * batch event's audience). `as(caller)` calls as a cast role or as any signed-in member's cookie.
 */
export async function buildEventsApp() {
  const t = await buildGroupApp();
  const groupId = await t.group('request');
  const [memberRow] = await t.db
    .select()
    .from(users)
    .where(eq(users.id, t.idOf('member')));
  const [otherBatch] = await t.db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.collegeId, t.collegeId), ne(batches.id, memberRow!.batchId!)))
    .limit(1);
  if (!otherBatch) throw new Error('the demo college needs a second batch');
  const [otherBranch] = await t.db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.batchId, otherBatch.id))
    .limit(1);
  const added = await t.addMember('Stranger');
  const [moved] = await t.db
    .update(users)
    .set({ batchId: otherBatch.id, branchId: otherBranch?.id ?? null })
    .where(eq(users.id, added.id))
    .returning({ email: users.email });
  // Signed in again: a session carries the batch it started with.
  const stranger = { id: added.id, cookie: (await t.loginAs(moved!.email)).cookie };

  type Caller = GroupCaller | 'stranger' | { cookie: string };
  const withCookie = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, payload });
  const as = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    typeof caller === 'object'
      ? withCookie(caller.cookie, method, url, payload)
      : caller === 'stranger'
        ? withCookie(stranger.cookie, method, url, payload)
        : t.call(caller, method, url, payload);

  /** A new event made through the API; answers its id. */
  async function createEvent(over: Partial<EventBody> = {}, by: Caller = 'admin') {
    const response = await as(by, 'POST', API.events.list, eventBodyOf(over));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().event.id as string;
  }

  /** The caller's notifications of one kind about one event. */
  async function notificationsAbout(caller: Caller, eventId: string, kind: Notification['kind']) {
    const response = await as(caller, 'GET', API.notifications.list);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().notifications as Notification[]).filter(
      (n) => n.kind === kind && n.target.id === eventId,
    );
  }

  /**
   * `count` new members copied from the demo member, each signed in from an address of their own
   * (the login limit counts per address).
   */
  async function crowd(count: number, name = 'Crowd') {
    const [template] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, t.idOf('member')));
    const fields: Partial<typeof users.$inferInsert> = { ...template };
    delete fields.id;
    delete fields.createdAt;
    delete fields.updatedAt;
    const suffix = Math.random().toString(36).slice(2, 8);
    const rows = await t.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          ...(fields as typeof users.$inferInsert),
          firstName: `${name}${i}`,
          lastName: 'Tester',
          fullName: `${name}${i} Tester`,
          username: `event-test-${suffix}-${i}`,
          email: `event-test-${suffix}-${i}@example.com`,
          phone: null,
          userType: 'u' as const,
          isSuperAdmin: false,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const signedIn = [];
    for (const [i, row] of rows.entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: API.auth.login,
        remoteAddress: `10.28.${i >> 8}.${i & 255}`,
        payload: { userName: row.email, password: 'alumnet-demo' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
      signedIn.push({ id: row.id, cookie: `${SESSION_COOKIE}=${cookie.value}` });
    }
    return signedIn;
  }

  return {
    ...t,
    crowd,
    groupId,
    memberBatchId: memberRow!.batchId!,
    stranger,
    as,
    createEvent,
    notificationsAbout,
  };
}
