import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CACHE_FOREVER } from '../lib/http-cache';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html never, so a deploy
 * is picked up at once. Any other GET that wants a page gets index.html (client-side routes).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const index = path.join(options.webDist, 'index.html');
    if (!existsSync(index)) {
      app.log.warn(
        `no built web app at ${options.webDist}; run npm run build (the API still works)`,
      );
      return;
    }
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      // The .br and .gz copies the build made: chosen by Accept-Encoding, with Vary set.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? CACHE_FOREVER : 'no-cache',
        );
      },
    });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
