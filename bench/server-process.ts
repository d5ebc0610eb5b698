/**
 * The server of a benchmark in a process of its own, apart from the load generator (which must
 * not steal its core, and may hold at most 20,000 open files), and how to read what it used.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { adminQuery, databaseUrl } from '../apps/server/src/db/admin';
import { createDatabase } from '../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { freePort } from '../apps/server/src/test/server-process';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface BenchDatabase {
  kind: 'postgresql' | 'pglite';
  label: string;
  /** What the server process needs in its environment to use it. */
  serverEnv: Record<string, string>;
  /** A connection of the bench's own; with PGlite only while the server is not running. */
  open: () => Promise<Pick<ReturnType<typeof createDatabase>, 'db' | 'pool' | 'close'>>;
  drop: () => Promise<void>;
}

/**
 * PostgreSQL: a database of the bench's own on the DATABASE_URL server. PGlite: a data
 * directory the server opens itself (DATA_DIR), since the embedded server takes one connection
 * and the server process would open a pool of ten on a shared one.
 */
export async function benchDatabase(
  options: {
    /** PostgreSQL: use this database, made by an earlier run with `keep`, and leave it. */
    reuse?: string;
    /** PostgreSQL: leave the database in place at the end, for `reuse` and EXPLAIN. */
    keep?: boolean;
  } = {},
): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = options.reuse ?? `alumnet_bench_${randomBytes(4).toString('hex')}`;
    if (!/^alumnet_bench_[0-9a-f]{8}$/.test(name))
      throw new Error('reuse takes the name of a database a benchmark made');
    if (!options.reuse) await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = databaseUrl(serverUrl, name);
    const kept = options.keep || options.reuse;
    return {
      kind: 'postgresql',
      label: `PostgreSQL database ${name}${kept ? ' (kept)' : ''}`,
      serverEnv: { DATABASE_URL: url },
      open: async () => createDatabase(url, 2),
      drop: async () => {
        if (!kept) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  if (options.reuse) throw new Error('reuse needs DATABASE_URL');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'alumnet-bench-'));
  return {
    kind: 'pglite',
    label: 'embedded PGlite',
    serverEnv: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: async () => {
      const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
      const { db, pool, close } = createDatabase(embedded.url, embedded.poolSize);
      return {
        db,
        pool,
        close: async () => {
          await close();
          await embedded.stop();
        },
      };
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export const METRICS_TOKEN = randomBytes(16).toString('hex');
/** A server's Prometheus metrics, as text. */
export async function metricsOf(url: string) {
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
  return text;
}

/**
 * V8's used heap of a server process, from its Prometheus metrics: live objects and whatever
 * garbage the collector has not reached yet, so it moves with when it last ran.
 */
export async function heapOf(url: string) {
  const used = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await metricsOf(url));
  if (!used) throw new Error('/metrics answered without the heap');
  return Number(used[1]);
}

/**
 * A server's live heap: V8's used heap right after a full collection, asked through its
 * inspector (started with `inspect`). Unlike `heapOf`, it does not depend on when the collector
 * last ran.
 */
export async function liveHeapOf(inspectPort: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await once(socket, 'open');
  let lastId = 0;
  const call = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      const onMessage = (data: WebSocket.RawData) => {
        const answer = JSON.parse(data.toString()) as { id?: number; result?: T; error?: unknown };
        if (answer.id !== id) return;
        socket.off('message', onMessage);
        if (answer.error) reject(new Error(`${method}: ${JSON.stringify(answer.error)}`));
        else resolve(answer.result as T);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
  } finally {
    socket.close();
  }
}

const GC_KINDS = ['minor', 'incremental', 'major'] as const;
export type GcTotals = Record<(typeof GC_KINDS)[number], { count: number; ms: number }>;
/** What the collector took between two readings, as `minor 120 (310 ms), …`. */
export const gcBetween = (before: GcTotals, after: GcTotals) =>
  GC_KINDS.map(
    (kind) =>
      `${kind} ${after[kind].count - before[kind].count} ` +
      `(${(after[kind].ms - before[kind].ms).toFixed(0)} ms)`,
  ).join(', ');

/** The collector's pauses of a server process so far, by kind (prom-client's GC histogram). */
export async function gcOf(url: string): Promise<GcTotals> {
  const text = await metricsOf(url);
  const read = (what: 'sum' | 'count', kind: string) =>
    Number(
      new RegExp(`^nodejs_gc_duration_seconds_${what}\\{kind="${kind}"\\} (\\S+)$`, 'm').exec(
        text,
      )?.[1] ?? 0,
    );
  return Object.fromEntries(
    GC_KINDS.map((kind) => [kind, { count: read('count', kind), ms: read('sum', kind) * 1000 }]),
  ) as GcTotals;
}

/** /proc/<pid>/status VmRSS in bytes. */
export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
/** CPU seconds (user + system) the process used so far. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString());
export const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

/**
 * Keeps servers and load generators on cores of their own (taskset, every thread): server i on
 * core i, the generators on the cores left (on a 2-core box, all on the second), so clients that
 * stand for phones and browsers do not take the server's core from it.
 */
export function pinApart(serverPids: readonly number[], generatorPids: readonly number[]) {
  const cores = availableParallelism();
  const generatorCores = Array.from({ length: cores }, (_, i) => i).filter(
    (i) => i >= Math.min(serverPids.length, cores - 1),
  );
  const pin = (pid: number, on: number[]) =>
    execFileSync('taskset', ['-a', '-cp', on.join(','), String(pid)], { stdio: 'ignore' });
  serverPids.forEach((pid, i) => pin(pid, [i % cores]));
  generatorPids.forEach((pid) => pin(pid, generatorCores));
}

export interface ServerOptions {
  /** More environment: REDIS_URL for a cluster, rate limits. */
  env?: Record<string, string>;
  /** Each server process writes a V8 CPU profile into this folder when it stops. */
  profileDir?: string;
  /**
   * Opens each server's inspector on a free loopback port, for `liveHeapOf` (a full collection
   * on demand): a bench server only, on this machine, for the run's length.
   */
  inspect?: boolean;
  /**
   * Runs the built server as `npm start` does (apps/server/build.mjs's bundle, built here when
   * stale, with its source maps and start.mjs's malloc setting) instead of the TypeScript
   * through tsx: what a college runs, for benchmarks of the whole portal.
   */
  compiled?: boolean;
  /** Node's and V8's flags for the server, before its entry: to measure a setting's trade. */
  nodeFlags?: string[];
}

/**
 * `apps/server/src/main.ts` in a process of its own (web role, production mode, no demo data),
 * on a free loopback port; resolves once /healthz answers.
 */
export async function startServer(database: BenchDatabase, options: ServerOptions = {}) {
  const port = await freePort();
  const inspectPort = options.inspect ? await freePort() : undefined;
  const profile = options.profileDir
    ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.profileDir)]
    : [];
  const inspect = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const flags = [...profile, ...inspect, ...(options.nodeFlags ?? [])];
  if (options.compiled) {
    const build = spawnSync(process.execPath, ['apps/server/build.mjs', '--if-stale'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the server did not build');
  }
  const entry = options.compiled
    ? ['--import', './apps/server/source-maps.mjs', 'apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const server = spawn(process.execPath, [...flags, ...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...(options.compiled ? { MALLOC_ARENA_MAX: '2' } : {}),
      ...database.serverEnv,
      NODE_ENV: 'production',
      COOKIE_SECURE: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: 'false',
      ROLE: 'web',
      WEB_DIST: '/nonexistent',
      // Its heap is read from /metrics.
      METRICS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', inspectPort ? 'pipe' : 'inherit'],
  });
  // The inspector's notices on stderr are not the server's; everything else is passed on.
  if (inspectPort)
    createInterface({ input: server.stderr! }).on('line', (line) => {
      if (
        !/^(Debugger (listening|ending|attached)|For help, see|Waiting for the debugger)/.test(line)
      )
        console.error(line);
    });
  // The server's log lines (warnings and errors) are worth seeing; its banner is not.
  createInterface({ input: server.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) console.error(`[server] ${line}`);
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { server, url, inspectPort };
    if (Date.now() > until) throw new Error('the server did not start within 120 s');
    await sleep(250);
  }
}

