import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, INTERNAL_ERROR } from '../lib/errors';
import { isPastCallDeadline } from '../db/call-deadline';
import { isDatabaseUnavailable } from '../ops/outages';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** What a member reads while the database is away; the outage itself is logged once. */
export const DATABASE_UNAVAILABLE =
  'The portal cannot reach its database right now. Please try again in a minute.';

/**
 * How a failure is told to whoever asked, over HTTP or a socket: an AppError with its own status
 * and text; 503 while the database is away (the outage logged once, by the outage); anything
 * else 500 with a generic text, the error itself logged as `what`.
 */
export function failureOf(
  app: FastifyInstance,
  error: unknown,
  log: FastifyBaseLogger,
  what: string,
): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message };
  if (isDatabaseUnavailable(error)) {
    app.outages.database.down(error);
    return { status: 503, message: DATABASE_UNAVAILABLE };
  }
  log.error({ err: error }, what);
  return { status: 500, message: INTERNAL_ERROR };
}

/**
 * One place turns every failure into `{ statusCode, error, message }` with a message a person can
 * read. Internal errors are logged and never shown.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = (statusCode: number, message: string, code?: string) =>
        reply.status(statusCode).send({ statusCode, error: code ?? message, message });

      if (error instanceof AppError) return send(error.statusCode, error.message, error.code);
      if (hasZodFastifySchemaValidationErrors(error)) {
        // The contract's messages are written for people; the first one is the one to fix first.
        const first = error.validation[0];
        return send(400, first?.message ?? 'Invalid request');
      }
      const status = error.statusCode ?? 500;
      if (status === 429)
        return send(429, 'Too many requests. Please wait a minute and try again.');
      if (status === 413) return send(413, 'The request is too large.');
      if (status === 415) return send(415, 'Send the request as JSON.');
      if (status >= 400 && status < 500) {
        return send(
          status,
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON.'
            : error.message || STATUS_TEXT[status] || 'Bad request',
        );
      }
      // Waiting for the database past the call's deadline is the portal's overload, not an
      // outage: answered as load shedding answers (plugins/load-shedding.ts).
      if (isPastCallDeadline(error)) return app.shed(reply, 'deadline');
      const failure = failureOf(app, error, request.log, 'unhandled error');
      if (failure.status === 503) reply.header('retry-after', '10');
      return send(failure.status, failure.message);
    });

    app.setNotFoundHandler((request, reply) => {
      const message = `No such route: ${request.method} ${request.url.split('?')[0]}`;
      return reply.status(404).send({ statusCode: 404, error: message, message });
    });
  },
  { name: 'errors', dependencies: ['outages'] },
);
