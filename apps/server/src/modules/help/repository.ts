import type { HelpRequestBody } from '@alumnet/contract';
import type { Executor } from '../../db/client';
import { helpRequests } from '../../db/schema';

export async function insertHelpRequest(db: Executor, body: HelpRequestBody) {
  await db.insert(helpRequests).values({
    fullName: body.fullName,
    email: body.email.toLowerCase(),
    phone: body.phone || null,
    query: body.query,
  });
}
