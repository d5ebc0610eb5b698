import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './contrast.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { TOAST_LIMIT } from '../lib/notify';
import { useAfterLoad } from '../lib/use-after-load';
import { router } from './router';
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

export function App() {
  return (
    <MantineProvider theme={theme}>
      <ToastStack />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
