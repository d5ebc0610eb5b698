import { API, COMMUNITY_MESSAGES } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../../db/schema';
import { buildRoleApp, expectedSuperAdminStatus, ROLES, type Role } from '../../test/roles';

let t: Awaited<ReturnType<typeof buildRoleApp>>;
let groupId: string;
let otherCollegeGroupId: string;
let collegeId: string;

beforeAll(async () => {
  t = await buildRoleApp();
  collegeId = t.users.admin!.collegeId;
  const [mine] = await t.db
    .insert(groups)
    .values({ collegeId, groupName: 'Test Circle', description: 'For tests' })
    .returning();
  groupId = mine!.id;
  const [theirs] = await t.db
    .insert(groups)
    .values({ collegeId: t.users.otherAdmin!.collegeId, groupName: 'Far Away Circle' })
    .returning();
  otherCollegeGroupId = theirs!.id;
});
afterAll(() => t.close());

const status = async (userId: string) => {
  const [row] = await t.db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row?.status;
};

describe('who may manage join requests', () => {
  // The college's group list (the super admin's screen) stays the super admin's; a group's
  // requests are also its college's admins' (and its organisers': membership.test.ts).
  const groupStatus: Record<Role, number> = {
    visitor: 401,
    member: 403,
    otherAdmin: 404,
    admin: 200,
    superAdmin: 200,
  };
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const list = await t.call(role, 'POST', API.community.collegeGroups, { collegeId });
      expect(list.statusCode, list.body).toBe(expectedSuperAdminStatus(role));
      const pending = await t.call(role, 'GET', API.community.pending(groupId));
      expect(pending.statusCode, pending.body).toBe(groupStatus[role]);
      // Deciding a request nobody made: refused before it is looked at, or 404.
      for (const url of [API.community.approve, API.community.reject]) {
        const r = await t.call(role, 'POST', url, { groupId, memberId: t.users.member!._id });
        expect(r.statusCode, r.body).toBe(groupStatus[role] === 200 ? 404 : groupStatus[role]);
      }
    });
  }
});

describe('a member asks to join, the super admin decides', () => {
  it('lists the college groups with the member standing, and joins', async () => {
    const mine = await t.call('member', 'GET', API.community.myGroups);
    expect(mine.statusCode).toBe(200);
    const row = mine.json().groups.find((g: { groupId: string }) => g.groupId === groupId);
    expect(row).toMatchObject({ groupName: 'Test Circle', status: 'none', memberCount: 0 });
    expect(
      mine.json().groups.some((g: { groupId: string }) => g.groupId === otherCollegeGroupId),
    ).toBe(false);

    const join = await t.call('member', 'POST', API.community.join, { groupId });
    expect(join.statusCode).toBe(200);
    expect(join.json().message).toBe(COMMUNITY_MESSAGES.joinRequested);
    const again = await t.call('member', 'POST', API.community.join, { groupId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMMUNITY_MESSAGES.alreadyMember);
  });

  it('refuses a group of another college, an unknown group and a visitor', async () => {
    const far = await t.call('member', 'POST', API.community.join, {
      groupId: otherCollegeGroupId,
    });
    expect(far.statusCode).toBe(403);
    const unknown = await t.call('member', 'POST', API.community.join, {
      groupId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(COMMUNITY_MESSAGES.groupNotFound);
    expect((await t.call('visitor', 'POST', API.community.join, { groupId })).statusCode).toBe(401);
    expect((await t.call('visitor', 'GET', API.community.myGroups)).statusCode).toBe(401);
  });

  it('shows the pending count and members, approves and rejects', async () => {
    const other = await t.loginAs('member2@demo.alumnet.dev');
    await t.call('member', 'POST', API.community.join, { groupId }, other.cookie);

    const list = await t.call('superAdmin', 'POST', API.community.collegeGroups, { collegeId });
    const card = list.json().groups.find((g: { groupId: string }) => g.groupId === groupId);
    expect(card).toEqual({ groupId, groupName: 'Test Circle', pendingCount: 2 });

    const pending = await t.call('superAdmin', 'GET', API.community.pending(groupId));
    expect(pending.json().groupName).toBe('Test Circle');
    const ids = pending.json().pendingMembers.map((m: { _id: string }) => m._id);
    expect(ids).toEqual([t.users.member!._id, other.user._id]);

    const approve = await t.call('superAdmin', 'POST', API.community.approve, {
      groupId,
      memberId: t.users.member!._id,
    });
    expect(approve.statusCode).toBe(200);
    expect(await status(t.users.member!._id)).toBe('approved');
    const reject = await t.call('superAdmin', 'POST', API.community.reject, {
      groupId,
      memberId: other.user._id,
    });
    expect(reject.statusCode).toBe(200);
    expect(await status(other.user._id)).toBe('rejected');

    const after = await t.call('superAdmin', 'GET', API.community.pending(groupId));
    expect(after.json().pendingMembers).toEqual([]);
    const mine = await t.call('member', 'GET', API.community.myGroups);
    const row = mine.json().groups.find((g: { groupId: string }) => g.groupId === groupId);
    expect(row).toMatchObject({ status: 'approved', memberCount: 1 });
    // Rejected members may ask again.
    const retry = await t.call('member', 'POST', API.community.join, { groupId }, other.cookie);
    expect(retry.statusCode).toBe(200);
  });

  it('answers 400 for a bad id', async () => {
    const bad = await t.call('superAdmin', 'POST', API.community.collegeGroups, {
      collegeId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const badGroup = await t.call('superAdmin', 'GET', API.community.pending('x'));
    expect(badGroup.statusCode).toBe(400);
  });

  it('the demo data has groups with pending requests', async () => {
    const list = await t.call('superAdmin', 'POST', API.community.collegeGroups, { collegeId });
    expect(list.json().groups.some((g: { pendingCount: number }) => g.pendingCount > 0)).toBe(true);
  });
});
