import type { FeedbackRow } from '@alumnet/contract';
import type { FeedbackRecord } from './repository';

export const presentFeedback = (row: FeedbackRecord): FeedbackRow => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  fullName: row.fullName,
  username: row.username,
  radioOption: row.radioOption,
  input: row.input,
});
