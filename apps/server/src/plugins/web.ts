import { ADMIN_COLLEGE_COOKIE, TIME_ZONE_COOKIE } from '@alumnet/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_FOREVER } from '../lib/http-cache';
import { sanitizeJobHtml } from '../lib/sanitize-html';
import { SESSION_COOKIE } from '../modules/auth/tokens';

/** What the web build drew in advance for visitors: path → file (apps/web/build/prerender.ts). */
function prerenderedPages(webDist: string): Record<string, string> {
  const manifest = path.join(webDist, 'prerendered', 'pages.json');
  return existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>)
    : {};
}

/** The web build's render of signed-in pages (apps/web/src/ssr.tsx), built for Node. */
type PageRender = {
  DRAWN_ROUTES: readonly string[];
  setJobHtmlPolicy(policy: (html: string) => string): void;
  drawPage(
    index: string,
    url: string,
    call: (path: string, init: RequestInit) => Promise<Response>,
    viewport: 'phone' | 'wide',
    /** The browser's time zone, from its cookie (unchecked). */
    timeZone?: string,
    /** A super admin's chosen college, from its cookie (unchecked: only matched against a list). */
    adminCollege?: string,
  ): Promise<{ page: string } | { redirect: string } | null>;
};
const SSR_DIR = 'ssr';

/**
 * Whether the page is for a phone: Chromium says so in every request (`Sec-CH-UA-Mobile`), the
 * others in their user agent. Only the first layout depends on it; the browser then lays the
 * screen out for its real width.
 */
const viewportOf = (request: FastifyRequest): 'phone' | 'wide' => {
  const mobile = request.headers['sec-ch-ua-mobile'];
  if (mobile) return mobile === '?1' ? 'phone' : 'wide';
  return /Mobi|Android|iPhone/.test(request.headers['user-agent'] ?? '') ? 'phone' : 'wide';
};

async function pageRender(webDist: string): Promise<PageRender | null> {
  const file = path.join(webDist, SSR_DIR, 'ssr.mjs');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as PageRender) : null;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; pages never, so a deploy is
 * picked up at once. Any other GET that wants a page gets index.html (client-side routes), or:
 * - for a browser without a session, the page the build drew in advance for that route (the
 *   landing page, the forms, the quiz): its screen shows before any script has run;
 * - for a browser with one, on the main screens, the page drawn now for that user with its data
 *   (the web build's `ssr.mjs`), for the same reason. If that render fails, index.html: the app
 *   then does it all in the browser, as it did before.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's page (index.html) with more in its head: a shared link's preview (OpenGraph) for
     * a page the app draws in the browser. Absent when no web build is there.
     */
    appPage?: (head: string) => string;
  }
}

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
      // The server's render is code for this process, not for browsers.
      allowedPath: (pathName) => !pathName.startsWith(`/${SSR_DIR}/`),
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
    const render = await pageRender(options.webDist);
    render?.setJobHtmlPolicy(sanitizeJobHtml);
    const indexHtml = readFileSync(index, 'utf8');
    app.decorate('appPage', (head: string) => indexHtml.replace('</head>', `${head}\n  </head>`));

    // The page's calls go through the whole API (its guards, its college scoping) in process, as
    // the browser that asked: its cookie, its address for the rate limits.
    const callAs = (request: FastifyRequest) => async (url: string, init: RequestInit) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url,
        headers: {
          cookie: request.headers.cookie ?? '',
          ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
        remoteAddress: request.ip,
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
      const route = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
      if (!request.cookies[SESSION_COOKIE])
        return reply.sendFile(prerendered[route] ?? 'index.html');
      if (render?.DRAWN_ROUTES.includes(route)) {
        try {
          const drawn = await render.drawPage(
            indexHtml,
            request.url,
            callAs(request),
            viewportOf(request),
            request.cookies[TIME_ZONE_COOKIE],
            request.cookies[ADMIN_COLLEGE_COOKIE],
          );
          if (drawn && 'redirect' in drawn) return reply.redirect(drawn.redirect);
          if (drawn) {
            // One user's page: no shared cache may keep it.
            return reply
              .header('cache-control', 'private, no-cache')
              .type('text/html; charset=utf-8')
              .send(drawn.page);
          }
        } catch (error) {
          request.log.error({ err: error, route }, 'drawing the page failed; sent the app shell');
        }
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
