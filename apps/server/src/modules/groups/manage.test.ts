import { API, GROUP_MESSAGES } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, groupMembers, groups } from '../../db/schema';
import { buildGroupsApp, GROUP_ROLES, type GroupRole } from '../../test/groups';

let t: Awaited<ReturnType<typeof buildGroupsApp>>;
beforeAll(async () => {
  t = await buildGroupsApp();
});
afterAll(() => t.close());

const MEMBERS: GroupRole[] = ['outsider', 'pending', 'member', 'organiser', 'otherOrganiser'];
/** Admin calls on a group of the demo college: its admins and super admins only. */
const adminStatus = (role: GroupRole) =>
  role === 'visitor' ? 401 : role === 'otherAdmin' ? 404 : MEMBERS.includes(role) ? 403 : 200;

const groupRow = async (id: string) =>
  (await t.db.select().from(groups).where(eq(groups.id, id)))[0]!;

describe('POST /api/groups', () => {
  it('by role: admins in their own college, super admins in the one they name', async () => {
    for (const role of GROUP_ROLES) {
      const name = `Made by ${role}`;
      const r = await t.call(role, 'POST', API.groups.create, { name, kind: 'open' });
      const want = role === 'visitor' ? 401 : MEMBERS.includes(role) ? 403 : 200;
      expect(r.statusCode, `${role}: ${r.body}`).toBe(want);
      if (want !== 200) continue;
      const made = await groupRow(r.json().group.id);
      const college = role === 'otherAdmin' ? t.users.otherAdmin!.collegeId : t.collegeId;
      expect(made.collegeId, role).toBe(college);
      expect(r.json().group).toMatchObject({
        name,
        description: '',
        kind: 'open',
        rule: null,
        ruleLabel: null,
        memberCount: 0,
        myStatus: 'none',
        mayModerate: true,
        archived: false,
        coverPicture: null,
      });
    }
    const far = t.users.otherAdmin!.collegeId;
    const there = await t.call('superAdmin', 'POST', `${API.groups.create}?collegeId=${far}`, {
      name: 'Made there by the super admin',
      kind: 'request',
      description: '  For the second college  ',
    });
    expect(there.statusCode, there.body).toBe(200);
    expect((await groupRow(there.json().group.id)).collegeId).toBe(far);
    expect(there.json().group.description).toBe('For the second college');
    // An admin naming another college still creates in their own.
    const own = await t.call('admin', 'POST', `${API.groups.create}?collegeId=${far}`, {
      name: 'Admin stays home',
      kind: 'open',
    });
    expect((await groupRow(own.json().group.id)).collegeId).toBe(t.collegeId);
    const unknown = await t.call(
      'superAdmin',
      'POST',
      `${API.groups.create}?collegeId=${crypto.randomUUID()}`,
      { name: 'Nowhere', kind: 'open' },
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 400 with a readable message for bad input, 409 for a name taken', async () => {
    const bad: [object, string][] = [
      [{ kind: 'open' }, 'Group name is required'],
      [{ name: '   ', kind: 'open' }, 'Group name is required'],
      [{ name: 'x', kind: 'secret' }, 'kind must be one of: open, request, hidden, automatic.'],
      [{ name: 'x', kind: 'automatic' }, GROUP_MESSAGES.ruleRequired],
      [
        { name: 'x', kind: 'open', rule: { field: 'city', value: '1' } },
        GROUP_MESSAGES.ruleOnlyAutomatic,
      ],
      [
        { name: 'x', kind: 'automatic', rule: { field: 'planet', value: 'Mars' } },
        'A rule names one of: batch, branch, degree, country, city, company.',
      ],
      [{ name: 'x', kind: 'open', coverPicture: '../etc/passwd' }, 'Invalid image'],
    ];
    for (const [body, message] of bad) {
      const r = await t.call('admin', 'POST', API.groups.create, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message, JSON.stringify(body)).toBe(message);
    }
    const [farBatch] = await t.db
      .select({ id: batches.id })
      .from(batches)
      .where(eq(batches.collegeId, t.users.otherAdmin!.collegeId))
      .limit(1);
    for (const rule of [
      { field: 'batch', value: farBatch!.id },
      { field: 'branch', value: 'not-an-id' },
      { field: 'degree', value: crypto.randomUUID() },
      { field: 'country', value: 'ZZ' },
      { field: 'city', value: 'Bengaluru' },
      { field: 'city', value: '99999999999' },
    ]) {
      const r = await t.call('admin', 'POST', API.groups.create, {
        name: 'Ruled',
        kind: 'automatic',
        rule,
      });
      expect(r.statusCode, JSON.stringify(rule)).toBe(400);
      expect(r.json().message).toBe(GROUP_MESSAGES.ruleValueUnknown);
    }
    const before = await t.db.select().from(groups).where(eq(groups.groupName, 'Ruled'));
    expect(before).toEqual([]);

    const first = await t.call('admin', 'POST', API.groups.create, {
      name: 'Taken Name',
      kind: 'open',
    });
    expect(first.statusCode).toBe(200);
    const again = await t.call('admin', 'POST', API.groups.create, {
      name: 'Taken Name',
      kind: 'hidden',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GROUP_MESSAGES.nameTaken);
    // Another college may use it.
    const elsewhere = await t.call('otherAdmin', 'POST', API.groups.create, {
      name: 'Taken Name',
      kind: 'open',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('PUT /api/groups/{id}', () => {
  it('by role, and edits every field', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'PUT', API.groups.one(groupId), {
        name: `Edited by ${role}`,
        kind: 'request',
      });
      expect(r.statusCode, `${role}: ${r.body}`).toBe(adminStatus(role));
    }
    expect((await groupRow(groupId)).groupName).toBe('Edited by superAdmin');

    const saved = await t.call('admin', 'PUT', API.groups.one(groupId), {
      name: 'Alumni Runners',
      description: 'We run on Sundays',
      kind: 'open',
      coverPicture: '1763790000000_cover.png',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().group).toMatchObject({
      name: 'Alumni Runners',
      description: 'We run on Sundays',
      kind: 'open',
      coverPicture: '1763790000000_cover.png',
      memberCount: 2,
    });
    const taken = await t.createGroup({ name: 'Already Here' });
    const clash = await t.call('admin', 'PUT', API.groups.one(groupId), {
      name: 'Already Here',
      kind: 'open',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(GROUP_MESSAGES.nameTaken);
    expect((await groupRow(groupId)).groupName).toBe('Alumni Runners');
    expect(taken).toBeTruthy();
  });

  it('archives and restores: gone for members, kept for admins', async () => {
    const { groupId } = await t.staffedGroup('open');
    const body = { name: 'Old Circle', kind: 'open' };
    const archived = await t.call('admin', 'PUT', API.groups.one(groupId), {
      ...body,
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().group.archived).toBe(true);
    expect((await groupRow(groupId)).archivedAt).not.toBeNull();
    expect((await t.call('member', 'GET', API.groups.one(groupId))).statusCode).toBe(404);
    expect((await t.call('organiser', 'GET', API.groups.one(groupId))).statusCode).toBe(404);
    const mine = (await t.call('member', 'GET', API.community.myGroups)).json().groups;
    expect(mine.some((g: { groupId: string }) => g.groupId === groupId)).toBe(false);
    const managed = (await t.call('admin', 'GET', API.groups.manage)).json().groups;
    expect(managed.find((g: { id: string }) => g.id === groupId)?.archived).toBe(true);

    // Saving again without `archived` keeps it archived.
    await t.call('admin', 'PUT', API.groups.one(groupId), body);
    expect((await groupRow(groupId)).archivedAt).not.toBeNull();
    const restored = await t.call('admin', 'PUT', API.groups.one(groupId), {
      ...body,
      archived: false,
    });
    expect(restored.json().group.archived).toBe(false);
    const back = await t.call('member', 'GET', API.groups.one(groupId));
    expect(back.json().group).toMatchObject({ myStatus: 'approved', memberCount: 2 });
  });
});

describe('PUT /api/groups/{id}/organisers', () => {
  it('by role', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'PUT', API.groups.organisers(groupId), {
        userIds: [t.idOf('organiser')],
      });
      expect(r.statusCode, `${role}: ${r.body}`).toBe(adminStatus(role));
    }
  });

  it('the whole list: new ones become members, former ones plain members, all or nothing', async () => {
    const { groupId } = await t.staffedGroup('request');
    const set = (userIds: string[]) =>
      t.call('admin', 'PUT', API.groups.organisers(groupId), { userIds });
    const roleOf = async (role: GroupRole) => {
      const row = await t.rowOf(groupId, role);
      return row ? `${row.status}/${row.role}` : null;
    };

    const saved = await set([t.idOf('outsider'), t.idOf('member'), t.idOf('outsider')]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(GROUP_MESSAGES.organisersSaved);
    expect(await roleOf('outsider')).toBe('approved/organiser');
    expect(await roleOf('member')).toBe('approved/organiser');
    expect(await roleOf('organiser')).toBe('approved/member');

    // One bad id (another college's admin, an unknown id): refused, nothing changed.
    for (const bad of [t.users.otherAdmin!._id, crypto.randomUUID()]) {
      const r = await set([t.idOf('pending'), bad]);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(GROUP_MESSAGES.organiserNotInCollege);
    }
    expect(await roleOf('pending')).toBe('pending/member');
    expect(await roleOf('outsider')).toBe('approved/organiser');

    const badBody = await t.call('admin', 'PUT', API.groups.organisers(groupId), {
      userIds: 'everyone',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe('userIds must be a list of member ids');

    // The pending one named organiser is let in.
    expect((await set([t.idOf('pending')])).statusCode).toBe(200);
    expect(await roleOf('pending')).toBe('approved/organiser');
    expect(await roleOf('outsider')).toBe('approved/member');
    expect((await set([])).statusCode).toBe(200);
    const organisers = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'organiser')));
    expect(organisers).toEqual([]);
  });
});

describe('GET /api/groups/manage', () => {
  it('by role, with organisers and counts', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'GET', API.groups.manage);
      const want =
        role === 'visitor' ? 401 : MEMBERS.includes(role) ? 403 : role === 'superAdmin' ? 400 : 200;
      expect(r.statusCode, `${role}: ${r.body}`).toBe(want);
      const ids = r.statusCode === 200 ? r.json().groups.map((g: { id: string }) => g.id) : [];
      if (role === 'admin') expect(ids).toContain(groupId);
      if (role === 'otherAdmin') expect(ids).not.toContain(groupId);
    }
    const bySuper = await t.call(
      'superAdmin',
      'GET',
      `${API.groups.manage}?collegeId=${t.collegeId}`,
    );
    expect(bySuper.statusCode).toBe(200);
    const row = bySuper.json().groups.find((g: { id: string }) => g.id === groupId);
    expect(row).toMatchObject({
      kind: 'request',
      rule: null,
      memberCount: 2,
      pendingCount: 1,
      archived: false,
      organisers: [{ _id: t.idOf('organiser'), fullName: expect.any(String) }],
    });
    // A rule's value is named for people: the demo's city chapter reads "Bengaluru", not an id.
    const chapter = bySuper.json().groups.find((g: { kind: string }) => g.kind === 'automatic');
    expect(chapter).toMatchObject({ rule: { field: 'city' }, ruleLabel: 'Bengaluru' });
    // An admin naming another college still sees their own.
    const far = t.users.otherAdmin!.collegeId;
    const own = await t.call('admin', 'GET', `${API.groups.manage}?collegeId=${far}`);
    expect(own.json().groups.map((g: { id: string }) => g.id)).toContain(groupId);
    expect((await t.call('superAdmin', 'GET', `${API.groups.manage}?collegeId=x`)).statusCode).toBe(
      400,
    );
  });
});
