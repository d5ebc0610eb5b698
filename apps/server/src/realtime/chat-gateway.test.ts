import type { ChatMessage } from '@alumnet/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listenOnLoopback, loginAs } from '../test/build';
import { connectClient, type TestClient } from './test-clients';

type Session = Awaited<ReturnType<typeof loginAs>>;

describe('chat gateway (Socket.IO)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let baseUrl: string;
  let member: Session;
  let member2: Session;
  let other: Session;
  const open: TestClient[] = [];

  const connect = async (session: Session, query?: Record<string, string>) => {
    const client = await connectClient(baseUrl, { cookie: session.cookie, query });
    open.push(client);
    return client;
  };
  const send = async (from: Session, to: Session, message: string, clientId?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/messages/send/${to.user._id}`,
      headers: { cookie: from.cookie },
      payload: { message, clientId },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ChatMessage;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listenOnLoopback(t.app);
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    member2 = await loginAs(t.app, 'member2@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
  });
  afterEach(() => {
    open.splice(0).forEach((client) => client.close());
  });
  afterAll(() => t.close());

  it('refuses a connection without a valid session or with another userId', async () => {
    await expect(connectClient(baseUrl)).rejects.toThrow('unauthorized');
    await expect(
      connectClient(baseUrl, { cookie: 'alumnet_session=not-a-session' }),
    ).rejects.toThrow('unauthorized');
    await expect(
      connectClient(baseUrl, { cookie: member.cookie, query: { userId: member2.user._id } }),
    ).rejects.toThrow('unauthorized');
    // A page of another site cannot use the member's cookie.
    await expect(
      connectClient(baseUrl, { cookie: member.cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow();
    // The spec's userId query, when it is the member's own, is fine.
    const own = await connect(member, { userId: member.user._id });
    expect(own.socket.connected).toBe(true);
    const sameOrigin = await connectClient(baseUrl, { cookie: member.cookie, origin: baseUrl });
    open.push(sameOrigin);
    expect(sameOrigin.socket.connected).toBe(true);
  });

  it("tells each college who of its own members is online, and nobody else's", async () => {
    const a = await connect(member);
    const b = await connect(member2);
    const c = await connect(other);
    const both = (ids: string[]) => ids.includes(member.user._id) && ids.includes(member2.user._id);
    expect(await a.onlineWhen(both)).not.toContain(other.user._id);
    expect(await b.onlineWhen(both)).not.toContain(other.user._id);
    expect(await c.onlineWhen((ids) => ids.includes(other.user._id))).toEqual([other.user._id]);
    // Still true after the other college's member is seen by everyone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.online()).not.toContain(other.user._id);
    expect(c.online()).not.toContain(member.user._id);
    expect(c.online()).not.toContain(member2.user._id);
  });

  it('tells a new connection who is online at once, even just after another change', async () => {
    await connect(member2);
    // The college's list just went out: the next broadcast waits for the end of the second,
    // but a new connection must not.
    const a = await connect(member);
    const both = (ids: string[]) => ids.includes(member.user._id) && ids.includes(member2.user._id);
    expect(both(await a.onlineWhen(both, 600))).toBe(true);
  });

  it('keeps a member online until their last connection closes', async () => {
    const a = await connect(member);
    const b1 = await connect(member2);
    const b2 = await connect(member2);
    await a.onlineWhen((ids) => ids.includes(member2.user._id));
    b1.close();
    // Give the server time to announce a change, if it (wrongly) made one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(a.online()).toContain(member2.user._id);
    b2.close();
    const after = await a.onlineWhen((ids) => !ids.includes(member2.user._id));
    expect(after).toContain(member.user._id);
  });

  it("delivers a stored message to the receiver and the sender's other connections", async () => {
    const a1 = await connect(member);
    const a2 = await connect(member);
    const b = await connect(member2);
    const c = await connect(other);
    const stored = await send(member, member2, 'Are you free for a call later?', 'live-1');
    expect(await b.messageWhere((m) => m._id === stored._id)).toEqual(stored);
    expect(await a2.messageWhere((m) => m._id === stored._id)).toEqual(stored);
    expect(await a1.messageWhere((m) => m._id === stored._id)).toEqual(stored);
    const reply = await send(member2, member, 'Sure, after 6 pm.');
    expect(await a2.messageWhere((m) => m._id === reply._id)).toMatchObject({
      senderId: member2.user._id,
      receiverId: member.user._id,
      message: 'Sure, after 6 pm.',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.received).toEqual([]);
  });

  it('lets a member who was offline read every message in order', async () => {
    const texts = ['First, while you were away', 'Second', 'Third, the last one'];
    const sent: ChatMessage[] = [];
    for (const text of texts) sent.push(await send(member, member2, text));
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${member.user._id}`,
      headers: { cookie: member2.cookie },
    });
    expect(history.statusCode).toBe(200);
    const messages = history.json() as ChatMessage[];
    expect(messages.slice(-3)).toEqual(sent);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));

    // And on connecting they are told who is online straight away.
    const b = await connect(member2);
    expect(await b.onlineWhen((ids) => ids.includes(member2.user._id))).toContain(member2.user._id);
  });

  it('stores a message sent over the connection before acknowledging it, as the HTTP call does', async () => {
    const a = await connect(member);
    const b = await connect(member2);
    const clientId = `socket-${Date.now()}`;
    const ack = await a.socket.emitWithAck('sendMessage', {
      receiverId: member2.user._id,
      message: '  Sent over the open connection ',
      clientId,
    });
    if (!ack.ok) throw new Error(`refused: ${ack.error}`);
    expect(ack.message).toMatchObject({
      senderId: member.user._id,
      receiverId: member2.user._id,
      message: 'Sent over the open connection',
      clientId,
    });
    expect(await b.messageWhere((m) => m._id === ack.message._id)).toEqual(ack.message);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/messages/${member.user._id}`,
      headers: { cookie: member2.cookie },
    });
    expect(history.json()).toContainEqual(ack.message);
    // A retry with its client id, by either way, is the same message and stores nothing new.
    const again = await a.socket.emitWithAck('sendMessage', {
      receiverId: member2.user._id,
      message: 'Sent over the open connection',
      clientId,
    });
    expect(again).toEqual(ack);
    expect(await send(member, member2, 'Sent over the open connection', clientId)).toEqual(
      ack.message,
    );
  });

  it("acknowledges a refused send with the HTTP call's status and message", async () => {
    const a = await connect(member);
    const c = await connect(other);
    const refusals = await Promise.all([
      a.socket.emitWithAck('sendMessage', { receiverId: member2.user._id, message: '   ' }),
      a.socket.emitWithAck('sendMessage', { receiverId: other.user._id, message: 'Hello there' }),
      a.socket.emitWithAck('sendMessage', { receiverId: member.user._id, message: 'Me, myself' }),
      a.socket.emitWithAck('sendMessage', { message: 'To nobody' } as never),
    ]);
    expect(refusals.slice(0, 3)).toEqual([
      { ok: false, status: 400, error: 'Message cannot be empty.' },
      { ok: false, status: 403, error: 'You can only chat with members of your own college.' },
      { ok: false, status: 400, error: 'You cannot chat with yourself.' },
    ]);
    expect(refusals[3]).toMatchObject({ ok: false, status: 400 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(c.received).toEqual([]);
  });

  // Last in this block: it spends member2's budget (20 in 10 s) for the next ten seconds.
  it('counts sends over the connection and over HTTP against one budget per sender', async () => {
    const b = await connect(member2);
    const outcomes: { way: 'socket' | 'http'; status: number }[] = [];
    for (let i = 0; i < 40; i++) {
      if (i % 2 === 0) {
        const ack = await b.socket.emitWithAck('sendMessage', {
          receiverId: member.user._id,
          message: `Budget ${i}`,
        });
        outcomes.push({ way: 'socket', status: ack.ok ? 200 : ack.status });
        if (!ack.ok)
          expect(ack.error).toBe('You are sending messages too fast. Please wait a moment.');
      } else {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/messages/send/${member.user._id}`,
          headers: { cookie: member2.cookie },
          payload: { message: `Budget ${i}` },
        });
        outcomes.push({ way: 'http', status: response.statusCode });
      }
    }
    // Two budgets would have let about 40 through; earlier tests may have spent a few of the 20.
    const accepted = outcomes.filter((o) => o.status === 200);
    expect(accepted.length).toBeLessThanOrEqual(20);
    expect(accepted.length).toBeGreaterThanOrEqual(15);
    expect(outcomes.slice(-2)).toEqual([
      { way: 'socket', status: 429 },
      { way: 'http', status: 429 },
    ]);
  });
});

