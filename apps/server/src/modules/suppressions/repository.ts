import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailSuppressions, users } from '../../db/schema';

export interface SuppressionEvent {
  email: string;
  reason: 'bounce' | 'complaint';
  source: string;
  detail: string | null;
}

/** True where the address (any case) is not on the list: for the senders' own queries. */
export const notSuppressed = (email: SQL) =>
  sql`NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(${email}))`;

/** Which of these addresses are on the list (lower case). */
export async function suppressedAmong(db: Executor, emails: readonly string[]) {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, wanted));
  return new Set(rows.map((r) => r.email));
}

/**
 * Puts addresses on the list. An address already there stays with its first reason, except that
 * a complaint outweighs a bounce (it says the person does not want us, not that the box is gone).
 */
export async function addSuppressions(db: Executor, events: readonly SuppressionEvent[]) {
  // One row per address in one statement (ON CONFLICT may not touch a row twice).
  const byEmail = new Map<string, SuppressionEvent>();
  for (const e of events) {
    const email = e.email.trim().toLowerCase();
    const known = byEmail.get(email);
    if (!known || (known.reason === 'bounce' && e.reason === 'complaint'))
      byEmail.set(email, { ...e, email, detail: e.detail?.slice(0, 1000) ?? null });
  }
  if (byEmail.size === 0) return;
  await db
    .insert(emailSuppressions)
    .values([...byEmail.values()])
    .onConflictDoUpdate({
      target: emailSuppressions.email,
      set: {
        reason: sql`CASE WHEN excluded.reason = 'complaint' THEN 'complaint' ELSE ${emailSuppressions.reason} END`,
        source: sql`CASE WHEN excluded.reason = 'complaint' AND ${emailSuppressions.reason} = 'bounce' THEN excluded.source ELSE ${emailSuppressions.source} END`,
        detail: sql`CASE WHEN excluded.reason = 'complaint' AND ${emailSuppressions.reason} = 'bounce' THEN excluded.detail ELSE ${emailSuppressions.detail} END`,
      },
    });
}

/** Entries whose address belongs to a member of the college; every entry for undefined. */
const inCollege = (collegeId: string | undefined) =>
  collegeId === undefined
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${emailSuppressions.email} AND ${users.collegeId} = ${collegeId})`;

export const listSuppressions = (db: Executor, collegeId: string | undefined) =>
  db
    .select()
    .from(emailSuppressions)
    .where(inCollege(collegeId))
    .orderBy(desc(emailSuppressions.createdAt), emailSuppressions.email)
    .limit(1000);

/** Lifts an entry within the scope; true if there was one. */
export async function liftSuppression(db: Executor, email: string, collegeId: string | undefined) {
  const deleted = await db
    .delete(emailSuppressions)
    .where(and(eq(emailSuppressions.email, email.trim().toLowerCase()), inCollege(collegeId)))
    .returning({ email: emailSuppressions.email });
  return deleted.length === 1;
}
