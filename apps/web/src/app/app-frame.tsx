import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { TOAST_LIMIT } from '../lib/notify';
import { useAfterLoad } from '../lib/use-after-load';
import type { ServerState } from '../lib/server-state';
import { DrawnTimeZone } from '../lib/time-zone';
import { AssumedViewport } from '../lib/use-from-breakpoint';
import { theme } from './theme';

// The toast stack is not part of any first paint: its code (and its transitions) is fetched
// once the page has loaded, so that it does not compete with the screen's own chunks. A toast
// asked for before then waits in the notifications store and appears when the stack mounts.
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

// A component of its own: the load event re-renders only it, not the screen beside it.
function ToastStack() {
  const loaded = useAfterLoad();
  return loaded ? (
    <Suspense fallback={null}>
      <Notifications limit={TOAST_LIMIT} position="top-right" />
    </Suspense>
  ) : null;
}

/**
 * Everything around the router, the same in the browser (app.tsx) and on the server (ssr.tsx):
 * the browser takes over the page the server drew only if both drew the same tree. `drawn`:
 * the screen the server laid the page out for and the time zone it showed times in (null: the
 * browser's own first render).
 */
export function AppFrame({
  client,
  drawn,
  children,
}: {
  client: QueryClient;
  drawn: Pick<ServerState, 'viewport' | 'timeZone'> | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <MantineProvider theme={theme}>
        <ToastStack />
        <QueryClientProvider client={client}>
          <AssumedViewport value={drawn?.viewport ?? null}>
            <DrawnTimeZone value={drawn?.timeZone ?? null}>{children}</DrawnTimeZone>
          </AssumedViewport>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
