import type { FeedbackBody, FeedbackSortField } from '@alumnet/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { feedback, users } from '../../db/schema';

export async function insertFeedback(db: Executor, userId: string, body: FeedbackBody) {
  await db.insert(feedback).values({ userId, radioOption: body.radioOption, input: body.input });
}

/** Every feedback with its sender, sorted as asked (ties: newest first). */
export function listFeedback(db: Executor, field: FeedbackSortField, order: 'asc' | 'desc') {
  const column = field === 'radioOption' ? feedback.radioOption : feedback.createdAt;
  return db
    .select({
      id: feedback.id,
      createdAt: feedback.createdAt,
      fullName: users.fullName,
      username: users.username,
      radioOption: feedback.radioOption,
      input: feedback.input,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .orderBy(order === 'asc' ? asc(column) : desc(column), desc(feedback.createdAt));
}

export type FeedbackRecord = Awaited<ReturnType<typeof listFeedback>>[number];
