import { DEFAULT_MENTORING_TOPICS, MAX_OPEN_MENTORING_REQUESTS } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build';
import { createDatabase } from '../client';
import { DEMO_COLLEGE } from './demo';
import { seedDemoMentoring } from './demo-mentoring';

/**
 * The demo's mentoring programme as the tests' database holds it (seeded by test/template.ts as
 * a fresh start seeds it): what the screens and the other tests lean on.
 */
describe('demo mentoring data', () => {
  let db: ReturnType<typeof createDatabase>['db'];
  let close: () => Promise<void>;
  let drop: () => Promise<unknown>;
  let collegeId: string;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await db.execute(query)).rows as unknown as T[];
  const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0]!;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    ({ db, close } = createDatabase(database.url, 1));
    collegeId = (
      await one<{ id: string }>(sql`select id from colleges where name = ${DEMO_COLLEGE}`)
    ).id;
  });
  afterAll(async () => {
    await close();
    await drop();
  });

  it('has about 40 mentors, each open to mentoring with a profile, and no one else open', async () => {
    const counts = await one<{ profiles: number; open: number; both: number }>(sql`
      select
        (select count(*)::int from mentor_profiles where college_id = ${collegeId}) as profiles,
        (select count(*)::int from users where college_id = ${collegeId} and open_to_mentoring) as open,
        (select count(*)::int from users u join mentor_profiles p on p.user_id = u.id
          where u.college_id = ${collegeId} and u.open_to_mentoring) as both
    `);
    expect(counts).toEqual({ profiles: 40, open: 40, both: 40 });
  });

  it('spreads the mentors over every topic, the custom ones too, and over industries', async () => {
    const custom = await rows<{ name: string }>(
      sql`select name from mentoring_topics where college_id = ${collegeId} order by name`,
    );
    expect(custom.length).toBeGreaterThanOrEqual(1);
    const used = await rows<{ topic: string; n: number }>(sql`
      select t as topic, count(*)::int as n from mentor_profiles, unnest(topics) t
      where college_id = ${collegeId} group by t
    `);
    const names = used.map((u) => u.topic).sort();
    expect(names).toEqual([...DEFAULT_MENTORING_TOPICS, ...custom.map((c) => c.name)].sort());
    const industries = await one<{ n: number }>(sql`
      select count(distinct i)::int as n from mentor_profiles, unnest(industries) i
      where college_id = ${collegeId}
    `);
    expect(industries.n).toBeGreaterThanOrEqual(8);
  });

  it('keeps every mentor within capacity: one exactly at it, some not taking requests', async () => {
    const mentors = await rows<{ capacity: number; active: number; taking: boolean }>(sql`
      select p.capacity, p.taking_requests as taking,
        (select count(*)::int from mentorships m
          where m.mentor_id = p.user_id and m.ended_at is null) as active
      from mentor_profiles p where p.college_id = ${collegeId}
    `);
    expect(mentors.every((m) => m.active <= m.capacity)).toBe(true);
    expect(mentors.filter((m) => m.active === m.capacity)).toHaveLength(1);
    const paused = mentors.filter((m) => !m.taking).length;
    expect(paused).toBeGreaterThanOrEqual(3);
    expect(paused).toBeLessThan(10);
  });

  it('has requests in every state, open ones unexpired and only to mentors who can take them', async () => {
    const states = await rows<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from mentoring_requests
      where college_id = ${collegeId} group by status
    `);
    const by = Object.fromEntries(states.map((s) => [s.status, s.n]));
    expect(by).toMatchObject({
      open: expect.any(Number),
      accepted: expect.any(Number),
      declined: expect.any(Number),
      expired: expect.any(Number),
    });
    const open = await rows<{ ageDays: number; expiresIn: number; room: boolean; taking: boolean }>(
      sql`
      select extract(epoch from now() - r.created_at) / 86400 as "ageDays",
        extract(epoch from r.expires_at - now()) / 86400 as "expiresIn",
        p.taking_requests as taking,
        p.capacity > (select count(*) from mentorships m
          where m.mentor_id = r.mentor_id and m.ended_at is null) as room
      from mentoring_requests r join mentor_profiles p on p.user_id = r.mentor_id
      where r.college_id = ${collegeId} and r.status = 'open'
    `,
    );
    expect(open.length).toBeGreaterThanOrEqual(5);
    expect(open.every((r) => r.expiresIn > 0 && r.taking && r.room)).toBe(true);
    // A few days old, and one about to expire.
    expect(open.some((r) => Number(r.ageDays) < 1)).toBe(true);
    expect(open.some((r) => Number(r.expiresIn) < 1)).toBe(true);
    const perMentee = await one<{ most: number }>(sql`
      select coalesce(max(n), 0)::int as most from (select count(*) as n from mentoring_requests
        where status = 'open' group by mentee_id) x
    `);
    expect(perMentee.most).toBeLessThanOrEqual(MAX_OPEN_MENTORING_REQUESTS);
  });

  it('gives every accepted request its mentorship, with goals, sessions and ratings from both sides', async () => {
    const f = await one<{
      accepted: number;
      mentorships: number;
      active: number;
      ended: number;
      endedRatedTwice: number;
      activeWithGoals: number;
      someDone: number;
      withSessions: number;
      months: number;
    }>(sql`
      select
        (select count(*)::int from mentoring_requests
          where college_id = ${collegeId} and status = 'accepted') as accepted,
        (select count(*)::int from mentorships m join mentoring_requests r on r.id = m.request_id
          where m.college_id = ${collegeId} and r.status = 'accepted'
            and r.mentor_id = m.mentor_id and r.mentee_id = m.mentee_id) as mentorships,
        (select count(*)::int from mentorships where college_id = ${collegeId} and ended_at is null) as active,
        (select count(*)::int from mentorships where college_id = ${collegeId} and ended_at < now()) as ended,
        (select count(*)::int from mentorships m where m.college_id = ${collegeId}
          and (select count(*) from mentorship_endings e where e.mentorship_id = m.id) = 2) as "endedRatedTwice",
        (select count(*)::int from mentorships m where m.college_id = ${collegeId} and m.ended_at is null
          and exists (select 1 from mentorship_goals g where g.mentorship_id = m.id)) as "activeWithGoals",
        (select count(*)::int from mentorship_goals g join mentorships m on m.id = g.mentorship_id
          where m.college_id = ${collegeId} and g.done and m.ended_at is null) as "someDone",
        (select count(*)::int from mentorships m where m.college_id = ${collegeId}
          and exists (select 1 from mentorship_sessions s where s.mentorship_id = m.id)) as "withSessions",
        (select count(distinct date_trunc('month', created_at))::int from mentoring_requests
          where college_id = ${collegeId} and created_at > now() - interval '12 months') as months
    `);
    expect(f.mentorships).toBe(f.accepted);
    expect(f.active).toBeGreaterThanOrEqual(15);
    expect(f.ended).toBeGreaterThanOrEqual(15);
    expect(f.activeWithGoals).toBe(f.active);
    expect(f.someDone).toBeGreaterThan(0);
    expect(f.withSessions).toBe(f.mentorships);
    expect(f.endedRatedTwice).toBeGreaterThanOrEqual(f.ended - 5);
    expect(f.months).toBeGreaterThanOrEqual(11);
  });

  it('makes member@ a mentee of one, and member2@ a mentor with room who has not mentored her', async () => {
    const meera = await one<{ active: number; open: number; mentorTaking: boolean }>(sql`
      select
        (select count(*)::int from mentorships m where m.mentee_id = u.id and m.ended_at is null) as active,
        (select count(*)::int from mentoring_requests r where r.mentee_id = u.id and r.status = 'open') as open,
        (select p.taking_requests from mentorships m join mentor_profiles p on p.user_id = m.mentor_id
          where m.mentee_id = u.id and m.ended_at is null) as "mentorTaking"
      from users u where u.email = 'member@demo.alumnet.dev'
    `);
    expect(meera.active).toBe(1);
    expect(meera.open).toBeLessThanOrEqual(1);
    const rahul = await one<{
      open: boolean;
      taking: boolean;
      capacity: number;
      active: number;
      withMeera: number;
      openToHim: number;
    }>(sql`
      select u.open_to_mentoring as open, p.taking_requests as taking, p.capacity,
        (select count(*)::int from mentorships m where m.mentor_id = u.id and m.ended_at is null) as active,
        (select count(*)::int from mentorships m join users x on x.id = m.mentee_id
          where m.mentor_id = u.id and x.email = 'member@demo.alumnet.dev') as "withMeera",
        (select count(*)::int from mentoring_requests r join users x on x.id = r.mentee_id
          where r.mentor_id = u.id and x.email = 'member@demo.alumnet.dev') as "openToHim"
      from users u join mentor_profiles p on p.user_id = u.id
      where u.email = 'member2@demo.alumnet.dev'
    `);
    expect(rahul).toMatchObject({ open: true, taking: true, withMeera: 0, openToHim: 0 });
    expect(rahul.capacity).toBeGreaterThan(rahul.active);
  });

  it('runs once: a second run leaves the programme as it was', async () => {
    const count = () => one<{ n: number }>(sql`select count(*)::int as n from mentoring_requests`);
    const before = (await count()).n;
    const second = await one<{ id: string }>(
      sql`select id from colleges where id <> ${collegeId} order by name limit 1`,
    );
    await seedDemoMentoring(db, { demoCollegeId: collegeId, secondCollegeId: second.id });
    expect((await count()).n).toBe(before);
  });
});
