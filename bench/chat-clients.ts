/**
 * A load generator of `npm run bench:chat` (bench/chat.ts forks it; it is not run by hand).
 * One process holds the sockets of a share of the members (member i belongs to generator i mod K,
 * so every college spreads over every generator and most messages cross processes) and sends its
 * share of the messages (message m belongs to generator m mod K) from its own members: over the
 * sender's open socket with `sendMessage` (as the web app sends), or with --via http through the
 * spec's HTTP call, to the server process its sender's socket is on. Times are on the shared wall clock
 * (performance.timeOrigin + performance.now(): the same clock in every process of the machine),
 * so bench/chat.ts can match a send in one process with its delivery in another.
 */
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@alumnet/contract';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { seededRandom } from './seeded-random';

export interface BenchMember {
  id: string;
  token: string;
  college: number;
  /** Index of the server process the member's socket (and sends) go to. */
  server: number;
}

export interface ClientsSlice {
  urls: string[];
  /** Every member: senders and receivers are drawn from all of them. */
  members: BenchMember[];
  /** This generator is number `k` of `of`. */
  k: number;
  of: number;
  /** Sockets opening at once. */
  batch: number;
  /** How messages are sent: over the sender's open socket (as the web app does), or HTTP. */
  via: 'socket' | 'http';
}

/** bench/chat.ts -> generator. */
export type ToClients =
  | { type: 'start'; slice: ClientsSlice }
  | { type: 'send'; startAt: number; rate: number; total: number }
  | { type: 'count' }
  | { type: 'report' };
/** Generator -> bench/chat.ts. */
export type FromClients =
  | { type: 'ready' }
  | { type: 'progress'; connected: number }
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'answered'; sends: SendRecord[]; seconds: number; unanswered: number }
  | { type: 'count'; distinct: number; online: Record<number, number> }
  | { type: 'report'; received: ReceiveRecord[]; cpuPercent: number };

/** [message number, wall-clock send start, HTTP status (0: no answer yet, -1: network error)]. */
export type SendRecord = [number, number, number];
/** [message number, wall-clock arrival]: one per `newMessage` heard by its receiver. */
export type ReceiveRecord = [number, number];

const wall = () => performance.timeOrigin + performance.now();
const tell = (message: FromClients) => process.send?.(message);

// Without the parent there is nothing to report to.
process.once('disconnect', () => process.exit(1));
process.on('message', (m: ToClients) => {
  if (m.type === 'start')
    void run(m.slice).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
tell({ type: 'ready' });

async function run(slice: ClientsSlice) {
  const { urls, members, k, of } = slice;
  const cpuStart = process.cpuUsage();
  const timeStart = performance.now();
  const received: ReceiveRecord[] = [];
  const distinct = new Set<number>();
  /** Per college: the size of the last online list any of its sockets here heard. */
  const online: Record<number, number> = {};

  // --- connect in batches
  const mine = members.filter((_, i) => i % of === k);
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  /** This generator's members' sockets: a send over the socket leaves from the sender's own. */
  const socketOf = new Map<string, Socket<ServerToClientEvents, ClientToServerEvents>>();
  const connectStart = performance.now();
  let failed = 0;
  for (let i = 0; i < mine.length; i += slice.batch) {
    const batch = mine.slice(i, i + slice.batch);
    const results = await Promise.all(
      batch.map(
        (member) =>
          new Promise<boolean>((resolve) => {
            const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(
              urls[member.server]!,
              {
                path: '/socket.io',
                transports: ['websocket'],
                extraHeaders: { cookie: `${SESSION_COOKIE}=${member.token}` },
                reconnection: false,
                // One connection per member, not one multiplexed connection for all.
                forceNew: true,
                timeout: 30_000,
              },
            );
            socket.on('newMessage', (message: ChatMessage) => {
              // The sender's own connections hear the message too; only the receiver counts.
              if (message.receiverId !== member.id || !message.clientId?.startsWith('bench-'))
                return;
              const n = Number(message.clientId.slice('bench-'.length));
              received.push([n, wall()]);
              distinct.add(n);
            });
            socket.on('getOnlineUsers', (ids) => (online[member.college] = ids.length));
            socket.once('connect', () => resolve(true));
            socket.once('connect_error', () => resolve(false));
            sockets.push(socket);
            socketOf.set(member.id, socket);
          }),
      ),
    );
    failed += results.filter((ok) => !ok).length;
    tell({ type: 'progress', connected: sockets.length - failed });
  }
  tell({
    type: 'connected',
    connected: sockets.length - failed,
    failed,
    seconds: (performance.now() - connectStart) / 1000,
  });

  process.on('message', (m: ToClients) => {
    if (m.type === 'send') void send(slice, socketOf, m.startAt, m.rate, m.total);
    else if (m.type === 'count') tell({ type: 'count', distinct: distinct.size, online });
    else if (m.type === 'report') {
      const cpu = process.cpuUsage(cpuStart);
      const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - timeStart)) * 100;
      tell({ type: 'report', received, cpuPercent });
    }
  });
  process.removeAllListeners('disconnect');
  process.once('disconnect', () => {
    sockets.forEach((socket) => socket.disconnect());
    process.exit(0);
  });
  process.once('SIGTERM', () => {
    sockets.forEach((socket) => socket.disconnect());
    process.exit(0);
  });
}

