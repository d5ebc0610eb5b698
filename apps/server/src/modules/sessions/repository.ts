import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';

/** The user's live sessions, the most recently seen first. */
export async function listSessions(db: Executor, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipPrefix: sessions.ipPrefix,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
}

/** Ends one session of this user only: another's id ends nothing (and answers no ids). */
export async function deleteOwnSession(db: Executor, userId: string, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Every session of the user but the one given. */
export async function deleteOtherSessions(db: Executor, userId: string, keepSessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
