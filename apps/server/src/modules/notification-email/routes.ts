import {
  UNSUBSCRIBE_INVALID_MESSAGE,
  unsubscribeAnswer,
  unsubscribeParams,
} from '@alumnet/contract';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { appSecret } from '../../db/app-secret';
import { AppError } from '../../lib/errors';
import { confirmPage, donePage, invalidPage } from './pages';
import { scopeInWords, unsubscribe } from './service';
import { readUnsubscribeToken } from './unsubscribe-token';

/** A browser's form wants a page back; a mail client's one-click POST, or a script, JSON. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);

/**
 * One-click unsubscribe (RFC 8058) and its page. No sign-in: the signed token in the address is
 * the credential, and all it can do is turn e-mail off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/unsubscribe/:token',
    { schema: { tags, params: unsubscribeParams, hide: true } },
    async (request, reply) => {
      const claim = readUnsubscribeToken(await appSecret(app.db), request.params.token);
      if (!claim) return html(reply, 400, invalidPage(UNSUBSCRIBE_INVALID_MESSAGE));
      return html(reply, 200, confirmPage(request.params.token, scopeInWords(claim.scope)));
    },
  );

  // Mail providers post `List-Unsubscribe=One-Click` as a form (RFC 8058: urlencoded or
  // multipart); the body says nothing the address does not, so it is read and ignored. The form
  // parsers are registered in this scope only: the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(fastifyFormbody);
    scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
      payload.on('error', (error) => done(error, undefined));
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/unsubscribe/:token',
        { schema: { tags, params: unsubscribeParams, response: { 200: unsubscribeAnswer } } },
        async (request, reply) => {
          try {
            const answer = await unsubscribe(app.db, request.params.token);
            return wantsPage(request) ? html(reply, 200, donePage(answer.message)) : answer;
          } catch (error) {
            if (error instanceof AppError && wantsPage(request))
              return html(reply, error.statusCode, invalidPage(error.message));
            throw error;
          }
        },
      );
  });
};