/**
 * Open loop: message m goes out at startAt + m / rate whatever the answers do, so a slow server
 * shows as latency rather than as a lower rate.
 */
async function send(
  slice: ClientsSlice,
  socketOf: Map<string, Socket<ServerToClientEvents, ClientToServerEvents>>,
  startAt: number,
  rate: number,
  total: number,
) {
  const { urls, members, k, of, via } = slice;
  // Over the socket a sender must be one of this generator's members (it holds their socket).
  const senders = via === 'socket' ? members.filter((m) => socketOf.get(m.id)?.connected) : members;
  const byCollege = new Map<number, BenchMember[]>();
  for (const member of members) {
    const list = byCollege.get(member.college) ?? [];
    list.push(member);
    byCollege.set(member.college, list);
  }
  const random = seededRandom(20261122 + k);
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 256 }));
  const sends: SendRecord[] = [];
  let answered = 0;

  const sendOne = (n: number) => {
    const from = senders[Math.floor(random() * senders.length)]!;
    const college = byCollege.get(from.college)!;
    let to = from;
    while (to === from) to = college[Math.floor(random() * college.length)]!;
    const message = { message: `Bench message ${n} from ${from.id}`, clientId: `bench-${n}` };
    const record: SendRecord = [n, wall(), 0];
    sends.push(record);
    if (via === 'socket') {
      socketOf
        .get(from.id)!
        .timeout(120_000)
        .emit('sendMessage', { receiverId: to.id, ...message }, (error, ack) => {
          answered++;
          // A timed-out acknowledgement stays 0: no answer.
          if (!error) record[2] = ack.ok ? 200 : ack.status;
        });
      return;
    }
    const body = JSON.stringify(message);
    const req = request(
      `${urls[from.server]}/api/messages/send/${to.id}`,
      {
        method: 'POST',
        agent: agents[from.server],
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `${SESSION_COOKIE}=${from.token}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          answered++;
          record[2] = res.statusCode ?? 0;
        });
      },
    );
    req.on('error', () => {
      answered++;
      record[2] = -1;
    });
    req.end(body);
  };

  let next = k;
  while (wall() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((wall() - startAt) / 1000) * rate));
      for (; next < due; next += of) sendOne(next);
      if (next >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const seconds = (wall() - startAt) / 1000;
  // Every answer (a slow run may be far behind: up to 120 s).
  const answersBy = performance.now() + 120_000;
  while (answered < sends.length && performance.now() < answersBy)
    await new Promise((resolve) => setTimeout(resolve, 50));
  agents.forEach((agent) => agent.destroy());
  tell({ type: 'answered', sends, seconds, unanswered: sends.length - answered });
}
