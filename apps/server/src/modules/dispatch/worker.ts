import type { DispatchChunk } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import { credentialsEmail, invitationEmail, invitationText } from '../../mail/templates';
import type { OutgoingMessage, Transports } from '../../mail/transports';
import { hashToken } from '../auth/tokens';
import { OutOfTime } from '../../jobs/queue';
import * as repo from './repository';
import { invitationToken, oneTimePassword } from './secrets';
import { appSecret } from '../../db/app-secret';
import { addSuppressions, suppressedAmong } from '../suppressions';

export interface DispatchWorkerOptions {
  db: Database;
  transports: Transports;
  publicUrl: string;
  invitationDays: number;
  log: FastifyBaseLogger;
}

/**
 * Carries out one chunk of a dispatched job. Each recipient goes null → prepared (approval or
 * invitation written) → done (the provider took the message). A chunk that dies anywhere is run
 * again by the queue and resumes: prepared rows are sent again with the same idempotency key, so
 * the outbox (inside our transaction) takes them exactly once and a provider dedupes them.
 * Messages sent one by one stop at the chunk's deadline (see jobs/queue.ts): a slow provider makes
 * a chunk resume in several runs, never two runs sending the same rows at once.
 */
export function createDispatchWorker(options: DispatchWorkerOptions) {
  const { db, transports, log } = options;
  let secret: string | undefined;

  return async function processChunk({ jobId, from, to }: DispatchChunk, deadline = Infinity) {
    const job = await repo.findJob(db, jobId, undefined);
    if (!job || job.status !== 'dispatched') return;
    secret ??= await appSecret(db);
    const channel = repo.channelOf(job.action);
    const transport = transports[channel];
    const rows = await repo.pendingRecipients(db, jobId, from, to);
    // Addresses that hard-bounced or complained are never e-mailed again (issue 26): recorded
    // with the result "suppressed", which the output CSV shows as it is.
    const suppressed =
      channel === 'email'
        ? await suppressedAmong(
            db,
            rows.map((r) => r.email),
          )
        : new Set();

    const skipped: { userId: string; result: string }[] = [];
    const fresh: repo.PendingRecipient[] = [];
    for (const row of rows) {
      if (suppressed.has(row.email.toLowerCase())) {
        skipped.push({ userId: row.userId, result: 'suppressed' });
        continue;
      }
      if (row.state === 'prepared') continue;
      const reason = skipReason(job.action, row);
      if (reason) skipped.push({ userId: row.userId, result: `skipped: ${reason}` });
      else fresh.push(row);
    }

    // Argon2 runs before the transaction opens: it takes milliseconds per password.
    const approvals =
      job.action === 'approve'
        ? await Promise.all(
            fresh.map(async (r) => ({
              userId: r.userId,
              hash: await hashPassword(oneTimePassword(secret!, jobId, r.userId)),
            })),
          )
        : [];
    await db.transaction(async (tx) => {
      for (const a of approvals) await repo.approveUser(tx, a.userId, a.hash);
      if (job.action !== 'approve') {
        const expiresAt = new Date(Date.now() + options.invitationDays * 86_400_000);
        const invites = fresh.map((r) => ({
          userId: r.userId,
          tokenHash: hashToken(invitationToken(secret!, jobId, r.userId)),
        }));
        await repo.inviteUsers(
          tx,
          { id: jobId, createdBy: job.createdById },
          channel,
          invites,
          expiresAt,
        );
      }
      await repo.markPrepared(
        tx,
        jobId,
        fresh.map((r) => r.userId),
      );
      await repo.markDone(tx, jobId, channel, skipped, false);
    });

    const skippedIds = new Set(skipped.map((s) => s.userId));
    const toSend = rows.filter((r) => !skippedIds.has(r.userId));
    const messageFor = (r: repo.PendingRecipient): OutgoingMessage => {
      const base = {
        channel,
        to: channel === 'email' ? r.email : r.phone!,
        idempotencyKey: `${jobId}.${r.userId}.${channel}`,
        collegeId: job.collegeId,
      };
      if (job.action === 'approve') {
        const content = credentialsEmail({
          fullName: r.fullName,
          collegeName: job.collegeName,
          email: r.email,
          password: oneTimePassword(secret!, jobId, r.userId),
          loginUrl: `${options.publicUrl}/login`,
        });
        return { ...base, ...content };
      }
      const link = `${options.publicUrl}/invite/${invitationToken(secret!, jobId, r.userId)}`;
      if (channel === 'email') {
        const content = invitationEmail({
          fullName: r.fullName,
          collegeName: job.collegeName,
          link,
          days: options.invitationDays,
        });
        return { ...base, ...content };
      }
      return {
        ...base,
        subject: null,
        html: null,
        text: invitationText({ fullName: r.fullName, collegeName: job.collegeName, link }),
      };
    };

    if (transport.inDatabase) {
      await db.transaction(async (tx) => {
        const messages = toSend.map(messageFor);
        const sent = transport.sendMany
          ? await transport.sendMany(messages, tx)
          : await Promise.all(messages.map((m) => transport.send(m, tx)));
        await repo.markDone(
          tx,
          jobId,
          channel,
          toSend.map((r, i) => ({
            userId: r.userId,
            result: sent[i]!.status,
            providerMessageId: sent[i]!.providerMessageId,
          })),
        );
      });
    } else {
      for (const [i, r] of toSend.entries()) {
        // At least one a run, so that every run gets somewhere.
        if (i > 0 && Date.now() >= deadline) throw new OutOfTime(i, toSend.length - i);
        const sent = await transport.send(messageFor(r), db);
        await db.transaction(async (tx) => {
          await repo.markDone(tx, jobId, channel, [
            { userId: r.userId, result: sent.status, providerMessageId: sent.providerMessageId },
          ]);
          // A mail server's permanent refusal: no e-mail of ours goes there again (issue 26).
          if (channel === 'email' && sent.status === 'bounce')
            await addSuppressions(tx, [
              {
                email: r.email,
                reason: 'bounce',
                source: 'smtp',
                detail: 'refused by the mail server',
              },
            ]);
        });
      }
    }
    if (await repo.finishIfComplete(db, jobId))
      log.info({ jobId, action: job.action, count: job.count }, 'dispatch job done');
  };
}

function skipReason(action: string, r: repo.PendingRecipient) {
  if (r.isRejected) return 'rejected';
  if (action === 'approve') return r.isApproved ? 'already approved' : undefined;
  if (r.isRegistered) return 'already registered';
  if ((action === 'sms' || action === 'whatsapp') && !r.phone) return 'no phone number';
  return undefined;
}
