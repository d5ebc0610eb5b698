import type { SessionUser } from './repository';

interface Entry {
  user: SessionUser;
  until: number;
}

/**
 * Who a session token belongs to, remembered for a few seconds: every API call needs the
 * caller, and asking the database each time was one of a request's two or three queries.
 *
 * Only found sessions are remembered (an unknown token is asked about again). Whatever ends a
 * session or changes what it may do (logout, password change, rejection, removal, a new role or
 * level) calls `forget`, on every process (auth/plugin.ts); the time limit bounds what a missed
 * call could cost. A lookup that began before a `forget` is not remembered: it may have read
 * the row as it was before the change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(tokenHash: string, load: () => Promise<SessionUser | null>, now = Date.now()) {
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > now) return hit.user;
    if (hit) this.entries.delete(tokenHash);
    const generation = this.generation;
    const user = await load();
    if (user && this.ttlMs > 0 && generation === this.generation) {
      // Map keeps insertion order, and one time limit for all makes it the order of expiry too
      // (but for a session ending sooner, dropped when asked for or pushed out): the expired
      // entries are at the front. Dropped here, not only when their token comes back, so the
      // sessions of members who left are not held until the count bound pushes them out.
      for (const [key, entry] of this.entries) {
        if (entry.until > now) break;
        this.entries.delete(key);
      }
      if (this.entries.size >= this.maxEntries)
        this.entries.delete(this.entries.keys().next().value!);
      // A session ending within the time limit is forgotten when it ends, not after.
      const until = Math.min(now + this.ttlMs, user.expiresAt?.getTime() ?? Infinity);
      this.entries.set(tokenHash, { user, until });
    }
    return user;
  }

  /** Drops the entries of these sessions and of every session of these users. */
  forget({
    sessionIds = [],
    userIds = [],
  }: {
    sessionIds?: readonly string[];
    userIds?: readonly string[];
  }) {
    this.generation++;
    if (sessionIds.length === 0 && userIds.length === 0) return;
    const sessions = new Set(sessionIds);
    const members = new Set(userIds);
    for (const [key, { user }] of this.entries)
      if (sessions.has(user.sessionId) || members.has(user.id)) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
