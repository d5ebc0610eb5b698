import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '@alumnet/contract';

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
 * The request as a log line shows it: a query that names a secret is left out whole, so a
 * password someone's browser put into an address is in no log (pino's `req` serializer).
 */
export function requestForLog(request: FastifyRequest) {
  const secret = queryNames(request.url).some((name) => SECRET_PARAMETER.test(name));
  return {
    method: request.method,
    url: secret ? `${request.url.split('?')[0]}?[query left out]` : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Which origins may send unsafe requests: this host, and the portal's public address. */
function isOwnOrigin(origin: string, request: FastifyRequest, publicOrigin: string | null) {
  if (origin === publicOrigin) return true;
  try {
    // The host and port alone, as Go's CrossOriginProtection compares them: behind a proxy that
    // ends TLS the scheme this process sees is not the browser's. A default port may be written
    // in one header and left out of the other.
    const from = new URL(origin);
    const fromPort = from.port || (from.protocol === 'https:' ? '443' : '80');
    const [host = '', port] = (request.headers.host ?? '').split(/:(?=\d+$)/);
    return from.hostname === host.toLowerCase() && (port === undefined || port === fromPort);
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: not this site.
    return false;
  }
}

/**
 * Whether an unsafe request was sent by another site's page in the browser of someone signed in
 * here (cross-site request forgery). Browsers name the page's origin in `Origin` on every POST,
 * and say where a request comes from in `Sec-Fetch-Site`; a request with neither is not a
 * browser's (a script, an API client, a test) and passes, as it cannot carry a victim's cookie
 * without it.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | null) {
  const origin = request.headers.origin;
  if (origin !== undefined) return !isOwnOrigin(origin, request, publicOrigin);
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

const refuse = (reply: FastifyReply, statusCode: number, message: string) =>
  reply.status(statusCode).send({ statusCode, error: message, message });

/**
 * Two rules every request meets before anything else runs:
 * - an unsafe request (POST, PUT, PATCH, DELETE) from another site is refused with 403 and no
 *   effect; a sibling subdomain counts as another site here, though `SameSite=Lax` lets its
 *   requests carry the session cookie. Signed webhooks are exempt: providers post from their
 *   own servers, and their signature is checked instead.
 * - a GET with a password in its address is refused: the password is already in the browser's
 *   history, and must not also be acted on or logged (see `requestForLog`).
 */
export const requestOriginPlugin = fp(
  async (app: FastifyInstance, options: { publicUrl: string | undefined }) => {
    const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
    const webhooks = API.webhooks.prefix;

    app.addHook('onRequest', async (request, reply) => {
      if (UNSAFE_METHODS.has(request.method)) {
        if (request.url.startsWith(webhooks)) return;
        if (isCrossSite(request, publicOrigin)) return refuse(reply, 403, CROSS_SITE_MESSAGE);
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
