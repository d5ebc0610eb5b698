import {
  API,
  QUIZ_CODE_PATTERN,
  quizClientMessage,
  type QuizClientMessage,
  type QuizServerMessage,
} from '@alumnet/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Config } from '../config';
import { isCrossSite, originRule } from '../lib/same-origin';
import { AppError } from '../lib/errors';
import { failureOf } from '../plugins/errors';
import { findSessionUser } from '../modules/auth/repository';
import { hashToken, SESSION_COOKIE } from '../modules/auth/tokens';
import { finishedMessage, resultMessages, type GameEvent } from '../modules/quiz';
import { frameOf, quizWriter } from './quiz-broadcast';

/** Connections that stop answering the protocol's pings are closed after this long. */
const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat visits its sockets in this many steps over HEARTBEAT_MS: pinging every socket at
 * once brings every pong back together, a burst the size of a broadcast, and a question sent
 * meanwhile waits behind it.
 */
const HEARTBEAT_STEPS = 30;
const SOCKET_PREFIX = API.quiz.socket('');

interface Client {
  ws: WebSocket;
  /** The connection under `ws`: frames built once per broadcast are written to it directly. */
  socket: Duplex;
  code: string;
  /** Set once the socket said which player it is. */
  playerId: string | null;
  name: string;
  host: boolean;
  /** The upgrade came from our own pages (or from no browser): only then may a cookie act. */
  sameOrigin: boolean;
  cookie: string | undefined;
  alive: boolean;
  busy: boolean;
}

/** The sockets of one game on this process. */
interface Room {
  players: Map<string, Set<Client>>;
  hosts: Set<Client>;
  /** Every socket that said who it is: what a broadcast goes to. */
  all: Set<Client>;
}

/**
 * The quiz's plain WebSocket at /api/kahoot/ws/{code} (member-portal.md §7). Players say who
 * they are with player_connected (their player_id is the credential) and get the game's state
 * back; a host's console says host_connected and is judged by its session cookie. Whatever else
 * arrives is ignored and the socket stays open. Broadcasts are serialized once per process and
 * the same bytes written to every socket of the game in one loop (quiz-broadcast.ts).
 *
 * `ws` takes the upgrades of this path itself, not @fastify/websocket: that plugin routes every
 * upgrade through Fastify, which would answer Socket.IO's own upgrades (/socket.io) with a 404.
 */
