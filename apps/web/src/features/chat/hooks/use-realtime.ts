import { useMemo, useSyncExternalStore } from 'react';
import { realtimeStore } from '../../../lib/realtime';

export { useRealtimeSocket } from '../../../lib/use-realtime-socket';

/** The ids of the college's members online now; each `getOnlineUsers` event replaces them. */
export function useOnlineUsers(): ReadonlySet<string> {
  const ids = useSyncExternalStore(
    realtimeStore.subscribe,
    realtimeStore.onlineUserIds,
    realtimeStore.serverOnlineUserIds,
  );
  return useMemo(() => new Set(ids), [ids]);
}
