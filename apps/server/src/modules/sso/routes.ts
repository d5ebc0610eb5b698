import {
  API,
  collegeParams,
  collegeSsoBody,
  collegeSsoView,
  okSchema,
  ssoProvidersAnswer,
  type SsoError,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/record';
import { deleteSession } from '../auth/repository';
import { setSessionCookie } from '../auth/cookie';
import { hashToken, SESSION_COOKIE } from '../auth/tokens';
import { ATTEMPT_MINUTES } from './repository';
import { createSsoService } from './service';

/** Binds a sign-in's state to the browser that started it; read back by the callback only. */
export const SSO_STATE_COOKIE = 'alumnet_oidc_state';

/** Single sign-on per college through OpenID Connect (issue 30). */
export const ssoRoutes: FastifyPluginAsyncZod<{
  publicUrl: string;
  sessionDays: number;
  cookieSecure: boolean;
  perIpPerMinute: number;
  allowHttpIssuers: boolean;
}> = async (app, options) => {
  const sso = createSsoService(app.db, {
    publicUrl: options.publicUrl,
    sessionDays: options.sessionDays,
    allowHttpIssuers: options.allowHttpIssuers,
    log: app.log,
  });
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: '1 minute' } };
  const adminTags = ['console'];
  const onRequest = app.requireSuperAdmin;
  const refusedAt = (reason: SsoError) => `/login?sso=${reason}`;

  app.get(
    '/api/admin/colleges/:collegeId/sso',
    {
      onRequest,
      schema: { tags: adminTags, params: collegeParams, response: { 200: collegeSsoView } },
    },
    async (request) => sso.view(request.params.collegeId),
  );

  app.put(
    '/api/admin/colleges/:collegeId/sso',
    {
      onRequest,
      schema: {
        tags: adminTags,
        params: collegeParams,
        body: collegeSsoBody,
        response: { 200: collegeSsoView },
      },
    },
    async (request) => sso.save(auditActor(request), request.params.collegeId, request.body),
  );

  app.delete(
    '/api/admin/colleges/:collegeId/sso',
    { onRequest, schema: { tags: adminTags, params: collegeParams, response: { 200: okSchema } } },
    async (request) => sso.remove(auditActor(request), request.params.collegeId),
  );

  app.get(
    API.sso.providers,
    { schema: { tags: ['auth'], response: { 200: ssoProvidersAnswer } } },
    async () => ({ providers: await sso.providers() }),
  );

  // Links the login page shows (they work before its scripts load): straight to the provider.
  app.get(
    '/api/auth/oidc/:collegeId/start',
    { config: perIp, schema: { tags: ['auth'], params: collegeParams } },
    async (request, reply) => {
      const started = await sso.start(request.params.collegeId);
      if (!started) return reply.redirect(refusedAt('failed'));
      reply.setCookie(SSO_STATE_COOKIE, started.state, {
        path: API.sso.callback,
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET, which still carries it.
        sameSite: 'lax',
        secure: options.cookieSecure,
        maxAge: ATTEMPT_MINUTES * 60,
      });
      return reply.redirect(started.url);
    },
  );

  app.get(
    API.sso.callback,
    { config: perIp, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const outcome = await sso.callback(search, request.cookies[SSO_STATE_COOKIE]);
      reply.clearCookie(SSO_STATE_COOKIE, {
        path: API.sso.callback,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.cookieSecure,
      });
      if (outcome.kind === 'refused') return reply.redirect(refusedAt(outcome.reason));
      // As a password login does: whatever session this browser carried ends.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) app.realtime.endSessions(await deleteSession(app.db, hashToken(previous)));
      setSessionCookie(reply, outcome, options.cookieSecure);
      // The web app's second step (/login/verify) when the provider's sign-in was not enough.
      return reply.redirect(outcome.owesFactor ? '/login/verify' : '/');
    },
  );
};
