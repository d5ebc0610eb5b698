/**
 * bench:notify's digest parts: `members` members, each with a comment on a post waiting for
 * their daily digest, and the digest run (the worker's own code) at their morning hour, into the
 * outbox or through SMTP. Lost: a member with no digest; doubled: one with more than one.
 */
import { DIGEST_HOUR } from '@alumnet/contract';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config';
import { closeTransports, createTransports } from '../apps/server/src/mail/transports';
import { runDigests } from '../apps/server/src/modules/notification-email';
import type { BenchDatabase } from './server-process';

export async function runDigestBench(
  database: BenchDatabase,
  options: {
    members: number;
    /** Through this SMTP server instead of the outbox; `received` asks it what arrived. */
    smtpUrl?: string;
    received?: () => Promise<{ received: number; distinct: number }>;
  },
) {
  const { db, pool, close } = await database.open();
  const config = loadConfig({
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'https://alumni.bench.example',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  const transports = createTransports(config);
  try {
    const runId = randomBytes(4).toString('hex');
    const prefix = `digest-${runId}-`;
    const collegeId = (
      await pool.query<{ id: string }>(
        `INSERT INTO colleges (name, time_zone) VALUES ('Digest Bench ' || $1, 'UTC') RETURNING id`,
        [runId],
      )
    ).rows[0]!.id;
    const commenterId = (
      await pool.query<{ id: string }>(
        `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                            is_approved, is_registered)
         VALUES ($1, 'Asha', 'Rao', 'Asha Rao', $2, $3, true, true) RETURNING id`,
        [collegeId, `${prefix}commenter`, `${prefix}commenter@bench.example`],
      )
    ).rows[0]!.id;
    const postId = (
      await pool.query<{ id: string }>(
        `INSERT INTO posts (college_id, author_id, message, access_level, access_level_id)
         VALUES ($1, $2, 'A post with comments', 'college', $1) RETURNING id`,
        [collegeId, commenterId],
      )
    ).rows[0]!.id;
    for (let from = 1; from <= options.members; from += 50_000) {
      const to = Math.min(options.members, from + 49_999);
      await pool.query(
        `WITH member AS (
           INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                              time_zone, is_approved, is_registered)
           SELECT $1, 'Member', 'No ' || g, 'Member No ' || g, $2 || g, $2 || g || '@bench.example',
                  'UTC', true, true
             FROM generate_series($3::int, $4::int) g
           RETURNING id
         ), notice AS (
           INSERT INTO notifications (user_id, kind, target_type, target_id, count, detail,
                                      created_at, updated_at)
           SELECT id, 'post_comment', 'post', $5, 1, 'What a day that was!',
                  now() - interval '1 day', now() - interval '1 day'
             FROM member
           RETURNING id, updated_at
         )
         INSERT INTO notification_actors (notification_id, actor_id, at)
         SELECT id, $6, updated_at FROM notice`,
        [collegeId, prefix, from, to, postId, commenterId],
      );
    }
    await pool.query('ANALYZE users, notifications, notification_actors');

    // This morning's digest hour in UTC, the members' zone, a few minutes in.
    const now = new Date();
    now.setUTCHours(DIGEST_HOUR, 5, 0, 0);
    const start = performance.now();
    const result = await runDigests(db, transports, now, { publicUrl: config.publicUrl });
    const seconds = (performance.now() - start) / 1000;

    const delivered = options.received
      ? await options.received()
      : (
          await pool.query<{ received: number; distinct: number }>(
            `SELECT count(*)::int AS received, count(DISTINCT recipient)::int AS distinct
               FROM outbox WHERE recipient LIKE $1 || '%'`,
            [prefix],
          )
        ).rows[0]!;
    const untold = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications WHERE target_id = $1 AND emailed_at IS NULL`,
        [postId],
      )
    ).rows[0]!.n;
    return {
      members: options.members,
      sent: result.sent,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(result.sent / seconds),
      lost: Math.max(options.members - delivered.distinct, untold),
      duplicates: delivered.received - delivered.distinct,
    };
  } finally {
    await closeTransports(transports);
    await close();
  }
}
