import {
  API,
  acceptRequestBody,
  declineRequestBody,
  endMentorshipBody,
  goalAnswer,
  goalBody,
  goalParams,
  goalPatchBody,
  mentoringParams,
  mentoringRequestAnswer,
  mentoringRequestBody,
  mentoringRequestsAnswer,
  mentorProfileAnswer,
  mentorProfileBody,
  mentorshipAnswer,
  mentorshipsAnswer,
  messageAnswer,
  programmeAnswer,
  programmeQuery,
  sessionAnswer,
  sessionBody,
  suggestionsAnswer,
  suggestionsQuery,
  topicBody,
  topicsAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perMember } from '../../lib/rate-limits';
import { auditActor, recordAudit } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { addTopic, programme, programmeCollege, programmeCsv } from './programme';
import { createMentorDirectory } from './directory';
import { createMentoringService } from './service';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

/** Answers that also carry the contract's confirmation sentence. */
const withMessage = <T extends z.ZodRawShape>(answer: z.ZodObject<T>) =>
  answer.extend({ message: z.string() });

/**
 * Mentoring (issue 29): a member's mentor profile, suggested mentors, requests and their answers,
 * mentorships with goals, sessions and endings, and the programme's figures for admins. Every
 * call needs a session; what the caller may do is service.ts's (and programme.ts's) answer.
 */
export const mentoringRoutes: FastifyPluginAsyncZod<{ directorySeconds: number }> = async (
  app,
  { directorySeconds },
) => {
  const mentoring = createMentoringService(
    app.db,
    pushNotifications(app),
    createMentorDirectory(app.db, directorySeconds * 1000),
  );
  const tags = ['mentoring'];
  const onRequest = app.requireUser;
  const params = mentoringParams;

  app.get(
    API.mentoring.profile,
    { onRequest, schema: { tags, response: { 200: mentorProfileAnswer } } },
    (request) => mentoring.profile(currentUser(request)),
  );

  app.put(
    API.mentoring.profile,
    {
      onRequest,
      config: perMember(30),
      schema: {
        tags,
        body: mentorProfileBody,
        response: { 200: withMessage(mentorProfileAnswer) },
      },
    },
    (request) => mentoring.saveProfile(currentUser(request), request.body),
  );

  app.get(
    API.mentoring.suggestions,
    {
      onRequest,
      schema: { tags, querystring: suggestionsQuery, response: { 200: suggestionsAnswer } },
    },
    (request) => mentoring.suggestions(currentUser(request), request.query),
  );

  app.get(
    API.mentoring.requests,
    { onRequest, schema: { tags, response: { 200: mentoringRequestsAnswer } } },
    (request) => mentoring.requests(currentUser(request)),
  );

  app.post(
    API.mentoring.requests,
    {
      onRequest,
      config: perMember(30),
      schema: {
        tags,
        body: mentoringRequestBody,
        response: { 200: withMessage(mentoringRequestAnswer) },
      },
    },
    (request) => mentoring.request(currentUser(request), request.body),
  );

  app.post(
    pattern(API.mentoring.accept(':id')),
    {
      onRequest,
      schema: { tags, params, body: acceptRequestBody, response: { 200: mentoringRequestAnswer } },
    },
    (request) => mentoring.accept(currentUser(request), request.params.id, request.body),
  );

  app.post(
    pattern(API.mentoring.decline(':id')),
    {
      onRequest,
      schema: {
        tags,
        params,
        body: declineRequestBody,
        response: { 200: withMessage(mentoringRequestAnswer) },
      },
    },
    (request) => mentoring.decline(currentUser(request), request.params.id, request.body),
  );

  app.post(
    pattern(API.mentoring.withdraw(':id')),
    { onRequest, schema: { tags, params, response: { 200: withMessage(mentoringRequestAnswer) } } },
    (request) => mentoring.withdraw(currentUser(request), request.params.id),
  );

  app.get(
    API.mentoring.mentorships,
    { onRequest, schema: { tags, response: { 200: mentorshipsAnswer } } },
    (request) => mentoring.mentorships(currentUser(request)),
  );

  app.get(
    pattern(API.mentoring.mentorship(':id')),
    { onRequest, schema: { tags, params, response: { 200: mentorshipAnswer } } },
    (request) => mentoring.mentorship(currentUser(request), request.params.id),
  );

  app.post(
    pattern(API.mentoring.goals(':id')),
    { onRequest, schema: { tags, params, body: goalBody, response: { 200: goalAnswer } } },
    (request) => mentoring.addGoal(currentUser(request), request.params.id, request.body.text),
  );

  app.patch(
    pattern(API.mentoring.goal(':id', ':goalId')),
    {
      onRequest,
      schema: { tags, params: goalParams, body: goalPatchBody, response: { 200: goalAnswer } },
    },
    (request) =>
      mentoring.changeGoal(
        currentUser(request),
        request.params.id,
        request.params.goalId,
        request.body,
      ),
  );

  app.delete(
    pattern(API.mentoring.goal(':id', ':goalId')),
    { onRequest, schema: { tags, params: goalParams, response: { 200: messageAnswer } } },
    (request) =>
      mentoring.deleteGoal(currentUser(request), request.params.id, request.params.goalId),
  );

  app.post(
    pattern(API.mentoring.sessions(':id')),
    { onRequest, schema: { tags, params, body: sessionBody, response: { 200: sessionAnswer } } },
    (request) => mentoring.logSession(currentUser(request), request.params.id, request.body),
  );

  app.post(
    pattern(API.mentoring.end(':id')),
    {
      onRequest,
      schema: { tags, params, body: endMentorshipBody, response: { 200: mentorshipAnswer } },
    },
    (request) => mentoring.end(currentUser(request), request.params.id, request.body),
  );

  app.get(
    API.mentoring.programme,
    {
      onRequest,
      schema: {
        tags,
        querystring: programmeQuery,
        // ?format=csv answers the sheet as text/csv, sent as it is (not serialized).
        response: { 200: z.union([programmeAnswer, z.string()]) },
      },
    },
    async (request, reply) => {
      const collegeId = programmeCollege(currentUser(request), request.query.collegeId);
      if (request.query.format !== 'csv') return programme(app.db, collegeId);
      await recordAudit(app.db, auditActor(request), {
        action: 'export.download',
        collegeId,
        targetType: 'report',
        targetLabel: 'Mentoring programme (CSV)',
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mentorships.csv"')
        .header('cache-control', 'no-store')
        .send(await programmeCsv(app.db, collegeId));
    },
  );

  app.post(
    API.mentoring.topics,
    {
      onRequest,
      config: perMember(30),
      schema: {
        tags,
        querystring: programmeQuery.pick({ collegeId: true }),
        body: topicBody,
        response: { 200: topicsAnswer },
      },
    },
    (request) => {
      const user = currentUser(request);
      const collegeId = programmeCollege(user, request.query.collegeId);
      return app.db.transaction(async (tx) => {
        const added = await addTopic(tx, collegeId, request.body.name, user.id);
        await recordAudit(tx, auditActor(request), {
          action: 'mentoring.change',
          collegeId,
          targetType: 'topic',
          targetLabel: request.body.name,
          details: { change: 'topic.add' },
        });
        return added;
      });
    },
  );
};
