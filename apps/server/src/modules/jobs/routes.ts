import {
  API,
  commentsPage,
  commentsPageQuery,
  job,
  jobAddBody,
  jobCommentBody,
  jobDeleteBody,
  jobIdParams,
  jobLikeAnswer,
  jobLikeBody,
  jobsFetchAnswer,
  jobsFetchBody,
  okSchema,
  postComment,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import {
  addJob,
  deleteJob,
  fetchJobs,
  jobCommentsPage,
  oneJob,
  saveJobComment,
  toggleJobLike,
} from './service';
import { assertActsForSelf } from '../../lib/policy';

/** The jobs board of member-portal.md §2 and §7, for signed-in members. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['jobs'];
  const tell = pushNotifications(app);

  app.post(
    API.jobs.fetch,
    {
      onRequest: app.requireUser,
      schema: { tags, body: jobsFetchBody, response: { 200: jobsFetchAnswer } },
    },
    async (request) => {
      const user = currentUser(request);
      assertActsForSelf(user, request.body);
      return fetchJobs(app.db, user, request.body.page);
    },
  );

  app.post(
    API.jobs.add,
    {
      onRequest: app.requireUser,
      schema: { tags, body: jobAddBody, response: { 200: job } },
    },
    async (request) => {
      const user = currentUser(request);
      assertActsForSelf(user, request.body);
      return addJob(app.db, user, request.body);
    },
  );

  app.post(
    API.jobs.delete,
    {
      onRequest: app.requireUser,
      schema: { tags, body: jobDeleteBody, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteJob(app.db, currentUser(request), request.body.jobId);
      return { ok: true as const, message: 'The job posting was deleted.' };
    },
  );

  app.get(
    '/api/jobs/one/:jobId',
    {
      onRequest: app.requireUser,
      schema: { tags, params: jobIdParams, response: { 200: job } },
    },
    async (request) => oneJob(app.db, currentUser(request), request.params.jobId),
  );

  app.get(
    '/api/jobs/:jobId/comments',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: jobIdParams,
        querystring: commentsPageQuery,
        response: { 200: commentsPage },
      },
    },
    async (request) =>
      jobCommentsPage(app.db, currentUser(request), request.params.jobId, request.query.before),
  );

  app.post(
    API.jobs.updateLikes,
    {
      onRequest: app.requireUser,
      schema: { tags, body: jobLikeBody, response: { 200: jobLikeAnswer } },
    },
    async (request) => ({
      updatedJob: await toggleJobLike(app.db, currentUser(request), request.body.jobId, tell),
    }),
  );

  app.post(
    API.jobs.saveComment,
    {
      onRequest: app.requireUser,
      schema: { tags, body: jobCommentBody, response: { 200: postComment } },
    },
    async (request) =>
      saveJobComment(app.db, currentUser(request), request.body.jobId, request.body.comment, tell),
  );
};
