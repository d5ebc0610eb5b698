import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/client';
import { authPlugin } from './modules/auth/plugin';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { helpRoutes } from './modules/help/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { userRoutes } from './modules/users/routes';
import { postRoutes } from './modules/posts/routes';
import { alumzoneRoutes } from './modules/alumzone/routes';
import { imageRoutes } from './modules/images/routes';
import { jobRoutes } from './modules/jobs/routes';
import { chatRoutes } from './modules/chat/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { dispatchRoutes } from './modules/dispatch/routes';
import { setupRoutes } from './modules/setup/routes';
import { consoleRoutes } from './modules/console/routes';
import { importRoutes } from './modules/imports/routes';
import { groupRoutes } from './modules/groups/routes';
import { groupFeedRoutes } from './modules/groups/feed-routes';
import { groupChatRoutes } from './modules/group-chat';
import { eventRoutes } from './modules/events/routes';
import { mentoringRoutes } from './modules/mentoring';
import { sessionRoutes } from './modules/sessions/routes';
import { auditRoutes } from './modules/audit/routes';
import { mfaRoutes } from './modules/mfa/routes';
import { ssoRoutes } from './modules/sso/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { accountDataRoutes } from './modules/account-data/routes';
import { createStorage } from './storage';
import { feedbackRoutes } from './modules/feedback/routes';
import { activityRoutes } from './modules/activity/routes';
import { galleryRoutes } from './modules/gallery/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { unsubscribeRoutes } from './modules/notification-email';
import { suppressionRoutes } from './modules/suppressions';
import { quizPlugin } from './modules/quiz';
import { eventDoorRoutes } from './modules/events/door-routes';
import { eventSharePage } from './modules/events/share';
import { deliveryPlugin } from './plugins/delivery';
import { chatGateway } from './realtime/chat-gateway';
import { quizGateway } from './realtime/quiz-gateway';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { requestForLog, requestOriginPlugin } from './plugins/request-origin';
import { webPlugin } from './plugins/web';
import { securityHeadersPlugin } from './plugins/security-headers';
import { metricsPlugin } from './plugins/metrics';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { redisWithMemoryFallback } from './lib/rate-limits';
import { originRule } from './lib/same-origin';
import { outagesPlugin } from './ops/outages';
import { backupRoute } from './ops/backup-route';

export interface BuildOptions {
  config: Config;
  db: Database;
  /**
   * A pool of its own for a live game's calls (plugins/db.ts, `liveDb`); without it they share
   * `db` (a bench or test that builds the app on one pool).
   */
  liveDb?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The running embedded portal makes its own backups for `npm run backup` (ops/backup-route.ts). */
  backupToken?: string;
}

