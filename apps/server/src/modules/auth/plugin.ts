import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors';
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
  },
  { name: 'auth', dependencies: ['db'] },
);
