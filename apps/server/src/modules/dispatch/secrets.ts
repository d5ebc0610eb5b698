import { createHmac } from 'node:crypto';

// Derived, not random: a chunk retried after a crash must send the same link and password it may
// already have sent, or the first message would carry a dead one.
const derive = (secret: string, purpose: string, jobId: string, userId: string) =>
  createHmac('sha256', secret).update(`${purpose}:${jobId}:${userId}`).digest();

export const invitationToken = (secret: string, jobId: string, userId: string) =>
  derive(secret, 'invite', jobId, userId).toString('base64url');

// No 0/O, 1/l/I: read off a phone and typed by hand.
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function oneTimePassword(secret: string, jobId: string, userId: string) {
  const bytes = derive(secret, 'otp', jobId, userId);
  return Array.from(bytes.subarray(0, 12), (b) => READABLE[b % READABLE.length]).join('');
}
