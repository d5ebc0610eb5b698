import {
  alumniSearchAnswer,
  alumniSearchBody,
  batchmatesAnswer,
  branchmatesAnswer,
  companiesBody,
  companyNames,
  countBody,
  nearbyAlumniAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertActsForSelf } from '../../lib/policy';
import { currentUser } from '../auth/plugin';
import type { SessionUser } from '../auth/repository';
import { presentAlumnus } from './presenter';
import { createAlumzoneService } from './service';

/** The counts name a user for compatibility; they are always the signed-in member's. */
function actingUser(viewer: SessionUser, userId: string | undefined) {
  assertActsForSelf(viewer, { userId });
  return viewer;
}

/** The alumni directory and the dashboard counts, for signed-in members of a college. */
export const alumzoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const alumzone = createAlumzoneService(app.db);
  const tags = ['alumzone'];

  app.post(
    '/api/alumzone/search',
    {
      onRequest: app.requireUser,
      schema: { tags, body: alumniSearchBody, response: { 200: alumniSearchAnswer } },
    },
    async (request) => {
      const { rows, total } = await alumzone.search(currentUser(request), request.body);
      return { users: rows.map(presentAlumnus), totalResults: total };
    },
  );

  app.post(
    '/api/alumzone/search/companies',
    {
      onRequest: app.requireUser,
      schema: { tags, body: companiesBody, response: { 200: companyNames } },
    },
    async (request) => alumzone.companies(currentUser(request), request.body.collegeId),
  );

  app.post(
    '/api/alumzone/search/alumnicount',
    {
      onRequest: app.requireUser,
      schema: { tags, body: countBody, response: { 200: nearbyAlumniAnswer } },
    },
    async (request) => ({
      nearbyAlumni: await alumzone.nearbyAlumni(
        actingUser(currentUser(request), request.body.userId),
      ),
    }),
  );

  app.post(
    '/api/alumzone/search/batchmatesCount',
    {
      onRequest: app.requireUser,
      schema: { tags, body: countBody, response: { 200: batchmatesAnswer } },
    },
    async (request) => ({
      batchmatesCount: await alumzone.mates(
        actingUser(currentUser(request), request.body.userId),
        'batch',
      ),
    }),
  );

  app.post(
    '/api/alumzone/search/branchmatesCount',
    {
      onRequest: app.requireUser,
      schema: { tags, body: countBody, response: { 200: branchmatesAnswer } },
    },
    async (request) => ({
      branchmatesCount: await alumzone.mates(
        actingUser(currentUser(request), request.body.userId),
        'branch',
      ),
    }),
  );
};
