import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hashToken, newSessionToken } from './tokens';
import {
  batches,
  branches,
  colleges,
  degrees,
  invitations,
  passwordResets,
  sessions,
  users,
} from '../../db/schema';

/** What a request needs to know about its caller: enough for every policy check. */
export interface SessionUser {
  id: string;
  sessionId: string;
  collegeId: string | null;
  batchId: string | null;
  branchId: string | null;
  userType: 'u' | 'a';
  isSuperAdmin: boolean;
  /** The zone last stored for the member: `/me` writes the browser's only when it differs. */
  timeZone?: string | null;
  /** When the session was last recorded as seen (issue 30: written at most every few minutes). */
  lastSeenAt?: Date | null;
  /** When the session ends: a process that remembers it (session-cache.ts) stops then. */
  expiresAt?: Date;
  /**
   * What the session still needs before it may do anything (issue 30): confirm its second factor
   * or enrol one; null once passed or when none applies. auth/plugin.ts keeps such a session out
   * of `request.user`.
   */
  mfa?: 'verify' | 'enrol' | null;
}

/**
 * What a new session of the user needs (issue 30): 'verify' when a factor is enrolled, 'enrol'
 * for an admin who has none, null otherwise.
 */
const userMfaNeed = sql<'verify' | 'enrol' | null>`case
  when ${users.totpEnabledAt} is not null
    or exists (select 1 from passkeys p where p.user_id = users.id) then 'verify'
  when ${users.userType} = 'a' or ${users.isSuperAdmin} then 'enrol'
  else null end`;

/** The same, for a session: nothing once it passed its factor. */
export const sessionMfaNeed = sql<'verify' | 'enrol' | null>`case
  when ${sessions.mfaPassedAt} is not null then null
  else ${userMfaNeed} end`;

export async function findSessionUser(
  db: Executor,
  tokenHash: string,
): Promise<SessionUser | null> {
  const [found] = await findSessionUsers(db, [tokenHash]);
  // The sockets ask here: a session still owing its second factor gets none.
  return found && !found.mfa ? found : null;
}

/**
 * The live sessions of these token hashes with their users, in one query (a rush of first calls,
 * auth/plugin.ts); a hash whose session ended or whose user may not sign in is missing.
 */
export async function findSessionUsers(
  db: Executor,
  tokenHashes: readonly string[],
): Promise<(SessionUser & { tokenHash: string })[]> {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      id: users.id,
      sessionId: sessions.id,
      collegeId: users.collegeId,
      batchId: users.batchId,
      branchId: users.branchId,
      userType: users.userType,
      isSuperAdmin: users.isSuperAdmin,
      timeZone: users.timeZone,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      mfa: sessionMfaNeed,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, [...tokenHashes]),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
      ),
    );
}

export async function insertSession(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  mfaPassedAt: Date | null = null,
) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt, mfaPassedAt });
}

/** A new session: the token for its cookie and when it ends; only the token's hash is stored. */
export async function startSession(
  db: Executor,
  userId: string,
  days: number,
  mfaPassedAt: Date | null = null,
) {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await insertSession(db, userId, hashToken(token), expiresAt, mfaPassedAt);
  return { token, expiresAt };
}

/** What a new session of this user needs before it may do anything (see sessionMfaNeed). */
export async function newSessionMfaNeed(db: Executor, userId: string) {
  const [row] = await db.select({ need: userMfaNeed }).from(users).where(eq(users.id, userId));
  return row?.need ?? null;
}

/** Each of these answers the ids of the sessions it ended, so their open sockets can be closed. */
export async function deleteSession(db: Executor, tokenHash: string) {
  return endedIds(
    db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ id: sessions.id }),
  );
}

export async function deleteSessionsOfUser(db: Executor, userId: string) {
  return endedIds(
    db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }),
  );
}

const endedIds = async (deleted: Promise<{ id: string }[]>) => (await deleted).map((row) => row.id);

