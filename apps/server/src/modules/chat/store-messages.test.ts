import type { ChatMessage } from '@alumnet/contract';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { findConversationId, listMessages, storeMessages, type NewMessage } from './repository';

type Session = Awaited<ReturnType<typeof loginAs>>;

describe('messages stored in batches', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let a: Session;
  let b: Session;
  let c: Session;
  let other: Session;
  const item = (from: Session, to: Session, message: string, clientId: string | null = null) =>
    ({
      collegeId: from.user.collegeId,
      senderId: from.user._id,
      receiverId: to.user._id,
      message,
      clientId,
    }) satisfies NewMessage;
  const conversation = async (x: Session, y: Session) => {
    const id = await findConversationId(t.db, x.user._id, y.user._id);
    return id ? listMessages(t.db, id, 100) : [];
  };
  const rowsWithClientId = async (sender: Session, clientId: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.senderId, sender.user._id), eq(messages.clientId, clientId)))
    )[0]?.n;

  beforeAll(async () => {
    t = await buildTestApp();
    a = await loginAs(t.app, 'member@demo.alumnet.dev');
    b = await loginAs(t.app, 'member2@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
    // A third member of the demo college, in no conversation yet.
    const [third] = await t.db
      .execute<{ email: string }>(
        sql`SELECT email FROM users u
             WHERE college_id = ${a.user.collegeId} AND is_approved AND NOT is_rejected
               AND id NOT IN (${a.user._id}, ${b.user._id}) AND email IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM conversations WHERE u.id IN (user_a, user_b))
             ORDER BY email LIMIT 1`,
      )
      .then((r) => r.rows);
    c = await loginAs(t.app, third!.email);
  });
  afterAll(() => t.close());

  it('answers one row per item, in order, and keeps each conversation in the order given', async () => {
    const script = [
      item(a, b, 'one, a to b'),
      item(b, c, 'one, b to c'),
      item(b, a, 'two, b to a'),
      item(a, b, 'three, a to b'),
      item(c, b, 'two, c to b'),
      item(a, b, 'four, a to b'),
    ];
    const ab = (await conversation(a, b)).length;
    const stored = await storeMessages(t.db, script);
    expect(stored.map((row) => row?.message)).toEqual(script.map((s) => s.message));
    expect(stored.map((row) => row?.senderId)).toEqual(script.map((s) => s.senderId));
    // One conversation row per pair, however many of its messages a batch holds.
    const [bc] = await t.db
      .select({ n: count() })
      .from(conversations)
      .where(
        sql`${conversations.userA} = least(${b.user._id}::uuid, ${c.user._id}::uuid)
            AND ${conversations.userB} = greatest(${b.user._id}::uuid, ${c.user._id}::uuid)`,
      );
    expect(bc?.n).toBe(1);
    expect((await conversation(a, b)).slice(ab).map((m) => m.message)).toEqual([
      'one, a to b',
      'two, b to a',
      'three, a to b',
      'four, a to b',
    ]);
    expect((await conversation(c, b)).map((m) => m.message)).toEqual([
      'one, b to c',
      'two, c to b',
    ]);
  });

  it('stores a message after the last one even if the clock says otherwise', async () => {
    // Another process's clock ahead of this one, or the clock set back: the conversation's
    // last_message_at is in the future.
    await storeMessages(t.db, [item(a, c, 'first')]);
    const conversationId = (await findConversationId(t.db, a.user._id, c.user._id))!;
    const ahead = new Date(Date.now() + 3_600_000);
    await t.db
      .update(conversations)
      .set({ lastMessageAt: ahead })
      .where(eq(conversations.id, conversationId));
    await t.db
      .update(messages)
      .set({ createdAt: ahead })
      .where(eq(messages.conversationId, conversationId));
    await storeMessages(t.db, [item(c, a, 'later, c to a'), item(a, c, 'latest, a to c')]);
    const history = await conversation(a, c);
    expect(history.slice(-2).map((m) => m.message)).toEqual(['later, c to a', 'latest, a to c']);
    expect(history.at(-2)!.createdAt.getTime()).toBeGreaterThanOrEqual(ahead.getTime());
  });

  it('stores a client id once, within a batch and across batches', async () => {
    const retried = `retry-${randomUUID()}`;
    const [first] = await storeMessages(t.db, [item(a, b, 'once', retried)]);
    expect(first).not.toBeNull();
    const twice = `twice-${randomUUID()}`;
    const stored = await storeMessages(t.db, [
      item(a, b, 'again', retried),
      item(b, a, 'twice', twice),
      item(b, a, 'twice', twice),
      // The same client id from another sender is another message.
      item(a, b, 'twice from a', twice),
    ]);
    expect(stored.map((row) => row?.message ?? null)).toEqual([
      null,
      'twice',
      null,
      'twice from a',
    ]);
    expect(await rowsWithClientId(a, retried)).toBe(1);
    expect(await rowsWithClientId(b, twice)).toBe(1);
    expect(await rowsWithClientId(a, twice)).toBe(1);
  });

  it('refuses a receiver of another college without failing the rest of the batch', async () => {
    const stored = await storeMessages(t.db, [
      item(a, other, 'across colleges'),
      item(a, b, 'within the college'),
    ]);
    expect(stored.map((row) => row?.message ?? null)).toEqual([null, 'within the college']);
    expect(await findConversationId(t.db, a.user._id, other.user._id)).toBeNull();
  });

  it('answers every send call of a burst, each stored once, and a racing retry with the first', async () => {
    const send = (from: Session, to: Session, message: string, clientId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/send/${to.user._id}`,
        headers: { cookie: from.cookie },
        payload: { message, clientId },
      });
    const burst = Array.from({ length: 12 }, (_, i) => ({
      from: [a, b, c][i % 3]!,
      to: [b, c, a][i % 3]!,
      clientId: `burst-${randomUUID()}`,
    }));
    const responses = await Promise.all([
      ...burst.map((s, i) => send(s.from, s.to, `burst ${i}`, s.clientId)),
      // The first one again, at the same moment: a retry racing its original.
      send(burst[0]!.from, burst[0]!.to, 'burst 0', burst[0]!.clientId),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const answers = responses.map((r) => r.json() as ChatMessage);
    expect(answers.at(-1)).toEqual(answers[0]);
    expect(answers.slice(0, -1).map((m) => m.message)).toEqual(burst.map((_, i) => `burst ${i}`));
    for (const s of burst) expect(await rowsWithClientId(s.from, s.clientId)).toBe(1);
  });
});
