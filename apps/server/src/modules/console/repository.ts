import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { colleges, sessions, users } from '../../db/schema';

/** Every college with its number of members and its admins (super admins are not listed). */
export async function collegesWithAdmins(db: Executor) {
  const [rows, admins, members] = await Promise.all([
    db.select({ id: colleges.id, name: colleges.name }).from(colleges).orderBy(asc(colleges.name)),
    db
      .select({
        id: users.id,
        collegeId: users.collegeId,
        fullName: users.fullName,
        email: users.email,
      })
      .from(users)
      .where(and(eq(users.userType, 'a'), eq(users.isSuperAdmin, false)))
      .orderBy(asc(users.fullName)),
    db
      .select({ collegeId: users.collegeId, n: count() })
      .from(users)
      .where(eq(users.userType, 'u'))
      .groupBy(users.collegeId),
  ]);
  return rows.map((c) => ({
    ...c,
    memberCount: members.find((m) => m.collegeId === c.id)?.n ?? 0,
    admins: admins.filter((a) => a.collegeId === c.id),
  }));
}

/** undefined when the name is taken. */
export async function insertCollege(db: Executor, name: string) {
  const [row] = await db
    .insert(colleges)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: colleges.id, name: colleges.name });
  return row;
}

/** 'missing', 'taken' or the renamed row. */
export async function renameCollege(db: Executor, collegeId: string, name: string) {
  const [clash] = await db
    .select({ id: colleges.id })
    .from(colleges)
    .where(and(eq(colleges.name, name), sql`${colleges.id} <> ${collegeId}`));
  if (clash) return 'taken' as const;
  const [row] = await db
    .update(colleges)
    .set({ name })
    .where(eq(colleges.id, collegeId))
    .returning({ id: colleges.id });
  return row ? row : ('missing' as const);
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      collegeId: users.collegeId,
      userType: users.userType,
      fullName: users.fullName,
    })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

export async function findCollege(db: Executor, collegeId: string) {
  const [row] = await db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  return row;
}

export async function insertAdmin(
  db: Executor,
  a: { collegeId: string; fullName: string; email: string; username: string; passwordHash: string },
) {
  const [firstName, ...rest] = a.fullName.split(/\s+/);
  const [row] = await db
    .insert(users)
    .values({
      collegeId: a.collegeId,
      firstName: firstName ?? a.fullName,
      lastName: rest.join(' '),
      fullName: a.fullName,
      username: a.username,
      email: a.email,
      passwordHash: a.passwordHash,
      mustChangePassword: true,
      userType: 'a',
      isApproved: true,
      isRegistered: true,
    })
    .returning({ id: users.id });
  return row!.id;
}

export const promoteToAdmin = (db: Executor, userId: string) =>
  db
    .update(users)
    .set({ userType: 'a', updatedAt: sql`now()` })
    .where(eq(users.id, userId));

/** No longer an admin: a member of the same college, signed out everywhere. */
export async function demoteAdmin(db: Executor, userId: string) {
  const [row] = await db
    .update(users)
    .set({ userType: 'u', updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.userType, 'a'), eq(users.isSuperAdmin, false)))
    .returning({ id: users.id, fullName: users.fullName, collegeId: users.collegeId });
  if (!row) return undefined;
  const ended = await db
    .delete(sessions)
    .where(inArray(sessions.userId, [userId]))
    .returning({ id: sessions.id });
  return { ...row, endedSessionIds: ended.map((s) => s.id) };
}
