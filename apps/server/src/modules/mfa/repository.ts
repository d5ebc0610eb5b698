import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mfaRecoveryCodes, passkeys, sessions, users } from '../../db/schema';

/** The secret box's purpose of TOTP seeds (db/secret-box.ts). */
export const TOTP_PURPOSE = 'totp';

/** What the second step needs to know about an account. */
export async function findFactorState(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      collegeId: users.collegeId,
      userType: users.userType,
      isSuperAdmin: users.isSuperAdmin,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      mfaLockedUntil: users.mfaLockedUntil,
      passkeyCount: sql<number>`(select count(*)::int from passkeys p where p.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function storeTotpSecret(db: Executor, userId: string, sealed: string) {
  // Never over an enabled one: a new secret replaces only an enrolment not yet confirmed.
  const updated = await db
    .update(users)
    .set({ totpSecret: sealed, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Takes a right TOTP code's time step, only if no code of this step or a later one was taken
 * and the step is not locked: of two requests with one code, one wins. `enrol`: only while the
 * secret is not enabled yet, and enables it.
 */
export async function takeTotpStep(db: Executor, userId: string, step: number, enrol: boolean) {
  const taken = await db
    .update(users)
    .set({
      totpLastStep: step,
      mfaFailedCount: 0,
      mfaLockedUntil: null,
      ...(enrol ? { totpEnabledAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        or(isNull(users.mfaLockedUntil), sql`${users.mfaLockedUntil} <= now()`),
        enrol ? isNull(users.totpEnabledAt) : sql`${users.totpEnabledAt} is not null`,
      ),
    )
    .returning({ id: users.id });
  return taken.length > 0;
}

/** Uses a recovery code once: of two requests with one code, one wins. */
export async function takeRecoveryCode(db: Executor, userId: string, codeHash: string) {
  const taken = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return taken.length > 0;
}

/** A wrong code: counted; the one that reaches `limit` locks the step (answers the lock's end). */
export async function countMfaFailure(
  db: Executor,
  userId: string,
  limit: number,
  minutes: number,
) {
  const [row] = await db
    .update(users)
    .set({
      mfaLockedUntil: sql`case when ${users.mfaFailedCount} + 1 >= ${limit}
        then now() + make_interval(mins => ${minutes}) else ${users.mfaLockedUntil} end`,
      mfaFailedCount: sql`case when ${users.mfaFailedCount} + 1 >= ${limit}
        then 0 else ${users.mfaFailedCount} + 1 end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.mfaLockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
}

export async function clearMfaFailures(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ mfaFailedCount: 0, mfaLockedUntil: null })
    .where(and(eq(users.id, userId), gt(users.mfaFailedCount, 0)));
}

export async function passSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ mfaPassedAt: sql`now()`, challenge: null, challengeExpiresAt: null })
    .where(eq(sessions.id, sessionId));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function countRecoveryCodesLeft(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function listPasskeys(db: Executor, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function findPasskey(db: Executor, userId: string, credentialId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  return row ?? null;
}

export async function insertPasskey(db: Executor, values: typeof passkeys.$inferInsert) {
  await db.insert(passkeys).values(values);
}

/** The counter moves forward only: of two requests with one assertion, one wins. */
export async function usePasskey(db: Executor, id: string, oldCounter: number, newCounter: number) {
  const used = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, id),
        // Authenticators that keep no counter (0 always) cannot be told apart from a replay.
        newCounter === 0 && oldCounter === 0 ? undefined : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  return used.length > 0;
}

export async function deletePasskey(db: Executor, userId: string, id: string) {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

export async function disableTotp(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** Removes every factor of the account (a super admin's reset, or the last one removed). */
export async function removeAllFactors(db: Executor, userId: string) {
  await disableTotp(db, userId);
  await db
    .update(users)
    .set({ mfaFailedCount: 0, mfaLockedUntil: null })
    .where(eq(users.id, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

export async function deleteRecoveryCodes(db: Executor, userId: string) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** The WebAuthn challenge given to this session, kept until it is answered or expires. */
export async function setChallenge(
  db: Executor,
  sessionId: string,
  challenge: string,
  until: Date,
) {
  await db
    .update(sessions)
    .set({ challenge, challengeExpiresAt: until })
    .where(eq(sessions.id, sessionId));
}

/** The session's live challenge, cleared as it is read: each is answered at most once. */
export async function takeChallenge(db: Executor, sessionId: string) {
  const result = await db.execute<{ challenge: string | null }>(sql`
    update ${sessions} set challenge = null, challenge_expires_at = null
    from (select ${sessions.challenge} as old, ${sessions.challengeExpiresAt} as until
          from ${sessions} where ${sessions.id} = ${sessionId} for update) prev
    where ${sessions.id} = ${sessionId}
    returning case when prev.until > now() then prev.old end as challenge`);
  return result.rows[0]?.challenge ?? null;
}
