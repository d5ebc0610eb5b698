import { API, MENTORING_MESSAGES, type MentorshipDetail } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMentoringApp,
  type Caller,
  type MentoringApp,
  type Person,
} from '../../test/mentoring';

describe('mentorships (issue 29)', () => {
  let t: MentoringApp;
  let mentor: Person;
  let mentee: Person;
  let id: string;

  beforeAll(async () => {
    t = await buildMentoringApp();
    mentor = await t.mentor('Guide', { capacity: 1 });
    mentee = await t.person('Learner');
    id = await t.mentorship(mentee, mentor, 'Move into product management');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (caller: Caller) => {
    const response = await t.as(caller, 'GET', API.mentoring.mentorship(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().mentorship as MentorshipDetail;
  };
  const refused = async (
    response: Awaited<ReturnType<MentoringApp['as']>>,
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  };

  it('lists it for each of the two, with their side', async () => {
    for (const [who, role] of [
      [mentor, 'mentor'],
      [mentee, 'mentee'],
    ] as const) {
      const response = await t.as(who, 'GET', API.mentoring.mentorships);
      expect(response.statusCode).toBe(200);
      expect(response.json().mentorships).toEqual([
        expect.objectContaining({
          id,
          myRole: role,
          goal: 'Move into product management',
          endedAt: null,
          mentor: expect.objectContaining({ id: mentor.id }),
          mentee: expect.objectContaining({ id: mentee.id }),
        }),
      ]);
    }
    const others = (await t.as('member', 'GET', API.mentoring.mentorships)).json().mentorships;
    expect(others.map((m: { id: string }) => m.id)).not.toContain(id);
    expect((await t.as('visitor', 'GET', API.mentoring.mentorships)).statusCode).toBe(401);
  });

  it('shows it to the two and, read-only, to the college’s admins; to nobody else', async () => {
    expect(await read(mentor)).toMatchObject({ myRole: 'mentor', mayEdit: true, mayRate: true });
    expect(await read(mentee)).toMatchObject({
      myRole: 'mentee',
      mayEdit: true,
      message: 'Could you help me?',
      firstNote: 'Happy to help',
    });
    for (const admin of ['admin', 'superAdmin'] as const)
      expect(await read(admin)).toMatchObject({ myRole: null, mayEdit: false, mayRate: false });
    for (const stranger of ['member', 'otherAdmin'] as const)
      await refused(
        await t.as(stranger, 'GET', API.mentoring.mentorship(id)),
        404,
        MENTORING_MESSAGES.mentorshipNotFound,
      );
    expect((await t.as('visitor', 'GET', API.mentoring.mentorship(id))).statusCode).toBe(401);
  });

  it('keeps a goals checklist both may edit', async () => {
    const added = await t.as(mentee, 'POST', API.mentoring.goals(id), { text: 'Update my CV' });
    expect(added.statusCode, added.body).toBe(200);
    const goal = added.json().goal;
    expect(goal).toMatchObject({ text: 'Update my CV', done: false, doneAt: null });

    const done = await t.as(mentor, 'PATCH', API.mentoring.goal(id, goal.id), { done: true });
    expect(done.json().goal).toMatchObject({ done: true, doneAt: expect.any(String) });
    const renamed = await t.as(mentee, 'PATCH', API.mentoring.goal(id, goal.id), {
      text: 'Update my CV and LinkedIn',
    });
    expect(renamed.json().goal).toMatchObject({ text: 'Update my CV and LinkedIn', done: true });
    const undone = await t.as(mentee, 'PATCH', API.mentoring.goal(id, goal.id), { done: false });
    expect(undone.json().goal).toMatchObject({ done: false, doneAt: null });

    const second = (
      await t.as(mentor, 'POST', API.mentoring.goals(id), { text: 'Mock interview' })
    ).json().goal;
    await t.as(mentor, 'PATCH', API.mentoring.goal(id, second.id), { done: true });
    expect(await read(mentee)).toMatchObject({ goalsDone: 1, goalsTotal: 2 });

    const removed = await t.as(mentee, 'DELETE', API.mentoring.goal(id, second.id));
    expect(removed.statusCode, removed.body).toBe(200);
    await refused(
      await t.as(mentee, 'DELETE', API.mentoring.goal(id, second.id)),
      404,
      MENTORING_MESSAGES.goalNotFound,
    );
    await refused(
      await t.as(mentee, 'PATCH', API.mentoring.goal(id, second.id), { done: true }),
      404,
      MENTORING_MESSAGES.goalNotFound,
    );
    expect((await read(mentor)).goals.map((g) => g.text)).toEqual(['Update my CV and LinkedIn']);

    const empty = await t.as(mentee, 'POST', API.mentoring.goals(id), { text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Goal is required');
  });

  it('keeps a log of sessions both see', async () => {
    const logged = await t.as(mentor, 'POST', API.mentoring.sessions(id), {
      heldOn: '2026-03-02',
      minutes: 45,
      notes: 'Talked through the CV',
    });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().session).toMatchObject({
      heldOn: '2026-03-02',
      minutes: 45,
      notes: 'Talked through the CV',
      loggedBy: { id: mentor.id, fullName: 'Guide Tester' },
    });
    await t.as(mentee, 'POST', API.mentoring.sessions(id), { heldOn: '2026-03-09', minutes: 30 });
    const seen = await read(mentee);
    expect(seen.sessions).toBe(2);
    expect(seen.sessionLog.map((s) => s.heldOn)).toEqual(['2026-03-09', '2026-03-02']);

    for (const [body, message] of [
      [{ heldOn: '2026-02-30', minutes: 30 }, 'Give the date as YYYY-MM-DD.'],
      [{ heldOn: '2 March', minutes: 30 }, 'Give the date as YYYY-MM-DD.'],
      [{ heldOn: '2026-03-02', minutes: 2 }, 'A session is at least 5 minutes.'],
    ] as const)
      await refused(await t.as(mentee, 'POST', API.mentoring.sessions(id), body), 400, message);
  });

  it('refuses admins’ changes (403) and strangers’ (404)', async () => {
    const goalId = (await read(mentee)).goals[0]!.id;
    const tries = [
      ['POST', API.mentoring.goals(id), { text: 'x' }],
      ['PATCH', API.mentoring.goal(id, goalId), { done: true }],
      ['DELETE', API.mentoring.goal(id, goalId), undefined],
      ['POST', API.mentoring.sessions(id), { heldOn: '2026-03-02', minutes: 30 }],
      ['POST', API.mentoring.end(id), { rating: 1 }],
    ] as const;
    for (const [method, url, body] of tries) {
      await refused(await t.as('admin', method, url, body), 403, MENTORING_MESSAGES.readOnly);
      await refused(await t.as('superAdmin', method, url, body), 403, MENTORING_MESSAGES.readOnly);
      await refused(
        await t.as('member', method, url, body),
        404,
        MENTORING_MESSAGES.mentorshipNotFound,
      );
    }
  });

  it('ends with a rating from each side, once each; the other side is told; capacity frees', async () => {
    expect((await t.as(mentee, 'POST', API.mentoring.end(id), { rating: 6 })).statusCode).toBe(400);
    // At capacity 1, nobody else may ask the mentor while it lasts.
    const next = await t.person('Next');
    await refused(
      await t.as(next, 'POST', API.mentoring.requests, {
        mentorId: mentor.id,
        goal: 'Next',
        message: 'Hi',
      }),
      409,
      MENTORING_MESSAGES.atCapacity,
    );

    const ended = await t.as(mentee, 'POST', API.mentoring.end(id), {
      rating: 5,
      comment: 'Very helpful',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().mentorship).toMatchObject({
      endedAt: expect.any(String),
      mayEdit: false,
      mayRate: false,
      endings: [{ by: 'mentee', rating: 5, comment: 'Very helpful' }],
    });
    const told = await t.notificationsAbout(mentor, id, 'mentorship_ended');
    expect(told).toHaveLength(1);
    expect(told[0]!.target.url).toBe(`/mentoring/mentorships/${id}`);
    expect(await t.notificationsAbout(mentee, id, 'mentorship_ended')).toHaveLength(0);
    await refused(
      await t.as(mentee, 'POST', API.mentoring.end(id), { rating: 4 }),
      409,
      MENTORING_MESSAGES.alreadyRated,
    );

    expect(await read(mentor)).toMatchObject({ mayRate: true, mayEdit: false });
    const rated = await t.as(mentor, 'POST', API.mentoring.end(id), { rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().mentorship.endings).toEqual([
      expect.objectContaining({ by: 'mentee', rating: 5 }),
      expect.objectContaining({ by: 'mentor', rating: 4, comment: '' }),
    ]);
    await refused(
      await t.as(mentor, 'POST', API.mentoring.end(id), { rating: 4 }),
      409,
      MENTORING_MESSAGES.alreadyRated,
    );
    // The mentee is not told of the mentor's late rating: it ended once.
    expect(await t.notificationsAbout(mentee, id, 'mentorship_ended')).toHaveLength(0);

    await refused(
      await t.as(mentor, 'POST', API.mentoring.goals(id), { text: 'After' }),
      409,
      MENTORING_MESSAGES.ended,
    );
    await refused(
      await t.as(mentee, 'POST', API.mentoring.sessions(id), { heldOn: '2026-04-01', minutes: 30 }),
      409,
      MENTORING_MESSAGES.ended,
    );

    expect((await t.as(mentor, 'GET', API.mentoring.profile)).json().profile.activeMentees).toBe(0);
    await t.mentorship(next, mentor);
    // Ended ones list after the active one.
    const list = (await t.as(mentor, 'GET', API.mentoring.mentorships)).json().mentorships;
    expect(list.map((m: { endedAt: string | null }) => m.endedAt === null)).toEqual([true, false]);
  });
});
