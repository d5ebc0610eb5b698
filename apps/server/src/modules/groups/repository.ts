import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';

const pendingCount = sql<number>`(
  select count(*)::int from ${groupMembers}
  where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.status} = 'pending'
)`;

/** A college's groups by name with how many join requests wait in each. */
export function collegeGroups(db: Executor, collegeId: string) {
  return db
    .select({ groupId: groups.id, groupName: groups.groupName, pendingCount })
    .from(groups)
    .where(eq(groups.collegeId, collegeId))
    .orderBy(asc(groups.groupName));
}

export async function findGroup(db: Executor, groupId: string) {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
  return row;
}

/** The members waiting for a group, oldest request first. */
export function pendingMembers(db: Executor, groupId: string) {
  return db
    .select({ _id: users.id, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'pending')))
    .orderBy(asc(groupMembers.createdAt), asc(users.fullName));
}

/** Decide a pending request; answers false when there was none. */
export async function decideRequest(
  db: Executor,
  groupId: string,
  memberId: string,
  status: 'approved' | 'rejected',
) {
  const rows = await db
    .update(groupMembers)
    .set({ status })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, memberId),
        eq(groupMembers.status, 'pending'),
      ),
    )
    .returning({ groupId: groupMembers.groupId });
  return rows.length > 0;
}

/** The member's college groups with the member's standing and the approved member count. */
export function memberGroups(db: Executor, collegeId: string, userId: string) {
  return db
    .select({
      groupId: groups.id,
      groupName: groups.groupName,
      description: groups.description,
      memberCount: sql<number>`(
        select count(*)::int from ${groupMembers} gm
        where gm.group_id = ${groups.id} and gm.status = 'approved'
      )`,
      status: sql<
        'none' | 'pending' | 'approved' | 'rejected'
      >`coalesce(${groupMembers.status}, 'none')`,
    })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(eq(groups.collegeId, collegeId))
    .orderBy(asc(groups.groupName));
}

export async function membership(db: Executor, groupId: string, userId: string) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Ask to join: a new request, or a rejected one asked again. */
export async function requestJoin(db: Executor, groupId: string, userId: string) {
  await db
    .insert(groupMembers)
    .values({ groupId, userId, status: 'pending' })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { status: 'pending', createdAt: sql`now()` },
    });
}
