import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { expectedWaitMs } from '../db/call-deadline';
import { hasBearer } from '../lib/bearer';

/** What the rest of the server may tell the metrics. */
export interface Metrics {
  /**
   * Reports a gateway's open connections at every scrape, e.g.
   * `app.metrics.countConnections('quiz', () => connected.size)`. A no-op when metrics are off.
   */
  countConnections(gateway: string, count: () => number): void;
  /** Counts an API call turned away with 503 under overload (plugins/load-shedding.ts). */
  countShed(reason: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

// Seconds: API calls are mostly a few milliseconds; uploads and imports take seconds.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Prometheus metrics at /metrics (prom-client), for a scraper holding METRICS_TOKEN. Requests are
 * labelled by their route pattern (`/api/posts/:id`), never the raw URL, so the number of series
 * stays bounded whatever clients ask for. Each app has a registry of its own: tests build many.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { token }: { token: string | undefined }) => {
    const connectionCounts = new Map<string, () => number>();
    // A no-op until the counter exists (metrics on).
    let countShed: Metrics['countShed'] = () => {};
    app.decorate('metrics', {
      countConnections(gateway, count) {
        connectionCounts.set(gateway, count);
      },
      countShed(reason) {
        countShed(reason);
      },
    } satisfies Metrics);

    if (!token) {
      // Answered here, not left to the web app's catch-all, which would send its index page.
      app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
        reply.callNotFound(),
      );
      return;
    }

    const register = new Registry();
    // Memory, CPU, event loop lag (nodejs_eventloop_lag_*), GC durations, handles.
    collectDefaultMetrics({ register });
    const registers = [register];

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const shedCounter = new Counter({
      name: 'alumnet_requests_shed_total',
      help: 'API calls answered 503 at once because the portal was overloaded, by reason (event_loop_delay, database_queue, deadline).',
      labelNames: ['reason'] as const,
      registers,
    });
    // Present from the first scrape, so that a rate over it starts at 0 rather than absent.
    for (const reason of ['event_loop_delay', 'database_queue', 'deadline'])
      shedCounter.inc({ reason }, 0);
    countShed = (reason) => shedCounter.inc({ reason });
    const routeOf = (request: FastifyRequest) =>
      // Unmatched URLs (404s, scanners) share one series rather than one each.
      request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: routeOf(request),
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    const pool = app.db.$client;
    new Gauge({
      name: 'alumnet_db_pool_connections',
      help: 'Database connections of this process, by state (total, idle).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'alumnet_db_pool_waiting',
      help: 'Queries waiting for a free database connection: above 0 for long, the pool is too small or the database too slow.',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'alumnet_db_expected_wait_seconds',
      help: "How long a query asking for a database connection now would wait (the queue times the pool's pace): what API calls are turned away on past SHED_DATABASE_WAIT_MS.",
      registers,
      collect() {
        this.set(expectedWaitMs(pool) / 1000);
      },
    });
    new Gauge({
      name: 'alumnet_open_connections',
      help: 'Open realtime connections of this process, by gateway (chat: Socket.IO, quiz: WebSocket).',
      labelNames: ['gateway'] as const,
      registers,
      collect() {
        for (const [gateway, count] of connectionCounts) this.set({ gateway }, count());
      },
    });
    new Gauge({
      name: 'alumnet_dependency_up',
      help: 'Whether this process reaches a dependency (1) or sees it away (0).',
      labelNames: ['dependency'] as const,
      registers,
      collect() {
        this.set({ dependency: 'database' }, app.outages.database.up ? 1 : 0);
        this.set({ dependency: 'redis' }, app.outages.redis.up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'alumnet_jobs_queued',
      help: 'Background job chunks waiting for a worker, by queue.',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        // A count per queue; skipped while the database is away so the scrape still answers.
        if (!app.outages.database.up) return;
        try {
          for (const [queue, count] of await app.jobs.queuedCounts()) this.set({ queue }, count);
        } catch (error) {
          app.log.debug({ err: error }, 'metrics: queue depth unavailable');
        }
      },
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!hasBearer(request.headers.authorization, token)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({
          statusCode: 401,
          error: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
          message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.',
        });
      }
      return reply.type(register.contentType).send(await register.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db', 'outages'] },
);
