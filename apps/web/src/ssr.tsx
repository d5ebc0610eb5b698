/**
 * A signed-in user's pages drawn by the server at request time (apps/server's web plugin loads
 * this module from the build, `dist/ssr/ssr.mjs`): the screen arrives drawn with its data, so a
 * phone paints the feed, the directory or the jobs as soon as the HTML and the stylesheet are in,
 * instead of after the app's scripts have downloaded, asked who is signed in, fetched the data
 * and rendered. The app then starts in the browser from the same data (lib/server-state.ts) and
 * takes this markup over as it is (hydration, main.tsx).
 *
 * The render runs the app's own route table and loaders, with a query client of the request's
 * own, and the loaders' calls go into the API in process as the user whose page it is (`call`,
 * which carries their cookie): nothing is shared between two requests.
 */
import { dehydrate } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createRoutes } from './app/route-table';
import { STYLESHEETS_FILE, withScreen } from './app/page-document';
import { AppFrame } from './app/app-frame';
import { paths } from './config/paths';
import { filterOptionsQuery } from './features/admin/shared/api/colleges';
import { readDrawnAdminCollegeFrom } from './features/admin/shared/hooks/use-admin-college';
import { sendRequestsThrough } from './lib/api-request';
import { createQueryClient } from './lib/query-client';
import { isAdmin, meQuery } from './lib/session';
import { serializeServerState } from './lib/server-state';
import { knownTimeZone } from './lib/time-zone';
import type { Viewport } from './lib/use-from-breakpoint';

/** Answers one of the app's API calls as the user whose page is drawn. */
export type Call = (path: string, init: RequestInit) => Promise<Response>;

export type Drawn =
  | { page: string }
  | { redirect: string }
  /** Nothing drawn (the route failed): the browser gets index.html and the app does it all. */
  | null;

/**
 * The screens drawn here: a signed-in user's main screens, and the pages a signed-in user is
 * sent away from (the forms: a redirect, before any script). The others are drawn in the browser.
 */
export const DRAWN_ROUTES = [
  paths.home,
  paths.dashboard,
  paths.feed,
  paths.alumzone,
  paths.jobs,
  paths.chat,
  paths.profile,
  paths.login,
  paths.signup,
];

/**
 * Job details (and events' descriptions) are sanitized once more as they are drawn; the
 * browser's sanitizer needs a DOM, so the server lends its own policy (the one they were stored
 * under).
 */
export { sanitizeWithoutDom as setJobHtmlPolicy } from './lib/safe-html';

// Written beside this module by the build (build/prerender.ts).
const byHash = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), STYLESHEETS_FILE), 'utf8'),
) as Record<string, string>;

/** The request a page is drawn for, as its render reads it. */
interface Drawing {
  call: Call;
  /** The college a super admin chose for the admin screens, from its cookie (unchecked). */
  adminCollege: string | null;
}
const drawings = new AsyncLocalStorage<Drawing>();
sendRequestsThrough((path, init) => {
  const drawing = drawings.getStore();
  if (!drawing) throw new Error(`API call to ${path} outside a page's render`);
  return drawing.call(path, init);
});
readDrawnAdminCollegeFrom(() => drawings.getStore()?.adminCollege ?? null);

/** The routes that show an admin the admin dashboard, which works on one college. */
const ADMIN_HOME_ROUTES: readonly string[] = [paths.home, paths.dashboard];

const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The page at `url` (path and query) for the user `call` speaks for, inside `index` (index.html),
 * laid out for the screen the request names (`viewport`), its times in the time zone the browser
 * left in its cookie (`timeZone`; the server's own if it left none we know), and for a super
 * admin, the admin screens on the college their cookie names (`adminCollege`).
 */
export function drawPage(
  index: string,
  url: string,
  call: Call,
  viewport: Viewport,
  browserTimeZone?: string,
  adminCollege?: string,
): Promise<Drawn> {
  const timeZone = knownTimeZone(browserTimeZone) ?? SERVER_TIME_ZONE;
  return drawings.run({ call, adminCollege: adminCollege || null }, async () => {
    const client = createQueryClient();
    // A failed call shows as the screen's own error, at once: the browser asks again.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
    try {
      const handler = createStaticHandler(createRoutes(client));
      const address = new URL(url, 'http://alumnet.invalid');
      const context = await handler.query(new Request(address));
      if (context instanceof Response) {
        const location = context.headers.get('location');
        return location ? { redirect: location } : null;
      }
      if (context.errors || context.statusCode !== 200) return null;
      // A super admin's dashboard names the college it works on, which needs the list of
      // colleges: fetched here (one call in process), the page is drawn with the college the
      // cookie names instead of "All colleges", and the browser takes it over as drawn.
      const viewer = client.getQueryData(meQuery.queryKey)?.user;
      if (viewer?.isSuperAdmin && ADMIN_HOME_ROUTES.includes(address.pathname))
        await client.prefetchQuery(filterOptionsQuery);
      // Unlike renderToString, this waits for what the screen suspends on (its lazy parts).
      const { prelude } = await prerender(
        <AppFrame client={client} drawn={{ viewport, timeZone }}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppFrame>,
      );
      const screen = await new Response(prelude).text();
      // The signed-in user (the loaders asked); their role picks the home screen's chunks.
      const user = client.getQueryData(meQuery.queryKey)?.user;
      const state = serializeServerState({
        router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
        queries: dehydrate(client),
        viewport,
        timeZone,
      });
      return {
        page: withScreen(index, screen, byHash, state, isAdmin(user) ? 'admin' : 'member'),
      };
    } finally {
      client.clear();
    }
  });
}