export const quizGateway = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const rule = originRule(config);
    const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 });
    const rooms = new Map<string, Room>();
    const connected = new Set<Client>();
    const { service } = app.quiz;
    app.metrics.countConnections('quiz', () => connected.size);

    const roomOf = (code: string) => {
      let room = rooms.get(code);
      if (!room) {
        room = { players: new Map(), hosts: new Set(), all: new Set() };
        rooms.set(code, room);
      }
      return room;
    };

    const writer = quizWriter();
    const sendRaw = writer.queue;
    const send = (client: Client, message: QuizServerMessage) => sendRaw(client, frameOf(message));
    const sendError = (client: Client, error: unknown) =>
      send(client, {
        type: 'error',
        message: failureOf(app, error, app.log, 'quiz socket call failed').message,
      });

    const leave = (client: Client) => {
      const room = rooms.get(client.code);
      if (!room) return;
      room.all.delete(client);
      room.hosts.delete(client);
      if (client.playerId) {
        const sockets = room.players.get(client.playerId);
        sockets?.delete(client);
        if (sockets?.size === 0) room.players.delete(client.playerId);
      }
      if (room.all.size === 0) rooms.delete(client.code);
    };

    async function playerConnected(
      client: Client,
      message: Extract<QuizClientMessage, { type: 'player_connected' }>,
    ) {
      if (message.game_code.toUpperCase() !== client.code) return;
      const connection = await service.connectPlayer(client.code, message.player_id);
      leave(client);
      client.playerId = connection.playerId;
      client.name = connection.name;
      const room = roomOf(client.code);
      room.all.add(client);
      const sockets = room.players.get(connection.playerId) ?? new Set<Client>();
      sockets.add(client);
      room.players.set(connection.playerId, sockets);
      connection.messages.forEach((m) => send(client, m));
    }

    async function hostConnected(client: Client) {
      const token = fastifyCookie.parse(client.cookie ?? '')[SESSION_COOKIE];
      const user =
        token && client.sameOrigin ? await findSessionUser(app.db, hashToken(token)) : null;
      if (!user) throw new AppError(401, 'Please log in to continue.');
      const state = await service.hostState(user, client.code);
      const room = roomOf(client.code);
      room.all.add(client);
      room.hosts.add(client);
      client.host = true;
      send(client, { type: 'host_state', state });
    }

    function received(client: Client, data: WebSocket.RawData, isBinary: boolean) {
      if (isBinary) return;
      let parsed: ReturnType<typeof quizClientMessage.safeParse>;
      try {
        parsed = quizClientMessage.safeParse(JSON.parse(data.toString()));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ping') return send(client, { type: 'pong' });
      // One identification at a time: a client repeating itself waits for the answer.
      if (client.busy) return;
      client.busy = true;
      const work =
        message.type === 'player_connected'
          ? playerConnected(client, message)
          : hostConnected(client);
      work
        .catch((error: unknown) => sendError(client, error))
        .finally(() => {
          client.busy = false;
        });
    }

    app.quiz.onEvent((event: GameEvent) => {
      const room = rooms.get(event.code);
      if (!room) return;
      switch (event.kind) {
        case 'all':
          writer.broadcast(room.all, Buffer.concat(event.messages.map(frameOf)));
          return;
        case 'host': {
          const frame = frameOf({ type: 'host_state', state: event.state });
          room.hosts.forEach((client) => sendRaw(client, frame));
          return;
        }
        case 'results':
          room.players.forEach((sockets, playerId) =>
            sockets.forEach((client) =>
              resultMessages(event, playerId, client.name).forEach((m) => send(client, m)),
            ),
          );
          return;
        case 'finished': {
          room.players.forEach((sockets, playerId) =>
            sockets.forEach((client) =>
              send(client, finishedMessage(event, playerId, client.name)),
            ),
          );
          const frame = frameOf(finishedMessage(event, null, ''));
          room.hosts.forEach((client) => sendRaw(client, frame));
          return;
        }
      }
    });

    function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      const path = (request.url ?? '').split('?')[0]!;
      // Other upgrades (Socket.IO's chat) belong to their own handlers.
      if (!path.startsWith(SOCKET_PREFIX)) return;
      const code = decodeURIComponent(path.slice(SOCKET_PREFIX.length)).toUpperCase();
      if (!QUIZ_CODE_PATTERN.test(code)) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        const client: Client = {
          ws,
          socket,
          code,
          playerId: null,
          name: '',
          host: false,
          sameOrigin: !isCrossSite(request.headers, rule),
          cookie: request.headers.cookie,
          alive: true,
          busy: false,
        };
        ws.on('message', (data, isBinary) => received(client, data, isBinary));
        ws.on('pong', () => {
          client.alive = true;
        });
        connected.add(client);
        ws.on('close', () => {
          connected.delete(client);
          leave(client);
        });
        ws.on('error', () => ws.terminate());
      });
    }
    app.server.on('upgrade', onUpgrade);

    // A phone that lost its signal never closes its socket: one unanswered ping and it is gone.
    // Each socket is visited once a round of HEARTBEAT_STEPS steps, a share of them at each step.
    let round: Client[] = [];
    let visited = 0;
    const heartbeat = setInterval(() => {
      if (visited >= round.length) {
        round = [...connected];
        visited = 0;
      }
      const until = Math.min(round.length, visited + Math.ceil(round.length / HEARTBEAT_STEPS));
      for (; visited < until; visited++) {
        const client = round[visited]!;
        if (!connected.has(client)) continue;
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }, HEARTBEAT_MS / HEARTBEAT_STEPS);
    heartbeat.unref();

    // Before the HTTP server closes: open sockets would keep it from closing.
    app.addHook('preClose', async () => {
      clearInterval(heartbeat);
      app.server.off('upgrade', onUpgrade);
      // Cut, not closed: the player's page reconnects after an unclean close (member-portal.md
      // §4), to whichever process takes the game over.
      for (const client of connected) client.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    });
  },
  { name: 'quiz-gateway', dependencies: ['quiz', 'metrics', 'outages'] },
);
