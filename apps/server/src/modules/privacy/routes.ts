import { API, privacySettings } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { currentUser } from '../auth/plugin';
import { findPrivacy, savePrivacy } from './repository';

/** The signed-in member's own privacy settings (issue 30, /settings/privacy). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacy'];

  app.get(
    API.me.privacy,
    { onRequest: app.requireUser, schema: { tags, response: { 200: privacySettings } } },
    async (request) => {
      const found = await findPrivacy(app.db, currentUser(request).id);
      if (!found) throw notFound('No such user.');
      return found;
    },
  );

  app.put(
    API.me.privacy,
    {
      onRequest: app.requireUser,
      schema: { tags, body: privacySettings, response: { 200: privacySettings } },
    },
    async (request) => {
      const saved = await savePrivacy(app.db, currentUser(request).id, request.body);
      if (!saved) throw notFound('No such user.');
      return saved;
    },
  );
};
