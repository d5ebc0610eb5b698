import type { ClientToServerEvents, ServerToClientEvents } from '@alumnet/contract';
import { io, type Socket } from 'socket.io-client';

/** The app's one Socket.IO connection (member-portal.md §7 "Realtime chat"), typed by the contract. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: RealtimeSocket | null = null;
let socketUserId: string | null = null;
// A new array on every change, so useSyncExternalStore sees a new snapshot.
let onlineUserIds: readonly string[] = [];
const NOBODY: readonly string[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Opens the connection for the signed-in member (idempotent, so every screen may call it).
 * The session cookie authenticates it; the `userId` query is the spec's and the server checks it.
 * Socket.IO reconnects by itself; the online list is kept here from the first event on, so a
 * screen mounted later still knows who is online.
 */
export function connectRealtime(userId: string): RealtimeSocket {
  if (socket && socketUserId === userId) return socket;
  disconnectRealtime();
  const opened: RealtimeSocket = io({
    path: '/socket.io',
    withCredentials: true,
    query: { userId },
    // WebSocket first: a page that closes or navigates closes its TCP connection, so the server
    // sees the member leave at once. Over long-polling a page gone between two polls looks alive
    // until the ping times out, and the member stays "Online" to everyone meanwhile. Polling is
    // still tried when a proxy refuses WebSocket.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  // The server closes the connections of a session that ended (a logout in another tab, a
  // password changed elsewhere) and Socket.IO does not retry those. One fresh attempt carries
  // whatever session this browser holds now: it connects if the member signed in again (a new
  // password ends the old session too) and is refused otherwise.
  opened.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') opened.connect();
  });
  opened.on('getOnlineUsers', (ids) => {
    onlineUserIds = [...ids];
    changed();
  });
  socket = opened;
  socketUserId = userId;
  changed();
  return opened;
}

/** Closes the connection (sign-out) and forgets who was online. */
export function disconnectRealtime() {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  socketUserId = null;
  onlineUserIds = [];
  changed();
}

/** For useSyncExternalStore: the current socket (null when signed out) and the online ids. */
export const realtimeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  socket: () => socket,
  onlineUserIds: () => onlineUserIds,
  /** A page the server draws (src/ssr.tsx) has no connection: nobody shows as online yet. */
  serverSocket: () => null,
  serverOnlineUserIds: () => NOBODY,
};
