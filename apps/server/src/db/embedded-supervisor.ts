import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { BaseLogger } from 'pino';
import { freePort } from '../lib/free-port';
import type { EmbeddedProcessMessage } from './embedded-process';

/**
 * The app's connections to the embedded database. PGlite still runs one statement at a time, but
 * with one connection it sat idle while the app read each answer and sent the next query (59% of
 * a core at the soak's knee, bench:soak); with a few, the next one is already waiting. The socket
 * server runs each connection's batch (Parse to Sync) as one unit and, inside a transaction, only
 * that connection's statements (patches/@electric-sql+pglite-socket*.patch, embedded.test.ts).
 */
export const EMBEDDED_POOL_SIZE = 4;
/** The live quiz's own connections (plugins/db.ts, `liveDb`), beside the pool's. */
export const EMBEDDED_LIVE_POOL_SIZE = 2;

export interface SupervisedPostgres {
  url: string;
  poolSize: number;
  livePoolSize: number;
  /** The database process's id while one runs. */
  readonly pid: number | undefined;
  /** Stops the database process cleanly; call it after the app's pools are closed. */
  stop: () => Promise<void>;
}

export interface SupervisorOptions {
  log: Pick<BaseLogger, 'info' | 'warn' | 'error' | 'fatal'>;
  /** It keeps dying: by default the portal exits, for its own supervisor to act. */
  onGiveUp?: () => void;
  /** Deaths within `crashWindowMs` after which it gives up (default 5 in 60 s). */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** A clean stop that takes longer is cut short with SIGKILL. */
  stopTimeoutMs?: number;
}

/** The first restart comes quickly (most deaths are one-off); repeated failures back off. */
const BACKOFF_MS = [200, 500, 1_000, 2_000, 5_000];

/**
 * The embedded database (PGlite and its socket server) in a child process of its own, so that its
 * statements, which run synchronously, do not stop the app's event loop (embedded-process.ts).
 * The app reaches it over the loopback port exactly like the in-process one.
 *
 * If the process dies, it is restarted on the same port, so the pool's URL stays valid and the
 * pool reconnects by itself; meanwhile requests fail to connect and answer 503 through the usual
 * outage path (ops/outages.ts, plugins/errors.ts). If it keeps dying the portal exits rather than
 * limp along, with a log line saying so.
 */
export async function spawnEmbeddedPostgres(
  dataDir: string,
  options: SupervisorOptions,
): Promise<SupervisedPostgres> {
  const { log } = options;
  const maxCrashes = options.maxCrashes ?? 5;
  const crashWindowMs = options.crashWindowMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  // A moment for the log line to be written out before the exit.
  const onGiveUp = options.onGiveUp ?? (() => setTimeout(() => process.exit(1), 200));
  const folder = path.resolve(dataDir);
  // Picked once: the app's pools keep this URL across restarts.
  const port = await freePort();
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const crashes: number[] = [];
  let downSince: number | undefined;

  let starting: Promise<void> | undefined;
  const started = () =>
    (starting = startChild(folder, port)
      .then((ready) => {
        child = ready;
        ready.once('exit', (code, signal) => onExit(code, signal));
        // A signal or message that cannot reach a process already gone: its exit tells the rest.
        ready.on('error', () => {});
      })
      .finally(() => (starting = undefined)));

  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    child = undefined;
    if (stopping) return;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - crashWindowMs) crashes.shift();
    if (crashes.length >= maxCrashes) return giveUp();
    if (downSince === undefined) {
      downSince = now;
      log.error(
        { code, signal, dataDir: folder },
        'the embedded database process died; restarting it. Requests that need the database answer 503 until it is back',
      );
    }
    scheduleRestart();
  };

  const scheduleRestart = () => {
    const delay = BACKOFF_MS[Math.min(crashes.length, BACKOFF_MS.length) - 1] ?? 200;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      started().then(
        () => {
          const seconds = Math.round((Date.now() - downSince!) / 100) / 10;
          downSince = undefined;
          log.warn({ downSeconds: seconds }, `the embedded database is back after ${seconds} s`);
        },
        (error: unknown) => {
          log.warn({ reason: (error as Error).message }, 'the embedded database did not restart');
          onExit(null, null);
        },
      );
    }, delay);
  };

  const giveUp = () => {
    stopping = true;
    log.fatal(
      { dataDir: folder, deaths: crashes.length, withinSeconds: crashWindowMs / 1000 },
      `the embedded database process died ${crashes.length} times within ${crashWindowMs / 1000} s; the portal exits so that whatever runs it (systemd, docker, a shell loop) can restart it. The database's own errors, if any, are above`,
    );
    onGiveUp();
  };

  await started();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    poolSize: EMBEDDED_POOL_SIZE,
    livePoolSize: EMBEDDED_LIVE_POOL_SIZE,
    get pid() {
      return child?.pid;
    },
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      // A restart under way finishes first, so that no process is left behind on the folder.
      await starting?.catch(() => {});
      const running = child;
      if (!running) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      // A closed channel means it is exiting anyway.
      running.send({ type: 'stop' }, () => {});
      const timer = setTimeout(() => running.kill('SIGKILL'), stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Forks embedded-process next to this file: `.ts` when the server runs its TypeScript through
 * tsx, `.js` when it runs the built bundle (the entry is built beside main.js).
 */
function startChild(folder: string, port: number) {
  const extension = path.extname(new URL(import.meta.url).pathname);
  const entry = new URL(`./embedded-process${extension}`, import.meta.url);
  const execArgv =
    extension === '.ts'
      ? ['--import', import.meta.resolve('tsx')]
      : process.execArgv.filter((argument) => !argument.startsWith('--inspect'));
  const child = fork(entry, [folder, String(port)], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    const onMessage = (message: EmbeddedProcessMessage) => {
      if (message.type === 'ready') {
        settle();
        resolve(child);
      } else if (message.type === 'failed') {
        settle();
        // Waits for the exit, so that a restart never overlaps a dying process on the folder.
        void exitOf(child).then(() =>
          reject(new Error(`the embedded database did not start: ${message.message}`)),
        );
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      settle();
      reject(new Error(`the embedded database process exited while starting (${signal ?? code})`));
    };
    const onError = (error: Error) => {
      settle();
      child.kill('SIGKILL');
      reject(error);
    };
    const settle = () => {
      child.off('message', onMessage).off('exit', onExit).off('error', onError);
    };
    child.on('message', onMessage).on('exit', onExit).on('error', onError);
  });
}

function exitOf(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => child.once('exit', () => resolve()));
}
