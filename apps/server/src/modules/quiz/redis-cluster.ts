import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { AppError, INTERNAL_ERROR } from '../../lib/errors';
import { GameMoved, type ClusterHandlers, type QuizCluster } from './cluster';
import type { GameEvent } from './presenter';

/** How long a game stays with a process that stopped renewing it (it died): then another takes it. */
const LEASE_MS = 10_000;
/** A forwarded call unanswered this long fails; the player or host tries again. */
const CALL_TIMEOUT_MS = 5_000;

// Only the holder may renew or give back a lease: another process may hold it by now.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const GIVE_BACK = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1]) else return 0 end`;

type Wire =
  | { t: 'call'; id: string; from: string; op: string; code: string; args: unknown }
  | {
      t: 'reply';
      id: string;
      ok: boolean;
      value?: unknown;
      moved?: boolean;
      status?: number;
      message?: string;
    };

/**
 * Several processes on one Redis: each game is hosted by the process holding its lease (taken on
 * first touch, renewed while alive, given back when the game is done); a call about a game
 * reaching another process is forwarded to the host over its own channel, and the host publishes
 * the game's events on a channel every process hears, for the sockets each one holds.
 */
export class RedisCluster implements QuizCluster {
  private readonly nodeId = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handlers: ClusterHandlers | undefined;
  private readonly owned = new Set<string>();
  private readonly calls = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
    /** Follows a client's connection errors: an outage is logged once (ops/outages.ts). */
    watch: (client: Redis) => void,
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = this.pub.duplicate();
    watch(this.pub);
    watch(this.sub);
  }

  private key = (code: string) => `${this.prefix}quiz:host:${code}`;
  private channel = (node: string) => `${this.prefix}quiz:node:${node}`;
  private get events() {
    return `${this.prefix}quiz:events`;
  }

  async start(handlers: ClusterHandlers) {
    this.handlers = handlers;
    this.sub.on('message', (channel: string, text: string) => {
      try {
        if (channel === this.events) this.heardEvent(text);
        else this.heard(JSON.parse(text) as Wire);
      } catch (error) {
        this.log.error({ err: error }, 'a quiz message from another process was unreadable');
      }
    });
    await this.sub.subscribe(this.channel(this.nodeId), this.events);
    this.renewal = setInterval(() => void this.renew(), LEASE_MS / 3);
    this.renewal.unref();
  }

  async ownerOf(code: string): Promise<string> {
    if (this.owned.has(code)) return 'here';
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await this.pub.set(this.key(code), this.nodeId, 'PX', LEASE_MS, 'NX');
      const owner = claimed === 'OK' ? this.nodeId : await this.pub.get(this.key(code));
      if (owner === this.nodeId) {
        this.owned.add(code);
        return 'here';
      }
      // null: the lease ended between the two commands; claim again.
      if (owner !== null) return owner;
    }
    throw new AppError(503, 'The game is busy. Please try again.');
  }

  async forward(node: string, op: string, code: string, args: unknown) {
    const id = randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new AppError(503, 'The game is not answering right now. Please try again.'));
      }, CALL_TIMEOUT_MS);
      this.calls.set(id, { resolve, reject, timer });
    });
    // The reply may come back on the subscriber connection before PUBLISH's own answer does:
    // a refusal then would reject `answer` before anyone awaits it, and Node ends the process
    // for an unhandled rejection. The caller still gets the rejection from the return below.
    answer.catch(() => {});
    const call: Wire = { t: 'call', id, from: this.nodeId, op, code, args };
    const heard = await this.pub.publish(this.channel(node), JSON.stringify(call));
    if (heard === 0) {
      // The host process is gone without giving its games back: free the game for another.
      const pending = this.calls.get(id);
      if (pending) clearTimeout(pending.timer);
      this.calls.delete(id);
      await this.pub.eval(GIVE_BACK, 1, this.key(code), node);
      throw new GameMoved();
    }
    return answer;
  }

  publish(event: GameEvent) {
    this.pub
      .publish(this.events, JSON.stringify({ from: this.nodeId, event }))
      .catch((error: unknown) => this.log.error({ err: error }, 'publishing a quiz event failed'));
  }

  async release(code: string) {
    if (!this.owned.delete(code)) return;
    await this.pub.eval(GIVE_BACK, 1, this.key(code), this.nodeId);
  }

  async close() {
    if (this.renewal) clearInterval(this.renewal);
    for (const { timer, reject } of this.calls.values()) {
      clearTimeout(timer);
      reject(new AppError(503, 'The server is restarting. Please try again.'));
    }
    this.calls.clear();
    await Promise.allSettled([...this.owned].map((code) => this.release(code)));
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }

  private heardEvent(text: string) {
    const { from, event } = JSON.parse(text) as { from: string; event: GameEvent };
    if (from !== this.nodeId) this.handlers?.deliver(event);
  }

  private heard(message: Wire) {
    if (message.t === 'reply') {
      const pending = this.calls.get(message.id);
      if (!pending) return;
      clearTimeout(pending.timer);
      this.calls.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else if (message.moved) pending.reject(new GameMoved());
      else pending.reject(new AppError(message.status ?? 500, message.message ?? 'Failed'));
      return;
    }
    void this.answer(message);
  }

  private async answer(call: Extract<Wire, { t: 'call' }>) {
    let reply: Wire;
    try {
      const value = await this.handlers!.execute(call.op, call.code, call.args);
      reply = { t: 'reply', id: call.id, ok: true, value };
    } catch (error) {
      if (!(error instanceof AppError) && !(error instanceof GameMoved))
        this.log.error({ err: error, op: call.op }, 'a forwarded quiz call failed');
      reply = {
        t: 'reply',
        id: call.id,
        ok: false,
        moved: error instanceof GameMoved,
        status: error instanceof AppError ? error.statusCode : 500,
        message: error instanceof AppError ? error.message : INTERNAL_ERROR,
      };
    }
    await this.pub
      .publish(this.channel(call.from), JSON.stringify(reply))
      .catch((error: unknown) => this.log.error({ err: error }, 'replying to a quiz call failed'));
  }

  private async renew() {
    for (const code of this.owned) {
      try {
        const kept = await this.pub.eval(RENEW, 1, this.key(code), this.nodeId, String(LEASE_MS));
        if (kept === 0) {
          this.owned.delete(code);
          this.handlers?.lost(code);
        }
      } catch (error) {
        this.log.error({ err: error }, 'renewing a quiz game lease failed');
      }
    }
  }
}
