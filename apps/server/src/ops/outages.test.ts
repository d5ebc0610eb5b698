import type { ChatMessage } from '@alumnet/contract';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { adminQuery, databaseUrl } from '../db/admin';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client';
import { DATABASE_UNAVAILABLE } from '../plugins/errors';
import { isDatabaseUnavailable } from './outages';
import { connectClient, type TestClient } from '../realtime/test-clients';
import { createTestDatabase, listenOnLoopback, loginAs } from '../test/build';
import { startServer, type ServerProcess } from '../test/server-process';
import { prepareDatabase } from '../test/template';

// The local PostgreSQL and Redis the machine runs (CI points these at its own).
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The app's log lines, as a test reads them. */
function captureLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  ms: number,
  what: string,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe('PostgreSQL away while the portal runs', () => {
  const name = `alumnet_outage_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(PG_ADMIN_URL, name);
  const log = captureLog();
  let app: App;
  let closeDb: () => Promise<void>;
  let baseUrl: string;

  const block = async () => {
    await adminQuery(PG_ADMIN_URL, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await adminQuery(
      PG_ADMIN_URL,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
    );
  };
  const unblock = () => adminQuery(PG_ADMIN_URL, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);

  beforeAll(async () => {
    const template = inject('dbTemplate');
    if (template.kind === 'postgres' && template.adminUrl === PG_ADMIN_URL) {
      await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    } else {
      await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name}`);
      await prepareDatabase(url);
    }
    // The timeouts main.ts gives a PostgreSQL pool, shortened so the test waits less.
    const database = createDatabase(url, 10, { connectMs: 2000, statementMs: 5000 });
    closeDb = database.close;
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATABASE_URL: url });
    app = await buildApp({ config, db: database.db, logger: log.logger });
    baseUrl = await listenOnLoopback(app);
  }, 120_000);

  afterAll(async () => {
    await unblock().catch(() => {});
    await app?.close();
    await closeDb?.();
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503 at once, keeps /healthz alive, refuses chat messages, and recovers by itself', async () => {
    const member = await loginAs(app, 'member@demo.alumnet.dev');
    const member2 = await loginAs(app, 'member2@demo.alumnet.dev');
    const send = (message: string) =>
      app.inject({
        method: 'POST',
        url: `/api/messages/send/${member2.user._id}`,
        headers: { cookie: member.cookie },
        payload: { message },
      });
    expect((await send('Before the outage')).statusCode).toBe(200);

    await block();

    // Every call that needs the database answers quickly, in the usual error shape.
    for (const attempt of [1, 2, 3]) {
      const started = Date.now();
      const response = await send(`During the outage, attempt ${attempt}`);
      expect(Date.now() - started).toBeLessThan(4000);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('10');
      expect(response.json()).toEqual({
        statusCode: 503,
        error: DATABASE_UNAVAILABLE,
        message: DATABASE_UNAVAILABLE,
      });
    }
    const read = await app.inject({
      url: `/api/messages/${member2.user._id}`,
      headers: { cookie: member.cookie },
    });
    expect(read.statusCode).toBe(503);
    // Alive, but not ready: a load balancer sends members elsewhere.
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'database unavailable' });
    // A chat connection is refused too (its client retries by itself).
    await expect(connectClient(baseUrl, { cookie: member.cookie })).rejects.toThrow('unavailable');

    await unblock();

    // Back within seconds, without a restart.
    await until(
      async () => (await app.inject('/readyz')).statusCode === 200,
      10_000,
      '/readyz to answer 200',
    );
    expect((await send('After the outage')).statusCode).toBe(200);
    const history = await app.inject({
      url: `/api/messages/${member2.user._id}`,
      headers: { cookie: member.cookie },
    });
    const texts = (history.json() as ChatMessage[]).map((m) => m.message);
    expect(texts).toContain('Before the outage');
    expect(texts).toContain('After the outage');
    // Refused means not stored: nothing the member was told failed appears later.
    expect(texts.filter((text) => text.startsWith('During the outage'))).toEqual([]);

    // Told once that it went, once that it came back; no error per failed request.
    const outageLines = log.lines.filter((line) => /^database /.test(line.msg));
    expect(outageLines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^database unreachable: requests that need it answer 503/),
      expect.stringMatching(/^database reachable again after [\d.]+ s$/),
    ]);
    expect(log.lines.filter((line) => line.msg === 'unhandled error')).toEqual([]);
  }, 60_000);
});

