import {
  API,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  UNSUBSCRIBE_INVALID_MESSAGE,
  type DigestChunk,
  type NotificationKind,
  type UnsubscribeAnswer,
} from '@alumnet/contract';
import type { Database, Executor } from '../../db/client';
import { appSecret } from '../../db/app-secret';
import { badRequest } from '../../lib/errors';
import { digestEmail, notificationEmail } from '../../mail/templates';
import type { OutgoingMessage, Transports } from '../../mail/transports';
import { addSuppressions } from '../suppressions';
import { KIND_IN_WORDS, lineOf } from './lines';
import * as repo from './repository';
import { readUnsubscribeToken, unsubscribeToken, type UnsubscribeScope } from './unsubscribe-token';

/** Members per digest job, like dispatch chunks: one INSERT into the outbox each. */
export const DIGEST_CHUNK_SIZE = 500;
/** Instant e-mails handled per transaction; a run takes batches until none is left. */
const INSTANT_BATCH = 500;
const INSTANT_MAX_BATCHES = 20;

export interface NotificationMailerOptions {
  db: Database;
  transports: Transports;
  /** PUBLIC_URL: every link in the e-mails starts with it. */
  publicUrl: string;
}

/** An e-mail and the notifications it tells of. */
interface Letter {
  message: OutgoingMessage;
  ids: string[];
}

/**
 * Sends e-mails about notifications, each exactly once when the transport is the outbox (the
 * rows are locked, the outbox row written and `emailed_at` set in one transaction). Through SMTP
 * the notifications are claimed (emailed_at set) in a short transaction before sending and
 * released if the send fails: two workers never send the same one, and a process killed mid-send
 * loses those e-mails rather than sending them twice.
 */
