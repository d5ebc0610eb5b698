/**
 * A load generator of `npm run bench:groupchat` (bench/groupchat.ts forks it; it is not run by
 * hand). One process holds the sockets of a share of the group's members (member i belongs to
 * generator i mod K) and sends its share of the messages (message n belongs to generator n mod K)
 * with `sendGroupMessage` over a random one of its own members' sockets, as the web app sends.
 * Every socket records when it first heard each message (`newGroupMessage`), and how often it
 * heard one twice; times are on the machine's shared wall clock (performance.timeOrigin +
 * performance.now()), so bench/groupchat.ts can match a send here with a delivery elsewhere.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@alumnet/contract';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { seededRandom } from './seeded-random';

export interface GroupBenchMember {
  id: string;
  token: string;
}

export interface GroupClientsSlice {
  url: string;
  groupId: string;
  /** Every member of the group, in one order for every generator. */
  members: GroupBenchMember[];
  /** This generator is number `k` of `of`. */
  k: number;
  of: number;
  /** Sockets opening at once. */
  batch: number;
  /** Messages of the measured run: arrivals are kept for message numbers 0 .. total - 1. */
  total: number;
}

/** bench/groupchat.ts -> generator. */
export type ToGroupClients =
  | { type: 'start'; slice: GroupClientsSlice }
  /**
   * Send one unmeasured message from member `from` (a global index) if this generator holds
   * them: until every socket has heard one, the group's room is not known to hold them all.
   */
  | { type: 'probe'; n: number; from: number }
  | { type: 'send'; startAt: number; rate: number }
  | { type: 'count' }
  | { type: 'report' };
/** Generator -> bench/groupchat.ts. */
export type FromGroupClients =
  | { type: 'ready' }
  | { type: 'progress'; connected: number }
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'answered'; sends: GroupSendRecord[]; seconds: number; unanswered: number }
  /** Deliveries of measured messages so far; members that heard a probe someone else sent. */
  | { type: 'count'; heard: number; probed: number }
  | {
      type: 'report';
      /** Global indexes of this generator's members, in the order of `arrivals`' rows. */
      members: number[];
      /** Row per member, column per message: wall-clock first arrival, 0 if never heard. */
      arrivals: Float64Array;
      duplicates: number;
      /** Messages heard that no send of this run made (wrong clientId). */
      strays: number;
      cpuPercent: number;
    };

/**
 * [message number, wall-clock send start, ack status (200 stored, 0 no answer yet, else the
 * refusal's status), the sender's global index].
 */
export type GroupSendRecord = [number, number, number, number];

type GroupSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const wall = () => performance.timeOrigin + performance.now();
const tell = (message: FromGroupClients) => process.send?.(message);

// Without the parent there is nothing to report to.
process.once('disconnect', () => process.exit(1));
process.on('message', (m: ToGroupClients) => {
  if (m.type === 'start')
    void run(m.slice).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});
tell({ type: 'ready' });

async function run(slice: GroupClientsSlice) {
  const { url, members, k, of, total, groupId } = slice;
  const cpuStart = process.cpuUsage();
  const timeStart = performance.now();
  const mine = members.map((_, i) => i).filter((i) => i % of === k);
  const arrivals = new Float64Array(mine.length * total);
  let duplicates = 0;
  let strays = 0;
  let heardMeasured = 0;
  const probed = new Uint8Array(mine.length);
  const sockets: GroupSocket[] = [];
  const socketOf = new Map<number, GroupSocket>();

  const connectStart = performance.now();
  let failed = 0;
  for (let at = 0; at < mine.length; at += slice.batch) {
    const rows = mine.slice(at, at + slice.batch).map((global, i) => [global, at + i] as const);
    const results = await Promise.all(
      rows.map(
        ([global, row]) =>
          new Promise<boolean>((resolve) => {
            const member = members[global]!;
            const socket: GroupSocket = io(url, {
              path: '/socket.io',
              transports: ['websocket'],
              extraHeaders: { cookie: `${SESSION_COOKIE}=${member.token}` },
              reconnection: false,
              // One connection per member, not one multiplexed connection for all.
              forceNew: true,
              timeout: 30_000,
            });
            socket.on('newGroupMessage', (message) => {
              const clientId = message.clientId ?? '';
              // The sender's own connection may hear its message too: only the others count.
              if (message.senderId === member.id) return;
              if (clientId.startsWith('probe-')) {
                probed[row] = 1;
                return;
              }
              const n = clientId.startsWith('bench-') ? Number(clientId.slice(6)) : NaN;
              if (!(n >= 0 && n < total) || message.groupId !== groupId) {
                strays++;
                return;
              }
              const cell = row * total + n;
              if (arrivals[cell]) duplicates++;
              else {
                arrivals[cell] = wall();
                heardMeasured++;
              }
            });
            socket.once('connect', () => resolve(true));
            socket.once('connect_error', () => resolve(false));
            sockets.push(socket);
            socketOf.set(global, socket);
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

  const sendOne = (socket: GroupSocket, clientId: string, onAnswer: (status: number) => void) =>
    socket
      .timeout(120_000)
      .emit(
        'sendGroupMessage',
        { groupId, message: `Group bench ${clientId}`, clientId },
        (error, ack) => onAnswer(error ? 0 : ack.ok ? 200 : ack.status),
      );

  process.on('message', (m: ToGroupClients) => {
    if (m.type === 'probe') {
      const socket = socketOf.get(m.from);
      if (socket?.connected)
        sendOne(socket, `probe-${m.n}`, (status) => {
          if (status !== 200) console.error(`probe ${m.n} answered ${status}`);
        });
    } else if (m.type === 'send') void send(m.startAt, m.rate);
    else if (m.type === 'count')
      tell({ type: 'count', heard: heardMeasured, probed: probed.reduce((a, b) => a + b, 0) });
    else if (m.type === 'report') {
      const cpu = process.cpuUsage(cpuStart);
      const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - timeStart)) * 100;
      tell({ type: 'report', members: mine, arrivals, duplicates, strays, cpuPercent });
    }
  });
  process.removeAllListeners('disconnect');
  const stop = () => {
    sockets.forEach((socket) => socket.disconnect());
    process.exit(0);
  };
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);

  /**
   * Open loop: message n goes out at startAt + n / rate whatever the answers do, so a slow server
   * shows as latency rather than as a lower rate.
   */
  async function send(startAt: number, rate: number) {
    const senders = mine.filter((global) => socketOf.get(global)?.connected);
    const random = seededRandom(20261127 + k);
    const sends: GroupSendRecord[] = [];
    let answered = 0;
    let next = k;
    while (wall() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const due = Math.min(total, Math.floor(((wall() - startAt) / 1000) * rate));
        for (; next < due; next += of) {
          const from = senders[Math.floor(random() * senders.length)]!;
          const record: GroupSendRecord = [next, wall(), 0, from];
          sends.push(record);
          sendOne(socketOf.get(from)!, `bench-${next}`, (status) => {
            answered++;
            record[2] = status;
          });
        }
        if (next >= total) {
          clearInterval(tick);
          resolve();
        }
      }, 2);
    });
    const seconds = (wall() - startAt) / 1000;
    const answersBy = performance.now() + 120_000;
    while (answered < sends.length && performance.now() < answersBy)
      await new Promise((resolve) => setTimeout(resolve, 50));
    tell({ type: 'answered', sends, seconds, unanswered: sends.length - answered });
  }
}
