import {
  API,
  COMMUNITY_MESSAGES,
  GROUP_MEMBERS_PAGE_SIZE,
  GROUP_MESSAGES,
} from '@alumnet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, notifications, users } from '../../db/schema';
import { connectClient } from '../../realtime/test-clients';
import { groupRoom } from '../../realtime/rooms';
import { buildGroupsApp, GROUP_ROLES, type GroupRole } from '../../test/groups';
import { listenOnLoopback } from '../../test/build';

let t: Awaited<ReturnType<typeof buildGroupsApp>>;
beforeAll(async () => {
  t = await buildGroupsApp();
});
afterAll(() => t.close());

const MODERATORS: GroupRole[] = ['organiser', 'admin', 'superAdmin'];
/** Who may run the group under test: 200 (or `ok`); visitors 401; another college 404; others 403. */
const moderatorStatus = (role: GroupRole, ok = 200) =>
  role === 'visitor' ? 401 : role === 'otherAdmin' ? 404 : MODERATORS.includes(role) ? ok : 403;

describe('GET /api/groups/{id} by role', () => {
  it('a by-request group: the whole college sees its header, each where they stand', async () => {
    const { groupId } = await t.staffedGroup('request');
    const expected: Record<GroupRole, object | number> = {
      visitor: 401,
      otherAdmin: 404,
      outsider: { myStatus: 'none', myRole: null, mayModerate: false },
      pending: { myStatus: 'pending', myRole: null, mayModerate: false },
      member: { myStatus: 'approved', myRole: 'member', mayModerate: false },
      organiser: { myStatus: 'approved', myRole: 'organiser', mayModerate: true },
      otherOrganiser: { myStatus: 'none', myRole: null, mayModerate: false },
      admin: { myStatus: 'none', myRole: null, mayModerate: true },
      superAdmin: { myStatus: 'none', myRole: null, mayModerate: true },
    };
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'GET', API.groups.one(groupId));
      const want = expected[role];
      if (typeof want === 'number') {
        expect(r.statusCode, `${role}: ${r.body}`).toBe(want);
        continue;
      }
      expect(r.statusCode, `${role}: ${r.body}`).toBe(200);
      expect(r.json().group, role).toMatchObject({
        id: groupId,
        kind: 'request',
        rule: null,
        memberCount: 2,
        archived: false,
        pinnedPostId: null,
        invitePath: null,
        ...want,
      });
    }
    const unknown = await t.call('member', 'GET', API.groups.one(crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GROUP_MESSAGES.notFound);
    expect((await t.call('member', 'GET', API.groups.one('nope'))).statusCode).toBe(400);
  });

  it('a hidden group: outsiders get 403 unless they hold its invitation', async () => {
    const { groupId } = await t.staffedGroup('hidden');
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'GET', API.groups.one(groupId));
      const want =
        role === 'visitor'
          ? 401
          : role === 'otherAdmin'
            ? 404
            : role === 'outsider' || role === 'otherOrganiser'
              ? 403
              : 200;
      expect(r.statusCode, `${role}: ${r.body}`).toBe(want);
      if (want === 403) expect(r.json().message).toBe(GROUP_MESSAGES.hidden);
      if (want === 200) {
        // Only those who run it see the invitation link.
        const path = r.json().group.invitePath;
        if (MODERATORS.includes(role)) expect(path).toMatch(`/groups/${groupId}?invite=`);
        else expect(path, role).toBeNull();
      }
    }
    const invitePath = (await t.call('organiser', 'GET', API.groups.one(groupId))).json().group
      .invitePath as string;
    // The same link for everyone who runs it.
    expect((await t.call('admin', 'GET', API.groups.one(groupId))).json().group.invitePath).toBe(
      invitePath,
    );
    const invite = new URL(invitePath, 'http://x').searchParams.get('invite')!;
    const seen = await t.call(
      'outsider',
      'GET',
      `${API.groups.one(groupId)}?invite=${encodeURIComponent(invite)}`,
    );
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().group).toMatchObject({ myStatus: 'none', invitePath: null });
    const wrong = await t.call('outsider', 'GET', `${API.groups.one(groupId)}?invite=guess`);
    expect(wrong.statusCode).toBe(403);

    // Joining: without the invitation 403, with a wrong one 403, with it a member at once.
    const without = await t.call('outsider', 'POST', API.community.join, { groupId });
    expect(without.statusCode).toBe(403);
    expect(without.json().message).toBe(GROUP_MESSAGES.hidden);
    const guessed = await t.call('outsider', 'POST', API.community.join, {
      groupId,
      invite: 'guess',
    });
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json().message).toBe(GROUP_MESSAGES.inviteInvalid);
    const joined = await t.call('outsider', 'POST', API.community.join, { groupId, invite });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().message).toBe(GROUP_MESSAGES.joined);
    expect((await t.rowOf(groupId, 'outsider'))?.status).toBe('approved');

    // A new link: only those who run it; the old one stops working.
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'POST', API.groups.invite(groupId));
      expect(r.statusCode, `${role}: ${r.body}`).toBe(moderatorStatus(role));
    }
    const fresh = await t.call('organiser', 'POST', API.groups.invite(groupId));
    expect(fresh.json().invitePath).not.toBe(invitePath);
    const stale = await t.call('otherOrganiser', 'POST', API.community.join, { groupId, invite });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(GROUP_MESSAGES.inviteInvalid);
    const { otherId } = await t.staffedGroup('open');
    const notHidden = await t.call('admin', 'POST', API.groups.invite(otherId));
    expect(notHidden.statusCode).toBe(400);
  });
});

