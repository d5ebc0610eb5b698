import {
  API,
  companiesAnswer,
  companiesParams,
  companiesQuery,
  distributionAnswer,
  distributionBody,
  newDataAnswer,
  newDataBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { totalPages } from './presenter';
import { createAnalyticsService } from './service';

/** The Analytical and New Data tabs and the Company List (admin-area.md §7): admins only. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = createAnalyticsService(app.db);
  const tags = ['dashboard'];
  const onRequest = app.requireAdmin;

  app.post(
    API.analytics.distribution,
    { onRequest, schema: { tags, body: distributionBody, response: { 200: distributionAnswer } } },
    (request) => analytics.distribution(currentUser(request), request.body),
  );

  app.post(
    API.analytics.newData,
    { onRequest, schema: { tags, body: newDataBody, response: { 200: newDataAnswer } } },
    async (request) => {
      const { page, limit } = request.body;
      const { rows, total } = await analytics.newData(currentUser(request), request.body);
      return {
        data: rows,
        pagination: { page, limit, totalItems: total, totalPages: totalPages(total, limit) },
      };
    },
  );

  app.get(
    '/api/dashboard/companies/:collegeId',
    {
      onRequest,
      schema: {
        tags,
        params: companiesParams,
        querystring: companiesQuery,
        response: { 200: companiesAnswer },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await analytics.companies(
        currentUser(request),
        request.params.collegeId,
        page,
        limit,
      );
      return {
        companies: rows.map((r) => ({ _id: r.id, name: r.name })),
        totalPages: totalPages(total, limit),
        totalCompanies: total,
      };
    },
  );
};
