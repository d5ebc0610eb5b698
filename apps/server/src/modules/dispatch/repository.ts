import type { DispatchMethod } from '@alumnet/contract';
import { and, count, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  batches,
  branches,
  colleges,
  degrees,
  dispatchJobs,
  dispatchRecipients,
  invitations,
  users,
} from '../../db/schema';

export type Channel = 'email' | 'sms' | 'whatsapp';
/** Approving sends the credentials e-mail; the invitations go by their own channel. */
export const channelOf = (action: DispatchMethod): Channel =>
  action === 'approve' ? 'email' : action;

/** The users column holding a channel's communication status. */
const statusColumn = (channel: Channel) =>
  channel === 'email'
    ? users.emailStatus
    : channel === 'sms'
      ? users.smsStatus
      : users.whatsappStatus;
const statusKey = (channel: Channel) =>
  channel === 'email' ? 'emailStatus' : channel === 'sms' ? 'smsStatus' : 'whatsappStatus';

// ---------------------------------------------------------------- jobs

export async function countMatching(db: Executor, where: SQL) {
  const [row] = await db
    .select({
      total: count(),
      newData: sql<number>`count(*) FILTER (WHERE ${users.newCollegeData})`.mapWith(Number),
    })
    .from(users)
    .where(where);
  return { total: row?.total ?? 0, newData: row?.newData ?? 0 };
}

export async function insertJob(
  tx: Executor,
  job: { collegeId: string; createdBy: string; action: DispatchMethod; selection: unknown },
) {
  const [row] = await tx
    .insert(dispatchJobs)
    .values({ ...job, count: 0, inputCsvPath: '' })
    .returning({ id: dispatchJobs.id });
  return row!.id;
}

/**
 * Freezes who a job is for: one row per matching user, numbered in sign-up order, with the name,
 * e-mail and phone they have now. A single INSERT ... SELECT, so 100,000 rows take seconds.
 */
export async function freezeRecipients(tx: Executor, jobId: string, channel: Channel, where: SQL) {
  const result = await tx.execute(sql`
    INSERT INTO ${dispatchRecipients} (job_id, user_id, seq, channel, full_name, email, phone)
    SELECT ${jobId}, ${users.id},
           (row_number() OVER (ORDER BY ${users.createdAt}, ${users.id}) - 1)::int,
           ${channel}, ${users.fullName}, ${users.email},
           CASE WHEN ${users.phone} IS NULL THEN NULL
                ELSE coalesce(${users.phoneCountryCode}, '') || ${users.phone} END
      FROM ${users}
     WHERE ${where}`);
  const frozen = result.rowCount ?? 0;
  await tx
    .update(dispatchJobs)
    .set({ count: frozen, inputCsvPath: `${jobId}-input.csv` })
    .where(eq(dispatchJobs.id, jobId));
  return frozen;
}

const creator = {
  id: dispatchJobs.id,
  collegeId: dispatchJobs.collegeId,
  createdAt: dispatchJobs.createdAt,
  action: dispatchJobs.action,
  count: dispatchJobs.count,
  status: dispatchJobs.status,
  sent: dispatchJobs.sent,
  inputCsvPath: dispatchJobs.inputCsvPath,
  outputCsvPath: dispatchJobs.outputCsvPath,
  dispatchedAt: dispatchJobs.dispatchedAt,
  createdById: dispatchJobs.createdBy,
  createdByName: users.fullName,
};

