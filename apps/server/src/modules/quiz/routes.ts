import {
  API,
  emailCodeAnswer,
  emailCodeBody,
  gameCodeParams,
  gameStatusAnswer,
  hostActionBody,
  hostState,
  joinGameAnswer,
  joinGameBody,
  messageAnswer,
  quizBody,
  quizDetail,
  quizIdParams,
  quizListQuery,
  quizSummary,
  startGameAnswer,
  startGameBody,
  submitAnswerAnswer,
  submitAnswerBody,
  submitAnswerParams,
  validateUserAnswer,
  validateUserBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import type { QuizService } from './service';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

/**
 * The player's calls (member-portal.md §7, snake_case, open to anyone: the player_id is the
 * credential, and validate-user hands it out only to the member's session or to whoever shows
 * the code e-mailed to the member) and the host's (college admins and super admins).
 */
export const quizRoutes: FastifyPluginAsyncZod<{ quiz: QuizService }> = async (app, { quiz }) => {
  const playerTags = ['quiz'];
  const hostTags = ['quiz host'];

  app.get(
    pattern(API.quiz.gameStatus(':code')),
    { schema: { tags: playerTags, params: gameCodeParams, response: { 200: gameStatusAnswer } } },
    (request) => quiz.status(request.params.code),
  );

  app.post(
    API.quiz.emailCode,
    {
      // Per address, the service sends at most one code a minute; per client address, this.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: playerTags, body: emailCodeBody, response: { 200: emailCodeAnswer } },
    },
    (request) => quiz.sendEmailCode(request.body.email_id),
  );

  app.post(
    API.quiz.validateUser,
    {
      // Each wrong code spends one of the code's tries; this slows the guessing of many codes.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: playerTags, body: validateUserBody, response: { 200: validateUserAnswer } },
    },
    (request) => quiz.validateUser(request.user, request.body),
  );

  app.post(
    pattern(API.quiz.joinGame(':code')),
    {
      schema: {
        tags: playerTags,
        params: gameCodeParams,
        body: joinGameBody,
        response: { 200: joinGameAnswer },
      },
    },
    (request) => quiz.join(request.params.code, request.body.player_id, request.body.team),
  );

  app.post(
    pattern(API.quiz.submitAnswer(':code', ':playerId')),
    {
      // A live game's answer counts from its moment (load-shedding.ts).
      config: { finishesWork: true },
      schema: {
        tags: playerTags,
        params: submitAnswerParams,
        body: submitAnswerBody,
        response: { 200: submitAnswerAnswer },
      },
    },
    (request) => quiz.submit(request.params.code, request.params.playerId, request.body),
  );

  // ---------------------------------------------------------------- the host's console

  const onRequest = app.requireAdmin;

  app.get(
    API.quizHost.quizzes,
    {
      onRequest,
      schema: {
        tags: hostTags,
        querystring: quizListQuery,
        response: { 200: z.array(quizSummary) },
      },
    },
    (request) => quiz.listQuizzes(currentUser(request), request.query.collegeId),
  );

  app.post(
    API.quizHost.quizzes,
    { onRequest, schema: { tags: hostTags, body: quizBody, response: { 200: quizDetail } } },
    (request) => quiz.createQuiz(currentUser(request), request.body, auditActor(request)),
  );

  const quizPath = pattern(API.quizHost.quiz(':quizId'));
  app.get(
    quizPath,
    { onRequest, schema: { tags: hostTags, params: quizIdParams, response: { 200: quizDetail } } },
    (request) => quiz.readQuiz(currentUser(request), request.params.quizId),
  );

  app.put(
    quizPath,
    {
      onRequest,
      schema: {
        tags: hostTags,
        params: quizIdParams,
        body: quizBody,
        response: { 200: quizDetail },
      },
    },
    (request) =>
      quiz.replaceQuiz(
        currentUser(request),
        request.params.quizId,
        request.body,
        auditActor(request),
      ),
  );

  app.delete(
    quizPath,
    {
      onRequest,
      schema: { tags: hostTags, params: quizIdParams, response: { 200: messageAnswer } },
    },
    (request) => quiz.deleteQuiz(currentUser(request), request.params.quizId, auditActor(request)),
  );

  app.post(
    pattern(API.quizHost.startGame(':quizId')),
    {
      onRequest,
      schema: {
        tags: hostTags,
        params: quizIdParams,
        // Older consoles POST without a body: that starts a game on today's rules.
        body: z.preprocess((body) => body ?? {}, startGameBody),
        response: { 200: startGameAnswer },
      },
    },
    (request) => quiz.startGame(currentUser(request), request.params.quizId, request.body.settings),
  );

  app.get(
    pattern(API.quizHost.game(':code')),
    { onRequest, schema: { tags: hostTags, params: gameCodeParams, response: { 200: hostState } } },
    (request) => quiz.hostState(currentUser(request), request.params.code),
  );

  app.post(
    pattern(API.quizHost.action(':code')),
    {
      onRequest,
      // The room waits on it (load-shedding.ts).
      config: { finishesWork: true },
      schema: {
        tags: hostTags,
        params: gameCodeParams,
        body: hostActionBody,
        response: { 200: hostState },
      },
    },
    (request) =>
      quiz.act(currentUser(request), request.params.code, request.body.action, request.body.from),
  );

  app.get(
    pattern(API.quizHost.results(':code')),
    { onRequest, schema: { tags: hostTags, params: gameCodeParams } },
    async (request, reply) => {
      const { fileName, csv } = await quiz.resultsCsv(
        currentUser(request),
        request.params.code,
        auditActor(request),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
