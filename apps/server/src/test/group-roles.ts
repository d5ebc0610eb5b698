import { eq } from 'drizzle-orm';
import { groupMembers, groups, users } from '../db/schema';
import { GROUP_ROLES, type GroupRole } from './groups';
import { buildRoleApp, type Role } from './roles';

// The callers a group call is tried as: one list for every group test (test/groups.ts).
export type GroupCaller = GroupRole;
export const GROUP_CALLERS = GROUP_ROLES;
const EXTRA = ['outsider', 'pending', 'organiser', 'otherOrganiser'] as const;
type ExtraCaller = (typeof EXTRA)[number];

/** What a group's members may do (see/post its posts, chat): 401, 404 and 403 for the rest. */
export function expectedMemberStatus(caller: GroupCaller, openGroup = false) {
  if (caller === 'visitor') return 401;
  if (caller === 'otherAdmin') return 404;
  if (openGroup) return 200;
  return ['outsider', 'pending', 'otherOrganiser'].includes(caller) ? 403 : 200;
}

/** What only those who run the group may do: its organisers, the college's admins, super admins. */
export function expectedModeratorStatus(caller: GroupCaller) {
  if (caller === 'visitor') return 401;
  if (caller === 'otherAdmin') return 404;
  return ['organiser', 'admin', 'superAdmin'].includes(caller) ? 200 : 403;
}

/**
 * A role app with the extra members signed in (copies of the demo member: same college, batch,
 * branch and password) and `group(kind)`, a new group of the admin's college in which the member
 * is approved, the organiser organises and the pending member waits; the other organiser runs a
 * group of their own. The rows are written directly: nothing here depends on the demo groups.
 */
export async function buildGroupApp() {
  const t = await buildRoleApp();
  const collegeId = t.users.admin!.collegeId;
  const [template] = await t.db.select().from(users).where(eq(users.id, t.users.member!._id));
  if (!template) throw new Error('demo member missing');
  const extra = {} as Record<ExtraCaller, { id: string; cookie: string }>;
  let made = 0;

  /** A new approved member of the demo member's college, signed in. */
  async function addMember(name: string) {
    made += 1;
    const handle = `group-test-${name.toLowerCase()}-${made}`;
    // The copy gets ids and timestamps of its own.
    const fields: Partial<typeof users.$inferInsert> = { ...template };
    delete fields.id;
    delete fields.createdAt;
    delete fields.updatedAt;
    const [row] = await t.db
      .insert(users)
      .values({
        ...(fields as typeof users.$inferInsert),
        firstName: name,
        lastName: 'Tester',
        fullName: `${name} Tester`,
        username: handle,
        email: `${handle}@example.com`,
        phone: null,
        userType: 'u',
        isSuperAdmin: false,
      })
      .returning({ id: users.id });
    const session = await t.loginAs(`${handle}@example.com`);
    return { id: row!.id, cookie: session.cookie };
  }
  for (const caller of EXTRA) extra[caller] = await addMember(caller);

  const idOf = (caller: Exclude<GroupCaller, 'visitor'>) =>
    caller in extra ? extra[caller as ExtraCaller].id : t.users[caller as Role]!._id;
  const call = (
    caller: GroupCaller,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    caller in extra
      ? t.call('visitor', method, url, payload, extra[caller as ExtraCaller].cookie)
      : t.call(caller as Role, method, url, payload);

  let groupCount = 0;
  async function makeGroup(kind: 'open' | 'request' | 'hidden', college = collegeId) {
    groupCount += 1;
    const [row] = await t.db
      .insert(groups)
      .values({ collegeId: college, groupName: `Test group ${groupCount}`, kind })
      .returning({ id: groups.id });
    return row!.id;
  }
  async function setMember(
    groupId: string,
    userId: string,
    status: 'pending' | 'approved' | 'rejected' | 'left',
    role: 'member' | 'organiser' = 'member',
  ) {
    await t.db
      .insert(groupMembers)
      .values({ groupId, userId, status, role })
      .onConflictDoUpdate({
        target: [groupMembers.groupId, groupMembers.userId],
        set: { status, role },
      });
  }

  const elsewhere = await makeGroup('request');
  await setMember(elsewhere, extra.otherOrganiser.id, 'approved', 'organiser');

  /** A group of the admin's college with the standard cast in it. */
  async function group(kind: 'open' | 'request' | 'hidden' = 'request') {
    const id = await makeGroup(kind);
    await setMember(id, idOf('member'), 'approved');
    await setMember(id, extra.organiser.id, 'approved', 'organiser');
    await setMember(id, extra.pending.id, 'pending');
    return id;
  }

  return { ...t, collegeId, call, idOf, addMember, makeGroup, setMember, group, elsewhere };
}
