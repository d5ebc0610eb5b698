import { createHash, randomBytes } from 'node:crypto';
import { cancelPendingDeletion } from '../account-data/deletion';
import {
  MFA_BAD_CODE_MESSAGE,
  MFA_CODE_USED_MESSAGE,
  MFA_FAILURE_LIMIT,
  MFA_LOCK_MINUTES,
  mfaLockedMessage,
  RECOVERY_CODE_COUNT,
  type FactorsAnswer,
} from '@alumnet/contract';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database, Executor } from '../../db/client';
import { openSecret, sealSecret } from '../../db/secret-box';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { deleteSessionsOfUser } from '../auth/repository';
import * as repo from './repository';
import { TOTP_PURPOSE } from './repository';

// Loaded by the first passkey call: the library and its certificate parsers are several MB a
// portal whose members do not use passkeys would otherwise hold from the start.
const webauthn = () => import('@simplewebauthn/server');

export const TOTP_ISSUER = 'Alumnet';
const CHALLENGE_MINUTES = 5;

export const mfaMessages = {
  passed: 'Thank you: you are signed in.',
  enrolled: 'Your authenticator app is set up. Keep these recovery codes somewhere safe.',
  alreadyEnrolled: 'An authenticator app is already set up for this account.',
  noEnrolment: 'Please start setting up the authenticator app first.',
  lastFactor: 'Admins must keep a second factor: add another one before removing this one.',
  noFactor: 'Set up an authenticator app or a passkey first.',
  passkeyFailed: 'That passkey could not be confirmed. Please try again.',
  passkeyAdded: 'Your passkey is added.',
  passkeyNotFound: 'That passkey was not found.',
  newCodes: 'Here are your new recovery codes; the old ones no longer work.',
  userNotFound: 'That user was not found.',
} as const;

const hashCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

