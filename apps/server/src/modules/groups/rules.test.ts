import { API, GROUP_MESSAGES } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, groupMembers, users } from '../../db/schema';
import { buildGroupsApp } from '../../test/groups';
import { applyGroupRule } from '.';

let t: Awaited<ReturnType<typeof buildGroupsApp>>;
const city: Record<string, number> = {};

beforeAll(async () => {
  t = await buildGroupsApp();
  for (const name of ['Bengaluru', 'Mumbai', 'Chennai']) {
    const [found] = await t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.countryId, 'IN'), eq(cities.cityName, name)));
    city[name] = found!.id;
  }
});
afterAll(() => t.close());

/** The member moves, through the profile page's own call. */
async function moveTo(name: string) {
  const r = await t.call('member', 'PUT', '/api/users/update', {
    userId: t.idOf('member'),
    locationCountry: 'IN',
    locationCity: String(city[name]),
  });
  expect(r.statusCode, r.body).toBe(200);
}

/** The college's listed members living in the city, as the rule must find them. */
async function livingIn(name: string) {
  const rows = await t.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.collegeId, t.collegeId),
        eq(users.locationCityId, city[name]!),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
      ),
    );
  return rows.map((r) => r.id).sort();
}
async function approvedIn(groupId: string) {
  const rows = await t.db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'approved')));
  return rows.map((r) => r.id).sort();
}
const cityGroup = (name: string) =>
  t.createGroup({
    name: `${name} Chapter ${Math.random().toString(36).slice(2, 6)}`,
    kind: 'automatic',
    rule: { field: 'city', value: String(city[name]) },
  });