/**
 * `userName` is an e-mail address (any case) or a phone number (digits only). A phone typed with
 * its country code ('+91 90000 00003') matches the stored number and code together; the suffix
 * list keeps that lookup on the phone index.
 */
function matchLogin(login: { email?: string; phone?: string }) {
  const digits = login.phone ?? '';
  const suffixes = Array.from({ length: Math.max(0, digits.length - 6) }, (_, i) =>
    digits.slice(i + 1),
  ).filter((s) => s.length >= 7);
  const where = login.email
    ? eq(users.email, login.email)
    : or(
        eq(users.phone, digits),
        suffixes.length > 0
          ? and(
              inArray(users.phone, suffixes),
              sql`regexp_replace(coalesce(${users.phoneCountryCode}, ''), '[^0-9]', '', 'g') || ${users.phone} = ${digits}`,
            )
          : undefined,
      );
  // Of a bare number and a number with its country code, the bare one wins.
  return { where, order: sql`${users.phone} = ${digits} DESC` };
}

export async function findLoginCandidate(db: Executor, login: { email?: string; phone?: string }) {
  const { where, order } = matchLogin(login);
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isApproved: users.isApproved,
      isRejected: users.isRejected,
      failedLoginCount: users.failedLoginCount,
      failedLoginWindowStart: users.failedLoginWindowStart,
    })
    .from(users)
    .where(where)
    .orderBy(order)
    .limit(1);
  return row ?? null;
}

/** Who may reset a password: approved, registered members who have one (and are not rejected). */
const mayResetPassword = and(
  eq(users.isApproved, true),
  eq(users.isRegistered, true),
  eq(users.isRejected, false),
  isNotNull(users.passwordHash),
);

/** The member a reset link is for, found as login finds them; none unless they may reset. */
export async function findResetCandidate(db: Executor, login: { email?: string; phone?: string }) {
  const { where, order } = matchLogin(login);
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      // E.164 as the SMS transport wants it, as dispatch builds it.
      phone: sql<string | null>`CASE WHEN ${users.phone} IS NULL THEN NULL
        ELSE coalesce(${users.phoneCountryCode}, '') || ${users.phone} END`,
      collegeId: users.collegeId,
      collegeName: colleges.name,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(and(where, mayResetPassword))
    .orderBy(order)
    .limit(1);
  return row ?? null;
}

/** One open link per member: asking again replaces the previous one (user_id is the key). */
export async function savePasswordReset(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash, expiresAt })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: { tokenHash, expiresAt, createdAt: sql`now()` },
    });
}

const openReset = (tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    gt(passwordResets.expiresAt, sql`now()`),
    inArray(
      passwordResets.userId,
      sql`(SELECT ${users.id} FROM ${users} WHERE ${mayResetPassword})`,
    ),
  );

/** Whether a reset link can still set a password: unused, unexpired, for a member who may. */
export async function isPasswordResetOpen(db: Executor, tokenHash: string) {
  const rows = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(openReset(tokenHash));
  return rows.length > 0;
}

/** Uses the link up (once: of two tabs submitting, one wins); the member's id, if it was open. */
export async function takePasswordReset(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .delete(passwordResets)
    .where(openReset(tokenHash))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Counts a failure in a window that starts anew once the previous one is over. */
export async function recordFailedLogin(db: Executor, userId: string, windowMinutes: number) {
  await db
    .update(users)
    .set({
      failedLoginCount: sql`CASE WHEN ${users.failedLoginWindowStart} > now() - make_interval(mins => ${windowMinutes})
        THEN ${users.failedLoginCount} + 1 ELSE 1 END`,
      failedLoginWindowStart: sql`CASE WHEN ${users.failedLoginWindowStart} > now() - make_interval(mins => ${windowMinutes})
        THEN ${users.failedLoginWindowStart} ELSE now() END`,
    })
    .where(eq(users.id, userId));
}

export async function clearFailedLogins(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null })
    .where(eq(users.id, userId));
}

