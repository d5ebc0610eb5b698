import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the screen is the one drawn before the app's scripts ran (the build's prerender,
 * the server's render, and the hydration of either), true once the app holds the page. A form's
 * submit button waits on it (`loading={!takenOver || pending}`): pressed earlier, the browser
 * would send the form itself, without the app's handler (and as a GET, into the address bar).
 * React renders a hydrated screen with the server's answer first, then again with the
 * browser's, so the drawn markup and the first render agree.
 */
export const useTakenOver = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
