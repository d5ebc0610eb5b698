import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@alumnet/contract';
import { io, type Socket } from 'socket.io-client';

/** A test's Socket.IO client that remembers what it heard. */
export interface TestClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  /** The latest online list received. */
  online: () => string[];
  received: ChatMessage[];
  /** Resolves once the latest online list satisfies `check` (checked again on every list). */
  onlineWhen: (check: (ids: string[]) => boolean, timeoutMs?: number) => Promise<string[]>;
  /** Resolves with the first newMessage (already received or coming) that `check` accepts. */
  messageWhere: (check: (m: ChatMessage) => boolean, timeoutMs?: number) => Promise<ChatMessage>;
  close: () => void;
}

function waitUntil<T>(
  socket: Socket,
  event: string,
  probe: () => T | undefined,
  timeoutMs: number,
  what: string,
) {
  return new Promise<T>((resolve, reject) => {
    const now = probe();
    if (now !== undefined) return resolve(now);
    const onEvent = () => {
      const value = probe();
      if (value === undefined) return;
      clearTimeout(timer);
      socket.off(event, onEvent);
      resolve(value);
    };
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    socket.on(event, onEvent);
  });
}

/** Connects with the given cookie (and query) and resolves once connected; rejects on refusal. */
export function connectClient(
  baseUrl: string,
  options: { cookie?: string; query?: Record<string, string>; origin?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: headers,
    query: options.query,
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
  });
  let online: string[] = [];
  const received: ChatMessage[] = [];
  // Listeners go on before the connection opens: the first list arrives right after connect.
  socket.on('getOnlineUsers', (ids) => {
    online = ids;
  });
  socket.on('newMessage', (message) => {
    received.push(message);
  });
  const client: TestClient = {
    socket,
    online: () => online,
    received,
    onlineWhen: (check, timeoutMs = 5000) =>
      waitUntil(
        socket as Socket,
        'getOnlineUsers',
        () => (check(online) ? online : undefined),
        timeoutMs,
        'an online list',
      ),
    messageWhere: (check, timeoutMs = 5000) =>
      waitUntil(socket as Socket, 'newMessage', () => received.find(check), timeoutMs, 'a message'),
    close: () => {
      socket.disconnect();
    },
  };
  return new Promise<TestClient>((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}
