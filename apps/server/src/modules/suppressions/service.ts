import { signedEmailEvents } from '@alumnet/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../../db/client';
import { badRequest, forbidden } from '../../lib/errors';
import { addSuppressions } from './repository';
import { parseSnsMessage, isSnsUrl, sesEvents, type SnsVerifier } from './sns';

export interface EmailEventsOptions {
  /** EMAIL_WEBHOOK_SECRET: unset, the signed JSON form is refused. */
  webhookSecret: string | undefined;
  /** SES_SNS_TOPIC_ARNS: empty, any topic SNS signed for is accepted. */
  snsTopicArns: readonly string[];
  sns: SnsVerifier;
}

export const BAD_SIGNATURE = 'Invalid signature: the event was not recorded.';

/** Whether `header` is `sha256=<hex HMAC-SHA256 of the raw body>` under the secret. */
export function isValidBodySignature(secret: string, raw: string, header: string | undefined) {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(raw, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Records the bounces and complaints of one webhook call: the plain signed JSON form when it
 * carries X-Alumnet-Signature, else Amazon SES through SNS. Nothing is recorded unless the
 * signature is right. Answers how many addresses the call named.
 */
export async function receiveEmailEvents(
  db: Executor,
  options: EmailEventsOptions,
  raw: string,
  alumnetSignature: string | undefined,
) {
  if (alumnetSignature !== undefined) {
    if (
      !options.webhookSecret ||
      !isValidBodySignature(options.webhookSecret, raw, alumnetSignature)
    )
      throw forbidden(BAD_SIGNATURE);
    const parsed = signedEmailEvents.safeParse(parseJson(raw));
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid events.');
    await addSuppressions(
      db,
      parsed.data.events.map((e) => ({
        email: e.email,
        reason: e.type,
        source: 'signed-json',
        detail: e.detail ?? null,
      })),
    );
    return parsed.data.events.length;
  }

  const message = parseSnsMessage(parseJson(raw));
  if (!message)
    throw badRequest(
      'Send an Amazon SNS message, or signed JSON events with an X-Alumnet-Signature header.',
    );
  if (!(await options.sns.verify(message))) throw forbidden(BAD_SIGNATURE);
  if (options.snsTopicArns.length > 0 && !options.snsTopicArns.includes(message.TopicArn))
    throw forbidden('Events of this SNS topic are not accepted (SES_SNS_TOPIC_ARNS).');
  if (message.Type === 'SubscriptionConfirmation') {
    // Following the link subscribes us; only AWS's own address is followed.
    if (!message.SubscribeURL || !isSnsUrl(message.SubscribeURL))
      throw badRequest('The subscription link is not an Amazon SNS address.');
    const response = await fetch(message.SubscribeURL, {
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`SNS SubscribeURL answered ${response.status}`);
    return 0;
  }
  if (message.Type !== 'Notification') return 0;
  const events = sesEvents(message.Message);
  await addSuppressions(
    db,
    events.map((e) => ({ ...e, source: 'ses' })),
  );
  return events.length;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest('The body is not JSON.');
  }
}
