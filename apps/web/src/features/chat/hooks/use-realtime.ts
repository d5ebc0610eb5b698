import { useMemo, useSyncExternalStore } from 'react';
import { realtimeStore } from '../../../lib/realtime';

/** The app's Socket.IO connection, or null while signed out. */
export function useRealtimeSocket() {
  return useSyncExternalStore(
    realtimeStore.subscribe,
    realtimeStore.socket,
    realtimeStore.serverSocket,
  );
}

/** The ids of the college's members online now; each `getOnlineUsers` event replaces them. */
export function useOnlineUsers(): ReadonlySet<string> {
  const ids = useSyncExternalStore(
    realtimeStore.subscribe,
    realtimeStore.onlineUserIds,
    realtimeStore.serverOnlineUserIds,
  );
  return useMemo(() => new Set(ids), [ids]);
}