export async function updatePassword(db: Executor, userId: string, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function findTakenContact(db: Executor, email: string, phone: string | null) {
  return db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(sql`${users.email} = ${email} OR ${users.phone} = ${phone}`);
}

/** The branch with its batch, degree and college, if the four ids really form one chain. */
export async function findStructureChain(
  db: Executor,
  ids: { collegeId: string; degreeId: string; batchId: string; branchId: string },
) {
  const [row] = await db
    .select({ reviewWorkingDays: colleges.reviewWorkingDays })
    .from(branches)
    .innerJoin(batches, eq(batches.id, branches.batchId))
    .innerJoin(degrees, eq(degrees.id, batches.degreeId))
    .innerJoin(colleges, eq(colleges.id, degrees.collegeId))
    .where(
      and(
        eq(branches.id, ids.branchId),
        eq(batches.id, ids.batchId),
        eq(degrees.id, ids.degreeId),
        eq(colleges.id, ids.collegeId),
      ),
    );
  return row ?? null;
}

/**
 * Whether the ids a CSV row resolved (each may be missing) descend from one another inside the
 * college: the degree in the college, the batch in that degree, the branch in that batch.
 */
export async function partialChainBelongs(
  db: Executor,
  ids: { collegeId: string; degreeId?: string; batchId?: string; branchId?: string },
) {
  const degreeId = ids.degreeId ?? null;
  const batchId = ids.batchId ?? null;
  const branchId = ids.branchId ?? null;
  const result = await db.execute(sql`
    SELECT 1
      FROM ${colleges} c
      LEFT JOIN ${degrees} d ON d.id = ${degreeId}::uuid AND d.college_id = c.id
      LEFT JOIN ${batches} b ON b.id = ${batchId}::uuid AND b.degree_id = d.id
      LEFT JOIN ${branches} br ON br.id = ${branchId}::uuid AND br.batch_id = b.id
     WHERE c.id = ${ids.collegeId}
       AND (${degreeId}::uuid IS NULL OR d.id IS NOT NULL)
       AND (${batchId}::uuid IS NULL OR b.id IS NOT NULL)
       AND (${branchId}::uuid IS NULL OR br.id IS NOT NULL)`);
  return result.rows.length > 0;
}

export async function insertSignup(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row;
}

export async function isUsernameTaken(db: Executor, username: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return rows.length > 0;
}

/** An invitation that can still be used: unused, unexpired, for someone not registered yet. */
export async function findOpenInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      collegeName: colleges.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(colleges, eq(colleges.id, users.collegeId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
        eq(users.isRegistered, false),
        eq(users.isRejected, false),
      ),
    );
  return row;
}

/**
 * Uses the invitation (once: of two tabs submitting, one wins) and registers its alumnus with the
 * chosen password. The college vouched for them by inviting, so they are approved as well.
 */
export async function acceptInvitation(tx: Executor, tokenHash: string, passwordHash: string) {
  const [used] = await tx
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: invitations.userId });
  if (!used) return undefined;
  const [registered] = await tx
    .update(users)
    .set({
      passwordHash,
      isRegistered: true,
      isApproved: true,
      mustChangePassword: false,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(users.id, used.userId), eq(users.isRegistered, false), eq(users.isRejected, false)),
    )
    .returning({ id: users.id });
  return registered?.id;
}

/**
 * The member's IANA zone as their browser said (digests go out in its morning): written only
 * when it differs, so an unchanged zone costs an index lookup and no new row version.
 */
export async function storeTimeZone(db: Executor, userId: string, zone: string) {
  await db
    .update(users)
    .set({ timeZone: zone })
    .where(and(eq(users.id, userId), sql`${users.timeZone} IS DISTINCT FROM ${zone}`));
}

/** The account's password hash (null: it has none yet), for calls that ask for it again. */
export async function findPasswordHash(db: Executor, userId: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}
