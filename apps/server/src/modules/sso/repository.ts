import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { colleges, collegeSso, oidcAttempts, userIdentities, users } from '../../db/schema';

/** How long a sign-in sent to a provider may take to come back (issue 30). */
export const ATTEMPT_MINUTES = 10;

export async function findCollegeName(db: Executor, collegeId: string) {
  const [row] = await db
    .select({ name: colleges.name })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  return row?.name ?? null;
}

/** The college's provider with its sealed secret, or null when it has none. */
export async function findCollegeSso(db: Executor, collegeId: string) {
  const [row] = await db
    .select({
      collegeId: collegeSso.collegeId,
      collegeName: colleges.name,
      issuer: collegeSso.issuer,
      clientId: collegeSso.clientId,
      sealedSecret: collegeSso.clientSecret,
      allowedDomains: collegeSso.allowedDomains,
      enabled: collegeSso.enabled,
    })
    .from(collegeSso)
    .innerJoin(colleges, eq(colleges.id, collegeSso.collegeId))
    .where(eq(collegeSso.collegeId, collegeId));
  return row ?? null;
}
export type CollegeSsoRow = NonNullable<Awaited<ReturnType<typeof findCollegeSso>>>;

export async function saveCollegeSso(db: Executor, values: typeof collegeSso.$inferInsert) {
  await db
    .insert(collegeSso)
    .values(values)
    .onConflictDoUpdate({
      target: collegeSso.collegeId,
      set: {
        issuer: values.issuer,
        clientId: values.clientId,
        clientSecret: values.clientSecret,
        allowedDomains: values.allowedDomains,
        enabled: values.enabled,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteCollegeSso(db: Executor, collegeId: string) {
  const rows = await db
    .delete(collegeSso)
    .where(eq(collegeSso.collegeId, collegeId))
    .returning({ issuer: collegeSso.issuer });
  return rows.length > 0;
}

export async function enabledProviders(db: Executor) {
  return db
    .select({ collegeId: colleges.id, collegeName: colleges.name })
    .from(collegeSso)
    .innerJoin(colleges, eq(colleges.id, collegeSso.collegeId))
    .where(eq(collegeSso.enabled, true))
    .orderBy(asc(colleges.name));
}

/** Stores a sign-in on its way to the provider; attempts nobody brought back are dropped here. */
export async function insertAttempt(db: Executor, values: typeof oidcAttempts.$inferInsert) {
  await db
    .delete(oidcAttempts)
    .where(sql`${oidcAttempts.createdAt} < now() - make_interval(mins => ${ATTEMPT_MINUTES})`);
  await db.insert(oidcAttempts).values(values);
}

/** Takes the attempt (single use: deleted whatever comes next); null when unknown or too old. */
export async function takeAttempt(db: Executor, stateHash: string) {
  const [row] = await db
    .delete(oidcAttempts)
    .where(eq(oidcAttempts.stateHash, stateHash))
    .returning({
      collegeId: oidcAttempts.collegeId,
      nonce: oidcAttempts.nonce,
      codeVerifier: oidcAttempts.codeVerifier,
      fresh: sql<boolean>`${oidcAttempts.createdAt} > now() - make_interval(mins => ${ATTEMPT_MINUTES})`,
    });
  return row?.fresh ? row : null;
}

const accountColumns = {
  id: users.id,
  collegeId: users.collegeId,
  isApproved: users.isApproved,
  isRejected: users.isRejected,
};

export async function findUserByIdentity(db: Executor, issuer: string, subject: string) {
  const [row] = await db
    .select(accountColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row ?? null;
}

/** E-mails are unique across colleges: the account with it, wherever it is. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function linkIdentity(db: Executor, issuer: string, subject: string, userId: string) {
  await db.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
}
