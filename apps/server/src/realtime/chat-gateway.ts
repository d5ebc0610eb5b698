import type {
  ChatMessage,
  ClientToServerEvents,
  GroupChatMessage,
  SendGroupMessageAck,
  SendMessageAck,
  ServerToClientEvents,
} from '@alumnet/contract';
import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../config';
import { findSessionUser } from '../modules/auth/repository';
import { hashToken, SESSION_COOKIE } from '../modules/auth/tokens';
import { isCrossSite, originRule } from '../lib/same-origin';
import { isDatabaseUnavailable } from '../ops/outages';
import { failureOf } from '../plugins/errors';
import { LocalPresence, RedisPresence, type PresenceStore } from './presence';
import { collegeRoom, sessionRoom, userRoom } from './rooms';

/** Between server processes (through the Redis adapter): "that college's online list changed". */
interface InterServerEvents {
  presenceChanged: (collegeId: string) => void;
}
/** Who a connection is: its session, checked when it connected. */
export interface SocketData {
  sessionId: string;
  userId: string;
  collegeId: string | null;
  /** Settles once the connection is in the presence list (a disconnect removes it after). */
  listed?: Promise<void>;
}
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** Stores a message a connection sent with `sendMessage`; throws AppError for the sender to read. */
export type SendMessageHandler = (sender: SocketData, payload: unknown) => Promise<ChatMessage>;
/** The same for `sendGroupMessage` (a group's chat). */
export type SendGroupMessageHandler = (
  sender: SocketData,
  payload: unknown,
) => Promise<GroupChatMessage>;
/** The rooms a new connection joins besides its member's and college's (their groups' chats). */
export type RoomsOnConnect = (member: SocketData) => Promise<string[]>;

