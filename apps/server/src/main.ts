import { loadConfig } from './config';
import { buildApp, buildWorkerApp } from './app';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { writePortalFile } from './ops/backup-route';
import { loadMallocTrim } from './ops/malloc-trim';
import { startMemoryReturn } from './ops/memory-return';
import { createDatabase, POOL_SIZE, withTransactionStatementTimeout } from './db/client';
import { spawnEmbeddedPostgres } from './db/embedded-supervisor';
import { startEmbeddedUpkeep } from './db/embedded-upkeep';
import { runMigrations } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';
import { seedDemoOnFirstStart } from './db/seed/first-start';
import { seedReferenceData } from './db/seed/reference';
import { ensureShippedImages } from './modules/images';
import { createStorage } from './storage';
import path from 'node:path';
import v8 from 'node:v8';
import { pino } from 'pino';
import { startWorker } from './worker';

// V8 lets its heap grow to as much as four times what a full collection leaves, and keeps what it
// grew: with 80-90 MB live, the soak's server held 350-380 MB of heap, and the quiz's broadcasts
// pushed its RSS up 12% between minutes 5 and 12 (bench:soak, 2026-11-28). At twice what stays
// live the heap held 185-207 MB and the RSS grew 3.8%, for more frequent full collections.
v8.setFlagsFromString('--heap-growing-percent=100');
// V8 drops the bytecode of functions that have not run for a few full collections, but keeps any
// with baseline (Sparkplug) code, which is nearly all that ever ran: start-up, migrations, and a
// quiz's or an RSVP rush's paths stayed compiled to the end. Flushing their baseline code too held
// V8's code space at 5-7 MB in bench:soak, against 7-9 MB without (docs/performance.md); a
// function that runs again is compiled again, once.
v8.setFlagsFromString('--flush-baseline-code');

// The process: pick the database, migrate, seed, serve, and shut down cleanly on a signal.
const config = loadConfig();
const logger =
  config.env === 'development' && process.stdout.isTTY
    ? {
        level: config.logLevel,
        transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
      }
    : { level: config.logLevel };

// The embedded database runs in a child process of its own (db/embedded-supervisor.ts), which
// logs before the app exists.
const embedded = config.databaseUrl
  ? undefined
  : await spawnEmbeddedPostgres(path.join(config.dataDir, 'pg'), { log: pino(logger) });
const target = embedded
  ? { url: embedded.url, poolSize: embedded.poolSize, livePoolSize: embedded.livePoolSize }
  : { url: config.databaseUrl!, poolSize: POOL_SIZE, livePoolSize: POOL_SIZE };
// Migrations and seeding on a pool of their own, without the running portal's statement timeout:
// a migration of a big table may rightly take minutes.
const setup = createDatabase(target.url, target.poolSize);
let seeded = false;
try {
  await runMigrations(setup.db);
  await seedReferenceData(setup.db);
  seeded = config.seedDemo ? await seedDemoOnFirstStart(setup.db) : false;
} finally {
  await setup.close();
}
// The statement timeout is for requests; jobs have their own (JOB_STATEMENT_TIMEOUT_SECONDS): a
// worker-only process's whole pool takes it, and in a process that does both, each job's
// transaction sets it for itself (SET LOCAL), leaving the pool's connections as they were.
const poolOptions = embedded
  ? {}
  : { ...config.databaseTimeouts, namedStatements: config.databasePreparedStatements };
const { db, close: closeDb } = createDatabase(
  target.url,
  target.poolSize,
  config.role === 'worker' && !embedded
    ? { ...poolOptions, statementMs: config.jobs.statementMs }
    : poolOptions,
);
// A live game's calls on a pool of their own (plugins/db.ts); a worker alone has no game.
const live =
  config.role === 'worker'
    ? undefined
    : createDatabase(target.url, target.livePoolSize, poolOptions);
const jobsDb =
  config.role === 'all' && !embedded
    ? withTransactionStatementTimeout(db, config.jobs.statementMs)
    : db;
