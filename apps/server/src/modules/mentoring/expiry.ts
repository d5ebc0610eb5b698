import { MENTORING_REQUEST_DAYS } from '@alumnet/contract';
import type { Database } from '../../db/client';
import { excerpt, notify, type Recorded } from '../notifications';
import { expireRequests } from './repository';

/**
 * One run of the hourly expiry job (issue 29): every open request past its expiry becomes expired
 * and its mentee is told, in one transaction. The UPDATE claims each request once, so a second
 * run, or a second worker, tells nobody again; a rollback leaves them for the next run. Answers
 * what was recorded (a worker holds no connections to push to: the bell catches up).
 */
export async function expireMentoringRequests(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const recorded: Recorded[] = [];
    for (const request of await expireRequests(tx, now))
      recorded.push(
        ...(await notify(tx, {
          recipientIds: [request.menteeId],
          kind: 'mentoring_expired',
          target: { type: 'mentoring_request', id: request.id },
          actorId: null,
          detail: `Your request to ${request.mentorName} went unanswered for ${MENTORING_REQUEST_DAYS} days and expired: ${excerpt(request.goal)}`,
        })),
      );
    return recorded;
  });
}
