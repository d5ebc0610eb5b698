/**
 * npm run bench:fanout [-- --sockets 10000 --servers 1 --clients 2 --rounds 10 --bytes 300 --pin]
 *
 * The floor under bench:quiz's broadcast figure: how long THIS machine takes to write one small
 * buffer to N loopback TCP sockets, with no WebSocket framing, no JSON and no application at all.
 * K server processes each accept their share of the sockets and, on a signal, write the same
 * prebuilt buffer to each of them in one loop; client processes hold the other ends (plain
 * net.Socket, nothing parsed) and stamp each arrival on the shared wall clock. Latency is
 * signal -> arrival, as bench:quiz measures host send -> player receive. Whatever the quiz adds
 * (framing, its event loop, answers, the collector) comes on top of this, so a broadcast goal
 * below this floor cannot be met by the server's code on this machine. --pin keeps the clients
 * off the servers' cores (taskset), as phones would be.
 *
 * bench:quiz runs the same loop (runFanout) first, with the quiz's own layout, and reports its
 * broadcast as a ratio of this floor.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import net from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pinApart } from './server-process';
import { integerFlag } from './flags';

type ToChild = { type: 'go' } | { type: 'report' };
type FromChild =
  | { type: 'listening'; port: number }
  | { type: 'connected' }
  | { type: 'wrote'; loopMs: number; cpuMs: number }
  | { type: 'stamps'; stamps: number[] };

const wall = () => performance.timeOrigin + performance.now();
const self = realpathSync(fileURLToPath(import.meta.url));

function nextMessage<T extends FromChild['type']>(child: ChildProcess, type: T) {
  return new Promise<Extract<FromChild, { type: T }>>((resolve) => {
    const listen = (message: FromChild) => {
      if (message.type !== type) return;
      child.off('message', listen);
      resolve(message as Extract<FromChild, { type: T }>);
    };
    child.on('message', listen);
  });
}

/** A server process: accepts `count` sockets, then writes one buffer to each on every 'go'. */
function serve(count: number, bytes: number) {
  const sockets: net.Socket[] = [];
  const payload = Buffer.alloc(bytes, 'x');
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    socket.on('error', () => {});
    sockets.push(socket);
    if (sockets.length === count) process.send!({ type: 'connected' } satisfies FromChild);
  });
  server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
    const { port } = server.address() as net.AddressInfo;
    process.send!({ type: 'listening', port } satisfies FromChild);
  });
  process.on('message', (message: ToChild) => {
    if (message.type !== 'go') return;
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const socket of sockets) socket.write(payload);
    const used = process.cpuUsage(cpu);
    process.send!({
      type: 'wrote',
      loopMs: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
    } satisfies FromChild);
  });
}

/** A client process: opens `count` sockets to `port` and stamps every arrival. */
async function hold(count: number, port: number) {
  let stamps: number[] = [];
  const sockets: net.Socket[] = [];
  // A few hundred at a time: the server's accept queue is finite.
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      Array.from(
        { length: Math.min(500, count - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve());
            socket.on('data', () => stamps.push(wall()));
            socket.once('error', reject);
            sockets.push(socket);
          }),
      ),
    );
  }
  process.send!({ type: 'connected' } satisfies FromChild);
  process.on('message', (message: ToChild) => {
    if (message.type !== 'report') return;
    process.send!({ type: 'stamps', stamps } satisfies FromChild);
    stamps = [];
  });
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;

export interface FanoutOptions {
  sockets: number;
  servers: number;
  /** Client processes; raised to at least one per server and one per 15,000 sockets. */
  clients: number;
  rounds: number;
  bytes: number;
  /** taskset: clients off the servers' cores. */
  pin: boolean;
}

export interface FanoutFigures {
  sockets: number;
  servers: number;
  clients: number;
  rounds: number;
  bytes: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  lost: number;
}

/**
 * The floor's loop: starts the server and client processes, runs the rounds, stops them and
 * returns the figures and a row per round. bench:quiz runs it first, with its own layout (the
 * quiz's server processes, load generators and players), so its ratio compares the same run.
 */
