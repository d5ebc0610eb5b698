import { profileUpdateBody, signedInUser, userBody, userProfile } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/errors';
import { assertActsForSelf, policy } from '../../lib/policy';
import { currentUser } from '../auth/plugin';
import { followRuleMoves } from '../groups';
import { presentProfile, presentSignedInUser } from './presenter';
import { findUserView } from './repository';
import { createUserService } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService(app.db);

  app.post(
    '/api/users/user',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], body: userBody, response: { 200: userProfile } },
    },
    async (request) => {
      const viewer = currentUser(request);
      // A member may read only their own record: refuse before looking, so ids cannot be probed.
      if (!policy.isAdmin(viewer) && request.body.userId !== viewer.id) {
        throw forbidden('You can only view your own profile.');
      }
      const target = await findUserView(app.db, request.body.userId);
      if (!target) throw notFound('No such user.');
      if (!policy.mayViewProfile(viewer, target))
        throw forbidden('You can only view your own profile.');
      return presentProfile(target);
    },
  );

  app.put(
    '/api/users/update',
    {
      onRequest: app.requireUser,
      schema: { tags: ['users'], body: profileUpdateBody, response: { 200: signedInUser } },
    },
    async (request) => {
      const viewer = currentUser(request);
      assertActsForSelf(viewer, { userId: request.body.userId });
      const { view, endedSessionIds, groupMoves } = await users.updateProfile(viewer, request.body);
      app.realtime.endSessions(endedSessionIds);
      // A new city or company may have moved the member between automatic groups.
      followRuleMoves(app.realtime, viewer.id, groupMoves);
      return presentSignedInUser(view);
    },
  );
};
