import { API, galleryPage, galleryQuery } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { presentGalleryPage } from './presenter';
import { createGalleryService } from './service';

/** `/gallery`'s pictures: members only, scoped exactly like the feed. */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const gallery = createGalleryService(app.db);

  app.get(
    API.gallery.fetch,
    {
      onRequest: app.requireUser,
      schema: { tags: ['gallery'], querystring: galleryQuery, response: { 200: galleryPage } },
    },
    async (request) =>
      presentGalleryPage(await gallery.page(currentUser(request), request.query.cursor)),
  );
};
