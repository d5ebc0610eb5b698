import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_FOREVER } from '../lib/http-cache';
import { SESSION_COOKIE } from '../modules/auth/tokens';

/** What the web build drew in advance for visitors: path → file (apps/web/build/prerender.ts). */
function prerenderedPages(webDist: string): Record<string, string> {
  const manifest = path.join(webDist, 'prerendered', 'pages.json');
  return existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>)
    : {};
}

/**
 * Serves the built web app. Hashed assets are cached for a year; pages never, so a deploy is
 * picked up at once. Any other GET that wants a page gets index.html (client-side routes), or,
 * for a browser without a session, the page the build drew in advance for that route (the
 * landing page, the forms, the quiz): its screen shows before any script has run. A browser with
 * a session gets index.html, so a member never glimpses the visitor's screen first.
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
      // `/` is a page like the others (below), not the file index.html.
      index: false,
      // The .br and .gz copies the build made: chosen by Accept-Encoding, with Vary set.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? CACHE_FOREVER : 'no-cache',
        );
      },
    });
    const prerendered = prerenderedPages(options.webDist);
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      const page = request.cookies[SESSION_COOKIE]
        ? undefined
        : prerendered[request.url.split('?')[0]!.replace(/(.)\/+$/, '$1')];
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .sendFile(page ?? 'index.html');
    });
  },
  { name: 'web' },
);