describe('PostgreSQL away while a worker-only process (ROLE=worker) runs', () => {
  const name = `alumnet_worker_outage_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl(PG_ADMIN_URL, name);
  let worker: ServerProcess | undefined;

  const block = async () => {
    await adminQuery(PG_ADMIN_URL, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await adminQuery(
      PG_ADMIN_URL,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
    );
  };
  const unblock = () => adminQuery(PG_ADMIN_URL, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
  /** The process's log lines (JSON, as in production). */
  const logLines = () =>
    (worker?.output.join('') ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  const readyz = async () => {
    const response = await fetch(`${worker!.url}/readyz`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    const template = inject('dbTemplate');
    if (template.kind === 'postgres' && template.adminUrl === PG_ADMIN_URL) {
      await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    } else {
      await adminQuery(PG_ADMIN_URL, `CREATE DATABASE ${name}`);
      await prepareDatabase(url);
    }
    // main.ts as production runs it; resolves once its /readyz answers 200.
    worker = await startServer({
      NODE_ENV: 'production',
      ROLE: 'worker',
      DATABASE_URL: url,
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
      SEED_DEMO: 'false',
      JOB_POLL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
    });
  }, 120_000);

  afterAll(async () => {
    await unblock().catch(() => {});
    if (worker && worker.child.exitCode === null) {
      const exited = new Promise((resolve) => worker!.child.once('exit', resolve));
      worker.child.kill('SIGTERM');
      await exited;
    }
    await adminQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('logs the outage once, says so on /readyz, and carries on when the database is back', async () => {
    expect((await fetch(`${worker!.url}/healthz`)).status).toBe(200);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } });
    // Only health is served: the portal's routes are for web processes.
    expect((await fetch(`${worker!.url}/api/auth/me`)).status).toBe(404);

    await block();
    // The queue's polling notices it by itself, before any probe asks.
    await until(
      () => logLines().some((line) => line.msg.startsWith('database unreachable')),
      10_000,
      'the worker to log the outage',
    );
    expect(await readyz()).toEqual({ status: 503, body: { status: 'database unavailable' } });
    expect((await fetch(`${worker!.url}/healthz`)).status).toBe(200);
    // Many polls fail meanwhile.
    await sleep(2000);

    await unblock();
    await until(async () => (await readyz()).status === 200, 10_000, '/readyz to answer 200 again');
    await until(
      () => logLines().some((line) => line.msg.startsWith('database reachable again')),
      5000,
      'the worker to log the end of the outage',
    );

    const outageLines = logLines().filter((line) => /^database /.test(line.msg));
    expect(outageLines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^database unreachable: background jobs wait in the queue/),
      expect.stringMatching(/^database reachable again after [\d.]+ s$/),
    ]);
    // Nothing else was logged as an error meanwhile.
    expect(logLines().filter((line) => line.level >= 50)).toHaveLength(1);
    expect(worker!.child.exitCode).toBeNull();
  }, 60_000);
});

describe('a database server that accepts connections and never answers', () => {
  it('fails the query after the connect timeout, as "unavailable", instead of hanging', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const { db, close } = createDatabase(`postgres://postgres@127.0.0.1:${address.port}/x`, 2, {
      connectMs: 1000,
    });
    try {
      const started = Date.now();
      const error = await db.execute(sql`SELECT 1`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // A bug is not an outage: it stays a logged 500.
      const bug = Object.assign(new Error('column "x" does not exist'), { code: '42703' });
      expect(isDatabaseUnavailable(new Error('Failed query', { cause: bug }))).toBe(false);
      // pg-boss reports a worker's failure as a plain copy of the error.
      expect(
        isDatabaseUnavailable({ message: 'Connection terminated unexpectedly', queue: 'q' }),
      ).toBe(true);
      expect(isDatabaseUnavailable({ ...bug, message: bug.message, queue: 'q' })).toBe(false);
    } finally {
      await close();
      silent.close();
    }
  });
});

/** A TCP proxy the test can cut and restore, standing for a Redis that stops and comes back. */
function tcpProxy(target: { host: string; port: number }) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  return {
    get port() {
      return port;
    },
    async start() {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      const address = server.address();
      if (address && typeof address === 'object') port = address.port;
    },
    async stop() {
      const closed = new Promise((resolve) => server?.close(resolve));
      sockets.forEach((socket) => socket.destroy());
      await closed;
    },
  };
}

