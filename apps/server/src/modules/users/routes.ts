import { userBody, userProfile } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../lib/errors';
import { policy } from '../../lib/policy';
import { currentUser } from '../auth/plugin';
import { presentProfile } from './presenter';
import { findUserView } from './repository';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