export async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The processes and database of one benchmark run, stopped once: at its end, on Ctrl-C, or when
 * it runs past `limitSeconds` (so a stuck run still ends). Load generators go first, then the
 * servers, then the scratch database.
 */
export function benchRun(name: string, database: BenchDatabase, limitSeconds: number) {
  const servers: ChildProcess[] = [];
  /** Load generators: add each one started. */
  const generators: ChildProcess[] = [];
  /** Before the database is read alone (PGlite takes one connection): stopping is idempotent. */
  const stopProcesses = async () => {
    generators.forEach((child) => child.kill('SIGTERM'));
    await Promise.all(servers.map(stopServer));
  };
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await stopProcesses();
    await database.drop();
  };
  setTimeout(() => {
    console.error(`${name} took longer than ${limitSeconds} s; giving up`);
    void cleanup().finally(() => process.exit(1));
  }, limitSeconds * 1000).unref();
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  /**
   * `count` servers, one after another (each runs the migrations as it starts), and what they
   * use together.
   */
  const startServers = async (count: number, options: ServerOptions = {}) => {
    const urls: string[] = [];
    const inspectPorts: number[] = [];
    for (let i = 0; i < count; i++) {
      const { server, url, inspectPort } = await startServer(database, options);
      servers.push(server);
      urls.push(url);
      if (inspectPort) inspectPorts.push(inspectPort);
    }
    const pids = servers.map((server) => server.pid!);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return {
      urls,
      pids,
      cpu: () => sum(pids.map(cpuOf)),
      rss: () => sum(pids.map(rssOf)),
      heap: async () => sum(await Promise.all(urls.map(heapOf))),
      /** Their live heap after a full collection each (needs `inspect`). */
      liveHeap: async () => {
        if (inspectPorts.length !== count) throw new Error('liveHeap needs the inspect option');
        return sum(await Promise.all(inspectPorts.map(liveHeapOf)));
      },
      /** The servers' collector pauses so far, added up by kind. */
      gc: async () =>
        (await Promise.all(urls.map(gcOf))).reduce((total, one) => {
          for (const kind of GC_KINDS) {
            total[kind].count += one[kind].count;
            total[kind].ms += one[kind].ms;
          }
          return total;
        }),
    };
  };
  return { generators, startServers, stopProcesses, cleanup };
}
