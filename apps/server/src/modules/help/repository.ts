import type { HelpRequestBody, HelpStatus } from '@alumnet/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { helpRequests } from '../../db/schema';

export type HelpRequestRecord = typeof helpRequests.$inferSelect;

export async function insertHelpRequest(db: Executor, body: HelpRequestBody) {
  await db.insert(helpRequests).values({
    fullName: body.fullName,
    email: body.email.toLowerCase(),
    phone: body.phone || null,
    query: body.query,
  });
}

/** One page of help requests, newest first, and how many there are in all. */
export async function helpRequestPage(db: Executor, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(helpRequests)
      .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(helpRequests),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setHelpRequestStatus(db: Executor, id: string, status: HelpStatus) {
  const [row] = await db
    .update(helpRequests)
    .set({ status })
    .where(eq(helpRequests.id, id))
    .returning();
  return row;
}
