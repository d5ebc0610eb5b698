import { describe, expect, it } from 'vitest';
import type { SessionUser } from './repository';
import { SessionCache } from './session-cache';

const user = (id: string, sessionId: string): SessionUser => ({
  id,
  sessionId,
  collegeId: 'c1',
  batchId: null,
  branchId: null,
  userType: 'u',
  isSuperAdmin: false,
});

/** A loader that counts how often the database would be asked. */
function loader(answer: SessionUser | null) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    return answer;
  };
  return { calls, load };
}

describe('SessionCache', () => {
  it('asks the database once within its time, and again after it', async () => {
    const cache = new SessionCache(5_000, 10);
    const { calls, load } = loader(user('u1', 's1'));
    expect(await cache.get('t1', load, 0)).toMatchObject({ id: 'u1' });
    expect(await cache.get('t1', load, 4_999)).toMatchObject({ id: 'u1' });
    expect(calls.count).toBe(1);
    await cache.get('t1', load, 5_000);
    expect(calls.count).toBe(2);
  });

  it('asks again once the session has ended, even within its time', async () => {
    const cache = new SessionCache(30_000, 10);
    const { calls, load } = loader({ ...user('u1', 's1'), expiresAt: new Date(10_000) });
    await cache.get('t1', load, 0);
    await cache.get('t1', load, 9_999);
    expect(calls.count).toBe(1);
    await cache.get('t1', load, 10_000);
    expect(calls.count).toBe(2);
  });

  it('does not remember an unknown token', async () => {
    const cache = new SessionCache(5_000, 10);
    const { calls, load } = loader(null);
    expect(await cache.get('nope', load, 0)).toBeNull();
    expect(await cache.get('nope', load, 1)).toBeNull();
    expect(calls.count).toBe(2);
  });

  it('forgets by session and by user, and keeps the others', async () => {
    const cache = new SessionCache(5_000, 10);
    await cache.get('t1', loader(user('u1', 's1')).load, 0);
    await cache.get('t2', loader(user('u1', 's2')).load, 0);
    await cache.get('t3', loader(user('u2', 's3')).load, 0);
    cache.forget({ sessionIds: ['s1'] });
    expect(cache.size).toBe(2);
    cache.forget({ userIds: ['u1'] });
    expect(cache.size).toBe(1);
    const { calls, load } = loader(null);
    // Logged out: the database's answer (no session) is what the caller sees.
    expect(await cache.get('t1', load, 1)).toBeNull();
    expect(calls.count).toBe(1);
  });

  it('does not remember a lookup that was under way when a forget came', async () => {
    const cache = new SessionCache(5_000, 10);
    let finish!: (u: SessionUser) => void;
    const pending = cache.get('t1', () => new Promise((resolve) => (finish = resolve)), 0);
    cache.forget({ sessionIds: ['s1'] });
    finish(user('u1', 's1'));
    await pending;
    expect(cache.size).toBe(0);
  });

  it('holds at most its number of entries, dropping the oldest', async () => {
    const cache = new SessionCache(5_000, 2);
    for (const n of [1, 2, 3]) await cache.get(`t${n}`, loader(user(`u${n}`, `s${n}`)).load, 0);
    expect(cache.size).toBe(2);
    const { calls, load } = loader(user('u1', 's1'));
    await cache.get('t1', load, 1);
    expect(calls.count).toBe(1);
  });

  it('stays within its number of entries however many sessions pass through', async () => {
    const cache = new SessionCache(60_000, 100);
    for (let n = 0; n < 1_000; n++)
      await cache.get(`t${n}`, loader(user(`u${n}`, `s${n}`)).load, n);
    expect(cache.size).toBe(100);
  });

  it('lets go of expired sessions when others arrive, not only when their token comes back', async () => {
    const cache = new SessionCache(5_000, 10);
    await cache.get('t1', loader(user('u1', 's1')).load, 0);
    await cache.get('t2', loader(user('u2', 's2')).load, 1_000);
    await cache.get('t3', loader(user('u3', 's3')).load, 5_500);
    expect(cache.size).toBe(2);
    await cache.get('t4', loader(user('u4', 's4')).load, 20_000);
    expect(cache.size).toBe(1);
  });

  it('remembers nothing with a time of 0', async () => {
    const cache = new SessionCache(0, 10);
    const { calls, load } = loader(user('u1', 's1'));
    await cache.get('t1', load, 0);
    await cache.get('t1', load, 0);
    expect(calls.count).toBe(2);
  });
});
