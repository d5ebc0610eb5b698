import {
  API,
  DEFAULT_MENTORING_TOPICS,
  MENTORING_MESSAGES,
  type ProgrammeAnswer,
} from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMentoringApp, type MentoringApp, type Person } from '../../test/mentoring';

/**
 * The programme's figures, on the second demo college: its demo has mentors but no requests, so
 * every request, mentorship and rating counted here is this test's own.
 */
describe('the mentoring programme for admins (issue 29)', () => {
  let t: MentoringApp;
  let collegeId: string;
  let batchName: string;
  const people: Record<string, Person> = {};
  const url = (query = '') => `${API.mentoring.programme}${query}`;

  beforeAll(async () => {
    t = await buildMentoringApp();
    const [place] = (
      await t.db.execute<{ collegeId: string; batchId: string; branchId: string; name: string }>(
        sql`SELECT b.college_id AS "collegeId", b.id AS "batchId", br.id AS "branchId",
                   b.batch_name AS name
              FROM users u JOIN batches b ON b.college_id = u.college_id
              JOIN branches br ON br.batch_id = b.id
             WHERE u.email = 'admin2@demo.alumnet.dev' ORDER BY b.id, br.id LIMIT 1`,
      )
    ).rows;
    collegeId = place!.collegeId;
    batchName = place!.name;
    const there = { collegeId, batchId: place!.batchId, branchId: place!.branchId };
    const profile = { topics: ['Career guidance'] };
    for (const name of ['Mentor1', 'Mentor2'])
      people[name] = await t.mentor(name, { ...profile, capacity: 1 }, there);
    for (const name of ['A', 'B', 'C', 'D']) people[name] = await t.person(name, there);
    const { Mentor1: m1, Mentor2: m2, A, B, C, D } = people as Record<string, Person>;
    const ended = await t.mentorship(A!, m1!, 'Pick a master’s programme');
    expect((await t.as(A!, 'POST', API.mentoring.end(ended), { rating: 4 })).statusCode).toBe(200);
    expect((await t.as(m1!, 'POST', API.mentoring.end(ended), { rating: 2 })).statusCode).toBe(200);
    await t.mentorship(D!, m1!, '=HYPERLINK("http://evil.example")');
    const declined = await t.ask(B!, m2!.id);
    await t.as(m2!, 'POST', API.mentoring.decline(declined), {});
    await t.ask(C!, m2!.id, 'Open question');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to visitors, 403 to members and to another college’s admins', async () => {
    expect((await t.as('visitor', 'GET', url())).statusCode).toBe(401);
    expect((await t.as('member', 'GET', url())).statusCode).toBe(403);
    expect((await t.as(people.A!, 'GET', url())).statusCode).toBe(403);
    expect((await t.as('admin', 'GET', url(`?collegeId=${collegeId}`))).statusCode).toBe(403);
    expect((await t.as('admin', 'GET', url(`?collegeId=${collegeId}&format=csv`))).statusCode).toBe(
      403,
    );
  });

  it('gives the college’s figures, by batch and branch, by month, and the open requests', async () => {
    const response = await t.as('otherAdmin', 'GET', url());
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ProgrammeAnswer;
    expect(answer.figures).toMatchObject({
      openRequests: 1,
      oldestOpenDays: 0,
      medianHoursToAnswer: 0,
      acceptanceRate: 0.667,
      activeMentorships: 1,
      endedMentorships: 1,
      averageRating: 3,
    });
    expect(answer.figures.mentors).toBeGreaterThanOrEqual(2);
    expect(answer.figures.atCapacity).toBeGreaterThanOrEqual(1);
    const batch = answer.byBatch.find((b) => b.name === batchName)!;
    expect(batch).toMatchObject({ openRequests: 1, activeMentorships: 1, endedMentorships: 1 });
    expect(answer.byBranch.length).toBeGreaterThan(0);

    expect(answer.months).toHaveLength(12);
    expect(answer.months.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      requests: 4,
      accepted: 2,
      ended: 1,
    });
    expect(answer.openRequests).toEqual([
      expect.objectContaining({
        mentor: 'Mentor2 Tester',
        mentee: 'C Tester',
        goal: 'Open question',
        ageDays: 0,
      }),
    ]);
    expect(answer.topics.slice(0, DEFAULT_MENTORING_TOPICS.length)).toEqual(
      DEFAULT_MENTORING_TOPICS.map((name) => ({ name, custom: false })),
    );

    // A super admin names the college.
    const chosen = await t.as('superAdmin', 'GET', url(`?collegeId=${collegeId}`));
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().figures).toEqual(answer.figures);
  });

  it('exports the mentorships as CSV, formula-escaped', async () => {
    const response = await t.as('otherAdmin', 'GET', url('?format=csv'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toContain('Mentor,Mentee,Mentee batch,Mentee branch,Goal');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Mentor1 Tester,A Tester,.*,Pick a master’s programme,.*,2,4,0,0,0$/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it('lets admins add a topic once (any case, the defaults too)', async () => {
    const topics = API.mentoring.topics;
    expect((await t.as('member', 'POST', topics, { name: 'Public speaking' })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as('admin', 'POST', `${topics}?collegeId=${collegeId}`, { name: 'X' })).statusCode,
    ).toBe(403);
    const added = await t.as('otherAdmin', 'POST', topics, { name: 'Public speaking' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(MENTORING_MESSAGES.topicAdded);
    expect(added.json().topics).toContainEqual({ name: 'Public speaking', custom: true });
    for (const name of ['public SPEAKING', 'career guidance']) {
      const again = await t.as('otherAdmin', 'POST', topics, { name });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MENTORING_MESSAGES.topicExists);
    }
    // The college's members may now choose it.
    const saved = await t.as(people.A!, 'PUT', API.mentoring.profile, {
      openToMentoring: true,
      topics: ['Public speaking'],
      capacity: 1,
      takingRequests: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // And the other college's may not.
    const elsewhere = await t.as('member', 'PUT', API.mentoring.profile, {
      openToMentoring: true,
      topics: ['Public speaking'],
      capacity: 1,
      takingRequests: true,
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
