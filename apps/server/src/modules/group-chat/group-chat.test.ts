import {
  API,
  GROUP_CHAT_PAGE_SIZE,
  GROUP_MESSAGES,
  type GroupChatMessage,
} from '@alumnet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMessages } from '../../db/schema';
import {
  buildGroupApp,
  expectedMemberStatus,
  expectedModeratorStatus,
  GROUP_CALLERS,
  type GroupCaller,
} from '../../test/group-roles';
import { groupChatMessages } from './service';

let t: Awaited<ReturnType<typeof buildGroupApp>>;
let groupId: string;

beforeAll(async () => {
  t = await buildGroupApp();
  groupId = await t.group('request');
});
afterAll(() => t.close());

const history = async (caller: GroupCaller, id: string, before?: string) => {
  const response = await t.call(
    caller,
    'GET',
    `${API.groups.messages(id)}${before ? `?before=${before}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GroupChatMessage[];
};
const send = async (caller: GroupCaller, id: string, message: string, clientId: string) => {
  const response = await t.call(caller, 'POST', API.groups.messages(id), { message, clientId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GroupChatMessage;
};

describe("a group's chat, by role", () => {
  for (const caller of GROUP_CALLERS) {
    it(`as ${caller}`, async () => {
      const expected = expectedMemberStatus(caller);
      const sent = await t.call(caller, 'POST', API.groups.messages(groupId), {
        message: `Hi, ${caller} here`,
        clientId: `role-${caller}`,
      });
      expect(sent.statusCode, sent.body).toBe(expected);
      const read = await t.call(caller, 'GET', API.groups.messages(groupId));
      expect(read.statusCode, read.body).toBe(expected);
      if (expected === 403) expect(read.json().message).toBe(GROUP_MESSAGES.membersOnly);
      if (expected !== 200) return;
      expect(sent.json()).toMatchObject({
        groupId,
        senderId: t.idOf(caller as 'member'),
        message: `Hi, ${caller} here`,
        clientId: `role-${caller}`,
        removed: false,
      });
      const mine = (read.json() as GroupChatMessage[]).at(-1);
      expect(mine).toEqual(sent.json());
    });
  }

  it('refuses bad input with a readable message', async () => {
    const empty = await t.call('member', 'POST', API.groups.messages(groupId), {
      message: ' ',
      clientId: 'empty-1',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Message cannot be empty.');
    const noClientId = await t.call('member', 'POST', API.groups.messages(groupId), {
      message: 'Hello',
    });
    expect(noClientId.statusCode).toBe(400);
    const unknown = await t.call('member', 'GET', API.groups.messages(crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('history', () => {
  it('pages backwards, oldest first within a page', async () => {
    const fresh = await t.group('request');
    const total = GROUP_CHAT_PAGE_SIZE + 5;
    await t.db.insert(groupMessages).values(
      Array.from({ length: total }, (_, i) => ({
        groupId: fresh,
        senderId: t.idOf(i % 2 ? 'member' : 'organiser'),
        message: `Line ${i}`,
        createdAt: sql`now() - interval '1 hour' + ${i} * interval '1 second'`,
      })),
    );
    const latest = await history('member', fresh);
    expect(latest.map((m) => m.message)).toEqual(
      Array.from({ length: GROUP_CHAT_PAGE_SIZE }, (_, i) => `Line ${i + 5}`),
    );
    expect(latest[1]).toMatchObject({
      senderId: t.idOf('organiser'),
      sender: { fullName: 'organiser Tester' },
    });
    const older = await history('member', fresh, latest[0]!._id);
    expect(older.map((m) => m.message)).toEqual(['Line 0', 'Line 1', 'Line 2', 'Line 3', 'Line 4']);
    expect(await history('member', fresh, older[0]!._id)).toEqual([]);

    // A message id of another group, or none at all, is not a place to page back from.
    const elsewhere = await send('member', groupId, 'In the other group', 'history-elsewhere');
    for (const before of [elsewhere._id, crypto.randomUUID()]) {
      const r = await t.call('member', 'GET', `${API.groups.messages(fresh)}?before=${before}`);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(groupChatMessages.invalidBefore);
    }
    const malformed = await t.call('member', 'GET', `${API.groups.messages(fresh)}?before=abc`);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('sending', () => {
  it('stores a retry with the same client id once and answers the same message', async () => {
    const first = await send('member', groupId, 'Are we meeting on Friday?', 'retry-1');
    const again = await send('member', groupId, 'Are we meeting on Friday?', 'retry-1');
    expect(again).toEqual(first);
    const rows = await t.db
      .select()
      .from(groupMessages)
      .where(
        and(eq(groupMessages.senderId, t.idOf('member')), eq(groupMessages.clientId, 'retry-1')),
      );
    expect(rows).toHaveLength(1);
    // The same client id for another group is another message, not a retry.
    const other = await t.group('request');
    const reused = await t.call('member', 'POST', API.groups.messages(other), {
      message: 'Hello there',
      clientId: 'retry-1',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(groupChatMessages.clientIdReused);
  });
});

describe('removal', () => {
  it('lets those who run the group remove a message, which keeps its place', async () => {
    const before = await send('organiser', groupId, 'Before', 'removal-before');
    const target = await send('member', groupId, 'Something rude', 'removal-1');
    const after = await send('organiser', groupId, 'After', 'removal-after');
    const url = API.groups.removeMessage(groupId, target._id);
    for (const caller of GROUP_CALLERS) {
      if (expectedModeratorStatus(caller) === 200) continue;
      const r = await t.call(caller, 'POST', url);
      expect(r.statusCode, caller).toBe(expectedModeratorStatus(caller));
    }
    const other = await t.group('request');
    const wrongGroup = await t.call('admin', 'POST', API.groups.removeMessage(other, target._id));
    expect(wrongGroup.statusCode).toBe(404);
    expect(wrongGroup.json().message).toBe(GROUP_MESSAGES.noSuchMessage);

    for (const caller of ['organiser', 'admin', 'superAdmin'] as const) {
      const r = await t.call(caller, 'POST', url);
      expect(r.statusCode, caller).toBe(200);
    }
    for (const caller of ['member', 'organiser'] as const) {
      const shown = (await history(caller, groupId)).slice(-3);
      expect(shown.map((m) => m._id)).toEqual([before._id, target._id, after._id]);
      expect(shown[1]).toMatchObject({ message: '', removed: true, senderId: t.idOf('member') });
    }
  });
});