// The demo posts and profiles point at these pictures; drawn into storage once.
if (config.seedDemo) await ensureShippedImages(createStorage(config));

// ROLE: web and worker together (the default), or one of them in a process of its own; a worker
// alone answers only /healthz and /readyz.
// The embedded database can only be read through this process while it runs: `npm run backup`
// finds the portal through DATA_DIR/portal.json and asks it (ops/backup-route.ts).
const serves = config.role !== 'worker';
const backupToken = embedded && serves ? randomBytes(32).toString('hex') : undefined;
const app = serves
  ? await buildApp({ config, db, liveDb: live?.db, logger, backupToken })
  : await buildWorkerApp({ db, logger });
const log = serves ? app.log : app.log.child({ role: 'worker' });
// The worker starts before the port opens: once the portal answers, all of it runs, so a signal
// from then on finds nothing half-started (a SIGTERM while the worker was still starting, after
// the port had opened, used to end the process without its clean stop).
// It reports a database outage through the app's watch: logged once, seen by /readyz.
await app.ready();
const worker =
  config.role === 'web'
    ? undefined
    : await startWorker({ db: jobsDb, config, log, database: app.outages.database });
await app.listen({ port: config.port, host: config.host });
// PGlite has no autovacuum; the process that owns the pool does its work (db/embedded-upkeep.ts).
const stopUpkeep = embedded ? startEmbeddedUpkeep(db, log) : undefined;
// A round's full collection would hold up a question's broadcast to every player.
const stopMemoryReturn = startMemoryReturn(log, {
  busy: serves ? () => app.quiz.playing() : undefined,
  trim: await loadMallocTrim(),
});
const forgetPortal = backupToken
  ? await writePortalFile(config.dataDir, {
      pid: process.pid,
      url: `http://${reachable(config.host)}:${config.port}`,
      token: backupToken,
    })
  : undefined;
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** An address this machine's tools can call the portal on, whatever it listens on. */
function reachable(host: string) {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

const url = `http://localhost:${config.port}`;
console.log(
  [
    '',
    serves
      ? `  Alumnet is running at ${url}`
      : `  Alumnet worker is running (ROLE=worker); health at ${url}/healthz and ${url}/readyz`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')}`}${seeded ? ' (demo data created)' : ''}`,
    ...(serves ? [`  API docs: ${url}/docs`] : []),
    '',
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.role}`),
    '',
  ].join('\n'),
);

/** Everything below must be done by then; a stuck step must not keep a deploy waiting for ever. */
const SHUTDOWN_LIMIT_MS = 10_000;

let stopping = false;
/**
 * SIGTERM (a deploy, systemd, docker stop) or SIGINT (Ctrl-C): stop accepting connections, let the
 * requests in flight finish, close the realtime sockets (the chat's Socket.IO clients and the
 * quiz pages reconnect by themselves, to this process once restarted or to another one), let the
 * worker finish its chunk, then write the embedded database's changes to its files (CHECKPOINT)
 * so the next start has no WAL to replay.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  log.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  force.unref();
  let clean = true;
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      clean = false;
      log.error({ err: error }, `shutdown: ${what} failed`);
    }
  };
  // The web server and the worker stop side by side; both still need the database meanwhile.
  await Promise.all([
    step('closing the web server', async () => app.close()),
    step('stopping the worker', async () => worker?.stop()),
  ]);
  if (forgetPortal) await step('removing portal.json', forgetPortal);
  stopMemoryReturn();
  if (stopUpkeep) await step("stopping the database's upkeep", stopUpkeep);
  if (embedded) await step('checkpointing the database', () => db.execute(sql`CHECKPOINT`));
  await step('closing the database pool', closeDb);
  if (live) await step("closing the live quiz's pool", live.close);
  if (embedded) await step('stopping the embedded database', embedded.stop);
  log.info({ ms: Date.now() - started }, clean ? 'stopped cleanly' : 'stopped, with errors');
  process.exit(clean ? 0 : 1);
}
