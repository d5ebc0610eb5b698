import {
  API,
  factorsAnswer,
  mfaPassedAnswer,
  okSchema,
  passkeyAuthenticateBody,
  passkeyParams,
  passkeyRegisterBody,
  totpEnrolAnswer,
  totpVerifyBody,
  userParams,
  webauthnJson,
} from '@alumnet/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { recordAudit, auditActor } from '../audit/record';
import { currentUser, mfaRequired } from '../auth/plugin';
import { createMfaService } from './service';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

/** The caller of a second-step call: signed in fully, or waiting for its factor. */
function stepCaller(request: FastifyRequest) {
  const caller = request.user ?? request.mfaPending;
  if (!caller) throw unauthorized();
  return caller;
}

/**
 * Enrolling a factor: a fully signed-in session, or one that must enrol because it has none.
 * A session that owes the factor it has may not add another instead of confirming it.
 */
function enrolCaller(request: FastifyRequest) {
  const caller = stepCaller(request);
  if (request.mfaPending?.mfa === 'verify') throw mfaRequired('verify');
  return caller;
}

/**
 * A second factor (issue 30): enrolling and confirming a TOTP app, a passkey or a recovery code
 * (reachable by a session still owing its factor), the account's factors in settings (fully
 * signed in only), and a super admin's reset.
 */
export const mfaRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, options) => {
  const mfa = createMfaService(app.db, {
    publicUrl: options.publicUrl,
    forgetSessions: app.forgetSessions,
  });
  const tags = ['mfa'];
  // Codes are guessed per account (the lock); this bounds one account's calls on top, pending
  // or not (perMember's key knows only fully signed-in callers).
  const config = {
    rateLimit: {
      max: 20,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) =>
        `mfa:${(request.user ?? request.mfaPending)?.id ?? request.ip}`,
    },
  };
  // A sign-in's second step: its password is already checked (load-shedding.ts).
  const step = { ...config, finishesWork: true };

  app.post(
    API.mfa.totpEnrol,
    { config, schema: { tags, response: { 200: totpEnrolAnswer } } },
    (request) => mfa.enrolTotp(enrolCaller(request)),
  );

  app.post(
    API.mfa.totpVerify,
    { config: step, schema: { tags, body: totpVerifyBody, response: { 200: mfaPassedAnswer } } },
    (request) => {
      const caller = stepCaller(request);
      const mayEnrol = !request.mfaPending || request.mfaPending.mfa === 'enrol';
      return mfa.verifyCode(caller, request.body.code, mayEnrol);
    },
  );

  app.post(
    API.mfa.passkeyRegisterOptions,
    { config, schema: { tags, response: { 200: webauthnJson } } },
    (request) => mfa.passkeyRegisterOptions(enrolCaller(request)),
  );

  app.post(
    API.mfa.passkeyRegister,
    { config, schema: { tags, body: passkeyRegisterBody, response: { 200: mfaPassedAnswer } } },
    (request) =>
      mfa.registerPasskey(enrolCaller(request), request.body.name, request.body.response),
  );

  app.post(
    API.mfa.passkeyAuthenticateOptions,
    { config: step, schema: { tags, response: { 200: webauthnJson } } },
    (request) => mfa.passkeyAuthenticateOptions(stepCaller(request)),
  );

  app.post(
    API.mfa.passkeyAuthenticate,
    {
      config: step,
      schema: { tags, body: passkeyAuthenticateBody, response: { 200: mfaPassedAnswer } },
    },
    (request) => mfa.authenticatePasskey(stepCaller(request), request.body.response),
  );

  // The account's factors, in settings: a fully signed-in session only.
  const onRequest = app.requireUser;

  app.get(
    API.me.factors,
    { onRequest, schema: { tags, response: { 200: factorsAnswer } } },
    (request) => mfa.factors(currentUser(request)),
  );

  app.delete(API.me.totp, { onRequest, schema: { tags, response: { 200: okSchema } } }, (request) =>
    mfa.removeTotp(currentUser(request)),
  );

  app.delete(
    pattern(API.me.passkey(':id')),
    { onRequest, schema: { tags, params: passkeyParams, response: { 200: okSchema } } },
    (request) => mfa.removePasskey(currentUser(request), request.params.id),
  );

  app.post(
    API.me.recoveryCodes,
    { onRequest, config, schema: { tags, response: { 200: mfaPassedAnswer } } },
    (request) => mfa.newRecoveryCodes(currentUser(request)),
  );

  app.post(
    pattern(API.accounts.resetMfa(':id')),
    {
      onRequest: app.requireSuperAdmin,
      schema: { tags, params: userParams, response: { 200: okSchema } },
    },
    async (request) => {
      const userId = request.params.id;
      const ended = await mfa.resetFactors(userId, (tx, target) =>
        recordAudit(tx, auditActor(request), {
          action: 'mfa.reset',
          collegeId: target.collegeId,
          targetType: 'user',
          targetId: userId,
          targetLabel: target.fullName,
          details: { email: target.email },
        }),
      );
      app.realtime.endSessions(ended);
      app.forgetSessions({ sessionIds: ended, userIds: [userId] });
      return {
        ok: true as const,
        message: 'Every second factor of this account is removed; they will set one up again.',
      };
    },
  );
};
