import {
  acceptInvitationAnswer,
  acceptInvitationBody,
  invitationAnswer,
  invitationParams,
  loginAnswer,
  loginBody,
  meAnswer,
  okSchema,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetBody,
  passwordResetParams,
  passwordResetRequestAnswer,
  passwordResetRequestBody,
  passwordResetStatus,
  setPasswordBody,
  signedInUser,
  csvRowSignupAnswer,
  signupAnswer,
  signupRequest,
  TIME_ZONE_COOKIE,
} from '@alumnet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { memberBudget } from '../../lib/rate-limits';
import { presentSignedInUser } from '../users';
import { clearSessionCookie, setSessionCookie } from './cookie';
import { currentUser } from './plugin';
import { createAuthService, LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_MINUTES } from './service';
import { SESSION_COOKIE } from './tokens';

/** Reset links one member may be sent: one a minute, a few an hour. */
export const RESETS_PER_MINUTE = 1;
export const RESETS_PER_HOUR = 5;

export const authRoutes: FastifyPluginAsyncZod<{
  sessionDays: number;
  cookieSecure: boolean;
  perIpPerMinute: number;
  /** Where reset links point: the portal's address as people reach it. */
  publicUrl: string;
}> = async (app, options) => {
  // Counted where rate limits are (Redis when set): there is no account row to count them in.
  const unknownLoginFailures = app.createRateLimit({
    max: LOGIN_FAILURE_LIMIT,
    timeWindow: LOGIN_WINDOW_MINUTES * 60_000,
    keyGenerator: (request) =>
      `login-unknown:${(request as unknown as { address: string }).address}`,
  });
  const auth = createAuthService(app.db, {
    sessionDays: options.sessionDays,
    publicUrl: options.publicUrl,
    transports: app.transports,
    log: app.log,
    async countUnknownLoginFailure(address) {
      // Not a request: the limiter reads only the key's source and the route's config.
      const standIn = { address, routeOptions: { config: {} } };
      const outcome = await unknownLoginFailures(standIn as unknown as FastifyRequest);
      if (outcome.isAllowed || !outcome.isExceeded) return null;
      return Math.max(1, Math.ceil(outcome.ttl / 60_000));
    },
  });

  // Per IP, on top of the per-account limit in the service.
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: '1 minute' } };

  // Reset links per member, whoever asks: a mailbox is not flooded. Over budget, nothing is sent
  // and the answer stays the same (a 429 would tell that the address has an account).
  const resetsPerMinute = memberBudget(app, 'password-reset-1m', RESETS_PER_MINUTE, 60_000, '');
  const resetsPerHour = memberBudget(app, 'password-reset-1h', RESETS_PER_HOUR, 3_600_000, '');
  const maySendReset = async (userId: string) => {
    try {
      await resetsPerMinute(userId);
      await resetsPerHour(userId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) return false;
      throw error;
    }
  };

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
    { config: perIp, schema: { tags: ['auth'], body: loginBody, response: { 200: loginAnswer } } },
    async (request, reply) => {
      const { session, user, mfa, endedSessionIds } = await auth.login(
        request.body,
        request.cookies[SESSION_COOKIE],
      );
      app.realtime.endSessions(endedSessionIds);
      setSessionCookie(reply, session, options.cookieSecure);
      await auth.rememberTimeZone(user.id, request.cookies[TIME_ZONE_COOKIE]);
      return { ...presentSignedInUser(user), mfa };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      app.realtime.endSessions(await auth.logout(request.cookies[SESSION_COOKIE]));
      clearSessionCookie(reply, options.cookieSecure);
      return { ok: true as const, message: 'You have been logged out.' };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], response: { 200: meAnswer } } },
    async (request) => {
      // A session owing its second factor: who it is, and what it still needs (issue 30).
      const pending = request.mfaPending;
      if (pending)
        return {
          user: presentSignedInUser(await auth.signedInUser(pending.id)),
          mfa: pending.mfa ?? null,
        };
      if (!request.user) return { user: null, mfa: null };
      // Every page asks who is signed in: the zone is written only when it changed.
      const zone = request.cookies[TIME_ZONE_COOKIE];
      if (zone && zone !== request.user.timeZone) {
        await auth.rememberTimeZone(request.user.id, zone);
        // The remembered session holds the old zone: without this, each /me until it expires
        // would write the zone again.
        app.forgetSessions({ userIds: [request.user.id] });
      }
      return { user: presentSignedInUser(await auth.signedInUser(request.user.id)), mfa: null };
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
      setSessionCookie(reply, session, options.cookieSecure);
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
      setSessionCookie(reply, session, options.cookieSecure);
      return presentSignedInUser(user);
    },
  );

  // "Forgot password?": a link by e-mail (or SMS for a phone) to /reset-password/{token}.
  app.post(
    '/api/auth/password-reset',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        body: passwordResetRequestBody,
        response: { 200: passwordResetRequestAnswer },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.userName, maySendReset);
      return { message: PASSWORD_RESET_SENT_MESSAGE };
    },
  );

  app.get(
    '/api/auth/password-reset/:token',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        params: passwordResetParams,
        response: { 200: passwordResetStatus },
      },
    },
    async (request) => ({ valid: await auth.passwordResetOpen(request.params.token) }),
  );

  app.post(
    '/api/auth/password-reset/:token',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        params: passwordResetParams,
        body: passwordResetBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      const { session, user, mfa, endedSessionIds } = await auth.resetPassword(
        request.params.token,
        request.body,
        request.cookies[SESSION_COOKIE],
      );
      app.realtime.endSessions(endedSessionIds);
      setSessionCookie(reply, session, options.cookieSecure);
      return { ...presentSignedInUser(user), mfa };
    },
  );
};
