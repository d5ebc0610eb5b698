import { API, MENTORING_REQUEST_DAYS } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../jobs/queue';
import { buildMentoringApp, type MentoringApp } from '../../test/mentoring';
import { expireMentoringRequests } from './expiry';

describe('mentoring requests expire (issue 29)', () => {
  let t: MentoringApp;
  beforeAll(async () => {
    t = await buildMentoringApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('marks open requests past their expiry as expired and tells each mentee once', async () => {
    const mentor = await t.mentor('Silent');
    const [late, waiting] = [await t.person('Late'), await t.person('Waiting')];
    const lateId = await t.ask(late, mentor.id, 'Prepare for GRE');
    const waitingId = await t.ask(waiting, mentor.id);
    await t.db.execute(sql`
      UPDATE mentoring_requests SET expires_at = now() - interval '1 second' WHERE id = ${lateId}`);

    const first = await expireMentoringRequests(t.db);
    expect(first.filter((r) => r.userId === late.id)).toHaveLength(1);
    expect(first.filter((r) => r.userId === waiting.id)).toHaveLength(0);
    // Twice in a row: the second run finds it already claimed.
    const second = await expireMentoringRequests(t.db);
    expect(second.filter((r) => r.userId === late.id)).toHaveLength(0);

    const told = await t.notificationsAbout(late, lateId, 'mentoring_expired');
    expect(told).toHaveLength(1);
    expect(told[0]!.count).toBe(1);
    expect(told[0]!.detail).toBe(
      `Your request to Silent Tester went unanswered for ${MENTORING_REQUEST_DAYS} days and expired: Prepare for GRE`,
    );
    expect(told[0]!.target.url).toBe(`/mentoring/requests?request=${lateId}`);

    const outgoing = async (who: typeof late) =>
      (await t.as(who, 'GET', API.mentoring.requests)).json().outgoing[0];
    expect(await outgoing(late)).toMatchObject({ id: lateId, status: 'expired' });
    expect(await outgoing(waiting)).toMatchObject({ id: waitingId, status: 'open' });
    // Expired, it no longer counts as open: the member may ask again.
    expect(
      (
        await t.as(late, 'POST', API.mentoring.requests, {
          mentorId: mentor.id,
          goal: 'Again',
          message: 'Trying once more',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('runs as a scheduled queue of its own, one run at a time', () => {
    expect(QUEUES.mentoringExpiry).toBe('mentoring-expiry');
  });
});