/** What the rest of the server may do with the realtime connections. */
export interface Realtime {
  /** Emits to every open connection of these members, on every server process. */
  sendToUsers<E extends keyof ServerToClientEvents>(
    userIds: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** The college's online member ids (every process's connections). */
  onlineUsers(collegeId: string): Promise<string[]>;
  /**
   * Whether the member (of that college) has an open connection on any process: this process's
   * rooms, then with Redis the college's online list as last read here (at most a second old).
   */
  isOnline(userId: string, collegeId: string): Promise<boolean>;
  /**
   * Closes the connections opened with these sessions, on every process: a session that ended
   * (logout, password change) must stop receiving messages at once, not at the next reconnect.
   * Every process's session cache forgets them as well.
   */
  endSessions(sessionIds: readonly string[]): void;
  /** Who answers `sendMessage` from connections (the chat module). */
  handleSendMessage(handler: SendMessageHandler): void;
  /** Who answers `sendGroupMessage` (the group chat module). */
  handleSendGroupMessage(handler: SendGroupMessageHandler): void;
  /** Who names the extra rooms each new connection joins (the groups module). */
  roomsOnConnect(provider: RoomsOnConnect): void;
  /** Emits to every connection in the room, on every server process. */
  sendToRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Puts every open connection of these members into the room, on every process. */
  joinRoom(userIds: readonly string[], room: string): void;
  /** Takes every open connection of these members out of the room, on every process, at once. */
  leaveRoom(userIds: readonly string[], room: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const NOTHING = Object.freeze({});

/** Presence lists go out at most this often per college (the first change at once). */
const PRESENCE_INTERVAL_MS = 1000;
/** How long a new connection may wait for its first list, so that a burst shares one. */
const WELCOME_WINDOW_MS = 25;

/**
 * Socket.IO on the app's own HTTP server at /socket.io (member-portal.md §7 "Realtime chat").
 * A connection is a signed-in member: the session cookie is checked on connect, and the spec's
 * `userId` query must name the same member. Each connection joins its member's room and its
 * college's room; the college room receives `getOnlineUsers` whenever that college's list
 * changes. With REDIS_URL the Redis adapter carries every emit to all processes and presence
 * lives in Redis (see presence.ts); without it everything stays in this process.
 */
export const chatGateway = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const rule = originRule(config);
    const io = new Server<
      ClientToServerEvents,
      ServerToClientEvents,
      InterServerEvents,
      SocketData
    >(app.server, {
      path: '/socket.io',
      serveClient: false,
      // Browsers only listen on this connection: nothing large ever comes from them.
      maxHttpBufferSize: 16 * 1024,
      // Only from our own pages (or from no browser): the session cookie would otherwise let
      // another site's page (a sibling subdomain, for SameSite) read a member's messages.
      allowRequest: (request, callback) => {
        const ok = !isCrossSite(request.headers, rule);
        callback(ok ? null : 'Origin not allowed', ok);
      },
      // Other upgrade handlers (the quiz's WebSocket) own their requests; leave them alone.
      destroyUpgrade: false,
      // A connection lost without a close (a phone that loses signal, a crashed tab) keeps its
      // member "Online" until the ping fails: 15 s at most rather than the default 45 s.
      pingInterval: 10_000,
      pingTimeout: 5_000,
    });

    releaseUpgradeRequests(io);

    let redis: { pub: Redis; sub: Redis } | undefined;
    const logError = (error: unknown, what: string) => app.log.error({ err: error }, what);
    // A Redis failure during a Redis outage is already told by the outage's one log line.
    const logRedisError = (error: unknown, what: string) => {
      if (app.outages.redis.up) logError(error, what);
    };
    app.metrics.countConnections('chat', () => io.of('/').sockets.size);
    let presence: PresenceStore = new LocalPresence();
    /**
     * With Redis: each college's online list (sorted) as this process last read it. Every change
     * anywhere makes the broadcaster below read it again within PRESENCE_INTERVAL_MS, so asking
     * "is this member online" costs no round trip per chat message.
     */
    const lastOnline = new Map<string, string[]>();
    const readOnline = async (collegeId: string) => {
      const online = await presence.online(collegeId);
      if (redis) lastOnline.set(collegeId, online);
      return online;
    };
    // Each process sends the list to its own connections, read after the change it heard of:
    // the last list every connection gets is then the current one, whatever order processes
    // publish in.
    const broadcaster = throttlePerKey(
      PRESENCE_INTERVAL_MS,
      async (collegeId) => {
        const online = await readOnline(collegeId);
        io.local.to(collegeRoom(collegeId)).emit('getOnlineUsers', online);
      },
      (error) => logRedisError(error, 'presence broadcast failed'),
    );
    // A new connection hears its college's list straight away, not at the college's next
    // broadcast; connections arriving together (a reconnect storm, a deploy) share one read and
    // one encoded list instead of each reading up to thousands of ids from Redis.
    const welcome = gatherPerKey<string>(
      WELCOME_WINDOW_MS,
      async (collegeId, socketIds) => {
        const online = await readOnline(collegeId);
        io.local.to(socketIds).emit('getOnlineUsers', online);
      },
      (error) => logRedisError(error, 'presence list failed'),
    );
    const changed = (collegeId: string) => {
      broadcaster.schedule(collegeId);
      if (redis) io.serverSideEmit('presenceChanged', collegeId);
    };

    if (config.redisUrl) {
      const pub = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      // Connection errors are the outage's (logged once there), for each reconnection attempt.
      app.outages.redis.watch(pub);
      app.outages.redis.watch(sub);
      // The adapter publishes without waiting for the answer; a publish that fails while Redis
      // is away must be logged, not become an unhandled rejection that ends the process. While
      // Redis is known to be away nothing is published: emits still reach this process's own
      // connections (the adapter delivers them locally), the other processes' members read the
      // messages from history, and nothing piles up in the client's offline queue.
      const publish = pub.publish.bind(pub);
      pub.publish = ((channel: string | Buffer, message: string | Buffer) =>
        pub.status !== 'ready'
          ? Promise.resolve(0)
          : publish(channel, message).catch((error: unknown) => {
              logRedisError(error, 'realtime publish failed');
              return 0;
            })) as typeof pub.publish;
      // Likewise its unsubscribing on close (shutdown may come while Redis is away).
      for (const method of ['unsubscribe', 'punsubscribe'] as const) {
        const original = sub[method].bind(sub) as (...args: unknown[]) => Promise<unknown>;
        (sub as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
          original(...args).catch(() => 0);
      }
      redis = { pub, sub };
      io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}socket.io` }));
      const shared = new RedisPresence(
        pub,
        config.redisPrefix,
        config.presenceLeaseSeconds * 1000,
        (collegeIds) => collegeIds.forEach(changed),
        (error) => logRedisError(error, 'presence renewal failed'),
        () => pub.status === 'ready',
      );
      presence = shared;
      // Connected (at start, or back from an outage): the members who connected here meanwhile
      // are written to Redis, and every list this process serves is sent afresh, now with every
      // process's members.
      pub.on('ready', () => {
        shared.resync().then(
          (collegeIds) => collegeIds.forEach(changed),
          (error: unknown) => logRedisError(error, 'presence resync failed'),
        );
      });
      io.on('presenceChanged', (collegeId) => broadcaster.schedule(collegeId));
    }

    io.use((socket, next) => {
      const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? '')[SESSION_COOKIE];
      if (!token) return next(new Error('unauthorized'));
      findSessionUser(app.db, hashToken(token)).then(
        (user) => {
          const claimed = socket.handshake.query.userId;
          if (!user || (claimed !== undefined && claimed !== user.id))
            return next(new Error('unauthorized'));
          socket.data = { sessionId: user.sessionId, userId: user.id, collegeId: user.collegeId };
          next();
        },
        (error: unknown) => {
          // The client retries by itself; a database outage is logged once, by the outage.
          if (isDatabaseUnavailable(error)) app.outages.database.down(error);
          else logError(error, 'realtime session lookup failed');
          next(new Error('unavailable'));
        },
      );
    });

    let sendMessage: SendMessageHandler | undefined;
    let sendGroupMessage: SendGroupMessageHandler | undefined;
    let extraRooms: RoomsOnConnect | undefined;
    const refusal = (error: unknown): { ok: false; status: number; error: string } => {
      const { status, message } = failureOf(app, error, app.log, 'realtime sendMessage failed');
      return { ok: false, status, error: message };
    };

    let closing = false;
    // The listeners below are shared by every connection (`this` is the socket): a closure per
    // connection and event would give each of 15,000 connections its own functions and context.

    /** A send without an acknowledgement could never learn whether it was stored: ignored. */
    function onSendMessage(
      this: ChatSocket,
      payload: unknown,
      ack: (answer: SendMessageAck) => void,
    ) {
      if (typeof ack !== 'function') return;
      if (!sendMessage) return ack(refusal(new Error('no sendMessage handler')));
      sendMessage(this.data, payload).then(
        (message) => ack({ ok: true, message }),
        (error: unknown) => ack(refusal(error)),
      );
    }
    function onSendGroupMessage(
      this: ChatSocket,
      payload: unknown,
      ack: (answer: SendGroupMessageAck) => void,
    ) {
      if (typeof ack !== 'function') return;
      if (!sendGroupMessage) return ack(refusal(new Error('no sendGroupMessage handler')));
      sendGroupMessage(this.data, payload).then(
        (message) => ack({ ok: true, message }),
        (error: unknown) => ack(refusal(error)),
      );
    }
    async function joinExtraRooms(socket: ChatSocket) {
      if (!extraRooms) return;
      try {
        const rooms = await extraRooms(socket.data);
        if (rooms.length > 0 && socket.connected) await socket.join(rooms);
      } catch (error) {
        if (isDatabaseUnavailable(error)) app.outages.database.down(error);
        else logError(error, 'realtime rooms lookup failed');
      }
    }
    // Neither chain ever rejects: a Redis failure is logged, it must not end the process.
    async function addPresence(collegeId: string, userId: string, socketId: string) {
      try {
        await presence.add(collegeId, userId, socketId);
        changed(collegeId);
        welcome.add(collegeId, socketId);
      } catch (error) {
        logRedisError(error, 'presence add failed');
      }
    }
    function onDisconnect(this: ChatSocket) {
      if (closing) return;
      const { userId, collegeId, listed } = this.data;
      const socketId = this.id;
      if (!collegeId || !listed) return;
      void listed.then(async () => {
        try {
          await presence.remove(collegeId, userId, socketId);
          changed(collegeId);
        } catch (error) {
          logRedisError(error, 'presence remove failed');
        }
      });
    }

    io.on('connection', (socket) => {
      const { sessionId, userId, collegeId } = socket.data;
      // The handshake's HTTP request is not needed once the session is known; Socket.IO keeps
      // it only for session middlewares, and each of thousands of connections would hold one
      // (Socket.IO's memory-usage guide). Likewise the handshake's headers (the cookie is the
      // session's secret: not kept longer than needed), query, url and auth, read only by the
      // middleware above: one shared empty object stands for them.
      socket.conn.request = null as unknown as IncomingMessage;
      Object.assign(socket.handshake, { headers: NOTHING, query: NOTHING, auth: NOTHING, url: '' });
      socket.on('sendMessage', onSendMessage);
      socket.on('sendGroupMessage', onSendGroupMessage);
      void socket.join([userRoom(userId), sessionRoom(sessionId)]);
      void joinExtraRooms(socket);
      if (!collegeId) return;
      void socket.join(collegeRoom(collegeId));
      socket.data.listed = addPresence(collegeId, userId, socket.id);
      socket.on('disconnect', onDisconnect);
    });

    app.decorate('realtime', {
      sendToUsers(userIds, event, ...args) {
        io.to(userIds.map(userRoom)).emit(event, ...args);
      },
      onlineUsers: (collegeId) => presence.online(collegeId),
      async isOnline(userId, collegeId) {
        if ((io.of('/').adapter.rooms.get(userRoom(userId))?.size ?? 0) > 0) return true;
        if (!redis) return false;
        const online = lastOnline.get(collegeId) ?? (await readOnline(collegeId));
        return binaryIncludes(online, userId);
      },
      endSessions(sessionIds) {
        if (sessionIds.length === 0) return;
        // Every process's session cache too: the next request with the cookie is refused.
        app.forgetSessions({ sessionIds });
        io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
      },
      handleSendMessage(handler) {
        sendMessage = handler;
      },
      handleSendGroupMessage(handler) {
        sendGroupMessage = handler;
      },
      roomsOnConnect(provider) {
        extraRooms = provider;
      },
      sendToRoom(room, event, ...args) {
        io.to(room).emit(event, ...args);
      },
      // This process's connections at once, then every other process's: through the Redis
      // adapter the cluster-wide call reaches this process too only after a round trip, and a
      // message sent meanwhile would still reach a member who has just left.
      joinRoom(userIds, room) {
        if (userIds.length === 0) return;
        io.local.in(userIds.map(userRoom)).socketsJoin(room);
        if (redis) io.in(userIds.map(userRoom)).socketsJoin(room);
      },
      leaveRoom(userIds, room) {
        if (userIds.length === 0) return;
        io.local.in(userIds.map(userRoom)).socketsLeave(room);
        if (redis) io.in(userIds.map(userRoom)).socketsLeave(room);
      },
    } satisfies Realtime);

    // Before the HTTP server closes: open connections would keep it from closing.
    app.addHook('preClose', async () => {
      closing = true;
      broadcaster.stop();
      welcome.stop();
      try {
        const left = await presence.close();
        if (redis) left.forEach((collegeId) => io.serverSideEmit('presenceChanged', collegeId));
      } catch (error) {
        logRedisError(error, 'presence cleanup failed');
      }
      await io.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    });
  },
  { name: 'chat-gateway', dependencies: ['db', 'auth', 'outages', 'metrics'] },
);

/**
 * Engine.IO answers each WebSocket upgrade through a stand-in response (for `engine.use`
 * middlewares) that forwards the TCP socket's 'close' to itself, with a once-listener kept for
 * the connection's whole life: through it every connection held its handshake's IncomingMessage
 * (raw headers, query, stream state: about 1 KB), even with `socket.conn.request` cleared. We
 * register no Engine.IO middleware, so nothing listens to that response: the listener is
 * dropped as soon as the upgrade is handled. It is the first 'close' listener added by
 * `handleUpgrade` and the only once-listener (ws's own is a plain `on`); anything else is left.
 */
function releaseUpgradeRequests(io: Server) {
  const engine = io.engine as unknown as {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  };
  const handleUpgrade = engine.handleUpgrade.bind(engine);
  engine.handleUpgrade = (request, socket, head) => {
    const before = socket.listenerCount('close');
    handleUpgrade(request, socket, head);
    const forwarder = socket.rawListeners('close')[before] as ((...args: unknown[]) => void) & {
      listener?: unknown;
    };
    if (forwarder?.listener) socket.removeListener('close', forwarder);
  };
}

/** Whether the sorted list holds the value. */
function binaryIncludes(sorted: readonly string[], value: string) {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const at = sorted[mid]!;
    if (at === value) return true;
    if (at < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * Runs `task(key)` at most once per `intervalMs` for each key: the first call at once (next tick),
 * later calls folded into one run at the end of the interval. A run always reads fresh state, so
 * folding loses nothing.
 */
function throttlePerKey(
  intervalMs: number,
  task: (key: string) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const timers = new Map<string, NodeJS.Timeout>();
  const lastRun = new Map<string, number>();
  return {
    schedule(key: string) {
      if (timers.has(key)) return;
      const wait = Math.max(0, (lastRun.get(key) ?? 0) + intervalMs - Date.now());
      const timer = setTimeout(() => {
        timers.delete(key);
        lastRun.set(key, Date.now());
        task(key).catch(onError);
      }, wait);
      timers.set(key, timer);
    },
    stop() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}

/**
 * Collects values per key and hands each key's values to `task` together, `windowMs` after the
 * first one arrived.
 */
function gatherPerKey<V>(
  windowMs: number,
  task: (key: string, values: V[]) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const pending = new Map<string, { values: V[]; timer: NodeJS.Timeout }>();
  return {
    add(key: string, value: V) {
      const waiting = pending.get(key);
      if (waiting) return void waiting.values.push(value);
      const timer = setTimeout(() => {
        const { values } = pending.get(key)!;
        pending.delete(key);
        task(key, values).catch(onError);
      }, windowMs);
      pending.set(key, { values: [value], timer });
    },
    stop() {
      pending.forEach(({ timer }) => clearTimeout(timer));
      pending.clear();
    },
  };
}
