import type { Redis } from 'ioredis';

/**
 * Who is online, per college. A member counts as online while at least one of their connections
 * is open, on any server process, so a second tab closing does not take them offline.
 */
export interface PresenceStore {
  add(collegeId: string, userId: string, connectionId: string): Promise<void>;
  remove(collegeId: string, userId: string, connectionId: string): Promise<void>;
  /** The college's online member ids, each once, sorted. */
  online(collegeId: string): Promise<string[]>;
  /** Forgets this process's connections (shutdown) and names the colleges whose list changed. */
  close(): Promise<string[]>;
}

/** One process's connections, in memory: the whole truth when there is a single process. */
export class LocalPresence implements PresenceStore {
  /**
   * Per college, per member: their connection's id, or a set of them while they have several.
   * Most members have one connection, and a set per member would cost each about 150 bytes.
   */
  private readonly colleges = new Map<string, Map<string, string | Set<string>>>();

  add(collegeId: string, userId: string, connectionId: string) {
    let members = this.colleges.get(collegeId);
    if (!members) this.colleges.set(collegeId, (members = new Map()));
    const held = members.get(userId);
    if (held === undefined) members.set(userId, connectionId);
    else if (typeof held === 'string') members.set(userId, new Set([held, connectionId]));
    else held.add(connectionId);
    return Promise.resolve();
  }

  remove(collegeId: string, userId: string, connectionId: string) {
    const members = this.colleges.get(collegeId);
    const held = members?.get(userId);
    if (!members || held === undefined) return Promise.resolve();
    if (typeof held === 'string') {
      if (held === connectionId) members.delete(userId);
    } else {
      held.delete(connectionId);
      if (held.size === 1) members.set(userId, held.values().next().value!);
      else if (held.size === 0) members.delete(userId);
    }
    if (members.size === 0) this.colleges.delete(collegeId);
    return Promise.resolve();
  }

  online(collegeId: string) {
    return Promise.resolve([...(this.colleges.get(collegeId)?.keys() ?? [])].sort());
  }

  /** Every connection held here, as (college, member, connection). */
  *connections(): Generator<[string, string, string]> {
    for (const [collegeId, members] of this.colleges)
      for (const [userId, held] of members)
        if (typeof held === 'string') yield [collegeId, userId, held];
        else for (const connectionId of held) yield [collegeId, userId, connectionId];
  }

  collegeIds() {
    return [...this.colleges.keys()];
  }

  close() {
    const changed = this.collegeIds();
    this.colleges.clear();
    return Promise.resolve(changed);
  }
}

const CHUNK = 500;

/**
 * Presence shared by every process through Redis: one sorted set per college whose members are
 * `userId|connectionId` and whose scores are lease expiry times. Each process renews the leases of
 * its own connections every third of the lease, and removes them when they close.
 *
 * Why leases and not a counter per member (HINCRBY/HDEL): a process that dies (kill -9, lost
 * machine) never decrements its counters, so its members would stay online for ever. Here their
 * entries simply expire: reads ignore expired scores at once, and the next renewal of any process
 * with members in that college deletes them and announces the new list. Why not
 * `fetchSockets()` across the adapter: every read would ask every process and wait for the
 * slowest, with each socket's handshake in the answer, on every connect and disconnect.
 *
 * While Redis is away (`available()` false) presence degrades to this process: lists name the
 * members connected here only, and nothing is written to Redis. When it is back, `resync` writes
 * this process's connections again; entries of connections that closed meanwhile are left to
 * expire with their lease.
 */
export class RedisPresence implements PresenceStore {
  private readonly local = new LocalPresence();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly leaseMs: number,
    /** Colleges whose list shrank because another process's leases ran out. */
    private readonly onExpired: (collegeIds: string[]) => void,
    onError: (error: unknown) => void,
    /** Whether Redis is reachable now; while it is not, only this process's members are listed. */
    private readonly available: () => boolean = () => true,
  ) {
    this.timer = setInterval(
      () => void this.renew().catch(onError),
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    this.timer.unref();
  }

  private key(collegeId: string) {
    return `${this.prefix}presence:${collegeId}`;
  }

  async add(collegeId: string, userId: string, connectionId: string) {
    await this.local.add(collegeId, userId, connectionId);
    if (!this.available()) return;
    const key = this.key(collegeId);
    // Both commands are written before the first await, so a remove for the same connection
    // issued later on this client always lands after them.
    await Promise.all([
      this.redis.zadd(key, Date.now() + this.leaseMs, `${userId}|${connectionId}`),
      this.redis.pexpire(key, this.leaseMs * 2),
    ]);
  }

  async remove(collegeId: string, userId: string, connectionId: string) {
    await this.local.remove(collegeId, userId, connectionId);
    if (!this.available()) return;
    await this.redis.zrem(this.key(collegeId), `${userId}|${connectionId}`);
  }

  async online(collegeId: string) {
    if (!this.available()) return this.local.online(collegeId);
    let entries: string[];
    try {
      entries = await this.redis.zrangebyscore(this.key(collegeId), Date.now(), '+inf');
    } catch (error) {
      // Redis went away during the call: this process's list, as for the rest of the outage.
      if (this.available()) throw error;
      return this.local.online(collegeId);
    }
    return [...new Set(entries.map((entry) => entry.slice(0, entry.indexOf('|'))))].sort();
  }

  /** This process's sorted-set entries, per college. */
  private entriesByCollege() {
    const byCollege = new Map<string, string[]>();
    for (const [collegeId, userId, connectionId] of this.local.connections()) {
      const entries = byCollege.get(collegeId) ?? [];
      entries.push(`${userId}|${connectionId}`);
      byCollege.set(collegeId, entries);
    }
    return byCollege;
  }

  /** Extends this process's leases and drops every lease that ran out in its colleges. */
  async renew() {
    if (!this.available()) return;
    const now = Date.now();
    const byCollege = this.entriesByCollege();
    if (byCollege.size === 0) return;
    const pipeline = this.redis.pipeline();
    const colleges = [...byCollege.keys()];
    for (const [collegeId, members] of byCollege) {
      const key = this.key(collegeId);
      for (let i = 0; i < members.length; i += CHUNK) {
        const scored = members.slice(i, i + CHUNK).flatMap((m) => [now + this.leaseMs, m]);
        pipeline.zadd(key, ...scored);
      }
      pipeline.pexpire(key, this.leaseMs * 2);
    }
    for (const collegeId of colleges) pipeline.zremrangebyscore(this.key(collegeId), '-inf', now);
    const results = (await pipeline.exec()) ?? [];
    const removed = results.slice(-colleges.length);
    const expired = colleges.filter((_, i) => Number(removed[i]?.[1] ?? 0) > 0);
    if (expired.length > 0) this.onExpired(expired);
  }

  /** After an outage: this process's connections written again; names its colleges. */
  async resync() {
    await this.renew();
    return this.local.collegeIds();
  }

  async close() {
    clearInterval(this.timer);
    if (!this.available()) return this.local.close();
    const pipeline = this.redis.pipeline();
    const byCollege = this.entriesByCollege();
    for (const [collegeId, members] of byCollege)
      for (let i = 0; i < members.length; i += CHUNK)
        pipeline.zrem(this.key(collegeId), ...members.slice(i, i + CHUNK));
    if (byCollege.size > 0) await pipeline.exec();
    return this.local.close();
  }
}
