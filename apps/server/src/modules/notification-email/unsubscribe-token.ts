import { NOTIFICATION_KINDS, type NotificationKind } from '@alumnet/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a link turns off: one kind's e-mail, or (a digest's link) every kind sent in digests. */
export type UnsubscribeScope = NotificationKind | 'digest';
const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, 'digest'];

// The purpose is part of what is signed, so no other token of the installation's secret (an
// invitation, a quiz credential) can ever pass for this one. 128 bits of the HMAC are plenty
// against guessing, and keep the token under Fastify's 100-character limit on a path parameter.
const mac = (secret: string, userId: string, scope: UnsubscribeScope) =>
  createHmac('sha256', secret)
    .update(`unsubscribe:${userId}:${scope}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/**
 * The token of an e-mail's unsubscribe link: `{userId}.{kind}.{signature}`. It never expires (a
 * link in an old e-mail must still work) and only ever turns e-mail off, so it is harmless to
 * replay; nothing needs storing.
 */
export const unsubscribeToken = (secret: string, userId: string, scope: UnsubscribeScope) =>
  `${userId}.${scope}.${mac(secret, userId, scope)}`;

/** The member and scope a token names, or null for anything we did not sign. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, signature, ...rest] = token.split('.');
  if (!userId || !scope || !signature || rest.length > 0) return null;
  if (!UUID.test(userId) || !SCOPES.includes(scope)) return null;
  const expected = Buffer.from(mac(secret, userId, scope as UnsubscribeScope));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, scope: scope as UnsubscribeScope }
    : null;
}
