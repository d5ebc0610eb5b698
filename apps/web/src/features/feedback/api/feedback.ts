import { API, groupMessageAnswer, type FeedbackBody } from '@alumnet/contract';
import { api } from '../../../lib/api-client';

/** POST /api/feedback {radioOption, input}: sent as the signed-in member. */
export const sendFeedback = (body: FeedbackBody) =>
  api.post(API.community.feedback, groupMessageAnswer, body);
