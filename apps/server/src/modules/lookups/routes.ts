import {
  batchesFetchBody,
  batchList,
  branchesFetchBody,
  branchList,
  citiesBody,
  cityList,
  collegeList,
  countryList,
  degreeList,
  degreesFetchBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import * as repo from './repository';

/**
 * The public lookups the sign-up form and every filter bar read (member-portal.md §7,
 * admin-area.md §7). They are public because a visitor signing up needs them.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lookups'];
  // Reference data changes rarely; a short shared cache keeps repeated form loads cheap.
  const cached = { 'cache-control': 'public, max-age=60' };

  app.get(
    '/api/colleges/fetch',
    { schema: { tags, response: { 200: collegeList } } },
    async (_request, reply) => {
      reply.headers(cached);
      return repo.listColleges(app.db);
    },
  );

  app.get(
    '/api/colleges/names-and-ids',
    { schema: { tags, response: { 200: collegeList } } },
    async (_request, reply) => {
      reply.headers(cached);
      return repo.listColleges(app.db);
    },
  );

  app.post(
    '/api/colleges/degrees/fetch',
    { schema: { tags, body: degreesFetchBody, response: { 200: degreeList } } },
    async (request) => repo.listDegrees(app.db, request.body.collegeId),
  );

  app.post(
    '/api/colleges/batches/fetch',
    { schema: { tags, body: batchesFetchBody, response: { 200: batchList } } },
    async (request) => {
      // The alumni search sends no body: it means the signed-in member's own college.
      const collegeId = request.body.collegeId ?? request.user?.collegeId ?? undefined;
      if (!collegeId && !request.body.degreeId)
        throw badRequest('collegeId or degreeId is required');
      return repo.listBatches(app.db, { collegeId, degreeId: request.body.degreeId });
    },
  );

  app.post(
    '/api/colleges/branches/fetch',
    { schema: { tags, body: branchesFetchBody, response: { 200: branchList } } },
    async (request) => repo.listBranches(app.db, request.body),
  );

  app.get(
    '/api/users/countries',
    { schema: { tags, response: { 200: countryList } } },
    async (_request, reply) => {
      reply.headers({ 'cache-control': 'public, max-age=86400' });
      return repo.listCountries(app.db);
    },
  );

  app.post(
    '/api/users/cities',
    { schema: { tags, body: citiesBody, response: { 200: cityList } } },
    async (request) => {
      const rows = await repo.listCities(app.db, request.body.countryId);
      return rows.map((c) => ({ _id: String(c.id), cityName: c.cityName, city: c.cityName }));
    },
  );
};
