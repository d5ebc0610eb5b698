import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Viewport } from './use-from-breakpoint';

/**
 * What a page the server drew for a signed-in user (src/ssr.tsx) carries for the app that takes
 * it over: the answers of the route's loaders and the query cache the page was drawn from. The
 * app starts from them, with no second round of the same requests.
 */
export type ServerState = {
  router: HydrationState;
  queries: DehydratedState;
  /** The screen the server laid the page out for (lib/use-from-breakpoint.ts). */
  viewport: Viewport;
  /** The time zone its dates and times are shown in (lib/time-zone.ts). */
  timeZone: string;
};

/** The id of the page's `<script type="application/json">` holding it (data, not code: our CSP runs no inline script). */
export const SERVER_STATE_ID = 'alumnet-state';

/** Written into the page: as JSON, with `<` escaped so that no text of a post can close the script. */
export const serializeServerState = (state: ServerState) =>
  JSON.stringify(state).replace(/</g, '\\u003c');

let read: ServerState | null | undefined;

/** The state the server drew this page with, or null (index.html, a visitor's page). */
export function readServerState(): ServerState | null {
  if (read === undefined) {
    const script =
      typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID);
    read = script?.textContent ? (JSON.parse(script.textContent) as ServerState) : null;
  }
  return read;
}
