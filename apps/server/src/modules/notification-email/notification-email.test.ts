import { API, UNSUBSCRIBE_INVALID_MESSAGE, type NotificationKind } from '@alumnet/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecret } from '../../db/app-secret';
import { notificationPreferences, notifications, outbox, users } from '../../db/schema';
import { closeTransports, createTransports } from '../../mail/transports';
import { startSmtpSink, type ReceivedMail } from '../../test/smtp-sink';
import { buildTestApp } from '../../test/build';
import { createNotificationMailer, runDigests } from './service';
import { unsubscribeToken } from './unsubscribe-token';

const PUBLIC_URL = 'https://alumni.example.edu';
const MINUTE = 60_000;

describe('notification e-mail (issue 26)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let secret: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL });
    secret = await appSecret(t.db);
    for (const email of ['member', 'member2', 'other', 'admin'])
      ids[email] = (
        await t.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, `${email}@demo.alumnet.dev`))
      )[0]!.id;
    // The demo's own notifications would join the e-mails below; these tests make their own.
    await t.db.delete(notifications);
  });
  afterAll(async () => {
    await t?.close();
  });

  const preference = async (userId: string, kind: NotificationKind) =>
    (
      await t.db
        .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(
          and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)),
        )
    )[0];
  const addNotification = async (row: {
    userId: string;
    kind: NotificationKind;
    targetType: 'post' | 'job' | 'conversation' | 'group' | 'college';
    targetId: string;
    at: Date;
    readAt?: Date;
    count?: number;
  }) =>
    (
      await t.db
        .insert(notifications)
        .values({
          userId: row.userId,
          kind: row.kind,
          targetType: row.targetType,
          targetId: row.targetId,
          count: row.count ?? 1,
          createdAt: row.at,
          updatedAt: row.at,
          readAt: row.readAt ?? null,
        })
        .returning({ id: notifications.id })
    )[0]!.id;

  describe('unsubscribe link', () => {
    const post = (token: string, init: { payload?: string; type?: string; accept?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: API.unsubscribe(token),
        headers: {
          ...(init.type ? { 'content-type': init.type } : {}),
          ...(init.accept ? { accept: init.accept } : {}),
        },
        payload: init.payload,
      });

    it('turns one kind off without signing in, keeping the in-app choice; replays stay off', async () => {
      await t.db
        .insert(notificationPreferences)
        .values({ userId: ids.member!, kind: 'chat_message', inApp: false, email: 'instant' });
      const token = unsubscribeToken(secret, ids.member!, 'chat_message');
      const first = await post(token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ kind: 'chat_message' });
      expect(first.json().message).toContain('chat messages');
      expect(await preference(ids.member!, 'chat_message')).toEqual({
        inApp: false,
        email: 'off',
      });
      // A kind never chosen keeps its default in the app.
      const comments = await post(unsubscribeToken(secret, ids.member!, 'post_comment'));
      expect(comments.statusCode).toBe(200);
      expect(await preference(ids.member!, 'post_comment')).toEqual({ inApp: true, email: 'off' });

      const again = await post(token);
      expect(again.statusCode).toBe(200);
      expect(await preference(ids.member!, 'chat_message')).toEqual({
        inApp: false,
        email: 'off',
      });
    });

    it('takes the one-click form body (RFC 8058), urlencoded or multipart', async () => {
      const token = unsubscribeToken(secret, ids.member2!, 'post_reply');
      const form = await post(token, {
        type: 'application/x-www-form-urlencoded',
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(form.statusCode, form.body).toBe(200);
      expect(await preference(ids.member2!, 'post_reply')).toMatchObject({ email: 'off' });
      const boundary = 'xYzZY';
      const multipart = await post(unsubscribeToken(secret, ids.member2!, 'job_comment'), {
        type: `multipart/form-data; boundary=${boundary}`,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect(await preference(ids.member2!, 'job_comment')).toMatchObject({ email: 'off' });
    });

    it('refuses a tampered or malformed token and changes nothing', async () => {
      const token = unsubscribeToken(secret, ids.other!, 'post_like');
      const forged = [
        // The signature of one kind does not turn off another.
        token.replace('.post_like.', '.chat_message.'),
        `${token.slice(0, -2)}xx`,
        token.replace(ids.other!, ids.member2!),
        'not-a-token',
      ];
      for (const bad of forged) {
        const response = await post(bad);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
      }
      const page = await post(forged[0]!, { accept: 'text/html' });
      expect(page.statusCode).toBe(400);
      expect(page.headers['content-type']).toContain('text/html');
      expect(await preference(ids.other!, 'chat_message')).toBeUndefined();
      expect(await preference(ids.member2!, 'post_like')).toBeUndefined();
    });

    it('GET shows a page with the button; the form answers with a page', async () => {
      const token = unsubscribeToken(secret, ids.other!, 'group_request_decided');
      const page = await t.app.inject({ url: `/unsubscribe/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(`<form method="post" action="${API.unsubscribe(token)}">`);
      expect(page.body).toContain('<button type="submit"');
      expect(page.body).toContain('answers to your requests to join groups');
      expect(page.body).not.toContain('<script');
      // Only looking changes nothing.
      expect(await preference(ids.other!, 'group_request_decided')).toBeUndefined();

      const done = await post(token, {
        type: 'application/x-www-form-urlencoded',
        payload: '',
        accept: 'text/html,application/xhtml+xml',
      });
      expect(done.statusCode).toBe(200);
      expect(done.headers['content-type']).toContain('text/html');
      expect(done.body).toContain('You are unsubscribed');
      expect(await preference(ids.other!, 'group_request_decided')).toMatchObject({
        email: 'off',
      });

      const bad = await t.app.inject({ url: `/unsubscribe/${token}x` });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('text/html');
      expect(bad.body).toContain('This unsubscribe link is not valid');
    });
  });

  describe('e-mail at once', () => {
    it('e-mails a chat message unread after 15 minutes, once an hour per conversation', async () => {
      const mailer = createNotificationMailer({
        db: t.db,
        transports: createTransports(t.config),
        publicUrl: PUBLIC_URL,
      });
      // admin has chosen nothing: messages are e-mailed at once by default.
      const t0 = new Date(Date.now() - 3 * 60 * MINUTE);
      const first = await addNotification({
        userId: ids.admin!,
        kind: 'chat_message',
        targetType: 'conversation',
        targetId: ids.member2!,
        at: t0,
      });
      // Read in time: never e-mailed.
      const readInTime = await addNotification({
        userId: ids.admin!,
        kind: 'chat_message',
        targetType: 'conversation',
        targetId: ids.other!,
        at: t0,
        readAt: new Date(t0.getTime() + 10 * MINUTE),
      });
      const mails = async () =>
        t.db
          .select()
          .from(outbox)
          .where(like(outbox.idempotencyKey, 'notification:%'))
          .orderBy(outbox.createdAt);

      expect(await mailer.sendInstant(new Date(t0.getTime() + 5 * MINUTE))).toBe(0);
      expect(await mailer.sendInstant(new Date(t0.getTime() + 16 * MINUTE))).toBe(1);
      const [mail] = await mails();
      expect(mail).toMatchObject({
        recipient: 'admin@demo.alumnet.dev',
        idempotencyKey: `notification:${first}:${t0.getTime() * 1000}`,
      });
      expect(mail!.subject).toMatch(/ sent you a message$/);
      expect(mail!.body).toContain(`${PUBLIC_URL}/chat?with=${ids.member2}`);
      expect(mail!.headers).toEqual({
        'List-Unsubscribe': `<${PUBLIC_URL}${API.unsubscribe(unsubscribeToken(secret, ids.admin!, 'chat_message'))}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(await mailer.sendInstant(new Date(t0.getTime() + 17 * MINUTE))).toBe(0);

      // The member reads it, and a second message comes within the hour: no second e-mail...
      await t.db
        .update(notifications)
        .set({ readAt: new Date(t0.getTime() + 20 * MINUTE) })
        .where(eq(notifications.id, first));
      const second = await addNotification({
        userId: ids.admin!,
        kind: 'chat_message',
        targetType: 'conversation',
        targetId: ids.member2!,
        at: new Date(t0.getTime() + 30 * MINUTE),
      });
      expect(await mailer.sendInstant(new Date(t0.getTime() + 50 * MINUTE))).toBe(0);
      // ...until an hour has passed since the first.
      expect(await mailer.sendInstant(new Date(t0.getTime() + 80 * MINUTE))).toBe(1);
      const told = async () => (await mails()).map((m) => m.idempotencyKey.split(':')[1]);
      expect(await told()).toEqual([first, second]);

      // More messages grouped into the unread row: told again, but not within the hour.
      await t.db
        .update(notifications)
        .set({ count: 2, updatedAt: new Date(t0.getTime() + 90 * MINUTE) })
        .where(eq(notifications.id, second));
      expect(await mailer.sendInstant(new Date(t0.getTime() + 110 * MINUTE))).toBe(0);
      expect(await mailer.sendInstant(new Date(t0.getTime() + 141 * MINUTE))).toBe(1);
      expect(await mailer.sendInstant(new Date(t0.getTime() + 142 * MINUTE))).toBe(0);
      expect(await told()).toEqual([first, second, second]);
      expect(await told()).not.toContain(readInTime);

      // A member who turned e-mail off for a kind gets none of it (member did, above).
      await addNotification({
        userId: ids.member!,
        kind: 'chat_message',
        targetType: 'conversation',
        targetId: ids.member2!,
        at: t0,
      });
      expect(await mailer.sendInstant(new Date(t0.getTime() + 150 * MINUTE))).toBe(0);
    });
  });

  describe('digests', () => {
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    let smtpUrl: string;
    let received: ReceivedMail[];

    beforeAll(async () => {
      smtp = await startSmtpSink();
      ({ url: smtpUrl, received } = smtp);
    });
    afterAll(async () => {
      await smtp.close();
    });

    it('sends one digest a member in their own morning through SMTP, with List-Unsubscribe, once a day', async () => {
      await t.db.delete(notifications);
      // 08:10 in Asia/Kolkata (UTC+5:30), the demo college's zone, today.
      const now = new Date();
      now.setUTCHours(2, 40, 0, 0);
      const yesterday = new Date(now.getTime() - 10 * 60 * MINUTE);
      const postId = crypto.randomUUID();
      // member2 chose nothing: comments come in the daily digest. Two of them, grouped.
      await addNotification({
        userId: ids.member2!,
        kind: 'post_comment',
        targetType: 'post',
        targetId: postId,
        at: yesterday,
        count: 2,
      });
      await addNotification({
        userId: ids.member2!,
        kind: 'job_comment',
        targetType: 'job',
        targetId: postId,
        at: yesterday,
      });
      // other lives in New York, where it is the evening before: not their morning.
      await t.db
        .update(users)
        .set({ timeZone: 'America/New_York' })
        .where(eq(users.id, ids.other!));
      await addNotification({
        userId: ids.other!,
        kind: 'post_comment',
        targetType: 'post',
        targetId: postId,
        at: yesterday,
      });
      // A zone Postgres does not know falls back to the college's.
      await t.db.update(users).set({ timeZone: 'Mars/Olympus' }).where(eq(users.id, ids.admin!));
      await addNotification({
        userId: ids.admin!,
        kind: 'signups_waiting',
        targetType: 'college',
        targetId: postId,
        at: yesterday,
        count: 4,
      });
      // Arrived after this morning's hour began: tomorrow's digest.
      const late = await addNotification({
        userId: ids.member2!,
        kind: 'post_reply',
        targetType: 'post',
        targetId: postId,
        at: new Date(now.getTime() - 5 * MINUTE),
      });
      await t.db
        .update(notificationPreferences)
        .set({ email: 'daily' })
        .where(eq(notificationPreferences.userId, ids.member2!));

      const transports = createTransports({ ...t.config, mail: { smtpUrl, from: 'a@b.c' } });
      try {
        const run = await runDigests(t.db, transports, now, { publicUrl: PUBLIC_URL });
        expect(run).toEqual({ members: 2, sent: 2 });
        expect(received.map((r) => r.to).sort()).toEqual([
          'admin@demo.alumnet.dev',
          'member2@demo.alumnet.dev',
        ]);
        const mail = received.find((r) => r.to === 'member2@demo.alumnet.dev')!.data;
        const headers = mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
        const token = unsubscribeToken(secret, ids.member2!, 'digest');
        expect(headers).toContain(`List-Unsubscribe: <${PUBLIC_URL}${API.unsubscribe(token)}>`);
        expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
        expect(headers).toContain('Subject: 2 new notifications on Alumnet');

        // Later the same morning: nothing new to send.
        const again = await runDigests(t.db, transports, new Date(now.getTime() + 15 * MINUTE), {
          publicUrl: PUBLIC_URL,
        });
        expect(again).toEqual({ members: 0, sent: 0 });
        expect(received).toHaveLength(2);
        const [stillWaiting] = await t.db
          .select({ emailedAt: notifications.emailedAt })
          .from(notifications)
          .where(eq(notifications.id, late));
        expect(stillWaiting!.emailedAt).toBeNull();

        // The digest's one-click link turns off every kind it carried, in one go.
        const off = await t.app.inject({ method: 'POST', url: API.unsubscribe(token) });
        expect(off.json()).toMatchObject({ kind: 'digest' });
        expect(await preference(ids.member2!, 'post_comment')).toMatchObject({ email: 'off' });
        expect(await preference(ids.member2!, 'chat_message')).toBeUndefined();
      } finally {
        await closeTransports(transports);
      }
    });

    it('writes a chunk of digests into the outbox in one go, keyed per member and day', async () => {
      await t.db.delete(notifications);
      const now = new Date();
      now.setUTCHours(2, 35, 0, 0);
      await addNotification({
        userId: ids.admin!,
        kind: 'signups_waiting',
        targetType: 'college',
        targetId: crypto.randomUUID(),
        at: new Date(now.getTime() - 60 * MINUTE),
        count: 3,
      });
      const transports = createTransports(t.config);
      const day = new Date(now.getTime() + 330 * MINUTE).toISOString().slice(0, 10);
      expect(await runDigests(t.db, transports, now, { publicUrl: PUBLIC_URL })).toEqual({
        members: 1,
        sent: 1,
      });
      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `digest:${ids.admin}:${day}`));
      expect(mail!.recipient).toBe('admin@demo.alumnet.dev');
      expect(mail!.body).toContain('3 sign-ups are waiting for your approval');
      expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(await runDigests(t.db, transports, now, { publicUrl: PUBLIC_URL })).toEqual({
        members: 0,
        sent: 0,
      });
    });
  });
});
