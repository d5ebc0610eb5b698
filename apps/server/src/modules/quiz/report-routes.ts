import {
  API,
  gameCodeParams,
  quizGamesAnswer,
  quizGamesQuery,
  quizReport,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import type { ReportService } from './report';

/** Fastify's path pattern of a contract path: the placeholder values become `:name`. */
const pattern = (path: string) => path.replace(/%3A/g, ':');

/** The host's past games and a game's report (college admins: their college's; super admins). */
export const quizReportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (
  app,
  { reports },
) => {
  const onRequest = app.requireAdmin;
  const tags = ['quiz host'];

  app.get(
    API.quizHost.games,
    {
      onRequest,
      schema: { tags, querystring: quizGamesQuery, response: { 200: quizGamesAnswer } },
    },
    (request) => reports.listGames(currentUser(request), request.query),
  );

  app.get(
    pattern(API.quizHost.report(':code')),
    { onRequest, schema: { tags, params: gameCodeParams, response: { 200: quizReport } } },
    (request) => reports.report(currentUser(request), request.params.code),
  );
};
