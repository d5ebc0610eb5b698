import {
  acceptInvitationAnswer,
  acceptInvitationBody,
  invitationAnswer,
  invitationParams,
  loginBody,
  okSchema,
  setPasswordBody,
  signedInUser,
  csvRowSignupAnswer,
  signupAnswer,
  signupRequest,
} from '@alumnet/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentSignedInUser } from '../users';
import { currentUser } from './plugin';
import { createAuthService } from './service';
import { SESSION_COOKIE } from './tokens';

export const authRoutes: FastifyPluginAsyncZod<{
  sessionDays: number;
  cookieSecure: boolean;
  perIpPerMinute: number;
}> = async (app, options) => {
  const auth = createAuthService(app.db, { sessionDays: options.sessionDays });

  const setSessionCookie = (reply: FastifyReply, session: { token: string; expiresAt: Date }) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.cookieSecure,
      expires: session.expiresAt,
    });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.cookieSecure,
    });

  // Per IP, on top of the per-account limit in the service.
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/signup',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        body: signupRequest,
        response: { 200: z.union([signupAnswer, csvRowSignupAnswer]) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.kind === 'form') return auth.signup(body.form);
      // A CSV row adds someone else to a college: only that college's admins may.
      await app.requireAdmin(request, reply);
      return auth.signupFromCsvRow(currentUser(request), body.row);
    },
  );

  app.post(
    '/api/auth/login',
    { config: perIp, schema: { tags: ['auth'], body: loginBody, response: { 200: signedInUser } } },
    async (request, reply) => {
      const { session, user, endedSessionIds } = await auth.login(
        request.body,
        request.cookies[SESSION_COOKIE],
      );
      app.realtime.endSessions(endedSessionIds);
      setSessionCookie(reply, session);
      return presentSignedInUser(user);
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      app.realtime.endSessions(await auth.logout(request.cookies[SESSION_COOKIE]));
      clearSessionCookie(reply);
      return { ok: true as const, message: 'You have been logged out.' };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], response: { 200: z.object({ user: signedInUser.nullable() }) } } },
    async (request) => {
      if (!request.user) return { user: null };
      return { user: presentSignedInUser(await auth.signedInUser(request.user.id)) };
    },
  );

  app.post(
    '/api/auth/set-password',
    {
      config: perIp,
      onRequest: app.requireUser,
      schema: { tags: ['auth'], body: setPasswordBody, response: { 200: signedInUser } },
    },
    async (request, reply) => {
      const { session, user, endedSessionIds } = await auth.setPassword(
        currentUser(request).id,
        request.body,
      );
      app.realtime.endSessions(endedSessionIds);
      setSessionCookie(reply, session);
      return presentSignedInUser(user);
    },
  );

  // An invitation link (/invite/{token}) from a dispatch job: who it is for, then accepting it.
  app.get(
    '/api/invitations/:token',
    {
      config: perIp,
      schema: { tags: ['auth'], params: invitationParams, response: { 200: invitationAnswer } },
    },
    async (request) => {
      const { fullName, email, collegeName } = await auth.invitation(request.params.token);
      return { fullName, email, collegeName };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        params: invitationParams,
        body: acceptInvitationBody,
        response: { 200: acceptInvitationAnswer },
      },
    },
    async (request, reply) => {
      const { session, user } = await auth.acceptInvitation(request.params.token, request.body);
      setSessionCookie(reply, session);
      return presentSignedInUser(user);
    },
  );
};
