import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'alumnet_session';

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
