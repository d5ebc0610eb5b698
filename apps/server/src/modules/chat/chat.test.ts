import { API } from '@alumnet/contract';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, like, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;
type Member = { _id: string; fullName: string; hasChatted: 'yes' | 'no' };

describe('chat calls', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let member2: Session;
  let other: Session;
  /** Approved alumni of the demo college with no demo conversation, to start fresh pairs. */
  let fresh: Session[];

  const post = (url: string, payload: object, session?: Session) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: session ? { cookie: session.cookie } : {},
    });
  const send = (to: string, payload: object, session: Session) =>
    post(`/api/messages/send/${to}`, payload, session);
  const read = (withId: string, session?: Session, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/messages/${withId}${query}`,
      headers: session ? { cookie: session.cookie } : {},
    });
  const sameCollegeMembers = async (collegeId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.collegeId, collegeId),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
        ),
      );
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    member2 = await loginAs(t.app, 'member2@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
    // The demo conversations use the first alumni by phone; take later ones.
    const later = await t.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.collegeId, member.user.collegeId),
          eq(users.isApproved, true),
          like(users.phone, '91%'),
        ),
      )
      .orderBy(asc(users.phone))
      .offset(10)
      .limit(4);
    fresh = [];
    for (const { email } of later) fresh.push(await loginAs(t.app, email));
  });
  afterAll(() => t.close());

  it('refuses every call when signed out', async () => {
    for (const response of [
      await post('/api/messages/users', { pageId: 1 }),
      await post('/api/messages/users/search', { pageId: 1, searchText: 'rahul' }),
      await read(member2.user._id),
      await post(`/api/messages/send/${member2.user._id}`, { message: 'hello' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Please log in to continue.');
    }
  });

  it("lists the college's members 10 a page, talked-to first, then by name", async () => {
    const total = (await sameCollegeMembers(member.user.collegeId)) - 1;
    const first = await post('/api/messages/users', { userId: member.user._id, pageId: 1 }, member);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { users: Member[]; totalResults: number };
    expect(page1.totalResults).toBe(total);
    expect(page1.users).toHaveLength(10);
    // The demo member has four conversations, the one with member2 the latest.
    expect(page1.users.map((u) => u.hasChatted)).toEqual([
      ...Array(4).fill('yes'),
      ...Array(6).fill('no'),
    ]);
    expect(page1.users[0]).toMatchObject({
      _id: member2.user._id,
      fullName: 'Rahul Verma',
      firstName: 'Rahul',
      lastName: 'Verma',
      collegeName: 'Alumnet Institute of Technology',
      hasChatted: 'yes',
    });
    expect(page1.users[0]).toHaveProperty('batchName');
    expect(page1.users[0]).toHaveProperty('profilePic');

    const pages: Member[] = [...page1.users];
    const lastPage = Math.ceil(total / 10);
    for (let pageId = 2; pageId <= lastPage; pageId++) {
      const answer = (await post('/api/messages/users', { pageId }, member)).json();
      expect(answer.totalResults).toBe(total);
      expect(answer.users).toHaveLength(pageId === lastPage ? total - (lastPage - 1) * 10 : 10);
      pages.push(...answer.users);
    }
    const ids = pages.map((u) => u._id);
    expect(new Set(ids).size).toBe(total);
    expect(ids).not.toContain(member.user._id);
    expect(ids).not.toContain(other.user._id);
    // After the conversations, by name in the database's collation.
    const byName = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.collegeId, member.user.collegeId),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          notInArray(users.id, [member.user._id, ...ids.slice(0, 4)]),
        ),
      )
      .orderBy(asc(users.fullName), asc(users.id));
    expect(ids.slice(4)).toEqual(byName.map((u) => u.id));
    expect(pages.slice(4).every((u) => u.hasChatted === 'no')).toBe(true);

    const beyond = (await post('/api/messages/users', { pageId: lastPage + 1 }, member)).json();
    expect(beyond).toEqual({ users: [], totalResults: total });
  });

  it('searches names case-insensitively from 3 characters on', async () => {
    const short = await post(
      '/api/messages/users/search',
      { userId: member.user._id, pageId: 1, searchText: 'ra' },
      member,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: 'Search term must be at least 3 characters long',
      message: 'Search term must be at least 3 characters long',
    });

    const found = await post(
      '/api/messages/users/search',
      { userId: member.user._id, pageId: 1, searchText: 'VERMA' },
      member,
    );
    expect(found.statusCode).toBe(200);
    const answer = found.json() as { users: Member[]; totalResults: number };
    expect(answer.users.length).toBeGreaterThan(0);
    expect(answer.users.every((u) => u.fullName.toLowerCase().includes('verma'))).toBe(true);
    expect(answer.users[0]).toMatchObject({ _id: member2.user._id, hasChatted: 'yes' });

    // LIKE's wildcards are plain characters in a search.
    const wildcards = await post(
      '/api/messages/users/search',
      { pageId: 1, searchText: '%_%' },
      member,
    );
    expect(wildcards.json()).toEqual({ users: [], totalResults: 0 });
    // Nobody from another college, whatever the name.
    const olivia = await post(
      '/api/messages/users/search',
      { pageId: 1, searchText: 'Dsouza' },
      member,
    );
    expect(olivia.json().users.map((u: Member) => u._id)).not.toContain(other.user._id);
  });

  it('refuses a body userId that is not the caller', async () => {
    for (const response of [
      await post('/api/messages/users', { userId: member2.user._id, pageId: 1 }, member),
      await post(
        '/api/messages/users/search',
        { userId: member2.user._id, pageId: 1, searchText: 'rahul' },
        member,
      ),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('You can only act for yourself.');
    }
  });

  it('allows no chat across colleges, with oneself or with an unknown member', async () => {
    const before = await t.db.select({ n: count() }).from(messages);
    const across = await send(other.user._id, { message: 'Hello from another college' }, member);
    expect(across.statusCode).toBe(403);
    expect(across.json().error).toBe('You can only chat with members of your own college.');
    const back = await send(member.user._id, { message: 'Hi' }, other);
    expect(back.statusCode).toBe(403);
    const readAcross = await read(other.user._id, member);
    expect(readAcross.statusCode).toBe(403);
    expect(readAcross.json().error).toBe('You can only chat with members of your own college.');

    const self = await send(member.user._id, { message: 'Note to self' }, member);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot chat with yourself.');

    const unknown = await send(randomUUID(), { message: 'Anyone there?' }, member);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('No such member.');
    expect((await read('not-an-id', member)).json().error).toBe('Invalid id');

    expect(await t.db.select({ n: count() }).from(messages)).toEqual(before);
  });

  it('shows one member as the list would, for a link past the first page; nobody else', async () => {
    const get = (id: string, session?: Session) =>
      t.app.inject({
        method: 'GET',
        url: API.messages.member(id),
        headers: session ? { cookie: session.cookie } : {},
      });
    const one = await get(fresh[3]!.user._id, member);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().user).toMatchObject({ _id: fresh[3]!.user._id, hasChatted: 'no' });
    expect((await get(fresh[3]!.user._id)).statusCode).toBe(401);
    // Another college's member, oneself and nobody are not listed: 404, the same answer.
    for (const id of [other.user._id, member.user._id, randomUUID()]) {
      const refused = await get(id, member);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('No such member.');
    }
  });

  it('checks the message text', async () => {
    for (const message of ['', '   ']) {
      const response = await send(member2.user._id, { message }, member);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Message cannot be empty.');
    }
    const missing = await send(member2.user._id, {}, member);
    expect(missing.json().error).toBe('Message cannot be empty.');
    const long = await send(member2.user._id, { message: 'x'.repeat(2001) }, member);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('A message can have at most 2000 characters.');
    const longest = await send(member2.user._id, { message: 'y'.repeat(2000) }, member);
    expect(longest.statusCode).toBe(200);
  });

  it('stores a message sent twice with the same client id once', async () => {
    const [a, b] = fresh as [Session, Session];
    const clientId = `retry-${randomUUID()}`;
    const first = await send(
      b.user._id,
      { message: '  Are you coming to the meetup?  ', clientId },
      a,
    );
    expect(first.statusCode).toBe(200);
    const stored = first.json();
    expect(stored).toEqual({
      _id: expect.any(String),
      senderId: a.user._id,
      receiverId: b.user._id,
      message: 'Are you coming to the meetup?',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      clientId,
    });
    const again = await send(b.user._id, { message: 'Are you coming to the meetup?', clientId }, a);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(stored);
    const rows = await t.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, a.user._id), eq(messages.clientId, clientId)));
    expect(rows[0]?.n).toBe(1);

    // The same key for a message to someone else is a client bug, not a retry.
    const reused = await send(member.user._id, { message: 'Hi Meera', clientId }, a);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('This client id was already used for another message.');
  });

  it('keeps a conversation in order, read from either side, and pages back with before', async () => {
    const [, , c] = fresh as [Session, Session, Session];
    // Reading creates nothing.
    const pairs = () => t.db.select({ n: count() }).from(conversations);
    const pairsBefore = await pairs();
    expect((await read(c.user._id, member2)).json()).toEqual([]);
    expect(await pairs()).toEqual(pairsBefore);
    const listed = async () =>
      (
        (
          await post('/api/messages/users/search', { pageId: 1, searchText: 'verma' }, c)
        ).json() as { users: Member[] }
      ).users.find((u) => u._id === member2.user._id);
    expect((await listed())?.hasChatted).toBe('no');

    const sent = [];
    const script: [Session, Session, string][] = [
      [member2, c, 'Hi! Are you at the alumni meet next week?'],
      [c, member2, 'Yes, flying in on Friday.'],
      [member2, c, 'Great, see you there.'],
      [member2, c, 'Bring the old project photos!'],
    ];
    for (const [from, to, message] of script) {
      const response = await send(to.user._id, { message }, from);
      expect(response.statusCode).toBe(200);
      sent.push(response.json());
    }
    const fromMember2 = await read(c.user._id, member2);
    expect(fromMember2.statusCode).toBe(200);
    expect(fromMember2.json()).toEqual(sent);
    expect((await read(member2.user._id, c)).json()).toEqual(sent);
    expect(sent.map((m) => m.message)).toEqual(script.map(([, , text]) => text));
    expect(await pairs()).toEqual([{ n: (pairsBefore[0]?.n ?? 0) + 1 }]);
    expect((await listed())?.hasChatted).toBe('yes');

    const older = await read(c.user._id, member2, `?before=${sent[2]._id}`);
    expect(older.json()).toEqual(sent.slice(0, 2));
  });

  it('answers 429 with a clear error past 20 messages in 10 seconds', async () => {
    const [b, , , a] = fresh as [Session, Session, Session, Session];
    const statuses: number[] = [];
    let refused: { error?: string } = {};
    for (let i = 0; i < 22; i++) {
      const response = await send(b.user._id, { message: `Message ${i}` }, a);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refused = response.json();
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    expect(refused.error).toBe('You are sending messages too fast. Please wait a moment.');
    // Per sender: someone else is not slowed down.
    expect((await send(a.user._id, { message: 'Still here?' }, b)).statusCode).toBe(200);
    const stored = await t.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.senderId, a.user._id), sql`${messages.message} LIKE 'Message %'`));
    expect(stored[0]?.n).toBe(20);
  });
});
