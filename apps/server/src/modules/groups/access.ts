import { GROUP_MESSAGES, type GroupKind, type GroupRole } from '@alumnet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';

export type GroupRow = typeof groups.$inferSelect;
export type StoredStatus = 'pending' | 'approved' | 'rejected' | 'left';

/**
 * What one user may do in one group: the one answer every group call asks (issue 27). Members
 * are approved rows; organisers are members with role organiser; the college's admins and super
 * admins run every group of the college without being in it.
 */
export interface GroupAccess {
  group: GroupRow;
  /** The caller's row, if any. */
  status: StoredStatus | null;
  role: GroupRole | null;
  isMember: boolean;
  isAdmin: boolean;
  /** Approve requests, add and remove members, remove posts, comments and messages, pin. */
  mayModerate: boolean;
  /** Its posts: members (open groups: the whole college). */
  maySeePosts: boolean;
  mayPost: boolean;
  /** Its member list: the college, except for hidden groups (members only). */
  maySeeMembers: boolean;
  /** Its chat: members, and those who run it (to moderate). */
  mayChat: boolean;
}

export function accessOf(
  user: Pick<SessionUser, 'userType' | 'isSuperAdmin' | 'collegeId'>,
  group: GroupRow,
  row: { status: StoredStatus; role: GroupRole } | null,
): GroupAccess {
  const isAdmin =
    user.isSuperAdmin || (user.userType === 'a' && user.collegeId === group.collegeId);
  const isMember = row?.status === 'approved' && group.archivedAt === null;
  const kind: GroupKind = group.kind;
  const mayModerate = isAdmin || (isMember && row?.role === 'organiser');
  return {
    group,
    status: row?.status ?? null,
    role: isMember ? (row?.role ?? null) : null,
    isMember,
    isAdmin,
    mayModerate,
    maySeePosts: isMember || isAdmin || (kind === 'open' && group.archivedAt === null),
    mayPost: (isMember || isAdmin) && group.archivedAt === null,
    maySeeMembers: isMember || isAdmin || kind !== 'hidden',
    mayChat: isMember || isAdmin,
  };
}

/**
 * The group and the caller's standing in it, found within the caller's college in the query
 * itself (super admins: any college). Another college's group, an unknown one and, for anyone
 * who does not run it, an archived one answer 404.
 */
export async function loadGroupAccess(db: Executor, user: SessionUser, groupId: string) {
  const id = groupId.toLowerCase();
  const [found] = await db
    .select({ group: groups, status: groupMembers.status, role: groupMembers.role })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, user.id)),
    )
    .where(
      and(
        eq(groups.id, id),
        user.isSuperAdmin
          ? sql`true`
          : user.collegeId
            ? eq(groups.collegeId, user.collegeId)
            : sql`false`,
      ),
    );
  if (!found) throw notFound(GROUP_MESSAGES.notFound);
  const access = accessOf(
    user,
    found.group,
    found.status && found.role ? { status: found.status, role: found.role } : null,
  );
  if (found.group.archivedAt && !access.isAdmin) throw notFound(GROUP_MESSAGES.notFound);
  return access;
}

/**
 * The caller's access to the group and a read of the group's own data, side by side: under load
 * each statement waits its turn for a connection, and the read needs nothing of the access but
 * the group's id. The read's answer is handed out only once access grants `allowed`; a refusal
 * (404, 403) wins over whatever the read did.
 */
export async function besideAccess<T>(
  db: Executor,
  user: SessionUser,
  groupId: string,
  allowed: GrantName,
  message: string,
  read: (groupId: string) => Promise<T>,
) {
  const id = groupId.toLowerCase();
  const [access, value] = await Promise.allSettled([
    loadGroupAccess(db, user, id),
    // Called inside a promise, so that a read failing before its first await still waits here.
    Promise.resolve(id).then(read),
  ]);
  if (access.status === 'rejected') throw access.reason;
  demand(access.value, allowed, message);
  if (value.status === 'rejected') throw value.reason;
  return { access: access.value, value: value.value };
}

type GrantName =
  'isMember' | 'mayModerate' | 'maySeePosts' | 'mayPost' | 'maySeeMembers' | 'mayChat';

/** Throws 403 with the message unless the access grants it. */
export function demand(access: GroupAccess, allowed: GrantName, message: string) {
  if (!access[allowed]) throw forbidden(message);
  return access;
}

/**
 * The ids of the live groups a member is in (their socket joins these groups' chat rooms), or
 * of one kind of them (automatic: what a profile change may move).
 */
export async function memberGroupIds(db: Executor, userId: string, kind?: GroupKind) {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.userId, userId),
        eq(groupMembers.status, 'approved'),
        sql`${groups.archivedAt} IS NULL`,
        kind ? eq(groups.kind, kind) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