describe('chat gateway when a session ends', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let baseUrl: string;
  const open: TestClient[] = [];

  const connect = async (session: Session) => {
    const client = await connectClient(baseUrl, { cookie: session.cookie });
    open.push(client);
    return client;
  };
  /** Resolves with the reason once the server closes the connection. */
  const closedBy = (client: TestClient) =>
    new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
  const stillHears = async (client: TestClient, to: Session) => {
    const sender = await loginAs(t.app, 'member2@demo.alumnet.dev');
    const text = `still there? ${Math.random()}`;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/messages/send/${to.user._id}`,
      headers: { cookie: sender.cookie },
      payload: { message: text },
    });
    expect(response.statusCode).toBe(200);
    await client.messageWhere((m) => m.message === text);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    open.splice(0).forEach((client) => client.close());
    await t.close();
  });

  it("closes a logged-out session's connections and leaves the member's other sessions", async () => {
    const laptop = await loginAs(t.app, 'member@demo.alumnet.dev');
    const phone = await loginAs(t.app, 'member@demo.alumnet.dev');
    const onLaptop = await connect(laptop);
    const onPhone = await connect(phone);
    const closed = closedBy(onLaptop);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: laptop.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(onPhone.socket.connected).toBe(true);
    await stillHears(onPhone, phone);
  });

  it('closes the other sessions’ connections on a password change, not this one’s', async () => {
    const laptop = await loginAs(t.app, 'member@demo.alumnet.dev');
    const phone = await loginAs(t.app, 'member@demo.alumnet.dev');
    const onLaptop = await connect(laptop);
    const onPhone = await connect(phone);
    const closed = closedBy(onLaptop);

    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      headers: { cookie: phone.cookie },
      payload: { newpwd: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(onPhone.socket.connected).toBe(true);
    await stillHears(onPhone, phone);
  });
});