export function createNotificationMailer({ db, transports, publicUrl }: NotificationMailerOptions) {
  let secret: string | undefined;
  const secretOf = async () => (secret ??= await appSecret(db));
  const transport = transports.email;

  const unsubscribeHeaders = (token: string) => ({
    'List-Unsubscribe': `<${publicUrl}${API.unsubscribe(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  const links = (token: string, stops: string) => ({
    unsubscribeUrl: `${publicUrl}/unsubscribe/${encodeURIComponent(token)}`,
    settingsUrl: `${publicUrl}/settings/notifications`,
    stops,
  });

  const instantLetter = (key: string, row: repo.MailRow): Letter => {
    const token = unsubscribeToken(key, row.userId, row.kind);
    const content = notificationEmail({
      fullName: row.fullName,
      collegeName: row.collegeName,
      line: lineOf(row, publicUrl),
      ...links(token, `e-mails about ${KIND_IN_WORDS[row.kind]}`),
    });
    return {
      message: {
        channel: 'email',
        to: row.email,
        ...content,
        // A row grouped with more events since its last e-mail is a new e-mail.
        idempotencyKey: `notification:${row.id}:${row.version}`,
        collegeId: row.collegeId,
        headers: unsubscribeHeaders(token),
      },
      ids: [row.id],
    };
  };

  const digestLetters = (key: string, rows: repo.DigestRow[]): Letter[] => {
    const byMember = new Map<string, repo.DigestRow[]>();
    for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
    return [...byMember.values()].map((own) => {
      const first = own[0]!;
      const token = unsubscribeToken(key, first.userId, 'digest');
      const content = digestEmail({
        fullName: first.fullName,
        collegeName: first.collegeName,
        lines: own.map((r) => lineOf(r, publicUrl)),
        homeUrl: `${publicUrl}/notifications`,
        ...links(token, 'these digests'),
      });
      return {
        message: {
          channel: 'email',
          to: first.email,
          ...content,
          idempotencyKey: `digest:${first.userId}:${first.day}`,
          collegeId: first.collegeId,
          headers: unsubscribeHeaders(token),
        },
        ids: own.map((r) => r.id),
      };
    });
  };

  /** Picks rows, writes their e-mails and marks them, as createNotificationMailer says. */
  async function deliver<R>(
    pick: (tx: Executor) => Promise<R[]>,
    write: (key: string, rows: R[]) => Letter[],
    at: Date,
  ): Promise<{ picked: number; sent: number }> {
    const key = await secretOf();
    if (transport.inDatabase)
      return db.transaction(async (tx) => {
        const rows = await pick(tx);
        const letters = write(key, rows);
        const messages = letters.map((l) => l.message);
        if (transport.sendMany) await transport.sendMany(messages, tx);
        else for (const m of messages) await transport.send(m, tx);
        await repo.markEmailed(
          tx,
          letters.flatMap((l) => l.ids),
          at,
        );
        return { picked: rows.length, sent: letters.length };
      });

    const { picked, letters } = await db.transaction(async (tx) => {
      const rows = await pick(tx);
      const written = write(key, rows);
      await repo.markEmailed(
        tx,
        written.flatMap((l) => l.ids),
        at,
      );
      return { picked: rows.length, letters: written };
    });
    const failed: string[] = [];
    const bounced: string[] = [];
    let firstError: unknown;
    // The SMTP pool has several connections: keep each of them busy.
    await eachLimit(letters, transport.concurrency ?? 1, async (letter) => {
      try {
        const result = await transport.send(letter.message, db);
        if (result.status === 'bounce') bounced.push(letter.message.to);
      } catch (error) {
        failed.push(...letter.ids);
        firstError ??= error;
      }
    });
    // The server refused the address for good (5xx): it is not tried again.
    if (bounced.length > 0)
      await addSuppressions(
        db,
        bounced.map((email) => ({ email, reason: 'bounce', source: 'smtp', detail: null })),
      );
    if (failed.length > 0) {
      await repo.unmarkEmailed(db, failed, at);
      throw firstError;
    }
    return { picked, sent: letters.length };
  }

  /** E-mails what members want at once (see repository.instantDue). Answers how many went. */
  async function sendInstant(now = new Date()) {
    let sent = 0;
    for (let i = 0; i < INSTANT_MAX_BATCHES; i++) {
      const batch = await deliver(
        (tx) => repo.instantDue(tx, now, INSTANT_BATCH),
        (key, rows) => rows.map((row) => instantLetter(key, row)),
        now,
      );
      sent += batch.sent;
      if (batch.picked < INSTANT_BATCH) break;
    }
    return sent;
  }

  /** The digest jobs due at `now`: members in their morning with something to tell, in chunks. */
  async function digestChunks(now = new Date(), size = DIGEST_CHUNK_SIZE): Promise<DigestChunk[]> {
    const due = await repo.digestDue(db, now);
    const at = now.toISOString();
    const chunks: DigestChunk[] = [];
    for (let i = 0; i < due.length; i += size) chunks.push({ at, members: due.slice(i, i + size) });
    return chunks;
  }

  /** One digest job: one e-mail per member, keyed `digest:{userId}:{local yyyy-mm-dd}`. */
  const sendDigestChunk = async (chunk: DigestChunk) =>
    (
      await deliver(
        (tx) => repo.digestRows(tx, chunk.at, chunk.members),
        digestLetters,
        new Date(chunk.at),
      )
    ).sent;

  /** The whole digest run in this process, chunk after chunk (what the scheduled jobs split up). */
  async function runDigests(now = new Date()) {
    const chunks = await digestChunks(now);
    let sent = 0;
    for (const chunk of chunks) sent += await sendDigestChunk(chunk);
    return { members: chunks.reduce((n, c) => n + c.members.length, 0), sent };
  }

  return { sendInstant, digestChunks, sendDigestChunk, runDigests };
}
export type NotificationMailer = ReturnType<typeof createNotificationMailer>;

/**
 * The daily (and, on Mondays, weekly) digest run at `now`, for a benchmark or a script: every
 * member whose DIGEST_HOUR it is gets one e-mail, 500 members per outbox INSERT.
 */
export const runDigests = (
  db: Database,
  transports: Transports,
  now: Date,
  options: { publicUrl: string },
) => createNotificationMailer({ db, transports, publicUrl: options.publicUrl }).runDigests(now);

/**
 * One-click unsubscribe: the token's kind (or, a digest's token, every kind now sent in digests)
 * stops being e-mailed; in-app choices stay. Replaying it changes nothing more.
 */
export async function unsubscribe(db: Database, token: string): Promise<UnsubscribeAnswer> {
  const claim = readUnsubscribeToken(await appSecret(db), token);
  if (!claim) throw badRequest(UNSUBSCRIBE_INVALID_MESSAGE);
  await db.transaction(async (tx) => {
    const kinds = claim.scope === 'digest' ? await digestedKinds(tx, claim.userId) : [claim.scope];
    await repo.turnEmailOff(tx, claim.userId, kinds);
  });
  return { kind: claim.scope, message: unsubscribedMessage(claim.scope) };
}

async function digestedKinds(tx: Executor, userId: string): Promise<NotificationKind[]> {
  const stored = new Map((await repo.storedEmailChoices(tx, userId)).map((p) => [p.kind, p.email]));
  return NOTIFICATION_KINDS.filter((kind) => {
    const email = stored.get(kind) ?? DEFAULT_NOTIFICATION_PREFERENCES[kind].email;
    return email === 'daily' || email === 'weekly';
  });
}

export const scopeInWords = (scope: UnsubscribeScope) =>
  scope === 'digest' ? 'digest e-mails' : `e-mails about ${KIND_IN_WORDS[scope]}`;

export const unsubscribedMessage = (scope: UnsubscribeScope) =>
  `You will get no more ${scopeInWords(scope)}. You still see your notifications in the app, and you can change this any time in your notification settings.`;

/** Runs `work` on every item with at most `limit` running at once. */
async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
