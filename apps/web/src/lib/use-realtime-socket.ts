import { useSyncExternalStore } from 'react';
import { realtimeStore } from './realtime';

/** The app's Socket.IO connection, or null while signed out (or on a page the server draws). */
export function useRealtimeSocket() {
  return useSyncExternalStore(
    realtimeStore.subscribe,
    realtimeStore.socket,
    realtimeStore.serverSocket,
  );
}
