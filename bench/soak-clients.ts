/**
 * A load generator of `npm run bench:soak` (bench/soak.ts forks it; it is not run by hand). It
 * holds the Socket.IO connections of its share of the signed-in members (member i of the list
 * belongs to generator i mod K), and sends its share of the open loop: request r of a phase is
 * due at startAt + r / rate whatever the answers do, drawn from the mix (bench/soak-mix.ts) for a
 * member drawn at random, with that member's session cookie; 1:1 chat messages go out the same
 * way over a sender's socket. Latency runs from when a request was due, on the machine's shared
 * wall clock (performance.timeOrigin + performance.now()), so a backlog counts against the server;
 * one not answered within TIMEOUT_MS of being due is given up (status 0).
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@alumnet/contract';
import { API } from '@alumnet/contract';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { playerSessionToken } from './quiz-sessions';
import { seededRandom } from './seeded-random';
import { KINDS, KIND_INDEX, drawKind, type SoakMember, type SoakRequest } from './soak-mix';
import {
  RUSH_PHASE,
  TIMEOUT_MS,
  type FromSoakClients,
  type SoakPhase,
  type ToSoakClients,
} from './soak-protocol';

const wall = () => performance.timeOrigin + performance.now();
const tell = (message: FromSoakClients) => process.send?.(message);
type MemberSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

process.once('disconnect', () => process.exit(1));
let started: Promise<Generator> | undefined;
process.on('message', (m: ToSoakClients) => {
  if (m.type === 'start') started = start(m);
  else if (m.type === 'run') void started!.then((g) => g.run(m.phases)).catch(fail);
  else if (m.type === 'rush') void started!.then((g) => g.rush(m.presses)).catch(fail);
});
const fail = (error: unknown) => {
  console.error(error);
  process.exit(1);
};
tell({ type: 'ready' });

interface Generator {
  run: (phases: SoakPhase[]) => Promise<void>;
  rush: (presses: { member: SoakMember; at: number }[]) => Promise<void>;
}

async function start(m: Extract<ToSoakClients, { type: 'start' }>): Promise<Generator> {
  const { url, runSecret, members, context, k, of } = m;
  const cookieOf = new Map(
    members.map((member) => [
      member.n,
      `${SESSION_COOKIE}=${playerSessionToken(runSecret, member.n)}`,
    ]),
  );
  const cookie = (member: SoakMember) =>
    cookieOf.get(member.n) ?? `${SESSION_COOKIE}=${playerSessionToken(runSecret, member.n)}`;
  // Browsers keep their connections; many members behind a few proxies share these.
  const agent = new Agent({ keepAlive: true, maxSockets: 1000 });
  let data: number[] = [];
  let failures: string[] = [];
  let socketsClosed = 0;
  let inFlight = 0;
  const flush = setInterval(() => {
    if (!data.length && !failures.length) return;
    tell({ type: 'records', data, failures, socketsClosed });
    data = [];
    failures = [];
  }, 1000);
  const failed = (kind: number, what: string) => {
    if (failures.length < 10) failures.push(`${KINDS[kind]!.name} ${what}`.slice(0, 300));
  };

  // --- sockets, in batches, before any load
  const mine = members.filter((_, i) => i % of === k);
  const sockets: { member: SoakMember; socket: MemberSocket }[] = [];
  const connectStart = performance.now();
  let connectFailed = 0;
  for (let i = 0; i < mine.length; i += 100) {
    const results = await Promise.all(
      mine.slice(i, i + 100).map(
        (member) =>
          new Promise<boolean>((resolve) => {
            const socket: MemberSocket = io(url, {
              path: '/socket.io',
              transports: ['websocket'],
              extraHeaders: { cookie: cookie(member) },
              reconnection: false,
              forceNew: true,
              timeout: 30_000,
            });
            socket.once('connect', () => {
              sockets.push({ member, socket });
              socket.once('disconnect', () => socketsClosed++);
              resolve(true);
            });
            socket.once('connect_error', () => resolve(false));
          }),
      ),
    );
    connectFailed += results.filter((ok) => !ok).length;
  }
  tell({
    type: 'connected',
    connected: sockets.length,
    failed: connectFailed,
    seconds: (performance.now() - connectStart) / 1000,
  });
  process.once('SIGTERM', () => {
    sockets.forEach(({ socket }) => socket.disconnect());
    process.exit(0);
  });

  /**
   * One request in flight, and how it ends: recorded once (an answer racing its timeout counts
   * once) with its latency from when it was due, or -1 when it got none.
   */
  const settler = (kind: number, phase: number, due: number, onSettle = () => {}) => {
    inFlight++;
    let settled = false;
    return (status: number, what?: string) => {
      if (settled) return;
      settled = true;
      inFlight--;
      onSettle();
      data.push(kind, phase, Math.round(due), status > 0 ? wall() - due : -1, status);
      if (what) failed(kind, what);
    };
  };

  const send = (kind: number, phase: number, due: number, member: SoakMember, r: SoakRequest) => {
    const body = r.body ? JSON.stringify(r.body) : undefined;
    const settle = settler(kind, phase, due, () => clearTimeout(timer));
    const req = request(
      `${url}${r.path}`,
      {
        method: r.method,
        agent,
        headers: {
          cookie: cookie(member),
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? -1;
          const ok = status >= 200 && status < 300;
          settle(
            status,
            ok
              ? undefined
              : `${r.method} ${r.path} -> ${status}: ${Buffer.concat(chunks).toString().slice(0, 200)}`,
          );
        });
      },
    );
    const timer = setTimeout(
      () => {
        settle(0, `${r.method} ${r.path}: no answer within ${TIMEOUT_MS} ms of being due`);
        req.destroy();
      },
      Math.max(0, due + TIMEOUT_MS - wall()),
    );
    req.on('error', (error) => settle(-1, `${r.method} ${r.path}: ${error.message}`));
    req.end(body);
  };

  const chatKind = KIND_INDEX.chat!;
  const sendChat = (phase: number, due: number, random: () => number) => {
    if (!sockets.length) return;
    const from = sockets[Math.floor(random() * sockets.length)]!;
    let to = from.member;
    while (to === from.member && members.length > 1)
      to = members[Math.floor(random() * members.length)]!;
    const settle = settler(chatKind, phase, due);
    if (!from.socket.connected) return settle(-1, 'sendMessage: the socket is closed');
    from.socket
      .timeout(Math.max(1, due + TIMEOUT_MS - wall()))
      .emit(
        'sendMessage',
        { receiverId: to.id, message: `Are you coming to the homecoming? ${Math.floor(due)}` },
        (error, ack) => {
          if (error) return settle(0, `sendMessage: no ack within ${TIMEOUT_MS} ms of being due`);
          if (ack.ok) return settle(200);
          settle(ack.status, `sendMessage -> ${ack.status}: ${JSON.stringify(ack).slice(0, 200)}`);
        },
      );
  };

  /** Every r with r mod of = k, each at its moment, until the phase's end. */
  const loop = (phase: number, p: SoakPhase, random: () => number) =>
    new Promise<void>((resolve) => {
      const total = Math.floor(p.seconds * p.rate);
      const chats = Math.floor(p.seconds * p.chatRate);
      let next = k;
      let nextChat = k;
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const tick = () => {
        const elapsed = wall() - p.startAt;
        const due = Math.min(total, Math.floor((elapsed / 1000) * p.rate) + 1);
        for (; next < due; next += of) {
          const kind = drawKind(random);
          const member = pick(members);
          send(
            kind,
            phase,
            p.startAt + (next * 1000) / p.rate,
            member,
            KINDS[kind]!.build!(member, context, pick, random),
          );
        }
        const dueChats = Math.min(chats, Math.floor((elapsed / 1000) * p.chatRate) + 1);
        for (; nextChat < dueChats; nextChat += of)
          sendChat(phase, p.startAt + (nextChat * 1000) / p.chatRate, random);
        if (next >= total && nextChat >= chats) resolve();
        // A timer, not setImmediate: spinning would take the core the server needs.
        else setTimeout(tick, 1);
      };
      tick();
    });

  const settled = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  return {
    run: async (phases) => {
      const cpuBefore = process.cpuUsage();
      const wallBefore = wall();
      for (const [i, p] of phases.entries()) {
        while (wall() < p.startAt - 2) await new Promise((resolve) => setTimeout(resolve, 1));
        await loop(i, p, seededRandom(32_2026 + k * 1000 + i));
      }
      await settled();
      clearInterval(flush);
      tell({ type: 'records', data, failures, socketsClosed });
      data = [];
      failures = [];
      const cpu = process.cpuUsage(cpuBefore);
      tell({
        type: 'done',
        cpuPercent: ((cpu.user + cpu.system) / 1000 / (wall() - wallBefore)) * 100,
      });
    },
    rush: async (presses) => {
      const rsvp = KIND_INDEX.rsvp!;
      const path = API.events.rsvp(context.rushEventId);
      const due = [...presses].sort((a, b) => a.at - b.at);
      let i = 0;
      while (i < due.length) {
        const now = wall();
        for (; i < due.length && due[i]!.at <= now; i++)
          send(rsvp, RUSH_PHASE, due[i]!.at, due[i]!.member, {
            method: 'POST',
            path,
            body: { status: 'going' },
          });
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      tell({ type: 'rushed' });
    },
  };
}
