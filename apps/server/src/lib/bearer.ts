import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an Authorization header carries `Bearer <token>`. Compared as digests of equal length,
 * so the time taken tells nothing about the token.
 */
export function hasBearer(header: string | undefined, token: string) {
  const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
