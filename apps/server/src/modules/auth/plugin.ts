import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import { policy } from '../../lib/policy';
import { findSessionUser, type SessionUser } from './repository';
import { hashToken, SESSION_COOKIE } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from the session cookie; null when signed out. Never from a body field. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in user: refuses before the body is read. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a college admin or a super admin (401 signed out, 403 a member). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: a super admin only. */
    requireSuperAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      // API calls and image uploads (PUT /v1/{filename}) need the caller; static files and
      // image downloads skip the lookup.
      const wanted =
        request.url.startsWith('/api') ||
        (request.method === 'PUT' && request.url.startsWith('/v1/'));
      if (!token || !wanted) return;
      request.user = await findSessionUser(app.db, hashToken(token));
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (!policy.isAdmin(request.user)) throw forbidden('Admins only.');
    });
    app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
      if (!request.user) throw unauthorized();
      if (!policy.isSuperAdmin(request.user)) throw forbidden('Super Admin rights required.');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