describe('Redis away while the portal runs (REDIS_URL set)', () => {
  const target = new URL(REDIS_URL);
  const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  const prefix = `alumnet-outage-${randomBytes(4).toString('hex')}:`;
  const log = captureLog();
  const redis = new Redis(REDIS_URL);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let closeDb: () => Promise<void>;
  let app: App;
  let baseUrl: string;
  const clients: TestClient[] = [];

  const keys = (pattern: string) => redis.keys(`${prefix}${pattern}`);
  /** Sign-ins from one address until the limit answers 429; the number that got through. */
  const signInsAllowed = async (address: string) => {
    for (let i = 0; i < 10; i++) {
      // Unknown names, so that only the per-address limit counts (not the per-account one).
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: {
          userName: `nobody-${randomBytes(4).toString('hex')}@example.org`,
          password: 'x',
        },
      });
      if (response.statusCode === 429) return i;
      expect(response.statusCode).toBe(401);
    }
    return 10;
  };

  beforeAll(async () => {
    await proxy.start();
    database = await createTestDatabase();
    const db = createDatabase(database.url, database.poolSize);
    closeDb = db.close;
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST: '/nonexistent',
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      REDIS_PREFIX: prefix,
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
    app = await buildApp({ config, db: db.db, logger: log.logger });
    baseUrl = await listenOnLoopback(app);
  }, 120_000);

  afterAll(async () => {
    clients.forEach((client) => client.close());
    await app?.close();
    await closeDb?.();
    await database?.drop();
    await proxy.stop();
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    redis.disconnect();
  });

  it('keeps serving on this process, logs it once, and shares state again when Redis returns', async () => {
    const member = await loginAs(app, 'member@demo.alumnet.dev');
    const member2 = await loginAs(app, 'member2@demo.alumnet.dev');
    const collegeId = member.user.collegeId;

    // Redis up: sign-in limits are counted in Redis.
    expect(await signInsAllowed('10.0.0.1')).toBe(3);
    expect(await keys('rate-limit:*10.0.0.1')).toHaveLength(1);
    const a = await connectClient(baseUrl, { cookie: member.cookie });
    clients.push(a);
    await a.onlineWhen((ids) => ids.includes(member.user._id));

    await proxy.stop();
    await until(() => !app.outages.redis.up, 5000, 'the outage to be noticed');
    // Several reconnection attempts fail meanwhile.
    await sleep(1500);

    // Sign-ins still work and are still limited, counted in memory.
    const started = Date.now();
    expect(await signInsAllowed('10.0.0.2')).toBe(3);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await loginAs(app, 'admin@demo.alumnet.dev')).user._id).toBeTruthy();
    // Chat on this process: a member who connects now is listed and gets messages.
    const b = await connectClient(baseUrl, { cookie: member2.cookie });
    clients.push(b);
    const both = (ids: string[]) => ids.includes(member.user._id) && ids.includes(member2.user._id);
    await a.onlineWhen(both);
    await b.onlineWhen(both);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/messages/send/${member2.user._id}`,
      headers: { cookie: member.cookie },
      payload: { message: 'Sent while Redis is away' },
    });
    expect(sent.statusCode).toBe(200);
    expect((await b.messageWhere((m) => m.message === 'Sent while Redis is away')).senderId).toBe(
      member.user._id,
    );
    expect(await keys('rate-limit:*10.0.0.2')).toEqual([]);

    await proxy.start();
    await until(() => app.outages.redis.up, 10_000, 'Redis to be reachable again');

    // The member who connected during the outage is written to the shared list again.
    await until(
      async () => {
        const entries = await redis.zrange(`${prefix}presence:${collegeId}`, '0', '-1');
        return entries.some((entry) => entry.startsWith(`${member2.user._id}|`));
      },
      5000,
      'presence to be written to Redis again',
    );
    // Limits are shared again.
    expect(await signInsAllowed('10.0.0.3')).toBe(3);
    expect(await keys('rate-limit:*10.0.0.3')).toHaveLength(1);

    const outageLines = log.lines.filter((line) => /^Redis /.test(line.msg));
    expect(outageLines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^Redis unreachable: serving from this process alone/),
      expect.stringMatching(/^Redis reachable again after [\d.]+ s$/),
    ]);
    // Nothing else was logged as an error meanwhile (the quiz's Redis clients included).
    const errors = log.lines.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
  }, 60_000);
});
