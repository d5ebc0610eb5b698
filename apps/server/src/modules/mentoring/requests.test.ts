import {
  API,
  MAX_OPEN_MENTORING_REQUESTS,
  MENTORING_MESSAGES,
  MENTORING_REQUEST_DAYS,
  type MentoringRequest,
} from '@alumnet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildMentoringApp, type MentoringApp, type Person } from '../../test/mentoring';

const DAY = 86_400_000;

describe('mentoring requests (issue 29)', () => {
  let t: MentoringApp;
  let mentor: Person;
  let mentee: Person;

  beforeAll(async () => {
    t = await buildMentoringApp();
    mentor = await t.mentor('Mentor', { capacity: 3 });
    mentee = await t.person('Mentee');
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (who: Person | 'member' | 'visitor', mentorId: string, goal = 'A first job') =>
    t.as(who, 'POST', API.mentoring.requests, { mentorId, goal, message: 'Hello there' });
  const expectRefusal = async (
    response: Awaited<ReturnType<typeof ask>>,
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  };

  it('answers 401 to a visitor, for every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await ask('visitor', mentor.id)).statusCode).toBe(401);
    expect((await t.as('visitor', 'GET', API.mentoring.requests)).statusCode).toBe(401);
    for (const url of [
      API.mentoring.accept(id),
      API.mentoring.decline(id),
      API.mentoring.withdraw(id),
    ])
      expect((await t.as('visitor', 'POST', url, { note: 'x' })).statusCode).toBe(401);
  });

  it('sends a request that expires in 14 days, and tells the mentor', async () => {
    const response = await ask(mentee, mentor.id, 'Switch to data science');
    expect(response.statusCode, response.body).toBe(200);
    const { request, message } = response.json() as { request: MentoringRequest; message: string };
    expect(message).toBe(MENTORING_MESSAGES.requestSent);
    expect(request).toMatchObject({
      mentor: { id: mentor.id, fullName: 'Mentor Tester' },
      mentee: { id: mentee.id, fullName: 'Mentee Tester' },
      goal: 'Switch to data science',
      message: 'Hello there',
      status: 'open',
      answeredAt: null,
      reason: null,
      mentorshipId: null,
    });
    const lasts = Date.parse(request.expiresAt) - Date.parse(request.createdAt);
    expect(Math.round(lasts / DAY)).toBe(MENTORING_REQUEST_DAYS);

    const told = await t.notificationsAbout(mentor, request.id, 'mentoring_request');
    expect(told).toHaveLength(1);
    expect(told[0]!.target.url).toBe(`/mentoring/requests?request=${request.id}`);
    expect(told[0]!.detail).toContain('Switch to data science');

    const mine = (await t.as(mentee, 'GET', API.mentoring.requests)).json();
    expect(mine.outgoing.map((r: MentoringRequest) => r.id)).toEqual([request.id]);
    expect(mine.incoming).toEqual([]);
    const theirs = (await t.as(mentor, 'GET', API.mentoring.requests)).json();
    expect(theirs.incoming.map((r: MentoringRequest) => r.id)).toEqual([request.id]);

    await expectRefusal(await ask(mentee, mentor.id), 409, MENTORING_MESSAGES.alreadyAsked);
  });

  it('refuses asking oneself (400), and mentors not found in the member’s college (404)', async () => {
    await expectRefusal(await ask(mentor, mentor.id), 400, MENTORING_MESSAGES.notYourself);
    await expectRefusal(
      await ask(mentee, '00000000-0000-4000-8000-000000000000'),
      404,
      MENTORING_MESSAGES.notFound,
    );
    const notOpen = await t.person('NotOpen');
    await expectRefusal(await ask(mentee, notOpen.id), 404, MENTORING_MESSAGES.notFound);
    const elsewhere = await t.mentor('Elsewhere');
    const [other] = (
      await t.db.execute<{ id: string }>(
        sql`SELECT id FROM colleges WHERE id <> ${t.collegeId} LIMIT 1`,
      )
    ).rows;
    await t.db
      .update(users)
      .set({ collegeId: other!.id, batchId: null, branchId: null })
      .where(eq(users.id, elsewhere.id));
    await expectRefusal(await ask(mentee, elsewhere.id), 404, MENTORING_MESSAGES.notFound);
  });

  it('refuses a mentor not taking requests, and one at capacity (409)', async () => {
    const resting = await t.mentor('Resting', { takingRequests: false });
    await expectRefusal(await ask(mentee, resting.id), 409, MENTORING_MESSAGES.notTaking);
    const full = await t.mentor('FullOne', { capacity: 1 });
    await t.mentorship(await t.person('First'), full);
    await expectRefusal(await ask(mentee, full.id), 409, MENTORING_MESSAGES.atCapacity);
  });

  it(`allows ${MAX_OPEN_MENTORING_REQUESTS} open requests at once, even sent together`, async () => {
    const eager = await t.person('Eager');
    const many = await Promise.all(
      Array.from({ length: MAX_OPEN_MENTORING_REQUESTS + 3 }, (_, i) => t.mentor(`Many${i}`)),
    );
    const answers = await Promise.all(many.map((m) => ask(eager, m.id)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(MAX_OPEN_MENTORING_REQUESTS).fill(200), ...Array(3).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(MENTORING_MESSAGES.tooManyOpen);
  });

  describe('answers', () => {
    let requestId: string;
    beforeAll(async () => {
      requestId = (await t.as(mentee, 'GET', API.mentoring.requests)).json().outgoing[0].id;
    });

    it('lets only the mentor accept: 403 to the mentee, 404 to anyone else', async () => {
      const url = API.mentoring.accept(requestId);
      await expectRefusal(
        await t.as(mentee, 'POST', url, { note: 'me?' }),
        403,
        MENTORING_MESSAGES.mentorOnly,
      );
      for (const caller of ['member', 'admin', 'otherAdmin'] as const)
        await expectRefusal(
          await t.as(caller, 'POST', url, { note: 'me?' }),
          404,
          MENTORING_MESSAGES.requestNotFound,
        );
      const noNote = await t.as(mentor, 'POST', url, {});
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().message).toBe('A first note is required');
    });

    it('accepts into a mentorship, tells the mentee, and refuses a second answer', async () => {
      const response = await t.as(mentor, 'POST', API.mentoring.accept(requestId), {
        note: 'Glad to. Send me your CV.',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { request } = response.json() as { request: MentoringRequest };
      expect(request.status).toBe('accepted');
      expect(request.answeredAt).not.toBeNull();
      expect(request.mentorshipId).toEqual(expect.any(String));

      const told = await t.notificationsAbout(mentee, request.mentorshipId!, 'mentoring_answered');
      expect(told).toHaveLength(1);
      expect(told[0]!.detail).toMatch(/^Accepted/);
      expect(told[0]!.target.url).toBe(`/mentoring/mentorships/${request.mentorshipId}`);

      const detail = await t.as(mentee, 'GET', API.mentoring.mentorship(request.mentorshipId!));
      expect(detail.json().mentorship).toMatchObject({
        firstNote: 'Glad to. Send me your CV.',
        myRole: 'mentee',
      });

      await expectRefusal(
        await t.as(mentor, 'POST', API.mentoring.accept(requestId), { note: 'again' }),
        409,
        MENTORING_MESSAGES.notOpen,
      );
      await expectRefusal(
        await t.as(mentor, 'POST', API.mentoring.decline(requestId), {}),
        409,
        MENTORING_MESSAGES.notOpen,
      );
      await expectRefusal(await ask(mentee, mentor.id), 409, MENTORING_MESSAGES.alreadyMentoring);
    });

    it('declines with a reason the mentee reads', async () => {
      const someone = await t.person('Declined');
      const id = (await ask(someone, mentor.id)).json().request.id as string;
      const response = await t.as(mentor, 'POST', API.mentoring.decline(id), {
        reason: 'Travelling until March',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: MENTORING_MESSAGES.declined,
        request: { status: 'declined', reason: 'Travelling until March', mentorshipId: null },
      });
      const told = await t.notificationsAbout(someone, id, 'mentoring_answered');
      expect(told).toHaveLength(1);
      expect(told[0]!.detail).toBe('Declined your request. Their reason: Travelling until March');
      await expectRefusal(
        await t.as(someone, 'POST', API.mentoring.decline(id), {}),
        403,
        MENTORING_MESSAGES.mentorOnly,
      );
    });

    it('declines without a reason', async () => {
      const someone = await t.person('Plain');
      const id = (await ask(someone, mentor.id)).json().request.id as string;
      const response = await t.as(mentor, 'POST', API.mentoring.decline(id), { reason: '  ' });
      expect(response.json().request).toMatchObject({ status: 'declined', reason: null });
      const told = await t.notificationsAbout(someone, id, 'mentoring_answered');
      expect(told[0]!.detail).toBe('Declined your request.');
    });

    it('lets the mentee withdraw an open request, once; not the mentor', async () => {
      const someone = await t.person('Withdrawer');
      const id = (await ask(someone, mentor.id)).json().request.id as string;
      expect((await t.as(mentor, 'POST', API.mentoring.withdraw(id))).statusCode).toBe(403);
      expect((await t.as('member', 'POST', API.mentoring.withdraw(id))).statusCode).toBe(404);
      const response = await t.as(someone, 'POST', API.mentoring.withdraw(id));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: MENTORING_MESSAGES.withdrawn,
        request: { status: 'withdrawn' },
      });
      await expectRefusal(
        await t.as(someone, 'POST', API.mentoring.withdraw(id)),
        409,
        MENTORING_MESSAGES.notOpen,
      );
      await expectRefusal(
        await t.as(mentor, 'POST', API.mentoring.accept(id), { note: 'late' }),
        409,
        MENTORING_MESSAGES.notOpen,
      );
      // Withdrawn, it no longer counts: the member may ask again.
      expect((await ask(someone, mentor.id)).statusCode).toBe(200);
    });

    it('refuses to accept past the mentor’s capacity', async () => {
      const small = await t.mentor('Small', { capacity: 1 });
      const [a, b] = [await t.person('A'), await t.person('B')];
      const first = (await ask(a, small.id)).json().request.id as string;
      const second = (await ask(b, small.id)).json().request.id as string;
      expect(
        (await t.as(small, 'POST', API.mentoring.accept(first), { note: 'Yes' })).statusCode,
      ).toBe(200);
      await expectRefusal(
        await t.as(small, 'POST', API.mentoring.accept(second), { note: 'Yes' }),
        409,
        MENTORING_MESSAGES.atCapacity,
      );
      // Lowering capacity below the active count is allowed: they just show as full.
      const lowered = await t.as(small, 'PUT', API.mentoring.profile, {
        openToMentoring: true,
        capacity: 1,
        takingRequests: true,
      });
      expect(lowered.json().profile).toMatchObject({ capacity: 1, activeMentees: 1 });
    });

    it('treats an open request past its expiry as expired before the job runs', async () => {
      const someone = await t.person('Late');
      const id = (await ask(someone, mentor.id)).json().request.id as string;
      await t.db.execute(
        sql`UPDATE mentoring_requests SET expires_at = now() - interval '1 minute' WHERE id = ${id}`,
      );
      await expectRefusal(
        await t.as(mentor, 'POST', API.mentoring.accept(id), { note: 'Yes' }),
        409,
        MENTORING_MESSAGES.notOpen,
      );
      const listed = (await t.as(someone, 'GET', API.mentoring.requests)).json().outgoing;
      expect(listed[0]).toMatchObject({ id, status: 'expired' });
    });
  });
});
