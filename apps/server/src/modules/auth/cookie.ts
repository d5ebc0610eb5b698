import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE } from './tokens';

// The session cookie, set and cleared the same way by every route that signs someone in or out
// (password, invitation, reset, single sign-on, account deletion).
const sessionCookie = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
});

export const setSessionCookie = (
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
  secure: boolean,
) =>
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...sessionCookie(secure),
    expires: session.expiresAt,
  });

export const clearSessionCookie = (reply: FastifyReply, secure: boolean) =>
  reply.clearCookie(SESSION_COOKIE, sessionCookie(secure));
