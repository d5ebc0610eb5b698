import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { MFA_ENROL_MESSAGE, MFA_REQUIRED_ERROR, MFA_VERIFY_MESSAGE } from '@alumnet/contract';
import { AppError, forbidden, unauthorized } from '../../lib/errors';
import { groupCommit } from '../../lib/group-commit';
import { policy } from '../../lib/policy';
import { findSessionUsers, type SessionUser } from './repository';
import { SessionCache } from './session-cache';
import { sessionRecorder } from '../sessions/recording';
import { hashToken, SESSION_COOKIE } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from the session cookie; null when signed out. Never from a body field. */
    user: SessionUser | null;
    /**
     * A session that has not passed its second factor yet (issue 30): its user, kept apart from
     * `user` so that every route, guarded or not, treats it as signed out; only /api/auth/me,
     * logout and the /api/auth/mfa calls read it.
     */
    mfaPending: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user: refuses before the body is read. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a college admin or a super admin (401 signed out, 403 a member). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a super admin only. */
    requireSuperAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Call when sessions end or a user's role, levels or standing change: every process stops
     * trusting what it remembered about them (see SessionCache).
     */
    forgetSessions: (which: {
      sessionIds?: readonly string[];
      userIds?: readonly string[];
    }) => void;
  }
}

/** Most sessions a process remembers; each entry is a few hundred bytes. */
const MAX_CACHED_SESSIONS = 50_000;

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The 403 a session owing its second factor gets from every guarded route. */
export function mfaRequired(need: 'verify' | 'enrol') {
  return new AppError(
    403,
    need === 'enrol' ? MFA_ENROL_MESSAGE : MFA_VERIFY_MESSAGE,
    MFA_REQUIRED_ERROR,
  );
}

/** Signed in, fully or not: refuses only when nobody is (401). */
function refuseUnlessFullySignedIn(request: FastifyRequest) {
  if (request.mfaPending) throw mfaRequired(request.mfaPending.mfa ?? 'verify');
  if (!request.user) throw unauthorized();
  return request.user;
}

export interface AuthOptions {
  sessionCacheSeconds: number;
  /** With several processes: `forgetSessions` reaches them all through this Redis. */
  redis?: Redis;
  redisPrefix?: string;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    const cache = new SessionCache(options.sessionCacheSeconds * 1000, MAX_CACHED_SESSIONS);
    const channel = `${options.redisPrefix ?? ''}auth:forget`;
    const subscriber = options.redis?.duplicate();
    if (subscriber) {
      app.outages.redis.watch(subscriber);
      // On every (re)connection, so a Redis that was away at start is listened to once it is up.
      subscriber.on('ready', () => {
        subscriber.subscribe(channel).catch(() => {});
      });
      subscriber.on('message', (_channel, message) => {
        try {
          cache.forget(JSON.parse(message) as Parameters<SessionCache['forget']>[0]);
        } catch (error) {
          app.log.warn({ err: error }, 'unreadable session-forget message');
        }
      });
      app.addHook('onClose', async () => void subscriber.disconnect());
    }
    app.decorate('forgetSessions', (which) => {
      if (!which.sessionIds?.length && !which.userIds?.length) return;
      cache.forget(which);
      // Redis away: the other processes trust what they remember for at most the cache's time.
      options.redis
        ?.publish(channel, JSON.stringify(which))
        .catch((error: unknown) => app.log.warn({ err: error }, 'session-forget not published'));
    });

    /**
     * Sessions the cache does not hold are looked up one query at a time, and whatever arrives
     * while one runs goes in the next together (lib/group-commit.ts): a rush of members pressing
     * one button at once, each on a first call, costs the database a query per batch, not one per
     * member (bench:rsvp).
     */
    const lookUpSessions = groupCommit(async (tokenHashes: string[]) => {
      const found = new Map(
        (await findSessionUsers(app.db, tokenHashes)).map(({ tokenHash, ...user }) => [
          tokenHash,
          user as SessionUser,
        ]),
      );
      return tokenHashes.map((hash) => found.get(hash) ?? null);
    }, 500);

    // Issue 30: the session's browser, place and last-seen time (/settings/security), throttled.
    const recordSeen = sessionRecorder(app.db, app.log);
    app.decorateRequest('user', null);
    app.decorateRequest('mfaPending', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      // API calls and image uploads (PUT /v1/{filename}) need the caller; static files and
      // image downloads skip the lookup.
      const wanted =
        request.url.startsWith('/api') ||
        (request.method === 'PUT' && request.url.startsWith('/v1/'));
      if (!token || !wanted) return;
      const tokenHash = hashToken(token);
      request.user = await cache.get(tokenHash, () => lookUpSessions(tokenHash));
      if (request.user) recordSeen(request.user, request);
      if (request.user?.mfa) {
        request.mfaPending = request.user;
        request.user = null;
      }
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      refuseUnlessFullySignedIn(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!policy.isAdmin(refuseUnlessFullySignedIn(request))) throw forbidden('Admins only.');
    });
    app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
      if (!policy.isSuperAdmin(refuseUnlessFullySignedIn(request)))
        throw forbidden('Super Admin rights required.');
    });
  },
  { name: 'auth', dependencies: ['db', 'outages'] },
);
