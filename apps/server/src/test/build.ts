import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig } from '../config';
import { adminQuery, databaseUrl } from '../db/admin';
import { createDatabase, POOL_SIZE } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { hashToken, SESSION_COOKIE } from '../modules/auth/tokens';

/** A fresh database of this test file's own: created here, dropped by the returned `drop`. */
export async function createTestDatabase() {
  const template = inject('dbTemplate');
  if (template.kind === 'postgres') {
    const name = `alumnet_test_${randomBytes(4).toString('hex')}`;
    await adminQuery(template.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.template}`);
    return {
      url: databaseUrl(template.adminUrl, name),
      poolSize: POOL_SIZE,
      // As main.ts opens a PostgreSQL server's pools.
      poolOptions: { namedStatements: true },
      drop: () => adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const embedded = await startEmbeddedPostgres(
    undefined,
    new Blob([readFileSync(template.dumpPath)]),
  );
  return { url: embedded.url, poolSize: embedded.poolSize, poolOptions: {}, drop: embedded.stop };
}

/** Enough for a test's few players at once; each file's database has room for 20 connections. */
const TEST_LIVE_POOL_SIZE = 2;

/**
 * The real app on a fresh database, built exactly as the process builds it. Call `close` in
 * afterAll.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  { logger = false }: { logger?: BuildOptions['logger'] } = {},
) {
  const database = await createTestDatabase();
  const { db, close: closeDb } = createDatabase(
    database.url,
    database.poolSize,
    database.poolOptions,
  );
  // The live quiz's pool of its own, as main.ts opens it (plugins/db.ts).
  const live = createDatabase(database.url, TEST_LIVE_POOL_SIZE, database.poolOptions);
  // TEST_REDIS_URL: run on a real Redis (CI does); each file gets its own key prefix.
  const redis = process.env.TEST_REDIS_URL
    ? {
        REDIS_URL: process.env.TEST_REDIS_URL,
        REDIS_PREFIX: `alumnet-test-${randomBytes(4).toString('hex')}:`,
      }
    : {};
  // Uploads go to a folder of this file's own, never into the repository's data/.
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'alumnet-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST: '/nonexistent',
    UPLOADS_DIR: uploadsDir,
    ...redis,
    ...env,
  });
  const app = await buildApp({ config, db, liveDb: live.db, logger });
  await app.ready();
  return {
    app,
    db,
    config,
    /** The database's address, for a process of its own (e.g. a worker) to join it. */
    databaseUrl: database.url,
    /** The disk storage folder: the app's own, whatever UPLOADS_DIR `env` may name. */
    uploadsDir: config.uploadsDir,
    close: async () => {
      await app.close();
      await closeDb();
      await live.close();
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the real login call and returns the cookie header to send afterwards.
 *
 * A test seam for the second factor (issue 30): when the session must still confirm or enrol one
 * (the demo admins), it is marked as passed directly in the database. Tests sign admins in many
 * times within one 30-second TOTP step, which the real step would refuse as a code used twice;
 * the second step's own tests (modules/mfa) go through it for real and use `passwordOnly`.
 */
export async function loginAs(
  app: Awaited<ReturnType<typeof buildTestApp>>['app'],
  userName: string,
  password = 'alumnet-demo',
  {
    passwordOnly = false,
    remoteAddress,
  }: {
    passwordOnly?: boolean;
    /** Its own address: the login limit counts per address. */
    remoteAddress?: string;
  } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`login as ${userName} failed: ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('login set no session cookie');
  if (!passwordOnly && (response.json() as { mfa?: string | null }).mfa) {
    await app.db
      .update(sessions)
      .set({ mfaPassedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(cookie.value)));
    app.forgetSessions({ userIds: [(response.json() as { _id: string })._id] });
  }
  return {
    cookie: `${SESSION_COOKIE}=${cookie.value}`,
    user: response.json() as { _id: string; collegeId: string },
  };
}

/** Has the app listen on a free loopback port (for sockets and other processes); its address. */
export async function listenOnLoopback(app: Awaited<ReturnType<typeof buildTestApp>>['app']) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