describe('GET /api/groups/{id}/members', () => {
  it('by role: the college for listed groups, members and runners for hidden ones', async () => {
    const listed = await t.staffedGroup('open');
    const hidden = await t.staffedGroup('hidden');
    for (const role of GROUP_ROLES) {
      const open = await t.call(role, 'GET', API.groups.members(listed.groupId));
      const want = role === 'visitor' ? 401 : role === 'otherAdmin' ? 404 : 200;
      expect(open.statusCode, `${role}: ${open.body}`).toBe(want);
      const secret = await t.call(role, 'GET', API.groups.members(hidden.groupId));
      const wantSecret =
        want !== 200 ? want : ['outsider', 'pending', 'otherOrganiser'].includes(role) ? 403 : 200;
      expect(secret.statusCode, `${role}: ${secret.body}`).toBe(wantSecret);
      if (wantSecret === 403) expect(secret.json().message).toBe(GROUP_MESSAGES.membersOnly);
    }
    // Approved members only, organisers first.
    const answer = (await t.call('member', 'GET', API.groups.members(listed.groupId))).json();
    expect(answer.totalResults).toBe(2);
    expect(answer.page).toBe(1);
    expect(answer.members.map((m: { _id: string; role: string }) => [m._id, m.role])).toEqual([
      [t.idOf('organiser'), 'organiser'],
      [t.idOf('member'), 'member'],
    ]);
    expect(answer.members[1]).toMatchObject({
      fullName: 'Meera Menon',
      batchName: expect.any(String),
      branchName: expect.any(String),
    });
  });

  it('pages by name and searches in any case', async () => {
    const groupId = await t.createGroup({ kind: 'open' });
    const some = await t.db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(
        and(
          eq(users.collegeId, t.collegeId),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
        ),
      )
      .limit(GROUP_MEMBERS_PAGE_SIZE + 5);
    await t.db
      .insert(groupMembers)
      .values(some.map((u) => ({ groupId, userId: u.id, status: 'approved' as const })));
    const one = await t.call('member', 'GET', API.groups.members(groupId));
    expect(one.json().members).toHaveLength(GROUP_MEMBERS_PAGE_SIZE);
    expect(one.json().totalResults).toBe(some.length);
    const two = await t.call('member', 'GET', `${API.groups.members(groupId)}?page=2`);
    expect(two.json()).toMatchObject({ page: 2, totalResults: some.length });
    expect(two.json().members).toHaveLength(5);
    // By name (the database's collation), every member once.
    const byName = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          some.map((u) => u.id),
        ),
      )
      .orderBy(asc(users.fullName), asc(users.id));
    const shown = [...one.json().members, ...two.json().members].map((m: { _id: string }) => m._id);
    expect(shown).toEqual(byName.map((u) => u.id));

    const target = some[3]!;
    const fragment = target.fullName.split(' ')[1]!.toUpperCase();
    const found = await t.call(
      'member',
      'GET',
      `${API.groups.members(groupId)}?search=${encodeURIComponent(fragment)}`,
    );
    const ids = found.json().members.map((m: { _id: string }) => m._id);
    expect(ids).toContain(target.id);
    for (const m of found.json().members)
      expect(m.fullName.toLowerCase()).toContain(fragment.toLowerCase());
    const none = await t.call('member', 'GET', `${API.groups.members(groupId)}?search=%25_%25`);
    expect(none.json()).toMatchObject({ members: [], totalResults: 0 });
    const bad = await t.call('member', 'GET', `${API.groups.members(groupId)}?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Page starts at 1');
  });
});

describe('join requests: organisers of the group and admins of its college', () => {
  it('pending list, approve and reject by role', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      const list = await t.call(role, 'GET', API.community.pending(groupId));
      expect(list.statusCode, `${role}: ${list.body}`).toBe(moderatorStatus(role));
      if (list.statusCode === 200)
        expect(list.json().pendingMembers.map((m: { _id: string }) => m._id)).toEqual([
          t.idOf('pending'),
        ]);
      // Deciding for someone who asked nothing: those who may run it learn there is no request.
      for (const url of [API.community.approve, API.community.reject]) {
        const r = await t.call(role, 'POST', url, { groupId, memberId: t.idOf('outsider') });
        expect(r.statusCode, `${role} ${url}: ${r.body}`).toBe(moderatorStatus(role, 404));
        if (r.statusCode === 404 && role !== 'otherAdmin')
          expect(r.json().message).toBe(COMMUNITY_MESSAGES.requestNotFound);
      }
    }
    expect((await t.rowOf(groupId, 'pending'))?.status).toBe('pending');

    // The organiser approves: the member is in, and is told.
    const approve = await t.call('organiser', 'POST', API.community.approve, {
      groupId,
      memberId: t.idOf('pending'),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await t.rowOf(groupId, 'pending'))?.status).toBe('approved');
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, t.idOf('pending')),
          eq(notifications.kind, 'group_request_decided'),
          eq(notifications.targetId, groupId),
        ),
      );
    expect(told).toHaveLength(1);
  });

  it('asking to join tells the organisers, who reject', async () => {
    const { groupId } = await t.staffedGroup('request');
    const asked = await t.call('outsider', 'POST', API.community.join, { groupId });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(COMMUNITY_MESSAGES.joinRequested);
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, t.idOf('organiser')),
          eq(notifications.kind, 'group_join_request'),
          eq(notifications.targetId, groupId),
        ),
      );
    expect(told?.detail).toMatch(/^Rahul Verma asked to join Test group/);
    // Nobody else hears of it.
    const others = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.kind, 'group_join_request'), eq(notifications.targetId, groupId)),
      );
    expect(others).toHaveLength(1);
    const reject = await t.call('admin', 'POST', API.community.reject, {
      groupId,
      memberId: t.idOf('outsider'),
    });
    expect(reject.statusCode).toBe(200);
    const page = (await t.call('outsider', 'GET', API.groups.one(groupId))).json().group;
    expect(page.myStatus).toBe('rejected');
  });
});

describe('joining each kind', () => {
  it('open: at once; again: 409', async () => {
    const { groupId } = await t.staffedGroup('open');
    const r = await t.call('outsider', 'POST', API.community.join, { groupId });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().message).toBe(GROUP_MESSAGES.joined);
    expect((await t.rowOf(groupId, 'outsider'))?.status).toBe('approved');
    expect((await t.call('outsider', 'POST', API.community.join, { groupId })).statusCode).toBe(
      409,
    );
    const head = (await t.call('outsider', 'GET', API.groups.one(groupId))).json().group;
    expect(head).toMatchObject({ myStatus: 'approved', myRole: 'member', memberCount: 3 });
  });

  it('automatic: not by asking; archived: 404; another college: 403', async () => {
    const groupId = await t.createGroup({
      kind: 'automatic',
      rule: { field: 'company', value: 'No Such Company Anywhere' },
    });
    const r = await t.call('outsider', 'POST', API.community.join, { groupId });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(GROUP_MESSAGES.automaticJoin);

    const archived = await t.createGroup({ kind: 'open' });
    const body = { name: 'Archived circle', kind: 'open', archived: true };
    expect((await t.call('admin', 'PUT', API.groups.one(archived), body)).statusCode).toBe(200);
    const gone = await t.call('outsider', 'POST', API.community.join, { groupId: archived });
    expect(gone.statusCode).toBe(404);

    const far = await t.call('otherAdmin', 'POST', API.groups.create, {
      name: 'Far circle',
      kind: 'open',
    });
    const farId = far.json().group.id;
    const refused = await t.call('outsider', 'POST', API.community.join, { groupId: farId });
    expect(refused.statusCode).toBe(403);
  });
});

describe('adding and removing members', () => {
  it('by role: only those who run the group', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      // Adding someone already in: those who may run it hear so; nobody else gets that far.
      const add = await t.call(role, 'POST', API.groups.members(groupId), {
        userId: t.idOf('member'),
      });
      expect(add.statusCode, `${role}: ${add.body}`).toBe(moderatorStatus(role, 409));
      if (add.statusCode === 409) expect(add.json().message).toBe(GROUP_MESSAGES.alreadyIn);
      if (!MODERATORS.includes(role)) {
        const remove = await t.call(
          role,
          'POST',
          API.groups.removeMember(groupId, t.idOf('member')),
        );
        expect(remove.statusCode, `${role}: ${remove.body}`).toBe(moderatorStatus(role));
      }
    }
    expect((await t.rowOf(groupId, 'member'))?.status).toBe('approved');
  });

  it('adds a member of the college to any kind, refuses others, removes', async () => {
    const { groupId } = await t.staffedGroup('hidden');
    const added = await t.call('organiser', 'POST', API.groups.members(groupId), {
      userId: t.idOf('outsider'),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(GROUP_MESSAGES.memberAdded);
    // The one who had asked is let in by being added.
    const pending = await t.call('organiser', 'POST', API.groups.members(groupId), {
      userId: t.idOf('pending'),
    });
    expect(pending.statusCode).toBe(200);
    expect((await t.rowOf(groupId, 'pending'))?.status).toBe('approved');

    for (const userId of [t.users.otherAdmin!._id, crypto.randomUUID()]) {
      const r = await t.call('organiser', 'POST', API.groups.members(groupId), { userId });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(GROUP_MESSAGES.memberNotInCollege);
    }
    const badId = await t.call('organiser', 'POST', API.groups.members(groupId), { userId: 'x' });
    expect(badId.statusCode).toBe(400);

    // An organiser cannot remove another organiser; an admin can.
    await t.call('admin', 'PUT', API.groups.organisers(groupId), {
      userIds: [t.idOf('organiser'), t.idOf('otherOrganiser')],
    });
    const peer = await t.call(
      'organiser',
      'POST',
      API.groups.removeMember(groupId, t.idOf('otherOrganiser')),
    );
    expect(peer.statusCode).toBe(403);
    const byAdmin = await t.call(
      'admin',
      'POST',
      API.groups.removeMember(groupId, t.idOf('otherOrganiser')),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(await t.rowOf(groupId, 'otherOrganiser')).toBeNull();

    const removed = await t.call(
      'organiser',
      'POST',
      API.groups.removeMember(groupId, t.idOf('outsider')),
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(GROUP_MESSAGES.memberRemoved);
    expect(await t.rowOf(groupId, 'outsider')).toBeNull();
    const again = await t.call(
      'organiser',
      'POST',
      API.groups.removeMember(groupId, t.idOf('outsider')),
    );
    expect(again.statusCode).toBe(404);
    // Out of a hidden group: its page is closed to them again.
    expect((await t.call('outsider', 'GET', API.groups.one(groupId))).statusCode).toBe(403);
  });
});

describe('POST /api/groups/{id}/leave', () => {
  it('by role: members leave, those not in get 400', async () => {
    const { groupId } = await t.staffedGroup('request');
    for (const role of GROUP_ROLES) {
      const r = await t.call(role, 'POST', API.groups.leave(groupId));
      const want =
        role === 'visitor'
          ? 401
          : role === 'otherAdmin'
            ? 404
            : ['member', 'organiser', 'pending'].includes(role)
              ? 200
              : 400;
      expect(r.statusCode, `${role}: ${r.body}`).toBe(want);
      if (want === 400) expect(r.json().message).toBe(GROUP_MESSAGES.notMember);
      if (want === 200) {
        expect(r.json().message).toBe(GROUP_MESSAGES.left);
        expect(await t.rowOf(groupId, role)).toBeNull();
      }
    }
    // The organiser who left runs it no more, and may ask to join again.
    const head = (await t.call('organiser', 'GET', API.groups.one(groupId))).json().group;
    expect(head).toMatchObject({ myStatus: 'none', mayModerate: false, memberCount: 0 });
    expect((await t.call('organiser', 'GET', API.community.pending(groupId))).statusCode).toBe(403);
    const back = await t.call('member', 'POST', API.community.join, { groupId });
    expect(back.json().message).toBe(COMMUNITY_MESSAGES.joinRequested);
  });

  it('ends live access at once; approving and adding open it at once', async () => {
    const baseUrl = await listenOnLoopback(t.app);
    const { groupId } = await t.staffedGroup('open');
    const session = await t.loginAs('member@demo.alumnet.dev');
    const client = await connectClient(baseUrl, { cookie: session.cookie });
    const heard: string[] = [];
    const ended: string[] = [];
    client.socket.on('groupMessageRemoved', (e) => heard.push(e.messageId));
    client.socket.on('groupAccessEnded', (e) => ended.push(e.groupId));
    const ping = () => {
      const id = crypto.randomUUID();
      t.app.realtime.sendToRoom(groupRoom(groupId), 'groupMessageRemoved', {
        groupId,
        messageId: id,
      });
      return id;
    };
    /** Whether the connection is in the group's room (it joins just after connecting: retry). */
    const hears = async (expectInRoom: boolean) => {
      // Up to 5 s to get in (a loaded machine, the Redis adapter); 200 ms to show it stays out.
      for (let i = 0; i < (expectInRoom ? 100 : 4); i++) {
        const id = ping();
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (heard.includes(id)) return true;
      }
      return false;
    };
    try {
      expect(await hears(true)).toBe(true);
      const left = await t.call('member', 'POST', API.groups.leave(groupId));
      expect(left.statusCode).toBe(200);
      expect(await hears(false)).toBe(false);
      expect(ended).toEqual([groupId]);

      // Added back by an organiser: the open connection hears the group again.
      await t.call('organiser', 'POST', API.groups.members(groupId), { userId: t.idOf('member') });
      expect(await hears(true)).toBe(true);
      await t.call('organiser', 'POST', API.groups.removeMember(groupId, t.idOf('member')));
      expect(await hears(false)).toBe(false);
      expect(ended).toEqual([groupId, groupId]);
    } finally {
      client.close();
    }
  });
});

describe('GET /api/groups/mine', () => {
  it('my groups first, hidden ones only when in them, archived ones never', async () => {
    const open = await t.staffedGroup('open');
    const hidden = await t.staffedGroup('hidden');
    const mine = await t.call('member', 'GET', API.community.myGroups);
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().groups as { groupId: string; status: string; role: string | null }[];
    const firstOther = rows.findIndex((g) => g.status !== 'approved');
    const lastMine = rows.map((g) => g.status).lastIndexOf('approved');
    expect(firstOther === -1 || lastMine < firstOther).toBe(true);
    expect(rows.find((g) => g.groupId === hidden.groupId)).toMatchObject({
      status: 'approved',
      kind: 'hidden',
      role: 'member',
      memberCount: 2,
    });
    const outsiders = (await t.call('outsider', 'GET', API.community.myGroups)).json().groups as {
      groupId: string;
    }[];
    expect(outsiders.some((g) => g.groupId === hidden.groupId)).toBe(false);
    expect(outsiders.some((g) => g.groupId === open.groupId)).toBe(true);
    const organiser = (await t.call('organiser', 'GET', API.community.myGroups)).json().groups as {
      groupId: string;
      role: string | null;
    }[];
    expect(organiser.find((g) => g.groupId === open.groupId)?.role).toBe('organiser');
  });
});
