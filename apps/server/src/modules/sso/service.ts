import type { CollegeSsoView, SsoError } from '@alumnet/contract';
import { cancelPendingDeletion } from '../account-data/deletion';
import type { collegeSsoBody } from '@alumnet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { openSecret, sealSecret } from '../../db/secret-box';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit/record';
import * as authRepo from '../auth/repository';
import { providerCheckedSecondFactor, providerConfiguration, ProviderUnusable } from './provider';
import * as repo from './repository';

const SECRET_PURPOSE = 'college-sso-client-secret';
const SCOPE = 'openid email profile';

export const messages = {
  collegeMissing: 'College not found.',
  noProvider: 'This college has no single sign-on.',
  secretRequired: 'Client secret is required.',
} as const;

type CollegeSsoBody = z.output<typeof collegeSsoBody>;

export interface SsoServiceOptions {
  publicUrl: string;
  sessionDays: number;
  allowHttpIssuers: boolean;
  log: FastifyBaseLogger;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** What the callback ends in: a session to set, or the reason the login page shows. */
export type CallbackOutcome =
  /** `owesFactor`: the member's own second factor is still to be asked (as after a password). */
  | { kind: 'session'; token: string; expiresAt: Date; owesFactor: boolean }
  | { kind: 'refused'; reason: SsoError };

const refused = (reason: SsoError): CallbackOutcome => ({ kind: 'refused', reason });

/** Thrown inside the callback's transaction: rolls back whatever it wrote. */
class Refusal extends Error {
  constructor(readonly reason: SsoError) {
    super(reason);
  }
}

function present(row: repo.CollegeSsoRow): CollegeSsoView {
  return {
    collegeId: row.collegeId,
    collegeName: row.collegeName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasSecret: row.sealedSecret.length > 0,
    allowedDomains: row.allowedDomains,
    enabled: row.enabled,
  };
}

/** Given and family names from the ID token's claims, else split from `name`. */
function namesOf(claims: client.IDToken, email: string) {
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  if (given || family) return { firstName: given, lastName: family };
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const [first = '', ...rest] = name.split(/\s+/);
  return { firstName: first || email.split('@')[0]!, lastName: rest.join(' ') };
}

export function createSsoService(db: Database, options: SsoServiceOptions) {
  const redirectUri = `${options.publicUrl}/api/auth/oidc/callback`;

  async function configurationOf(row: repo.CollegeSsoRow, fresh = false) {
    const clientSecret = await openSecret(db, SECRET_PURPOSE, row.sealedSecret);
    return providerConfiguration(
      { issuer: row.issuer, clientId: row.clientId, clientSecret },
      { allowHttp: options.allowHttpIssuers, fresh },
    );
  }

  async function freeUsername(tx: Executor, wanted: string) {
    const base = wanted.toLowerCase().replace(/[^a-z0-9.]/g, '') || 'member';
    let username = base;
    for (let n = 2; await authRepo.isUsernameTaken(tx, username); n++) username = `${base}${n}`;
    return username;
  }

  return {
    async view(collegeId: string) {
      const row = await repo.findCollegeSso(db, collegeId);
      if (!row) {
        const exists = await repo.findCollegeName(db, collegeId);
        throw notFound(exists ? messages.noProvider : messages.collegeMissing);
      }
      return present(row);
    },

    /** Saves the provider once its issuer answered discovery; an empty secret keeps the stored one. */
    async save(actor: AuditActor, collegeId: string, body: CollegeSsoBody) {
      const collegeName = await repo.findCollegeName(db, collegeId);
      if (!collegeName) throw notFound(messages.collegeMissing);
      const stored = await repo.findCollegeSso(db, collegeId);
      const newSecret = body.clientSecret.trim();
      if (!newSecret && !stored) throw badRequest(messages.secretRequired);
      try {
        await providerConfiguration(
          { issuer: body.issuer, clientId: body.clientId, clientSecret: newSecret || 'unused' },
          { allowHttp: options.allowHttpIssuers, fresh: true },
        );
      } catch (error) {
        if (error instanceof ProviderUnusable) throw badRequest(error.message);
        throw error;
      }
      const sealed = newSecret ? await sealSecret(db, SECRET_PURPOSE, newSecret) : null;
      const allowedDomains = [...new Set(body.allowedDomains)];
      await db.transaction(async (tx) => {
        await repo.saveCollegeSso(tx, {
          collegeId,
          issuer: body.issuer,
          clientId: body.clientId,
          clientSecret: sealed ?? stored!.sealedSecret,
          allowedDomains,
          enabled: body.enabled,
        });
        await recordAudit(tx, actor, {
          action: 'sso.change',
          collegeId,
          targetType: 'college',
          targetId: collegeId,
          targetLabel: collegeName,
          // The secret itself never: only that it changed.
          details: {
            issuer: body.issuer,
            clientId: body.clientId,
            allowedDomains,
            enabled: body.enabled,
            secretChanged: sealed !== null,
          },
        });
      });
      return present((await repo.findCollegeSso(db, collegeId))!);
    },

    async remove(actor: AuditActor, collegeId: string) {
      const collegeName = await repo.findCollegeName(db, collegeId);
      if (!collegeName) throw notFound(messages.collegeMissing);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteCollegeSso(tx, collegeId))) throw notFound(messages.noProvider);
        await recordAudit(tx, actor, {
          action: 'sso.change',
          collegeId,
          targetType: 'college',
          targetId: collegeId,
          targetLabel: collegeName,
          details: { removed: true },
        });
      });
      return { ok: true as const, message: `Single sign-on for ${collegeName} was removed.` };
    },

    providers: () => repo.enabledProviders(db),

    /**
     * The provider's authorization address for this college, with a fresh state, nonce and PKCE
     * verifier stored for the callback; null when the college has no usable provider.
     */
    async start(collegeId: string) {
      const row = await repo.findCollegeSso(db, collegeId);
      if (!row?.enabled) return null;
      let configuration: client.Configuration;
      try {
        configuration = await configurationOf(row);
      } catch (error) {
        options.log.warn({ err: error, collegeId }, 'single sign-on provider unusable');
        return null;
      }
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await repo.insertAttempt(db, { stateHash: hashState(state), collegeId, nonce, codeVerifier });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state };
    },

    /**
     * The provider's answer (`search`: the callback's query string). The state must be the one
     * this browser's cookie holds and a stored attempt's; openid-client checks the code exchange
     * against its nonce and PKCE verifier. Nothing is written unless all of it holds.
     */
    async callback(search: string, cookieState: string | undefined): Promise<CallbackOutcome> {
      const currentUrl = new URL(`${redirectUri}${search}`);
      const state = currentUrl.searchParams.get('state');
      if (!state || !cookieState || state !== cookieState) return refused('failed');
      const attempt = await repo.takeAttempt(db, hashState(state));
      if (!attempt) return refused('failed');
      const row = await repo.findCollegeSso(db, attempt.collegeId);
      if (!row?.enabled) return refused('failed');

      let claims: client.IDToken;
      try {
        const configuration = await configurationOf(row);
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        options.log.warn({ err: error, collegeId: row.collegeId }, 'single sign-on refused');
        return refused('failed');
      }

      if (claims.email_verified !== true) return refused('unverified');
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!email.includes('@') || !row.allowedDomains.includes(domain)) return refused('domain');

      const issuer = claims.iss;
      const subject = claims.sub;
      const mfaPassedAt = providerCheckedSecondFactor(claims.amr) ? new Date() : null;
      try {
        return await db.transaction(async (tx) => {
          let account = await repo.findUserByIdentity(tx, issuer, subject);
          if (!account) {
            const sameEmail = await repo.findUserByEmail(tx, email);
            if (sameEmail && sameEmail.collegeId !== row.collegeId) throw new Refusal('failed');
            if (sameEmail) {
              if (sameEmail.isRejected) throw new Refusal('rejected');
              if (!sameEmail.isApproved) throw new Refusal('pending');
              await repo.linkIdentity(tx, issuer, subject, sameEmail.id);
              account = sameEmail;
            } else {
              const { firstName, lastName } = namesOf(claims, email);
              const created = await authRepo.insertSignup(tx, {
                collegeId: row.collegeId,
                firstName,
                lastName,
                fullName: `${firstName} ${lastName}`.trim(),
                username: await freeUsername(tx, `${firstName}.${lastName}`),
                email,
                isRegistered: true,
                isApproved: false,
              });
              await repo.linkIdentity(tx, issuer, subject, created!.id);
              // Created, and waiting like any sign-up: the only refusal that keeps what it wrote.
              return refused('pending');
            }
          }
          if (account.isRejected) throw new Refusal('rejected');
          if (!account.isApproved) throw new Refusal('pending');
          const { token, expiresAt } = await authRepo.startSession(
            tx,
            account.id,
            options.sessionDays,
            mfaPassedAt,
          );
          const owesFactor = !mfaPassedAt && (await authRepo.newSessionMfaNeed(tx, account.id));
          // Fully signed in: the change of mind that stops a pending deletion (as a login's).
          if (!owesFactor) await cancelPendingDeletion(tx, account.id);
          return { kind: 'session' as const, token, expiresAt, owesFactor: !!owesFactor };
        });
      } catch (error) {
        if (error instanceof Refusal) return refused(error.reason);
        options.log.warn({ err: error }, 'single sign-on could not sign in');
        return refused('failed');
      }
    },
  };
}
