import {
  API,
  QUIZ_PLAY_MESSAGES,
  challengeAnswerAnswer,
  challengeAnswerBody,
  challengeState,
  gameCodeParams,
  quizAnswerValue,
  quizIdParams,
  startChallengeBody,
  startGameAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/plugin';
import type { ChallengeService } from './challenge';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

// An answer of no shape the quiz knows gets the players' own words, not zod's.
const answerBody = challengeAnswerBody.extend({
  submitter_answer: z
    .unknown()
    .refine((value) => quizAnswerValue.safeParse(value).success, QUIZ_PLAY_MESSAGES.badAnswer)
    .describe('A quizAnswerValue: an option index, the indices ticked or in order, or a text.'),
});

/**
 * Self-paced challenges: the host assigns one (college admins and super admins, as a live game
 * is started); the members of the quiz's college play it signed in, the session saying who.
 */
export const quizChallengeRoutes: FastifyPluginAsyncZod<{ challenges: ChallengeService }> = async (
  app,
  { challenges },
) => {
  app.post(
    pattern(API.quizHost.challenge(':quizId')),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['quiz host'],
        params: quizIdParams,
        body: startChallengeBody,
        response: { 200: startGameAnswer },
      },
    },
    (request) => challenges.create(currentUser(request), request.params.quizId, request.body),
  );

  const onRequest = app.requireUser;
  const tags = ['quiz'];

  app.get(
    pattern(API.quiz.challenge(':code')),
    { onRequest, schema: { tags, params: gameCodeParams, response: { 200: challengeState } } },
    (request) => challenges.state(currentUser(request), request.params.code),
  );

  app.post(
    pattern(API.quiz.challengeNext(':code')),
    { onRequest, schema: { tags, params: gameCodeParams, response: { 200: challengeState } } },
    (request) => challenges.next(currentUser(request), request.params.code),
  );

  app.post(
    pattern(API.quiz.challengeAnswer(':code')),
    {
      onRequest,
      // The question's timer runs on the server (load-shedding.ts).
      config: { finishesWork: true },
      schema: {
        tags,
        params: gameCodeParams,
        body: answerBody,
        response: { 200: challengeAnswerAnswer },
      },
    },
    (request) => challenges.answer(currentUser(request), request.params.code, request.body),
  );
};
