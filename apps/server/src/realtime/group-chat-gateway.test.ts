import {
  API,
  GROUP_MESSAGES,
  type GroupChatMessage,
  type SendGroupMessageAck,
} from '@alumnet/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cities, groups, users } from '../db/schema';
import { applyGroupRule } from '../modules/groups';
import { listenOnLoopback } from '../test/build';
import { buildGroupApp } from '../test/group-roles';
import { connectClient, type TestClient } from './test-clients';

/** A connection that also remembers the group chat events it heard. */
interface GroupClient extends TestClient {
  groupMessages: GroupChatMessage[];
  removed: { groupId: string; messageId: string }[];
  ended: { groupId: string }[];
  send: (groupId: string, message: string, clientId: string) => Promise<SendGroupMessageAck>;
}

const waitFor = async <T>(probe: () => T | undefined, what: string, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
// Long enough for a message that (wrongly) went out to have arrived.
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('group chat over the socket', () => {
  let t: Awaited<ReturnType<typeof buildGroupApp>>;
  let baseUrl: string;
  let groupId: string;
  let second: { id: string; cookie: string };
  let outsider: { id: string; cookie: string };
  const open: TestClient[] = [];

  const connect = async (cookie: string): Promise<GroupClient> => {
    const client = await connectClient(baseUrl, { cookie });
    open.push(client);
    const groupClient: GroupClient = Object.assign(client, {
      groupMessages: [] as GroupChatMessage[],
      removed: [] as { groupId: string; messageId: string }[],
      ended: [] as { groupId: string }[],
      send: (id: string, message: string, clientId: string) =>
        client.socket
          .timeout(5000)
          .emitWithAck('sendGroupMessage', { groupId: id, message, clientId }),
    });
    client.socket.on('newGroupMessage', (m) => groupClient.groupMessages.push(m));
    client.socket.on('groupMessageRemoved', (r) => groupClient.removed.push(r));
    client.socket.on('groupAccessEnded', (e) => groupClient.ended.push(e));
    return groupClient;
  };
  const heard = (client: GroupClient, id: string) =>
    waitFor(() => client.groupMessages.find((m) => m._id === id), `message ${id}`);
  const timesHeard = (client: GroupClient, id: string) =>
    client.groupMessages.filter((m) => m._id === id).length;
  let probes = 0;
  /**
   * A connection joins its groups' rooms just after it opens (a database read away): the
   * organiser writes until every one of these connections heard one of them.
   */
  const inRooms = async (...clients: GroupClient[]) => {
    const ids = new Set<string>();
    const until = Date.now() + 5000;
    while (!clients.every((c) => c.groupMessages.some((m) => ids.has(m._id)))) {
      if (Date.now() > until) throw new Error('connections never joined the group room');
      probes += 1;
      const r = await t.call('organiser', 'POST', API.groups.messages(groupId), {
        message: 'Welcome!',
        clientId: `probe-${probes}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      ids.add(r.json()._id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    t = await buildGroupApp();
    baseUrl = await listenOnLoopback(t.app);
    groupId = await t.group('request');
    second = await t.addMember('Second');
    outsider = await t.addMember('Outside');
    await t.setMember(groupId, second.id, 'approved');
  });
  afterEach(() => {
    open.splice(0).forEach((client) => client.close());
  });
  afterAll(() => t.close());

  it('delivers to every member live, once, and cuts off a member who leaves', async () => {
    const a = await connect((await t.loginAs('member@demo.alumnet.dev')).cookie);
    const b = await connect(second.cookie);
    const c = await connect(outsider.cookie);
    await inRooms(a, b);
    c.groupMessages.splice(0);

    const ack = await a.send(groupId, 'Who is coming on Friday?', 'live-1');
    if (!ack.ok) throw new Error(`send refused: ${ack.error}`);
    expect(ack.message).toMatchObject({ groupId, senderId: t.idOf('member'), removed: false });
    expect(await heard(b, ack.message._id)).toEqual(ack.message);
    expect(await heard(a, ack.message._id)).toEqual(ack.message);

    // Over HTTP too, and a retry answers the same message without sending it again.
    const viaHttp = await t.app.inject({
      method: 'POST',
      url: API.groups.messages(groupId),
      headers: { cookie: second.cookie },
      payload: { message: 'Me!', clientId: 'live-2' },
    });
    expect(viaHttp.statusCode).toBe(200);
    const reply = viaHttp.json() as GroupChatMessage;
    expect(await heard(a, reply._id)).toEqual(reply);
    const retry = await a.send(groupId, 'Who is coming on Friday?', 'live-1');
    expect(retry).toEqual(ack);
    await settle();
    expect(timesHeard(a, ack.message._id)).toBe(1);
    expect(timesHeard(b, ack.message._id)).toBe(1);
    // Someone outside the group hears nothing and may not write.
    expect(c.groupMessages).toEqual([]);
    const refused = await c.send(groupId, 'Let me in', 'outside-1');
    expect(refused).toEqual({ ok: false, status: 403, error: GROUP_MESSAGES.membersOnly });

    // An organiser removes a message: every member's open chat is told.
    const removal = await t.call('organiser', 'POST', API.groups.removeMessage(groupId, reply._id));
    expect(removal.statusCode).toBe(200);
    const removed = { groupId, messageId: reply._id };
    expect(await waitFor(() => a.removed[0], 'a removal')).toEqual(removed);
    expect(await waitFor(() => b.removed[0], 'a removal')).toEqual(removed);

    // The second member leaves: their open tab is told at once and hears nothing more.
    const left = await t.app.inject({
      method: 'POST',
      url: API.groups.leave(groupId),
      headers: { cookie: second.cookie },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await waitFor(() => b.ended[0], 'the end of access')).toEqual({ groupId });
    expect(a.ended).toEqual([]);
    const after = await a.send(groupId, 'Sorry to see you go', 'live-3');
    if (!after.ok) throw new Error(`send refused: ${after.error}`);
    await heard(a, after.message._id);
    await settle();
    expect(timesHeard(b, after.message._id)).toBe(0);
    const gone = await b.send(groupId, 'Wait, one more thing', 'live-4');
    expect(gone).toEqual({ ok: false, status: 403, error: GROUP_MESSAGES.membersOnly });
  });

  it("takes a member who moves city out of the old city group's chat at once", async () => {
    const mover = await t.addMember('Mover');
    const [home] = await t.db.select().from(users).where(eq(users.id, mover.id));
    const [elsewhere] = await t.db
      .select({ id: cities.id })
      .from(cities)
      .where(
        and(eq(cities.countryId, home!.locationCountryId!), ne(cities.id, home!.locationCityId!)),
      )
      .limit(1);
    const [chapter] = await t.db
      .insert(groups)
      .values({
        collegeId: t.collegeId,
        groupName: 'Home Town Chapter',
        kind: 'automatic',
        ruleField: 'city',
        ruleValue: String(home!.locationCityId),
      })
      .returning({ id: groups.id });
    await applyGroupRule(t.db, chapter!.id);
    const a = await connect((await t.loginAs('member@demo.alumnet.dev')).cookie);
    const m = await connect(mover.cookie);
    const say = (text: string, clientId: string) =>
      t.app.inject({
        method: 'POST',
        url: API.groups.messages(chapter!.id),
        headers: { cookie: mover.cookie },
        payload: { message: text, clientId },
      });
    const first = await say('Hello from home', 'move-1');
    expect(first.statusCode, first.body).toBe(200);
    await heard(m, first.json()._id);

    const moved = await t.app.inject({
      method: 'PUT',
      url: API.users.update,
      headers: { cookie: mover.cookie },
      payload: {
        userId: mover.id,
        locationCountry: home!.locationCountryId,
        locationCity: String(elsewhere!.id),
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // (The demo's own city chapter, if it is theirs, ends too.)
    await waitFor(() => m.ended.find((e) => e.groupId === chapter!.id), 'the end of access');
    expect(a.ended).toEqual([]);
    // The rule no longer lets them write, and nothing more reaches their open tab.
    expect((await say('Still here?', 'move-2')).statusCode).toBe(403);
    const [organiserSays] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: API.groups.messages(chapter!.id),
        headers: { cookie: (await t.loginAs('admin@demo.alumnet.dev')).cookie },
        payload: { message: 'Goodbye, Mover', clientId: 'move-3' },
      }),
    ]);
    expect(organiserSays.statusCode, organiserSays.body).toBe(200);
    await settle();
    expect(m.groupMessages.some((x) => x._id === organiserSays.json()._id)).toBe(false);
  });

  it('refuses a malformed message', async () => {
    const a = await connect((await t.loginAs('member@demo.alumnet.dev')).cookie);
    const empty = await a.send(groupId, '   ', 'bad-1');
    expect(empty).toEqual({ ok: false, status: 400, error: 'Message cannot be empty.' });
    const noGroup = await a.socket
      .timeout(5000)
      .emitWithAck('sendGroupMessage', { message: 'Hi', clientId: 'bad-2' } as never);
    expect(noGroup).toMatchObject({ ok: false, status: 400 });
  });
});
