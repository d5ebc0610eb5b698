import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/**
 * One dependency (the database, Redis) as this process sees it: up or away. An outage is logged
 * once when it starts, with what members see meanwhile, and once when it ends, however many
 * requests or reconnection attempts fail in between.
 */
export class Dependency {
  private downSince: number | undefined;

  constructor(
    readonly name: string,
    private readonly log: FastifyBaseLogger,
    /** What members and operators see while it is away, for the log line. */
    private readonly meanwhile: string,
  ) {}

  get up() {
    return this.downSince === undefined;
  }

  down(error?: unknown) {
    if (this.downSince !== undefined) return;
    this.downSince = Date.now();
    this.log.error(
      { dependency: this.name, reason: describe(error) },
      `${this.name} unreachable: ${this.meanwhile}`,
    );
  }

  recovered() {
    if (this.downSince === undefined) return;
    const seconds = Math.round((Date.now() - this.downSince) / 100) / 10;
    this.downSince = undefined;
    this.log.warn(
      { dependency: this.name, downSeconds: seconds },
      `${this.name} reachable again after ${seconds} s`,
    );
  }
}

/** The error's message and code only: a stack trace per outage says nothing more. */
function describe(error: unknown) {
  if (!(error instanceof Error)) return error === undefined ? undefined : String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}

/**
 * Redis is one dependency reached through several clients (the rate limiter's, the chat's
 * publisher and subscriber): it is away from the first client's error until every watched
 * client is ready again.
 */
export class RedisDependency extends Dependency {
  private readonly failing = new Set<Redis>();

  /** Follows a client's connection; returns the function that stops following it. */
  watch(client: Redis) {
    const onError = (error: unknown) => {
      this.failing.add(client);
      this.down(error);
    };
    const onReady = () => {
      this.failing.delete(client);
      if (this.failing.size === 0) this.recovered();
    };
    // A client closed on purpose (shutdown) no longer counts.
    const onEnd = () => {
      client.off('error', onError).off('ready', onReady).off('end', onEnd);
      onReady();
    };
    client.on('error', onError).on('ready', onReady).on('end', onEnd);
    return onEnd;
  }
}

export interface Outages {
  database: Dependency;
  redis: RedisDependency;
}

declare module 'fastify' {
  interface FastifyInstance {
    outages: Outages;
  }
}

const SQLSTATE_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: our statement timeout fired
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// The pg driver's own errors carry no code, only these messages.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Client has encountered a connection error and is not queryable/,
  /is not currently accepting connections/,
];

/**
 * Is this the database being away (or too slow), rather than a bug or bad input? Drizzle wraps
 * the driver's error as `cause`, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (SQLSTATE_UNAVAILABLE.has(code) || NETWORK_CODES.has(code) || code.startsWith('08'))
        return true;
    }
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(e instanceof Error ? e.message : '')))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** `app.outages`: the dependencies this process watches, for handlers, gateways and metrics. */
export const outagesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('outages', {
      database: new Dependency(
        'database',
        app.log,
        'requests that need it answer 503 and chat messages are refused (never acknowledged) until it is back; the pool reconnects by itself',
      ),
      redis: new RedisDependency(
        'Redis',
        app.log,
        'serving from this process alone: rate limits are counted in memory, the online list and chat messages reach only members connected to this process; reconnecting',
      ),
    } satisfies Outages);
  },
  { name: 'outages' },
);
