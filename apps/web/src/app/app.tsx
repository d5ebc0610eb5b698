import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './contrast.css';
import { useEffect, useEffectEvent } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { readServerState } from '../lib/server-state';
import { AppFrame } from './app-frame';
import { router } from './router';

/** `onTakenOver`: called once the app has taken over the page the server drew (main.tsx). */
export function App({ onTakenOver }: { onTakenOver?: () => void }) {
  const takenOver = useEffectEvent(() => onTakenOver?.());
  useEffect(() => takenOver(), []);
  return (
    <AppFrame client={queryClient} drawn={readServerState()}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
