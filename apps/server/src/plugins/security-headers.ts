import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * helmet's headers on every answer, pages, API and errors alike. Its middleware is built once:
 * @fastify/helmet built it again for every request, parsing the policy each time, which was 6%
 * of the server's CPU over a live quiz's 60,000 answers (a profile of bench:quiz).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Mantine writes its CSS variables into style tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          upgradeInsecureRequests: null,
        },
      },
    });
    app.addHook('onRequest', (request, reply, done) =>
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
