import { loadConfig } from './config';
import { buildApp } from './app';
import { createDatabase } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed/demo';
import { seedReferenceData } from './db/seed/reference';
import { ensureShippedImages } from './modules/images';
import { createStorage } from './storage';
import path from 'node:path';
import { pino } from 'pino';
import { startWorker } from './worker';

// The process: pick the database, migrate, seed, serve, and shut down cleanly on a signal.
const config = loadConfig();
const logger =
  config.env === 'development' && process.stdout.isTTY
    ? {
        level: config.logLevel,
        transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
      }
    : { level: config.logLevel };

const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
const { db, close: closeDb } = embedded
  ? createDatabase(embedded.url, embedded.poolSize)
  : createDatabase(config.databaseUrl!);
await runMigrations(db);
await seedReferenceData(db);
const seeded = config.seedDemo ? await seedDemoData(db) : false;
// The demo posts and profiles point at these pictures; drawn into storage once.
if (config.seedDemo) await ensureShippedImages(createStorage(config));

// ROLE: web and worker together (the default), or one of them in a process of its own.
const app = config.role === 'worker' ? undefined : await buildApp({ config, db, logger });
if (app) await app.listen({ port: config.port, host: config.host });
const worker =
  config.role === 'web'
    ? undefined
    : await startWorker({ db, config, log: app?.log ?? pino(logger).child({ role: 'worker' }) });

const url = `http://localhost:${config.port}`;
console.log(
  [
    '',
    app ? `  Alumnet is running at ${url}` : '  Alumnet worker is running (ROLE=worker)',
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`}${seeded ? ' (demo data created)' : ''}`,
    `  API docs: ${url}/docs`,
    '',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.role}`),
    '',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`shutting down (${signal})`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app?.close();
  await worker?.stop();
  await closeDb();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