export async function runFanout(options: FanoutOptions) {
  const { sockets: SOCKETS, servers: SERVERS, rounds: ROUNDS, bytes: BYTES, pin: PIN } = options;
  // At least one client per server, and (at 20,000 open files a process) 15,000 sockets at most.
  const CLIENTS = Math.max(options.clients, SERVERS, Math.ceil(SOCKETS / 15_000));

  const children: ChildProcess[] = [];
  const start = (role: string, ...args: (string | number)[]) => {
    const child = fork(self, [role, ...args.map(String)]);
    children.push(child);
    return child;
  };
  const stopAll = () => children.forEach((child) => child.kill());
  // Bounded: whatever happens, the run ends.
  const deadline = setTimeout(
    () => {
      console.error('bench:fanout took too long; giving up');
      stopAll();
      process.exit(1);
    },
    120_000 + ROUNDS * 5_000,
  ).unref();

  // Client c holds sockets of server c mod SERVERS; each server accepts what its clients open.
  const perClient = Array.from(
    { length: CLIENTS },
    (_, c) => Math.floor(SOCKETS / CLIENTS) + (c < SOCKETS % CLIENTS ? 1 : 0),
  );
  const servers = Array.from({ length: SERVERS }, (_, s) =>
    start(
      'serve',
      perClient.filter((_, c) => c % SERVERS === s).reduce((a, b) => a + b, 0),
      BYTES,
    ),
  );
  const ports = await Promise.all(servers.map((s) => nextMessage(s, 'listening')));
  const allAccepted = Promise.all(servers.map((s) => nextMessage(s, 'connected')));
  const clients = perClient.map((count, c) => start('hold', count, ports[c % SERVERS]!.port));
  if (PIN)
    pinApart(
      servers.map((s) => s.pid!),
      clients.map((c) => c.pid!),
    );
  await Promise.all(clients.map((c) => nextMessage(c, 'connected')));
  await allAccepted;
  await sleep(1000);

  const latencies: number[] = [];
  const rows: Record<string, number>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const signalled = wall();
    const wrote = Promise.all(servers.map((s) => nextMessage(s, 'wrote')));
    servers.forEach((s) => s.send({ type: 'go' } satisfies ToChild));
    const loops = await wrote;
    await sleep(1000);
    const stamps = await Promise.all(
      clients.map((c) => {
        const answer = nextMessage(c, 'stamps');
        c.send({ type: 'report' } satisfies ToChild);
        return answer;
      }),
    );
    const these = stamps.flatMap((s) => s.stamps.map((at) => at - signalled)).sort((a, b) => a - b);
    latencies.push(...these);
    rows.push({
      round: round + 1,
      received: these.length,
      p50: percentile(these, 0.5),
      p99: percentile(these, 0.99),
      'write loop ms': Math.round(Math.max(...loops.map((l) => l.loopMs)) * 10) / 10,
      'server CPU ms': Math.round(loops.reduce((sum, l) => sum + l.cpuMs, 0) * 10) / 10,
    });
  }
  // Gone before the caller goes on: their sockets and cores are the next thing measured.
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill();
        }),
    ),
  );
  clearTimeout(deadline);

  latencies.sort((a, b) => a - b);
  const figures: FanoutFigures = {
    sockets: SOCKETS,
    servers: SERVERS,
    clients: CLIENTS,
    rounds: ROUNDS,
    bytes: BYTES,
    p50_ms: percentile(latencies, 0.5),
    p95_ms: percentile(latencies, 0.95),
    p99_ms: percentile(latencies, 0.99),
    lost: SOCKETS * ROUNDS - latencies.length,
  };
  return { figures, rows };
}

/** The table and summary line of a run (bench:quiz prints them too, before its game). */
export function printFanout(
  { figures, rows }: Awaited<ReturnType<typeof runFanout>>,
  pin: boolean,
) {
  console.log(
    `bench:fanout  ${figures.bytes} bytes to ${figures.sockets} loopback sockets, ` +
      `${figures.servers} server process(es), ${figures.clients} client process(es)` +
      `${pin ? ' (pinned apart)' : ''}, ${figures.rounds} rounds; ` +
      `machine load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.table(rows);
  console.log(
    `all rounds          p50 ${figures.p50_ms}  p95 ${figures.p95_ms}  p99 ${figures.p99_ms} ms, ` +
      `${figures.lost} not received`,
  );
}

async function main() {
  const { values: flags } = parseArgs({
    options: {
      sockets: { type: 'string', default: '10000' },
      servers: { type: 'string', default: '1' },
      clients: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '10' },
      bytes: { type: 'string', default: '300' },
      pin: { type: 'boolean', default: false },
    },
  });
  const result = await runFanout({
    sockets: integerFlag('sockets', flags.sockets, 1, 60_000),
    servers: integerFlag('servers', flags.servers, 1, 8),
    clients: integerFlag('clients', flags.clients, 1, 16),
    rounds: integerFlag('rounds', flags.rounds, 1, 1000),
    bytes: integerFlag('bytes', flags.bytes, 1, 65_536),
    pin: flags.pin,
  });
  printFanout(result, flags.pin);
  const { sockets, servers, rounds, p50_ms, p95_ms, p99_ms, lost } = result.figures;
  console.log(JSON.stringify({ sockets, servers, rounds, p50_ms, p95_ms, p99_ms, lost }));
}

// Run as a script (npm run bench:fanout, or one of its own children); imported, it only exports.
if (process.argv[1] && realpathSync(process.argv[1]) === self) {
  const [role, ...args] = process.argv.slice(2);
  if (role === 'serve') serve(Number(args[0]), Number(args[1]));
  else if (role === 'hold') await hold(Number(args[0]), Number(args[1]));
  else await main();
}
