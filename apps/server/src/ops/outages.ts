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
 * the driver's error as `cause`, so the whole chain is looked at. pg-boss reports a worker's
 * failure as a plain copy of the error (`{ ...error, message }`), so any object with a message
 * or a code counts, not only an Error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') {
      if (SQLSTATE_UNAVAILABLE.has(code) || NETWORK_CODES.has(code) || code.startsWith('08'))
        return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    e = cause;
  }
  return false;
}

/** What members see while the database is away, by what this process runs (config's ROLE). */
const DATABASE_MEANWHILE = {
  web: 'requests that need it answer 503 and chat messages are refused (never acknowledged) until it is back; the pool reconnects by itself',
  worker:
    'background jobs wait in the queue and carry on where they stopped once it is back; the pool reconnects by itself',
  all: 'requests that need it answer 503, chat messages are refused (never acknowledged) and background jobs wait until it is back; the pool reconnects by itself',
} as const;

/** The database as a process running `role` watches it. */
export function watchDatabase(log: FastifyBaseLogger, role: keyof typeof DATABASE_MEANWHILE) {
  return new Dependency('database', log, DATABASE_MEANWHILE[role]);
}

/** `app.outages`: the dependencies this process watches, for handlers, gateways and metrics. */
export const outagesPlugin = fp(
  async (app: FastifyInstance, { role = 'web' }: { role?: keyof typeof DATABASE_MEANWHILE }) => {
    app.decorate('outages', {
      database: watchDatabase(app.log, role),
      redis: new RedisDependency(
        'Redis',
        app.log,
        'serving from this process alone: rate limits are counted in memory, the online list and chat messages reach only members connected to this process; reconnecting',
      ),
    } satisfies Outages);
  },
  { name: 'outages' },
);
