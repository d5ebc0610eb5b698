import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: the embedded PostgreSQL (PGlite) kept in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * With DATABASE_URL: seconds to wait for a connection (a new one, or a free one from the pool)
   * before a request answers 503, so requests fail fast instead of hanging while PostgreSQL is away.
   */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(120).default(5),
  /**
   * With DATABASE_URL: PostgreSQL cancels a statement of the running portal after this many
   * seconds (the request answers 503). 0: no limit. Migrations and seeding at start are exempt.
   */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  /**
   * With DATABASE_URL: repeated statements are prepared once per connection (named statements).
   * Off behind a pooler that hands each transaction another server connection without carrying
   * prepared statements over (PgBouncer's transaction mode before 1.21, or with
   * max_prepared_statements 0).
   */
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  /** Set: Socket.IO fan-out, presence and rate limits are shared through Redis. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key, so several deployments (or test files) can share one Redis. */
  REDIS_PREFIX: z.string().default('alumnet:'),
  /**
   * With REDIS_URL: how long a process's chat presence entries live without its heartbeat, so the
   * members of a process that died drop off the online list within this time.
   */
  PRESENCE_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(45),
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
  /**
   * How long a process remembers who a session token belongs to (auth/session-cache.ts); 0
   * asks the database on every call. Ending a session or changing a role forgets it at once.
   * Each active member costs one lookup per this time, whatever they do: at 30 s, 2,000 members
   * signed in made 51 lookups a second, the largest single share (15%) of the embedded
   * database's time in bench:soak; at 60 s about half of that.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(60),
  MENTOR_DIRECTORY_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /**
   * Sign-up, login and invitation calls per client address a minute. The browser tests raise it:
   * every one of their logins comes from 127.0.0.1.
   */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Uploaded images when S3 is not configured. Unset: DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().optional(),
  /** Set: images are kept in this S3 (or S3-compatible) bucket instead of UPLOADS_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service (MinIO, R2, Spaces...); unset for AWS itself. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Unset: the AWS SDK's usual credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Most S3-compatible services want bucket names in the path rather than the host name. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /**
   * What this process runs: the web server (HTTP, chat, quiz), the background worker (dispatch
   * jobs), or both. Production can run N `web` and M `worker` processes on one PostgreSQL. A
   * `worker` serves only /healthz and /readyz on PORT.
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** The address people reach the portal at: links in e-mails and messages start with it. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Lets a college's single sign-on provider be a plain http:// issuer. Only for a provider on
   * this machine (the tests' own); a real one must be https, which openid-client insists on.
   */
  SSO_ALLOW_HTTP_ISSUERS: flag.default(false),
  /** Set: e-mail goes out through this SMTP server (smtp://user:pass@host:587). Unset: the outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Alumnet <no-reply@alumnet.local>'),
  /** Set all three: SMS and WhatsApp go through Twilio (or a service with its API). Unset: the outbox. */
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_WHATSAPP_FROM: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /**
   * Set: bounces and complaints may also arrive at /api/webhooks/email-events as plain JSON
   * signed with this secret (X-Alumnet-Signature: sha256=<hex HMAC of the body>).
   */
  EMAIL_WEBHOOK_SECRET: z
    .string()
    .min(16, 'EMAIL_WEBHOOK_SECRET: use at least 16 characters')
    .optional(),
  /** Comma-separated SNS topic ARNs whose SES events are accepted. Unset: any topic SNS signed. */
  SES_SNS_TOPIC_ARNS: z.string().optional(),
  /**
   * A worker that dies mid-chunk (kill -9, power loss) leaves its chunk active; after this many
   * seconds the queue hands the chunk to another worker, which resumes where it stopped.
   */
  DISPATCH_CHUNK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** How often an idle worker looks for new work. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /**
   * With DATABASE_URL: PostgreSQL cancels a statement of a background job (an import chunk, a
   * dispatch chunk) after this many seconds, instead of DATABASE_STATEMENT_TIMEOUT_SECONDS, which
   * is meant for requests: a big chunk on a busy server may rightly take minutes. 0: no limit.
   */
  JOB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
  /** Days an invitation link stays valid. */
  INVITATION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /**
   * Set: Prometheus metrics at /metrics for a scraper that sends `Authorization: Bearer <token>`
   * (request rate and latency per route, event loop lag, memory, database pool, open sockets,
   * queued jobs). Unset: /metrics answers 404. Use a long random value (openssl rand -hex 32).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: use at least 16 characters').optional(),
  /**
   * Overload (plugins/load-shedding.ts): an API call arriving while the event loop runs this many
   * ms late on average answers 503 at once instead of queueing. 0: never. The SHED_* limits are
   * off under NODE_ENV=test unless set: a busy test machine is not an overloaded portal.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /**
   * Overload: an API call arriving while a query asking for a database connection would wait
   * more than this many ms (db/call-deadline.ts, expectedWaitMs) answers 503 at once: a call
   * makes a few. 0: never.
   */
  SHED_DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Overload: an API call that already waited this many ms (for its session, before its body is
   * read and before anything of it is applied) answers 503 rather than late; the same for an
   * admitted call whose waits for database connections add up to it. 0: never.
   */
  SHED_DEADLINE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
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
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
    );
  }
  if (e.TWILIO_ACCOUNT_SID && !(e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM)) {
    throw new Error(
      'Invalid environment:\n  TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM as well',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    presenceLeaseSeconds: e.PRESENCE_LEASE_SECONDS,
    dataDir: path.resolve(e.DATA_DIR),
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    sessionDays: e.SESSION_DAYS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    mentorDirectorySeconds: e.MENTOR_DIRECTORY_SECONDS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    role: e.ROLE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    ssoAllowHttpIssuers: e.SSO_ALLOW_HTTP_ISSUERS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            whatsappFrom: e.TWILIO_WHATSAPP_FROM ?? e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    emailEvents: {
      webhookSecret: e.EMAIL_WEBHOOK_SECRET,
      snsTopicArns: (e.SES_SNS_TOPIC_ARNS ?? '')
        .split(',')
        .map((arn) => arn.trim())
        .filter(Boolean),
    },
    jobs: {
      chunkTimeoutSeconds: e.DISPATCH_CHUNK_TIMEOUT_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
      statementMs: e.JOB_STATEMENT_TIMEOUT_SECONDS * 1000,
    },
    invitationDays: e.INVITATION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    shedding: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 200),
      databaseWaitMs: e.SHED_DATABASE_WAIT_MS ?? (e.NODE_ENV === 'test' ? 0 : 250),
      deadlineMs: e.SHED_DEADLINE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    },
  };
}
