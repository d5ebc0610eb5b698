/**
 * A stand-in for socket.io-client in web tests: the app's connection is this object, and the
 * test fires the server's events itself. In a test file:
 *
 *   vi.mock('socket.io-client', () => import('<relative>/testing/fake-socket'));
 *   import { fakeSocket } from '<relative>/testing/fake-socket';
 */
type Handler = (...args: unknown[]) => void;
const handlers = new Map<string, Set<Handler>>();

export const fakeSocket = {
  /** The options of each connection the app opened. */
  opened: [] as unknown[],
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
