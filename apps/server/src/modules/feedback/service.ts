import { COMMUNITY_MESSAGES, type FeedbackBody, type FeedbackSortField } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import type { SessionUser } from '../auth/repository';
import { presentFeedback } from './presenter';
import { insertFeedback, listFeedback } from './repository';

/** The Feedback Dashboard (admin-area.md §3) and the member's feedback form. */
export function createFeedbackService(db: Executor) {
  return {
    async list(field: FeedbackSortField, order: 'asc' | 'desc') {
      return (await listFeedback(db, field, order)).map(presentFeedback);
    },
    async send(user: SessionUser, body: FeedbackBody) {
      await insertFeedback(db, user.id, body);
      return { message: COMMUNITY_MESSAGES.feedbackSent };
    },
  };
}
