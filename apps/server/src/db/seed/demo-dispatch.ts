import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { auditLog, dispatchJobs, dispatchRecipients, users } from '../schema';

/**
 * The jobs page's two states on a fresh start: an e-mail invitation job already carried out
 * (both CSVs, its alumni invited) and an approval job waiting in review.
 */
export async function seedDemoDispatch(tx: Executor, collegeId: string, adminId: string) {
  const people = (where: ReturnType<typeof and>, limit: number) =>
    tx
      .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone })
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.userType, 'u'), where))
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit);

  const imported = await people(
    and(eq(users.isRegistered, false), eq(users.newCollegeData, false)),
    3,
  );
  const waiting = await people(
    and(eq(users.isRegistered, true), eq(users.isApproved, false), eq(users.newCollegeData, false)),
    4,
  );
  const day = 86_400_000;
  const [done] = await tx
    .insert(dispatchJobs)
    .values({
      collegeId,
      createdBy: adminId,
      action: 'email',
      count: imported.length,
      sent: imported.length,
      status: 'done',
      inputCsvPath: '',
      createdAt: new Date(Date.now() - 3 * day),
      dispatchedAt: new Date(Date.now() - 3 * day + 3_600_000),
    })
    .returning({ id: dispatchJobs.id });
  const [review] = await tx
    .insert(dispatchJobs)
    .values({
      collegeId,
      createdBy: adminId,
      action: 'approve',
      count: waiting.length,
      inputCsvPath: '',
      createdAt: new Date(Date.now() - day),
    })
    .returning({ id: dispatchJobs.id });
  // The audit log's lines for them, as the dispatch calls would have written (issue 30).
  const label = (action: string, count: number, at: number) =>
    `${action} job of ${count} members, ${new Date(at).toISOString().slice(0, 10)}`;
  const [admin] = await tx
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, adminId));
  const line = (
    action: 'dispatch.create' | 'dispatch.send',
    jobId: string,
    at: number,
    what: string,
  ) => ({
    at: new Date(at),
    actorId: adminId,
    actorName: admin!.fullName,
    collegeId,
    action,
    targetType: 'dispatch_job',
    targetId: jobId,
    targetLabel: what,
    ip: '203.0.113.24',
  });
  await tx
    .insert(auditLog)
    .values([
      line(
        'dispatch.create',
        done!.id,
        Date.now() - 3 * day,
        label('email', imported.length, Date.now() - 3 * day),
      ),
      line(
        'dispatch.send',
        done!.id,
        Date.now() - 3 * day + 3_600_000,
        label('email', imported.length, Date.now() - 3 * day),
      ),
      line(
        'dispatch.create',
        review!.id,
        Date.now() - day,
        label('approve', waiting.length, Date.now() - day),
      ),
    ]);
  await tx
    .update(dispatchJobs)
    .set({
      inputCsvPath: sql`${dispatchJobs.id} || '-input.csv'`,
      outputCsvPath: sql`CASE WHEN ${dispatchJobs.status} = 'done' THEN ${dispatchJobs.id} || '-output.csv' END`,
    })
    .where(eq(dispatchJobs.collegeId, collegeId));

  const recipient = (
    jobId: string,
    channel: 'email',
    seq: number,
    p: (typeof imported)[number],
  ) => ({
    jobId,
    userId: p.id,
    seq,
    channel,
    fullName: p.fullName,
    email: p.email,
    phone: p.phone ? `+91${p.phone}` : null,
  });
  await tx.insert(dispatchRecipients).values([
    ...imported.map((p, i) => ({
      ...recipient(done!.id, 'email', i, p),
      state: 'done' as const,
      result: 'delivered',
      processedAt: new Date(Date.now() - 3 * day + 3_660_000),
    })),
    ...waiting.map((p, i) => recipient(review!.id, 'email', i, p)),
  ]);
  for (const p of imported)
    await tx
      .update(users)
      .set({ isInvited: true, invitedBy: adminId, emailStatus: 'delivered' })
      .where(eq(users.id, p.id));
}
