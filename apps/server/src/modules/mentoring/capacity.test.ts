import { API, MENTORING_MESSAGES } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMentoringApp, type MentoringApp } from '../../test/mentoring';

/**
 * Accepts of one mentor counted under the mentor's lock: however many arrive at once, no more
 * than the capacity become mentorships (bench:mentoring fires 1,000; run this one also with
 * TEST_DATABASE_URL on PostgreSQL, where the accepts truly run side by side).
 */
describe('mentor capacity under concurrent accepts (issue 29)', () => {
  let t: MentoringApp;
  beforeAll(async () => {
    t = await buildMentoringApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills exactly the capacity, and answers everyone else 409 atCapacity', async () => {
    const CAPACITY = 5;
    const ASKING = 40;
    const mentor = await t.mentor('Popular', { capacity: CAPACITY });
    const mentees = await t.insertPeople(ASKING);
    const requests = await t.db.execute<{ id: string }>(sql`
      INSERT INTO mentoring_requests (college_id, mentee_id, mentor_id, goal, message, expires_at)
      SELECT ${t.collegeId}, m, ${mentor.id}, 'Goal', 'Message', now() + interval '14 days'
        FROM unnest(${sql.param(mentees.map((m) => m.id))}::uuid[]) m
      RETURNING id`);
    const answers = await Promise.all(
      requests.rows.map((r) =>
        t.as(mentor, 'POST', API.mentoring.accept(r.id), { note: 'Welcome' }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted).toHaveLength(CAPACITY);
    expect(refused.map((a) => [a.statusCode, a.json().message])).toEqual(
      Array(ASKING - CAPACITY).fill([409, MENTORING_MESSAGES.atCapacity]),
    );
    const [active] = (
      await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM mentorships
         WHERE mentor_id = ${mentor.id} AND ended_at IS NULL`)
    ).rows;
    expect(active!.n).toBe(CAPACITY);
  });
});
