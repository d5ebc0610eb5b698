/**
 * A stand-in for socket.io-client in web tests: the app's connection is this object, and the
 * test fires the server's events itself. In a test file:
 *
 *   vi.mock('socket.io-client', () => import('<relative>/testing/fake-socket'));
 *   import { fakeSocket } from '<relative>/testing/fake-socket';
 */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Set<Handler>>();

/** An event the app sent expecting an acknowledgement; the test answers it with `ack`. */
export type Emitted = { event: string; payload: unknown; ack: (answer: unknown) => void };

const emitWithAck = (event: string, payload: unknown) =>
  new Promise<unknown>((resolve) => fakeSocket.emitted.push({ event, payload, ack: resolve }));

export const fakeSocket = {
  /** The options of each connection the app opened. */
  opened: [] as unknown[],
  /** Off unless a test says so: the app then sends over HTTP, as when the socket is down. */
  connected: false,
  /** What the app sent with `emitWithAck`, oldest first. */
  emitted: [] as Emitted[],
  emitWithAck,
  timeout(_ms: number) {
    return { emitWithAck };
  },
  on(event: string, fn: Handler) {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(fn);
    return this;
  },
  off(event: string, fn: Handler) {
    handlers.get(event)?.delete(fn);
    return this;
  },
  removeAllListeners() {
    handlers.clear();
    return this;
  },
  disconnect() {
    return this;
  },
  /** Whether the app listens to this event now. */
  listening: (event: string) => (handlers.get(event)?.size ?? 0) > 0,
  /** The server's event, as if it had arrived. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of handlers.get(event) ?? []) fn(...args);
  },
};

/** socket.io-client's `io`. */
export const io = (_url?: unknown, options?: unknown) => {
  fakeSocket.opened.push(options ?? _url);
  return fakeSocket;
};
