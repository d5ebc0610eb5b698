import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupCommit } from '../../lib/group-commit';
import type { SessionUser } from '../auth/repository';
import { addressPrefix } from './place';

/** A session's browser, place and last-seen time are written at most this often. */
export const SEEN_EVERY_MS = 5 * 60_000;
/** Sessions whose last write this process remembers; past it the oldest are forgotten. */
const MAX_REMEMBERED = 50_000;
const MAX_USER_AGENT = 512;

interface Seen {
  sessionId: string;
  userAgent: string | null;
  ipPrefix: string | null;
}

/**
 * Notes that a session made a call. The cached SessionUser keeps the `lastSeenAt` of its lookup,
 * so this process remembers when it last wrote each session itself; a write goes out only when
 * both are older than SEEN_EVERY_MS. The writes are group-committed (one UPDATE for a batch) and
 * never awaited: the request does not wait for them, and a failure is logged, not answered.
 */
export function sessionRecorder(db: Executor, log: FastifyBaseLogger, now = () => Date.now()) {
  const recordedAt = new Map<string, number>();

  const write = groupCommit(async (seen: Seen[]) => {
    const rows = sql.join(
      seen.map((s) => sql`(${s.sessionId}::uuid, ${s.userAgent}::text, ${s.ipPrefix}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE sessions AS s
         SET user_agent = coalesce(v.user_agent, s.user_agent),
             ip_prefix = coalesce(v.ip_prefix, s.ip_prefix),
             last_seen_at = now()
        FROM (VALUES ${rows}) AS v(id, user_agent, ip_prefix)
       WHERE s.id = v.id`);
    return seen.map(() => undefined);
  }, 500);

  return (user: SessionUser, request: FastifyRequest) => {
    const at = now();
    const seenBefore = user.lastSeenAt ? new Date(user.lastSeenAt).getTime() : 0;
    const last = Math.max(recordedAt.get(user.sessionId) ?? 0, seenBefore);
    if (at - last < SEEN_EVERY_MS) return;
    recordedAt.delete(user.sessionId);
    if (recordedAt.size >= MAX_REMEMBERED) {
      const oldest = recordedAt.keys().next().value;
      if (oldest !== undefined) recordedAt.delete(oldest);
    }
    recordedAt.set(user.sessionId, at);
    const agent = request.headers['user-agent'];
    write({
      sessionId: user.sessionId,
      userAgent: agent ? agent.slice(0, MAX_USER_AGENT) : null,
      ipPrefix: addressPrefix(request.ip),
    }).catch((error: unknown) => {
      // Tried again on a later call rather than after five minutes.
      recordedAt.delete(user.sessionId);
      log.warn({ err: error }, 'session last-seen not recorded');
    });
  };
}