describe('automatic groups', () => {
  it('fill themselves when made, follow a move and respect leaving', async () => {
    await moveTo('Bengaluru');
    const blr = await cityGroup('Bengaluru');
    const bom = await cityGroup('Mumbai');
    const inBlr = await livingIn('Bengaluru');
    expect(inBlr).toContain(t.idOf('member'));
    expect(await approvedIn(blr)).toEqual(inBlr);
    expect(await approvedIn(bom)).toEqual(await livingIn('Mumbai'));
    const head = (await t.call('member', 'GET', API.groups.one(blr))).json().group;
    expect(head).toMatchObject({
      kind: 'automatic',
      rule: { field: 'city', value: String(city.Bengaluru) },
      ruleLabel: 'Bengaluru',
      memberCount: inBlr.length,
      myStatus: 'approved',
    });

    // A move: out of one chapter, into the other.
    await moveTo('Mumbai');
    expect((await t.rowOf(blr, 'member'))?.status).toBeUndefined();
    expect((await t.rowOf(bom, 'member'))?.status).toBe('approved');
    const mine = (await t.call('member', 'GET', API.community.myGroups)).json().groups;
    const standing = (id: string) =>
      mine.find((g: { groupId: string }) => g.groupId === id)?.status;
    expect(standing(blr)).toBe('none');
    expect(standing(bom)).toBe('approved');

    // Leaving: the rule does not put them back, whatever the profile does next.
    const left = await t.call('member', 'POST', API.groups.leave(bom));
    expect(left.statusCode).toBe(200);
    expect((await t.rowOf(bom, 'member'))?.status).toBe('left');
    expect((await t.call('member', 'GET', API.groups.one(bom))).json().group.myStatus).toBe('none');
    await moveTo('Bengaluru');
    await moveTo('Mumbai');
    expect((await t.rowOf(bom, 'member'))?.status).toBe('left');
    expect(await applyGroupRule(t.db, bom)).toEqual({ added: 0, removed: 0 });
    expect((await t.rowOf(bom, 'member'))?.status).toBe('left');
    expect((await t.rowOf(blr, 'member'))?.status).toBeUndefined();

    // ...but they may come back by asking.
    const back = await t.call('member', 'POST', API.community.join, { groupId: bom });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe(GROUP_MESSAGES.joined);
    expect((await t.rowOf(bom, 'member'))?.status).toBe('approved');
  });

  it('keep organisers whatever their profile says; a new rule takes over at once', async () => {
    await moveTo('Bengaluru');
    const blr = await cityGroup('Bengaluru');
    const [organiser] = await t.db
      .select({ cityId: users.locationCityId })
      .from(users)
      .where(eq(users.id, t.idOf('organiser')));
    expect(organiser?.cityId).not.toBe(city.Chennai);
    await t.db
      .update(users)
      .set({ locationCityId: city.Chennai })
      .where(eq(users.id, t.idOf('organiser')));
    const named = await t.call('admin', 'PUT', API.groups.organisers(blr), {
      userIds: [t.idOf('organiser')],
    });
    expect(named.statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ locationCityId: city.Mumbai })
      .where(eq(users.id, t.idOf('organiser')));
    expect(await t.rowOf(blr, 'organiser')).toMatchObject({
      status: 'approved',
      role: 'organiser',
    });

    // A plain member added by hand who does not meet the rule: the next rule change drops them.
    const company = `Rule Test Co ${Math.random().toString(36).slice(2, 6)}`;
    await t.db
      .update(users)
      .set({ companyName: company })
      .where(eq(users.id, t.idOf('pending')));
    const edited = await t.call('admin', 'PUT', API.groups.one(blr), {
      name: 'Company chapter',
      kind: 'automatic',
      rule: { field: 'company', value: ` ${company.toUpperCase()} ` },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().group.rule).toEqual({ field: 'company', value: company.toUpperCase() });
    expect(await approvedIn(blr)).toEqual([t.idOf('organiser'), t.idOf('pending')].sort());

    // No longer an organiser and not meeting the rule: out.
    await t.call('admin', 'PUT', API.groups.organisers(blr), { userIds: [] });
    expect(await approvedIn(blr)).toEqual([t.idOf('pending')]);

    // Made a plain open group: its members stay, the rule goes.
    const open = await t.call('admin', 'PUT', API.groups.one(blr), {
      name: 'Company chapter',
      kind: 'open',
    });
    expect(open.json().group).toMatchObject({ kind: 'open', rule: null, memberCount: 1 });
  });

  it('apply turns requests into members and drops rows that do not match, in one pass', async () => {
    const groupId = await t.createGroup({ kind: 'request' });
    const inChennai = { id: t.idOf('otherOrganiser') };
    await t.db
      .update(users)
      .set({ locationCityId: city.Chennai })
      .where(eq(users.id, inChennai.id));
    await t.db
      .update(users)
      .set({ locationCityId: city.Mumbai })
      .where(eq(users.id, t.idOf('outsider')));
    await t.db.insert(groupMembers).values([
      { groupId, userId: inChennai.id, status: 'pending' },
      { groupId, userId: t.idOf('outsider'), status: 'approved' },
    ]);
    const made = await t.call('admin', 'PUT', API.groups.one(groupId), {
      name: 'Chennai Chapter',
      kind: 'automatic',
      rule: { field: 'city', value: String(city.Chennai) },
    });
    expect(made.statusCode, made.body).toBe(200);
    const members = await approvedIn(groupId);
    expect(members).toEqual(await livingIn('Chennai'));
    expect(members).toContain(inChennai.id);
    expect(members).not.toContain(t.idOf('outsider'));
    // Nothing more to do.
    expect(await applyGroupRule(t.db, groupId)).toEqual({ added: 0, removed: 0 });
    // An automatic group takes no requests: joining is refused.
    const r = await t.call('outsider', 'POST', API.community.join, { groupId });
    expect(r.statusCode).toBe(400);

    // A member no longer listed (rejected) leaves by the trigger; apply agrees.
    await t.db.update(users).set({ isRejected: true }).where(eq(users.id, inChennai.id));
    expect(await approvedIn(groupId)).not.toContain(inChennai.id);
  });

  it('rules by batch and country fill from the same profiles', async () => {
    const [me] = await t.db
      .select({ batchId: users.batchId })
      .from(users)
      .where(eq(users.id, t.idOf('member')));
    const batch = await t.createGroup({
      kind: 'automatic',
      rule: { field: 'batch', value: me!.batchId!.toUpperCase() },
    });
    const sameBatch = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.batchId, me!.batchId!),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
        ),
      );
    expect(await approvedIn(batch)).toEqual(sameBatch.map((u) => u.id).sort());
    const country = await t.createGroup({
      kind: 'automatic',
      rule: { field: 'country', value: 'in' },
    });
    const head = (await t.call('admin', 'GET', API.groups.one(country))).json().group;
    expect(head.rule).toEqual({ field: 'country', value: 'IN' });
    expect(head.memberCount).toBeGreaterThan(0);
  });
});
