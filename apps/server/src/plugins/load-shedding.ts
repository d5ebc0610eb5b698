import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { expectedWaitMs, withWaitBudget } from '../db/call-deadline';

/** When the portal turns API calls away; 0 turns a limit off (config.ts, SHED_*). */
export interface SheddingLimits {
  /** Mean event-loop delay (ms) over the last sample above which calls are turned away. */
  eventLoopDelayMs: number;
  /** How long (ms) a query asking for a database connection now may be expected to wait. */
  databaseWaitMs: number;
  /**
   * A call that spent longer than this (ms) before its body is read is turned away, and so is
   * one whose waits for database connections add up to it.
   */
  deadlineMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the call 503 as an overload (counted, logged once per episode, Retry-After). */
    shed: (reply: FastifyReply, reason: ShedReason) => FastifyReply;
  }
  interface FastifyContextConfig {
    /**
     * The call finishes what someone is in the middle of: a sign-in's second step, a live game's
     * answer (its moment counts) or the host's Start/Next/End (thousands of players wait on it).
     * Turned away only past twice each limit, so an overload does not strand a member half signed
     * in or a game half played. Letting them through costs little: second steps and a host's
     * actions are rare, and a game's answers are short writes, stored by group commit.
     */
    finishesWork?: boolean;
  }
}

export type ShedReason = 'event_loop_delay' | 'database_queue' | 'deadline';

export const OVERLOADED_MESSAGE =
  'The portal is very busy right now. Please try again in a few seconds.';
/** Seconds: long enough for a backlog of a few hundred ms to drain, short enough to feel live. */
export const RETRY_AFTER_SECONDS = 5;

// Half a second reacts within a few hundred requests at twice the knee, while one long task (a
// big query, a GC pause) is a single late sample among fifty and barely moves the mean.
const SAMPLE_INTERVAL_MS = 500;
// The first sample covers building the app, which blocks the loop for long stretches.
const WARM_UP_MS = 2 * SAMPLE_INTERVAL_MS;
// How often an ongoing overload is looked at for the log: one line when it starts and one when
// it ends, however many calls were turned away in between.
const EPISODE_CHECK_MS = 10_000;

/**
 * Overload sheds, not stalls: past its knee the portal answers what it can in time and turns the
 * rest away at once with 503, a readable message and Retry-After, before any of their work is
 * queued. Only API calls are turned away: the web app's files cost no database and a page in
 * place of a JSON error is what a member can read; /healthz, /readyz and /metrics are outside
 * /api, and the chat (Socket.IO) and quiz sockets never reach Fastify's hooks, so an overloaded
 * portal still reports itself and keeps its live connections.
 *
 * Registered before the auth plugin, whose session lookup is the first thing that waits for the
 * database.
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, limits: SheddingLimits) => {
    // under-pressure measures the event loop; the decision is ours below, so that every reason
    // answers the same way and counts in /metrics.
    await app.register(fastifyUnderPressure, { sampleInterval: SAMPLE_INTERVAL_MS });
    const pool = app.db.$client;

    let readyAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      readyAt = Date.now();
    });

    let episode: { since: number; last: number; shed: number; sinceCheck: number } | undefined;
    let episodeTimer: NodeJS.Timeout | undefined;
    const checkEpisode = () => {
      if (!episode) return;
      if (episode.sinceCheck > 0) {
        episode.sinceCheck = 0;
        episodeTimer = setTimeout(checkEpisode, EPISODE_CHECK_MS).unref();
        return;
      }
      const seconds = Math.round((episode.last - episode.since) / 1000);
      app.log.warn(
        { shed: episode.shed, seconds },
        `load back under the limits: ${episode.shed} API calls were answered 503 over ${seconds} s`,
      );
      episode = undefined;
    };
    app.addHook('onClose', async () => clearTimeout(episodeTimer));

    const shed = (reply: FastifyReply, reason: ShedReason) => {
      app.metrics.countShed(reason);
      if (!episode) {
        episode = { since: Date.now(), last: 0, shed: 0, sinceCheck: 0 };
        app.log.warn(
          {
            reason,
            eventLoopDelayMs: app.memoryUsage().eventLoopDelay,
            dbWaiting: pool.waitingCount,
            dbWaitMs: Math.round(expectedWaitMs(pool)),
          },
          'overloaded: API calls are answered 503 until the load drops',
        );
        episodeTimer = setTimeout(checkEpisode, EPISODE_CHECK_MS).unref();
      }
      episode.shed++;
      episode.last = Date.now();
      episode.sinceCheck++;
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ statusCode: 503, error: 'overloaded', message: OVERLOADED_MESSAGE });
    };

    app.decorate('shed', shed);

    const leeway = (request: FastifyRequest) => (request.routeOptions.config.finishesWork ? 2 : 1);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const times = leeway(request);
      // A call's queries would each wait about this long: past the limit, its answer would come
      // too late to be worth the database's time. A deep queue the pool clears in a few ms is
      // not overload (db/call-deadline.ts).
      if (limits.databaseWaitMs > 0 && expectedWaitMs(pool) > limits.databaseWaitMs * times)
        return shed(reply, 'database_queue');
      if (
        limits.eventLoopDelayMs > 0 &&
        Date.now() - readyAt > WARM_UP_MS &&
        app.memoryUsage().eventLoopDelay > limits.eventLoopDelayMs * times
      )
        return shed(reply, 'event_loop_delay');
    });

    // After every onRequest hook (the session lookup, which queues for the database) and before
    // the body is read (an upload on a slow line takes long, rightly) or any handler runs: a call
    // that already waited this long would be answered late, and nothing of it is applied yet.
    if (limits.deadlineMs > 0) {
      app.addHook('preParsing', async (request, reply) => {
        if (
          request.url.startsWith('/api/') &&
          reply.elapsedTime > limits.deadlineMs * leeway(request)
        )
          return shed(reply, 'deadline');
      });
      // What is left of the deadline then bounds the call's waits for database connections,
      // over all its statements (db/call-deadline.ts): past it, the statement fails and the call
      // is answered as shed (plugins/errors.ts), at about the deadline instead of after the
      // pool's timeout for each statement. Reading the body is not counted (a slow upload is
      // not the portal's overload). The rest of the call runs inside the budget: the body's
      // reading (a test sends it after the headers, over a socket) and the handler.
      app.addHook('preParsing', (request, reply, payload, done) => {
        if (!request.url.startsWith('/api/')) return done(null, payload);
        const leftMs = limits.deadlineMs * leeway(request) - reply.elapsedTime;
        withWaitBudget(leftMs, () => done(null, payload));
      });
    }
  },
  { name: 'load-shedding', dependencies: ['db'] },
);
