import {
  addJobAnswer,
  addJobBody,
  API,
  csvFileNameParams,
  DISPATCH_JOBS_PAGE_SIZE,
  fetchJobsAnswer,
  fetchJobsBody,
  jobAddedMessage,
  jobIdParams,
  messageAnswer,
} from '@alumnet/contract';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Config } from '../../config';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { assertActsForSelf } from '../../lib/policy';
import { isValidTwilioSignature } from '../../mail/twilio-signature';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { mergedFilter } from '../dashboard';
import { jobCsv } from './csv';
import { presentDispatchJob } from './presenter';
import { createDispatchService } from './service';

/** Dispatch jobs (admin-area.md "Dispatch jobs", PRODUCT.md "Dispatch jobs"). */
export const dispatchRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const dispatch = createDispatchService(app.db, app.jobs);
  const tags = ['dispatch'];
  const onRequest = app.requireAdmin;

  app.post(
    API.dashboard.addJob,
    { onRequest, schema: { tags, body: addJobBody, response: { 200: addJobAnswer } } },
    async (request) => {
      const admin = currentUser(request);
      const body = request.body;
      assertActsForSelf(admin, { userId: body.reqUserId });
      const filter = body.filterData ? mergedFilter(body.filterData) : {};
      const job = await dispatch.addJob(
        admin,
        body.selectAll
          ? {
              method: body.method,
              collegeId: filter.collegeId,
              selectAll: true,
              filter,
              totalResults: body.totalResults,
            }
          : {
              method: body.method,
              collegeId: filter.collegeId,
              selectAll: false,
              userIds: body.userIds ?? [],
            },
        auditActor(request),
      );
      return { message: jobAddedMessage(body.method), job: presentDispatchJob(job) };
    },
  );

  app.post(
    API.dashboard.fetchJobs,
    { onRequest, schema: { tags, body: fetchJobsBody, response: { 200: fetchJobsAnswer } } },
    async (request) => {
      const admin = currentUser(request);
      assertActsForSelf(admin, { userId: request.body.userId });
      const { rows, total } = await dispatch.jobs(admin, request.body.collegeId, request.body.page);
      return {
        jobs: rows.map(presentDispatchJob),
        totalPages: Math.max(1, Math.ceil(total / DISPATCH_JOBS_PAGE_SIZE)),
        totalJobs: total,
      };
    },
  );

  app.post(
    '/api/dashboard/dispatch/:jobId',
    { onRequest, schema: { tags, params: jobIdParams, response: { 200: messageAnswer } } },
    async (request) => {
      const job = await dispatch.dispatch(
        currentUser(request),
        request.params.jobId,
        auditActor(request),
      );
      return {
        message: `Dispatched the ${job.action} job: ${job.count} ${job.count === 1 ? 'recipient is' : 'recipients are'} being processed.`,
      };
    },
  );

  app.post(
    '/api/dashboard/deleteJob/:jobId',
    { onRequest, schema: { tags, params: jobIdParams, response: { 200: messageAnswer } } },
    async (request) => {
      await dispatch.deleteJob(currentUser(request), request.params.jobId, auditActor(request));
      return { message: 'Job deleted successfully' };
    },
  );

  app.get(
    '/api/dashboard/download/:fileName',
    { onRequest, schema: { tags, params: csvFileNameParams } },
    async (request, reply) => {
      const { job, kind } = await dispatch.jobForFile(
        currentUser(request),
        request.params.fileName,
        auditActor(request),
      );
      const name = `${job.action}-job-${job.createdAt.toISOString().slice(0, 10)}-${kind}.csv`;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(jobCsv(app.db, job.id, kind)));
    },
  );

  // Twilio-shaped delivery reports: signed with the auth token over the public URL and the form.
  // The one API route that reads a form: the parser is registered in this route's scope only.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      API.webhooks.messageStatus,
      {
        schema: {
          tags,
          body: z.record(z.string(), z.string()),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!config.twilio) throw notFound('No message provider is configured.');
        const params = request.body;
        const signature = request.headers['x-twilio-signature'];
        const url = `${config.publicUrl}${API.webhooks.messageStatus}`;
        if (
          !isValidTwilioSignature(
            config.twilio.authToken,
            url,
            params,
            typeof signature === 'string' ? signature : undefined,
          )
        )
          throw forbidden('Invalid signature.');
        const sid = params.MessageSid;
        if (!sid) throw badRequest('MessageSid is required.');
        const status = params.MessageStatus;
        if (status === 'delivered' || status === 'read')
          await dispatch.providerStatus(sid, 'delivered');
        else if (status === 'undelivered' || status === 'failed')
          await dispatch.providerStatus(sid, 'undelivered');
        return { ok: true as const };
      },
    );
  });
};
