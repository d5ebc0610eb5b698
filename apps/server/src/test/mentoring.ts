import { API, type MentorProfile, type Notification } from '@alumnet/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema';
import { loginAs } from './build';
import { buildRoleApp, type Role } from './roles';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Person {
  id: string;
  cookie: string;
}
export type Caller = Role | Person;

/** A topic no demo mentor has: suggestions filtered by it list only a test's own mentors. */
export const TEST_TOPIC = 'Test topic for mentoring';

/**
 * The demo roles (test/roles.ts) and `person(name, fields)`: a new approved member of the demo
 * member's college (a copy of the demo member, with `fields` changed), signed in from an address of
 * their own; `mentor(name, profile, fields)` is one who also saved a mentor profile with the test
 * topic (added to the college's list). `as(caller, method, url, payload)` calls as either.
 * `directorySeconds`: how long suggestions rank over the college's list read once (0, the
 * default here: read on every call, as tests change rows directly).
 */
export async function buildMentoringApp({ directorySeconds = 0 } = {}) {
  const t = await buildRoleApp({ MENTOR_DIRECTORY_SECONDS: String(directorySeconds) });
  const collegeId = t.users.admin!.collegeId;
  const [template] = await t.db.select().from(users).where(eq(users.id, t.users.member!._id));
  if (!template) throw new Error('demo member missing');
  let made = 0;

  const as = (caller: Caller, method: Method, url: string, payload?: object) =>
    typeof caller === 'object'
      ? t.app.inject({ method, url, headers: { cookie: caller.cookie }, payload })
      : t.app.inject({
          method,
          url,
          payload,
          headers: caller === 'visitor' ? {} : { cookie: cookieOf[caller] },
        });
  const cookieOf = {} as Record<Exclude<Role, 'visitor'>, string>;
  for (const [role, email] of Object.entries({
    member: 'member@demo.alumnet.dev',
    otherAdmin: 'admin2@demo.alumnet.dev',
    admin: 'admin@demo.alumnet.dev',
    superAdmin: 'super@demo.alumnet.dev',
  }))
    cookieOf[role as Exclude<Role, 'visitor'>] = await signIn(email);

  /** Signs in from an address of its own (the login limit counts per address). */
  async function signIn(email: string) {
    made += 1;
    const remoteAddress = `10.29.${made >> 8}.${made & 255}`;
    return (await loginAs(t.app, email, 'alumnet-demo', { remoteAddress })).cookie;
  }

  /** Inserts copies of the demo member (no session). */
  async function insertPeople(count: number, fields: Partial<typeof users.$inferInsert> = {}) {
    const copy: Partial<typeof users.$inferInsert> = { ...template };
    delete copy.id;
    delete copy.createdAt;
    delete copy.updatedAt;
    const start = made;
    made += count;
    return t.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => {
          const handle = `mentoring-test-${start + i}-${Math.random().toString(36).slice(2, 6)}`;
          return {
            ...(copy as typeof users.$inferInsert),
            firstName: `Person${start + i}`,
            lastName: 'Tester',
            fullName: `Person${start + i} Tester`,
            username: handle,
            email: `${handle}@example.com`,
            phone: null,
            userType: 'u' as const,
            isSuperAdmin: false,
            openToMentoring: false,
            ...fields,
          };
        }),
      )
      .returning({ id: users.id, email: users.email });
  }

  /** A new member, signed in. */
  async function person(
    name: string,
    fields: Partial<typeof users.$inferInsert> = {},
  ): Promise<Person> {
    const [row] = await insertPeople(1, { fullName: `${name} Tester`, firstName: name, ...fields });
    return { id: row!.id, cookie: await signIn(row!.email) };
  }

  let topicAdded = false;
  /** A new member who saved a mentor profile (with TEST_TOPIC unless `profile` says otherwise). */
  async function mentor(
    name: string,
    profile: Partial<Omit<MentorProfile, 'activeMentees'>> = {},
    fields: Partial<typeof users.$inferInsert> = {},
  ) {
    if (!topicAdded) {
      await t.db.execute(sql`
        INSERT INTO mentoring_topics (college_id, name) VALUES (${collegeId}, ${TEST_TOPIC})
        ON CONFLICT DO NOTHING`);
      topicAdded = true;
    }
    const who = await person(name, fields);
    const response = await as(who, 'PUT', API.mentoring.profile, {
      openToMentoring: true,
      topics: [TEST_TOPIC],
      industries: [],
      capacity: 2,
      howIHelp: `${name} helps`,
      takingRequests: true,
      ...profile,
    });
    expect(response.statusCode, response.body).toBe(200);
    return who;
  }

  /** Asks through the API; answers the request's id. */
  async function ask(mentee: Caller, mentorId: string, goal = 'Find my first job') {
    const response = await as(mentee, 'POST', API.mentoring.requests, {
      mentorId,
      goal,
      message: 'Could you help me?',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().request.id as string;
  }

  /** A mentorship made through the API (ask, accept); answers its id. */
  async function mentorship(mentee: Caller, mentor: Person, goal?: string) {
    const requestId = await ask(mentee, mentor.id, goal);
    const response = await as(mentor, 'POST', API.mentoring.accept(requestId), {
      note: 'Happy to help',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().request.mentorshipId as string;
  }

  /** The caller's notifications of one kind about one target. */
  async function notificationsAbout(caller: Caller, targetId: string, kind: Notification['kind']) {
    const response = await as(caller, 'GET', API.notifications.list);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().notifications as Notification[]).filter(
      (n) => n.kind === kind && n.target.id === targetId,
    );
  }

  return {
    ...t,
    collegeId,
    template,
    as,
    insertPeople,
    person,
    mentor,
    ask,
    mentorship,
    notificationsAbout,
  };
}
export type MentoringApp = Awaited<ReturnType<typeof buildMentoringApp>>;
