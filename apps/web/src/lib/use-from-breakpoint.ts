import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** The two layouts a page drawn by the server can be laid out for. */
export type Viewport = 'phone' | 'wide';

/**
 * The screen the server draws a signed-in page for (src/ssr.tsx), as told by the browser's
 * request: a phone's layout or a wider one. Null in the browser, which knows its own width.
 */
export const AssumedViewport = createContext<Viewport | null>(null);

/**
 * True on screens at least as wide as the breakpoint, known from the first render: for parts a
 * phone does not show at all. Mantine's `visibleFrom` hides them with CSS, but the phone still
 * builds them first, and the desktop filters of Alum Zone and the admin dashboard are a dozen
 * pickers with their lookups, a long task on a slow phone. The server, which cannot measure,
 * draws for the screen the request names (AssumedViewport).
 */
export function useFromBreakpoint(breakpoint: MantineBreakpoint) {
  const query = `(min-width: ${useMantineTheme().breakpoints[breakpoint]})`;
  const assumed = useContext(AssumedViewport);
  const subscribe = useCallback(
    (changed: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', changed);
      return () => media.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => assumed === 'wide',
  );
}
