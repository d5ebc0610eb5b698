import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`quiz-player:${userId}`).digest('base64url');

/**
 * A player's credential (the spec's player_id): the member's id signed with the installation's
 * secret. Unguessable without the secret, the same on every process, and nothing to store.
 */
export const playerToken = (secret: string, userId: string) => `${userId}.${mac(secret, userId)}`;

/** The member a credential names; null for anything we did not sign. */
export function userOfPlayerToken(secret: string, token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
