import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: the embedded PostgreSQL (PGlite) kept in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Set: Socket.IO fan-out, presence and rate limits are shared through Redis. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so several deployments (or test files) can share one Redis. */
  REDIS_PREFIX: z.string().default('alumnet:'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secure cookies need HTTPS; on by default in production. */
  COOKIE_SECURE: flag.optional(),
  SEED_DEMO: flag.default(true),
  /**
   * Behind a reverse proxy: how many proxy hops to trust for the client address (rate limits
   * key on it). Unset: the socket's address, which a client cannot forge with X-Forwarded-For.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (FOO=) means "not set", as shells and .env files use it.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    sessionDays: e.SESSION_DAYS,
  };
}
