import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '@alumnet/contract';
import { isCrossSite, type OriginRule } from '../lib/same-origin';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a browser reads when another site's page tried to act here in its name. */
export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused. Open the portal itself and try again.';

/** What a browser reads when a web address carried a password. */
export const PASSWORD_IN_ADDRESS_MESSAGE =
  'A password was sent in the web address, where it does not belong; the request was refused and not recorded. Log in from the login page.';

/** Query parameters whose values never reach a log line (nor, for passwords, a handler). */
const SECRET_PARAMETER = /pass(word)?|pwd|token|secret/i;
const PASSWORD_PARAMETER = /pass(word)?|pwd/i;

function queryNames(url: string) {
  const at = url.indexOf('?');
  return at === -1 ? [] : [...new URLSearchParams(url.slice(at + 1)).keys()];
}

/**
 * Addresses that carry a credential in their path: an invitation's, a password reset's or an
 * unsubscribe link (a page and its calls), a quiz player's id, and a member's calendar feed.
 */
const CREDENTIAL_IN_PATH =
  /^(\/(?:invite|reset-password|unsubscribe|calendar|api\/auth\/password-reset|api\/invitations|api\/unsubscribe)\/|\/api\/kahoot\/submit-answer\/[^/?]+\/)[^/?]+/;

/**
 * The request as a log line shows it (pino's `req` serializer): a credential in the path is
 * replaced, and a query that names a secret is left out whole, so neither a link's token nor a
 * password someone's browser put into an address is in any log.
 */
export function requestForLog(request: FastifyRequest) {
  const [path = '', query] = request.url.split(/\?(.*)/s);
  const secret = queryNames(request.url).some((name) => SECRET_PARAMETER.test(name));
  const shownPath = path.replace(CREDENTIAL_IN_PATH, '$1[token]');
  return {
    method: request.method,
    url: query === undefined ? shownPath : `${shownPath}?${secret ? '[query left out]' : query}`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const refuse = (reply: FastifyReply, statusCode: number, message: string) =>
  reply.status(statusCode).send({ statusCode, error: message, message });

/**
 * Two rules every request meets before anything else runs:
 * - an unsafe request (POST, PUT, PATCH, DELETE) from another site (lib/same-origin.ts) is
 *   refused with 403 and no effect. Signed webhooks are exempt: providers post from their own
 *   servers, and their signature is checked instead.
 * - a GET with a password in its address is refused: the password is already in the browser's
 *   history, and must not also be acted on or logged (see `requestForLog`).
 */
export const requestOriginPlugin = fp(
  async (app: FastifyInstance, { rule }: { rule: OriginRule }) => {
    const webhooks = API.webhooks.prefix;
    const unsubscribe = API.unsubscribe('');

    app.addHook('onRequest', async (request, reply) => {
      if (UNSAFE_METHODS.has(request.method)) {
        // A webmail's one-click unsubscribe may post from its own page: the link's token is the
        // credential, and all it can do is stop an e-mail.
        if (request.url.startsWith(webhooks) || request.url.startsWith(unsubscribe)) return;
        if (isCrossSite(request.headers, rule)) return refuse(reply, 403, CROSS_SITE_MESSAGE);
        return;
      }
      if (!queryNames(request.url).some((name) => PASSWORD_PARAMETER.test(name))) return;
      if (request.url.startsWith('/api/')) return refuse(reply, 400, PASSWORD_IN_ADDRESS_MESSAGE);
      // A page: someone's browser sent a form the old way; they read why, and where to go.
      return reply
        .status(400)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Request refused</title><body style="font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">Request refused</h1><p>${PASSWORD_IN_ADDRESS_MESSAGE}</p><p><a href="/login">Go to the login page</a></p></body></html>`,
        );
    });
  },
  { name: 'request-origin' },
);
