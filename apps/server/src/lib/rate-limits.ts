import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { tooManyRequests } from './errors';

/**
 * A route limit counted per signed-in member rather than per address, so a campus behind one
 * NAT does not share one budget. Counted in Redis when REDIS_URL is set and Redis is reachable
 * (see redisWithMemoryFallback below). `message`
 * replaces the generic 429 text.
 */
export const perMember = (
  max: number,
  timeWindow: string | number = '1 minute',
  message?: string,
) => ({
  rateLimit: {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `user:${request.user.id}` : request.ip,
    ...(message ? { errorResponseBuilder: () => tooManyRequests(message) } : {}),
  },
});

/**
 * A per-member budget that an HTTP route and a socket event spend together (one count per member,
 * in the rate-limit plugin's store: Redis when set): `spend(userId)` counts one and throws 429 with
 * `message` once the member went past `max` within `timeWindow` ms.
 */
export function memberBudget(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
  message: string,
) {
  const limit = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.user?.id}`,
  });
  return async (userId: string) => {
    // A socket event has no request: the limiter reads only the user (for the key) and the
    // route's config, so a stand-in with just those counts exactly as a request would.
    const standIn = { user: { id: userId }, routeOptions: { config: {} } };
    const outcome = await limit(standIn as unknown as FastifyRequest);
    if (!outcome.isAllowed && outcome.isExceeded) throw tooManyRequests(message);
  };
}

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor = new (...args: unknown[]) => Store;

// The plugin's own stores, so both halves count exactly as the plugin does on its own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/**
 * A store for @fastify/rate-limit that counts in Redis while it is reachable and in this process's
 * memory while it is not, so Redis going away neither stops sign-ins (the plugin's Redis store
 * answers 500 then) nor lifts the limits. While Redis is away each process counts on its own:
 * with N processes a client may get up to N times the limit. Counts start afresh on each switch.
 */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string) {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) =>
          error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result),
        timeWindow,
        max,
      );
    }

    child(routeOptions: unknown) {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
      );
    }
  };
}