/** Ten codes like "3f9a1-c07e2": 40 random bits each, read out or typed without confusion. */
function newRecoveryCodes() {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export interface MfaServiceOptions {
  publicUrl: string;
  /** Called once a session passed its factor: no process may remember it as pending. */
  forgetSessions: (which: { sessionIds?: string[]; userIds?: string[] }) => void;
}

export function createMfaService(db: Database, options: MfaServiceOptions) {
  const rpID = new URL(options.publicUrl).hostname;
  const origin = new URL(options.publicUrl).origin;

  async function stateOf(userId: string) {
    const state = await repo.findFactorState(db, userId);
    if (!state) throw unauthorized();
    return state;
  }

  const hasFactor = (state: { totpEnabledAt: Date | null; passkeyCount: number }) =>
    state.totpEnabledAt !== null || state.passkeyCount > 0;

  function refuseWhileLocked(lockedUntil: Date | null) {
    if (lockedUntil && lockedUntil.getTime() > Date.now())
      throw tooManyRequests(
        mfaLockedMessage(Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000))),
      );
  }

  async function countFailure(userId: string): Promise<never> {
    const lockedUntil = await repo.countMfaFailure(db, userId, MFA_FAILURE_LIMIT, MFA_LOCK_MINUTES);
    refuseWhileLocked(lockedUntil);
    throw badRequest(MFA_BAD_CODE_MESSAGE);
  }

  async function pass(caller: SessionUser) {
    await repo.passSession(db, caller.sessionId);
    options.forgetSessions({ sessionIds: [caller.sessionId] });
    // Fully signed in now: like a password sign-in without a factor, it stops a pending deletion.
    await cancelPendingDeletion(db, caller.id);
  }

  /** WebAuthn options, their challenge kept on the session for CHALLENGE_MINUTES. */
  async function answerWithChallenge(caller: SessionUser, optionsJson: { challenge: string }) {
    const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
    await repo.setChallenge(db, caller.sessionId, optionsJson.challenge, expiresAt);
    return optionsJson as unknown as Record<string, unknown>;
  }

  /** New recovery codes replace the old; the plain codes exist only in this answer. */
  async function issueRecoveryCodes(userId: string) {
    const codes = newRecoveryCodes();
    await db.transaction((tx) => repo.replaceRecoveryCodes(tx, userId, codes.map(hashCode)));
    return codes;
  }

  return {
    /** A new secret to scan; kept sealed, enabled only once a code from it is verified. */
    async enrolTotp(caller: SessionUser) {
      const state = await stateOf(caller.id);
      if (state.totpEnabledAt) throw badRequest(mfaMessages.alreadyEnrolled);
      const secret = generateSecret();
      const stored = await repo.storeTotpSecret(
        db,
        caller.id,
        await sealSecret(db, TOTP_PURPOSE, secret),
      );
      if (!stored) throw badRequest(mfaMessages.alreadyEnrolled);
      const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: state.email, secret });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
      return { secret, otpauthUrl, qrSvg };
    },

    /**
     * A TOTP code or a recovery code. Confirms a started enrolment (`mayEnrol`: the session has
     * no factor yet or is fully signed in), or passes the session's second step.
     */
    async verifyCode(caller: SessionUser, rawCode: string, mayEnrol: boolean) {
      const state = await stateOf(caller.id);
      refuseWhileLocked(state.mfaLockedUntil);
      const code = rawCode.replace(/\s/g, '');
      const enrolling = !state.totpEnabledAt;

      if (/^\d{6}$/.test(code)) {
        if (!state.totpSecret || (enrolling && !mayEnrol)) {
          if (enrolling && mayEnrol) throw badRequest(mfaMessages.noEnrolment);
          return countFailure(caller.id);
        }
        const secret = await openSecret(db, TOTP_PURPOSE, state.totpSecret);
        // One step either side: a phone's clock a little off still works.
        const result = await verify({ secret, token: code, epochTolerance: 30 });
        if (!result.valid || !('timeStep' in result)) return countFailure(caller.id);
        if (!(await repo.takeTotpStep(db, caller.id, result.timeStep, enrolling))) {
          // Locked meanwhile by a parallel wrong code, or this step was taken already.
          refuseWhileLocked((await stateOf(caller.id)).mfaLockedUntil);
          throw badRequest(MFA_CODE_USED_MESSAGE);
        }
        await pass(caller);
        if (!enrolling)
          return { ok: true as const, message: mfaMessages.passed, recoveryCodes: null };
        return {
          ok: true as const,
          message: mfaMessages.enrolled,
          recoveryCodes: await issueRecoveryCodes(caller.id),
        };
      }

      // A recovery code stands in for a factor the account has.
      if (!hasFactor(state) || !(await repo.takeRecoveryCode(db, caller.id, hashCode(code))))
        return countFailure(caller.id);
      await repo.clearMfaFailures(db, caller.id);
      await pass(caller);
      return { ok: true as const, message: mfaMessages.passed, recoveryCodes: null };
    },

    async passkeyRegisterOptions(caller: SessionUser) {
      const state = await stateOf(caller.id);
      const existing = await repo.listPasskeys(db, caller.id);
      const { generateRegistrationOptions } = await webauthn();
      const optionsJson = await generateRegistrationOptions({
        rpName: TOTP_ISSUER,
        rpID,
        userName: state.email,
        userDisplayName: state.fullName,
        userID: new TextEncoder().encode(caller.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      return answerWithChallenge(caller, optionsJson);
    },

    /** Adds a passkey; the session passes; the account's first factor comes with recovery codes. */
    async registerPasskey(caller: SessionUser, name: string, response: Record<string, unknown>) {
      const state = await stateOf(caller.id);
      const challenge = await repo.takeChallenge(db, caller.sessionId);
      if (!challenge) throw badRequest(mfaMessages.passkeyFailed);
      let verified;
      try {
        const { verifyRegistrationResponse } = await webauthn();
        verified = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        throw badRequest(mfaMessages.passkeyFailed);
      }
      if (!verified.verified) throw badRequest(mfaMessages.passkeyFailed);
      const { credential } = verified.registrationInfo;
      try {
        await repo.insertPasskey(db, {
          userId: caller.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        });
      } catch {
        // The credential id is unique: this authenticator is registered already.
        throw badRequest(mfaMessages.passkeyFailed);
      }
      await pass(caller);
      return {
        ok: true as const,
        message: mfaMessages.passkeyAdded,
        recoveryCodes: hasFactor(state) ? null : await issueRecoveryCodes(caller.id),
      };
    },

    async passkeyAuthenticateOptions(caller: SessionUser) {
      const existing = await repo.listPasskeys(db, caller.id);
      if (existing.length === 0) throw badRequest(mfaMessages.noFactor);
      const { generateAuthenticationOptions } = await webauthn();
      const optionsJson = await generateAuthenticationOptions({
        rpID,
        allowCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        userVerification: 'preferred',
      });
      return answerWithChallenge(caller, optionsJson);
    },

    async authenticatePasskey(caller: SessionUser, response: Record<string, unknown>) {
      const state = await stateOf(caller.id);
      refuseWhileLocked(state.mfaLockedUntil);
      const challenge = await repo.takeChallenge(db, caller.sessionId);
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const passkey = credentialId ? await repo.findPasskey(db, caller.id, credentialId) : null;
      if (!challenge || !passkey) throw badRequest(mfaMessages.passkeyFailed);
      let verified;
      try {
        const { verifyAuthenticationResponse } = await webauthn();
        verified = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports as AuthenticatorTransport[],
          },
          requireUserVerification: false,
        });
      } catch {
        return countFailure(caller.id);
      }
      if (!verified.verified) return countFailure(caller.id);
      const moved = await repo.usePasskey(
        db,
        passkey.id,
        passkey.counter,
        verified.authenticationInfo.newCounter,
      );
      if (!moved) throw badRequest(mfaMessages.passkeyFailed);
      await repo.clearMfaFailures(db, caller.id);
      await pass(caller);
      return { ok: true as const, message: mfaMessages.passed, recoveryCodes: null };
    },

    async factors(caller: SessionUser): Promise<FactorsAnswer> {
      const state = await stateOf(caller.id);
      const list = await repo.listPasskeys(db, caller.id);
      return {
        totp: state.totpEnabledAt !== null,
        passkeys: list.map((p) => ({
          _id: p.id,
          name: p.name,
          createdAt: p.createdAt.toISOString(),
          lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: await repo.countRecoveryCodesLeft(db, caller.id),
        required: policy.isAdmin(state),
      };
    },

    async removeTotp(caller: SessionUser) {
      await db.transaction(async (tx) => {
        const state = await repo.findFactorState(tx, caller.id);
        if (!state) throw unauthorized();
        if (!state.totpEnabledAt) return;
        if (policy.isAdmin(state) && state.passkeyCount === 0)
          throw badRequest(mfaMessages.lastFactor);
        await repo.disableTotp(tx, caller.id);
        if (state.passkeyCount === 0) await repo.deleteRecoveryCodes(tx, caller.id);
      });
      return { ok: true as const, message: 'The authenticator app is turned off.' };
    },

    async removePasskey(caller: SessionUser, id: string) {
      await db.transaction(async (tx) => {
        const state = await repo.findFactorState(tx, caller.id);
        if (!state) throw unauthorized();
        const left = state.passkeyCount - 1 + (state.totpEnabledAt ? 1 : 0);
        if (policy.isAdmin(state) && left < 1) throw badRequest(mfaMessages.lastFactor);
        if (!(await repo.deletePasskey(tx, caller.id, id)))
          throw notFound(mfaMessages.passkeyNotFound);
        if (left < 1) await repo.deleteRecoveryCodes(tx, caller.id);
      });
      return { ok: true as const, message: 'The passkey is removed.' };
    },

    async newRecoveryCodes(caller: SessionUser) {
      if (!hasFactor(await stateOf(caller.id))) throw badRequest(mfaMessages.noFactor);
      return {
        ok: true as const,
        message: mfaMessages.newCodes,
        recoveryCodes: await issueRecoveryCodes(caller.id),
      };
    },

    /**
     * A super admin's reset: every factor goes and every session ends, so the person signs in
     * and enrols again. `audit` writes the log line in the same transaction.
     */
    async resetFactors(
      userId: string,
      audit: (
        tx: Executor,
        target: { fullName: string; email: string; collegeId: string | null },
      ) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const target = await repo.findFactorState(tx, userId);
        if (!target) throw notFound(mfaMessages.userNotFound);
        await repo.removeAllFactors(tx, userId);
        const ended = await deleteSessionsOfUser(tx, userId);
        await audit(tx, target);
        return ended;
      });
    },
  };
}
