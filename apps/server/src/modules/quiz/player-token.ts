import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The game is part of what is signed (not of the token): a credential learnt in one game is
// worth nothing in any other, and a game that ended takes its credentials with it.
const mac = (secret: string, gameId: string, userId: string) =>
  createHmac('sha256', secret).update(`quiz-player:${gameId}:${userId}`).digest('base64url');

/**
 * A player's credential (the spec's player_id): the member's id, signed with the installation's
 * secret for one game. Unguessable without the secret, the same on every process, and nothing
 * to store.
 */
export const playerToken = (secret: string, gameId: string, userId: string) =>
  `${userId}.${mac(secret, gameId, userId)}`;

/** The member a credential claims to be, before its signature is checked; null if malformed. */
export function claimedUserOf(token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
  return userId;
}

/** The member a credential names in this game; null for anything we did not sign for it. */
export function userOfPlayerToken(secret: string, gameId: string, token: string): string | null {
  const userId = claimedUserOf(token);
  if (!userId) return null;
  const expected = Buffer.from(mac(secret, gameId, userId));
  const given = Buffer.from(token.slice(userId.length + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