export async function jobsPage(
  db: Executor,
  collegeId: string,
  page: { limit: number; offset: number },
) {
  const where = eq(dispatchJobs.collegeId, collegeId);
  const [rows, [total]] = await Promise.all([
    db
      .select(creator)
      .from(dispatchJobs)
      .innerJoin(users, eq(users.id, dispatchJobs.createdBy))
      .where(where)
      .orderBy(desc(dispatchJobs.createdAt), desc(dispatchJobs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(dispatchJobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type JobRow = Awaited<ReturnType<typeof jobsPage>>['rows'][number];

/** A job, if it belongs to the college (undefined: any college, for super admins). */
export async function findJob(db: Executor, jobId: string, collegeId: string | undefined) {
  const [row] = await db
    .select({ ...creator, collegeName: colleges.name })
    .from(dispatchJobs)
    .innerJoin(users, eq(users.id, dispatchJobs.createdBy))
    .innerJoin(colleges, eq(colleges.id, dispatchJobs.collegeId))
    .where(
      and(
        eq(dispatchJobs.id, jobId),
        collegeId ? eq(dispatchJobs.collegeId, collegeId) : undefined,
      ),
    );
  return row;
}

/**
 * review → dispatched, once: of two admins pressing together, one row comes back to one of them.
 * Everyone the job will contact shows `pending` on that channel from now on.
 */
export async function claimForDispatch(tx: Executor, jobId: string, collegeId: string | undefined) {
  const [job] = await tx
    .update(dispatchJobs)
    .set({ status: 'dispatched', dispatchedAt: sql`now()` })
    .where(
      and(
        eq(dispatchJobs.id, jobId),
        eq(dispatchJobs.status, 'review'),
        collegeId ? eq(dispatchJobs.collegeId, collegeId) : undefined,
      ),
    )
    .returning({ id: dispatchJobs.id, count: dispatchJobs.count, action: dispatchJobs.action });
  if (!job) return undefined;
  const channel = channelOf(job.action);
  const eligible =
    job.action === 'approve'
      ? sql`NOT ${users.isApproved}`
      : channel === 'email'
        ? sql`NOT ${users.isRegistered}`
        : sql`NOT ${users.isRegistered} AND ${users.phone} IS NOT NULL`;
  await tx.execute(sql`
    UPDATE ${users} SET ${sql.identifier(statusColumn(channel).name)} = 'pending'
      FROM ${dispatchRecipients} r
     WHERE r.job_id = ${jobId} AND ${users.id} = r.user_id AND NOT ${users.isRejected} AND ${eligible}`);
  return job;
}

/** Only a job still in review can go: a dispatched one stays, with its record of what was sent. */
export async function deleteReviewJob(db: Executor, jobId: string, collegeId: string | undefined) {
  const deleted = await db
    .delete(dispatchJobs)
    .where(
      and(
        eq(dispatchJobs.id, jobId),
        eq(dispatchJobs.status, 'review'),
        collegeId ? eq(dispatchJobs.collegeId, collegeId) : undefined,
      ),
    )
    .returning({ id: dispatchJobs.id });
  return deleted.length === 1;
}

/** The recipients after `afterSeq`, for a CSV read in pieces. */
export const recipientsForCsv = (db: Executor, jobId: string, afterSeq: number, limit: number) =>
  db
    .select({
      seq: dispatchRecipients.seq,
      fullName: dispatchRecipients.fullName,
      email: dispatchRecipients.email,
      phone: dispatchRecipients.phone,
      degreeName: degrees.degreeName,
      batchName: batches.batchName,
      branchName: branches.branchName,
      result: dispatchRecipients.result,
      processedAt: dispatchRecipients.processedAt,
    })
    .from(dispatchRecipients)
    .innerJoin(users, eq(users.id, dispatchRecipients.userId))
    .leftJoin(degrees, eq(degrees.id, users.degreeId))
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(and(eq(dispatchRecipients.jobId, jobId), gt(dispatchRecipients.seq, afterSeq)))
    .orderBy(dispatchRecipients.seq)
    .limit(limit);

// ---------------------------------------------------------------- the worker's side

/** The recipients of one chunk that are not done yet, with what decides whether to send. */
export const pendingRecipients = (db: Executor, jobId: string, from: number, to: number) =>
  db
    .select({
      userId: dispatchRecipients.userId,
      state: dispatchRecipients.state,
      fullName: dispatchRecipients.fullName,
      email: dispatchRecipients.email,
      phone: dispatchRecipients.phone,
      isApproved: users.isApproved,
      isRegistered: users.isRegistered,
      isRejected: users.isRejected,
    })
    .from(dispatchRecipients)
    .innerJoin(users, eq(users.id, dispatchRecipients.userId))
    .where(
      and(
        eq(dispatchRecipients.jobId, jobId),
        gte(dispatchRecipients.seq, from),
        lt(dispatchRecipients.seq, to),
        sql`${dispatchRecipients.state} IS DISTINCT FROM 'done'`,
      ),
    )
    .orderBy(dispatchRecipients.seq);
export type PendingRecipient = Awaited<ReturnType<typeof pendingRecipients>>[number];

/** Approval: the one-time password the credentials e-mail carries replaces any other. */
export const approveUser = (tx: Executor, userId: string, passwordHash: string) =>
  tx
    .update(users)
    .set({
      isApproved: true,
      passwordHash,
      mustChangePassword: true,
      emailStatus: 'pending',
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));

export async function inviteUsers(
  tx: Executor,
  job: { id: string; createdBy: string },
  channel: Channel,
  invites: { userId: string; tokenHash: string }[],
  expiresAt: Date,
) {
  if (invites.length === 0) return;
  await tx
    .insert(invitations)
    .values(invites.map((i) => ({ ...i, jobId: job.id, expiresAt })))
    .onConflictDoNothing();
  await tx
    .update(users)
    .set({
      isInvited: true,
      invitedBy: job.createdBy,
      [statusKey(channel)]: 'pending',
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        users.id,
        invites.map((i) => i.userId),
      ),
    );
}

export const markPrepared = (tx: Executor, jobId: string, userIds: string[]) =>
  userIds.length === 0
    ? Promise.resolve()
    : tx
        .update(dispatchRecipients)
        .set({ state: 'prepared' })
        .where(
          and(eq(dispatchRecipients.jobId, jobId), inArray(dispatchRecipients.userId, userIds)),
        );

/** What the user's status column shows for a send result on that channel (spec §4's states). */
function shownStatus(channel: Channel, result: string) {
  if (result === 'undelivered' && channel === 'whatsapp') return 'not_sent';
  if (result === 'bounce' && channel !== 'email') return 'undelivered';
  return result;
}

/**
 * Marks recipients done with their result, moves their status on that channel, and counts them
 * into the job's progress; only rows not done yet count, so a repeated mark changes nothing.
 * `userStatus` false: skipped recipients, whose status stays as it was.
 */
export async function markDone(
  tx: Executor,
  jobId: string,
  channel: Channel,
  items: { userId: string; result: string; providerMessageId?: string | null }[],
  userStatus = true,
) {
  let done = 0;
  // Map.groupBy needs Node 21.
  const byResult = new Map<string, typeof items>();
  for (const item of items) byResult.set(item.result, [...(byResult.get(item.result) ?? []), item]);
  for (const [result, group] of byResult) {
    const ids = group.map((i) => i.userId);
    const updated = await tx
      .update(dispatchRecipients)
      .set({
        state: 'done',
        result,
        processedAt: sql`now()`,
        providerMessageId: group.length === 1 ? (group[0]!.providerMessageId ?? null) : null,
      })
      .where(
        and(
          eq(dispatchRecipients.jobId, jobId),
          inArray(dispatchRecipients.userId, ids),
          sql`${dispatchRecipients.state} IS DISTINCT FROM 'done'`,
        ),
      )
      .returning({ userId: dispatchRecipients.userId });
    done += updated.length;
    if (userStatus && updated.length > 0)
      await tx
        .update(users)
        .set({ [statusKey(channel)]: shownStatus(channel, result) })
        .where(
          inArray(
            users.id,
            updated.map((u) => u.userId),
          ),
        );
  }
  if (done > 0)
    await tx
      .update(dispatchJobs)
      .set({ sent: sql`${dispatchJobs.sent} + ${done}` })
      .where(eq(dispatchJobs.id, jobId));
  return done;
}

/** The last chunk closes the job: done, with its output CSV. True when this call closed it. */
export const finishIfComplete = async (db: Executor, jobId: string) =>
  (
    await db
      .update(dispatchJobs)
      .set({ status: 'done', outputCsvPath: `${jobId}-output.csv` })
      .where(
        and(
          eq(dispatchJobs.id, jobId),
          eq(dispatchJobs.status, 'dispatched'),
          gte(dispatchJobs.sent, dispatchJobs.count),
        ),
      )
      .returning({ id: dispatchJobs.id })
  ).length === 1;

/** A provider's later report (status callback) on a message it took. */
export async function applyProviderStatus(
  db: Executor,
  providerMessageId: string,
  result: 'delivered' | 'undelivered',
) {
  await db.transaction(async (tx) => {
    const [recipient] = await tx
      .update(dispatchRecipients)
      .set({ result })
      .where(eq(dispatchRecipients.providerMessageId, providerMessageId))
      .returning({ userId: dispatchRecipients.userId, channel: dispatchRecipients.channel });
    if (!recipient) return;
    await tx
      .update(users)
      .set({ [statusKey(recipient.channel)]: shownStatus(recipient.channel, result) })
      .where(eq(users.id, recipient.userId));
  });
}
