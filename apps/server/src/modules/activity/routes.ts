import { API, jobsCountAnswer } from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createActivityService } from './service';

/** Jobs and Activity Count: super admins only, across all colleges. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const activity = createActivityService(app.db);

  app.get(
    API.community.jobsCount,
    {
      onRequest: app.requireSuperAdmin,
      schema: { tags: ['dashboard'], response: { 200: jobsCountAnswer } },
    },
    () => activity.jobsCount(),
  );
};
