import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { SingleProcess, type QuizCluster } from './cluster';
import { GameHost } from './game-host';
import type { GameEvent } from './presenter';
import { createChallengeService } from './challenge';
import { quizChallengeRoutes } from './challenge-routes';
import { RedisCluster } from './redis-cluster';
import { createReportService } from './report';
import { quizReportRoutes } from './report-routes';
import { quizRoutes } from './routes';
import { createQuizService, type QuizService } from './service';

export type { GameEvent } from './presenter';
export { finishedMessage, resultMessages } from './presenter';
export type { PlayerConnection } from './game-host';

/** What the quiz's socket gateway uses of the module. */
export interface QuizLive {
  service: QuizService;
  /** Every event of every game this process has sockets for (its own and other processes'). */
  onEvent(listener: (event: GameEvent) => void): () => void;
  /** A game hosted here is between its first question and its end. */
  playing(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    quiz: QuizLive;
  }
}

/**
 * The live quiz: the games this process hosts (see game-host.ts), the player's and the host's
 * HTTP calls, and `app.quiz` for the socket gateway (realtime/quiz-gateway.ts).
 */
export const quizPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const cluster: QuizCluster = config.redisUrl
      ? new RedisCluster(config.redisUrl, config.redisPrefix, app.log, (client) =>
          app.outages.redis.watch(client),
        )
      : new SingleProcess();
    const host = new GameHost(app.liveDb, cluster, app.log);
    await host.start();
    app.addHook('onClose', () => host.close());
    const service = createQuizService(app.liveDb, host, app.transports.email, app.log);
    app.decorate('quiz', {
      service,
      onEvent: (listener) => host.onEvent(listener),
      playing: () => host.playing(),
    } satisfies QuizLive);
    await app.register(quizRoutes, { quiz: service });
    // Issue 31: the host's past games and reports, and self-paced challenges.
    await app.register(quizReportRoutes, { reports: createReportService(app.db) });
    await app.register(quizChallengeRoutes, { challenges: createChallengeService(app.db) });
  },
  { name: 'quiz', dependencies: ['db', 'auth', 'outages', 'delivery'] },
);
