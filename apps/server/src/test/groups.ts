import { API, type GroupBody } from '@alumnet/contract';
import { and, asc, eq, isNotNull, like, not } from 'drizzle-orm';
import { expect } from 'vitest';
import { groupMembers, users } from '../db/schema';
import { buildRoleApp, type Role } from './roles';

/**
 * Everyone a group call is tried as (issue 27): besides the admin roles, members of the group's
 * college who stand differently in the group under test.
 */
export type GroupRole = Role | 'outsider' | 'pending' | 'organiser' | 'otherOrganiser';
export const GROUP_ROLES: GroupRole[] = [
  'visitor',
  'outsider',
  'pending',
  'member',
  'organiser',
  'otherOrganiser',
  'admin',
  'otherAdmin',
  'superAdmin',
];

/**
 * A role app plus three listed demo members of the admin's college (signed in) and helpers to
 * make groups through the API. `outsider` is member2@; `member` is member@.
 */
export async function buildGroupsApp() {
  const t = await buildRoleApp();
  const collegeId = t.users.admin!.collegeId;
  const picked = await t.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.userType, 'u'),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
        isNotNull(users.passwordHash),
        not(like(users.email, '%@demo.alumnet.dev')),
      ),
    )
    .orderBy(asc(users.email))
    .limit(3);
  if (picked.length < 3) throw new Error('the demo college needs three more listed members');
  const extra: Partial<Record<GroupRole, { cookie: string; id: string }>> = {};
  const outsider = await t.loginAs('member2@demo.alumnet.dev');
  extra.outsider = { cookie: outsider.cookie, id: outsider.user._id };
  for (const [role, row] of [
    ['pending', picked[0]!],
    ['organiser', picked[1]!],
    ['otherOrganiser', picked[2]!],
  ] as const) {
    const session = await t.loginAs(row.email);
    extra[role] = { cookie: session.cookie, id: row.id };
  }
  const idOf = (role: GroupRole) =>
    role === 'visitor' ? '' : (extra[role]?.id ?? t.users[role as Role]!._id);

  const call = (role: GroupRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const own = extra[role];
    return own
      ? t.app.inject({ method, url, headers: { cookie: own.cookie }, payload })
      : t.call(role as Role, method, url, payload);
  };

  let made = 0;
  /** A new group of the admin's college, made by the admin; answers its id. */
  async function createGroup(body: Partial<GroupBody> = {}) {
    const response = await call('admin', 'POST', API.groups.create, {
      name: `Test group ${++made} ${Math.random().toString(36).slice(2, 7)}`,
      description: 'Made by a test',
      kind: 'request',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().group.id as string;
  }

  /**
   * A group where everyone stands as the role names: `organiser` runs it, `member` is in it,
   * `pending` asked to join; `otherOrganiser` runs another group of the college.
   */
  async function staffedGroup(kind: GroupBody['kind'] = 'request', body: Partial<GroupBody> = {}) {
    const groupId = await createGroup({ kind, ...body });
    const otherId = await createGroup({ kind: 'open' });
    const organisers = (id: string, role: GroupRole) =>
      call('admin', 'PUT', API.groups.organisers(id), { userIds: [idOf(role)] });
    expect((await organisers(groupId, 'organiser')).statusCode).toBe(200);
    expect((await organisers(otherId, 'otherOrganiser')).statusCode).toBe(200);
    const added = await call('organiser', 'POST', API.groups.members(groupId), {
      userId: idOf('member'),
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.db.insert(groupMembers).values({ groupId, userId: idOf('pending'), status: 'pending' });
    return { groupId, otherId };
  }

  async function rowOf(groupId: string, role: GroupRole | string) {
    const userId = GROUP_ROLES.includes(role as GroupRole) ? idOf(role as GroupRole) : role;
    const [row] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    return row ?? null;
  }

  return { ...t, collegeId, call, idOf, createGroup, staffedGroup, rowOf };
}