/** The whole HTTP app, built as a plugin tree: the process and every test build it the same way. */
export async function buildApp({ config, db, liveDb, logger = false, backupToken }: BuildOptions) {
  const app = Fastify({
    logger: logger && { ...(logger === true ? {} : logger), serializers: { req: requestForLog } },
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(securityHeadersPlugin);
  // API answers above 1 KB go out compressed (brotli at a low, cheap level, or gzip); the web
  // app's files are compressed once at build time and sent as they are (plugins/web.ts).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  // The API takes JSON (and the bytes of an upload, where a route says so); a form (the one kind
  // of body another site's page can post without asking) is parsed only where a route registers
  // the parser for itself (the providers' webhooks), and anything else answers 415.
  app.removeContentTypeParser('text/plain');
  // Before anything reads the request: another site's POST, a password in an address.
  await app.register(requestOriginPlugin, { rule: originRule(config) });
  // Which dependencies are away, logged once per outage (ops/outages.ts).
  await app.register(outagesPlugin, { role: config.role });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  if (redis) {
    app.outages.redis.watch(redis);
    app.addHook('onClose', async () => void redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    // While Redis is away the limits are counted in this process's memory.
    ...(redis ? { store: redisWithMemoryFallback(redis, `${config.redisPrefix}rate-limit:`) } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Alumnet API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  // A POST or PUT sent with no body at all is validated as an empty object, so the caller reads
  // the contract's message for the first missing field instead of "expected object, received null".
  app.addHook('preValidation', async (request) => {
    if (request.body == null && (request.method === 'POST' || request.method === 'PUT'))
      request.body = {};
  });

  // App plugins.
  await app.register(dbPlugin, { db, liveDb });
  await app.register(errorsPlugin);
  // Before the session lookup, the first thing a call waits on the database for.
  await app.register(loadSheddingPlugin, config.shedding);
  await app.register(authPlugin, {
    sessionCacheSeconds: config.sessionCacheSeconds,
    redis,
    redisPrefix: config.redisPrefix,
  });
  await app.register(deliveryPlugin, { config });
  // Before the routes, so that each of them is counted.
  await app.register(metricsPlugin, { token: config.metricsToken });
  if (backupToken) await app.register(backupRoute, { config, token: backupToken });

  // Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    sessionDays: config.sessionDays,
    cookieSecure: config.cookieSecure,
    perIpPerMinute: config.authRateLimitPerMinute,
    publicUrl: config.publicUrl,
  });
  await app.register(lookupRoutes);
  await app.register(userRoutes);
  await app.register(helpRoutes);
  await app.register(postRoutes);
  await app.register(alumzoneRoutes);
  await app.register(imageRoutes, { config });
  // Before the chat gateway: on close, Socket.IO waits for every connection of the HTTP server,
  // so the quiz's sockets must be cut first (preClose hooks run in registration order).
  await app.register(quizPlugin, { config });
  await app.register(quizGateway, { config });
  await app.register(chatGateway, { config });
  await app.register(jobRoutes);
  await app.register(chatRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(dispatchRoutes, { config });
  await app.register(setupRoutes);
  await app.register(consoleRoutes, { config });
  await app.register(importRoutes);
  await app.register(groupRoutes);
  await app.register(groupFeedRoutes);
  await app.register(groupChatRoutes);
  await app.register(eventRoutes);
  await app.register(mentoringRoutes, { directorySeconds: config.mentorDirectorySeconds });
  // Issue 30: sessions, the audit log, a second factor, SSO, privacy, the member's own data.
  await app.register(sessionRoutes, {
    perIpPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(auditRoutes);
  await app.register(mfaRoutes, { publicUrl: config.publicUrl });
  await app.register(ssoRoutes, {
    publicUrl: config.publicUrl,
    sessionDays: config.sessionDays,
    cookieSecure: config.cookieSecure,
    perIpPerMinute: config.authRateLimitPerMinute,
    allowHttpIssuers: config.ssoAllowHttpIssuers,
  });
  await app.register(privacyRoutes);
  await app.register(accountDataRoutes, {
    cookieSecure: config.cookieSecure,
    storage: createStorage(config),
  });
  await app.register(feedbackRoutes);
  await app.register(activityRoutes);
  await app.register(galleryRoutes);
  await app.register(notificationRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(suppressionRoutes, { config });
  await app.register(eventDoorRoutes, { publicUrl: config.publicUrl });
  // Before the web plugin's catch-all: a shared event link gets its preview card.
  await app.register(eventSharePage, { publicUrl: config.publicUrl });
  await app.register(webPlugin, { webDist: config.webDist });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * A worker-only process (ROLE=worker) serves /healthz and /readyz alone, so an orchestrator can
 * tell a worker whose database is away from a working one; `app.outages.database` is the watch
 * its jobs report to.
 */
export async function buildWorkerApp({ db, logger = false }: Pick<BuildOptions, 'db' | 'logger'>) {
  // A probe every few seconds is no news: only what goes wrong is logged.
  const app = Fastify({ logger, disableRequestLogging: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(outagesPlugin, { role: 'worker' });
  await app.register(dbPlugin, { db });
  await app.register(healthRoutes);
  return app;
}
