import { sql } from 'drizzle-orm';
import type { Executor } from '../client';

const hour = 3_600_000;

/**
 * Unread notifications the demo accounts open to, made from the demo's own records so that each
 * link leads to something real: the likes on Meera's most-liked post (grouped, "X and N others"),
 * the latest comment on one of her posts, the latest message written to her, her approved group
 * request; for the college's admin, the sign-ups waiting. Run after the posts, chat and groups.
 * Likes and comments are taken from her feed posts, whose links open the feed.
 */
export async function seedDemoNotifications(tx: Executor) {
  const [member] = (
    await tx.execute<{ id: string }>(
      sql`SELECT id FROM users WHERE email = 'member@demo.alumnet.dev'`,
    )
  ).rows;
  if (!member) return;
  const m = member.id;

  await tx.execute(sql`
    WITH top AS (
      SELECT p.id FROM posts p
       WHERE p.author_id = ${m} AND p.access_level <> 'group'
       ORDER BY (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id AND l.user_id <> ${m}) DESC,
                p.created_at DESC
       LIMIT 1
    ),
    n AS (
      INSERT INTO notifications (user_id, kind, target_type, target_id, count, created_at, updated_at)
      SELECT ${m}, 'post_like', 'post', top.id, count(*), min(l.created_at), max(l.created_at)
        FROM top JOIN post_likes l ON l.post_id = top.id AND l.user_id <> ${m}
       GROUP BY top.id
      RETURNING id, target_id
    )
    INSERT INTO notification_actors (notification_id, actor_id, at)
    SELECT n.id, l.user_id, l.created_at
      FROM n JOIN post_likes l ON l.post_id = n.target_id AND l.user_id <> ${m}`);

  await tx.execute(sql`
    WITH c AS (
      SELECT c.post_id, c.user_id, c.comment, c.created_at
        FROM post_comments c JOIN posts p ON p.id = c.post_id
       WHERE p.author_id = ${m} AND c.user_id <> ${m} AND p.access_level <> 'group'
       ORDER BY c.created_at DESC
       LIMIT 1
    ),
    n AS (
      INSERT INTO notifications (user_id, kind, target_type, target_id, count, detail, created_at,
                                 updated_at)
      SELECT ${m}, 'post_comment', 'post', c.post_id, 1, left(c.comment, 140), c.created_at,
             c.created_at
        FROM c
      RETURNING id
    )
    INSERT INTO notification_actors (notification_id, actor_id, at)
    SELECT n.id, c.user_id, c.created_at FROM n, c`);

  // The target of a message is its sender: the link opens the conversation with them.
  await tx.execute(sql`
    WITH latest AS (
      SELECT DISTINCT ON (msg.conversation_id) msg.sender_id, msg.message, msg.created_at
        FROM messages msg JOIN conversations cv ON cv.id = msg.conversation_id
       WHERE ${m} IN (cv.user_a, cv.user_b)
       ORDER BY msg.conversation_id, msg.created_at DESC
    ),
    last AS (
      SELECT * FROM latest WHERE sender_id <> ${m} ORDER BY created_at DESC LIMIT 1
    ),
    n AS (
      INSERT INTO notifications (user_id, kind, target_type, target_id, count, detail, created_at,
                                 updated_at)
      SELECT ${m}, 'chat_message', 'conversation', last.sender_id, 1, left(last.message, 140),
             last.created_at, last.created_at
        FROM last
      RETURNING id, target_id, created_at
    )
    INSERT INTO notification_actors (notification_id, actor_id, at)
    SELECT id, target_id, created_at FROM n`);

  const decidedAt = new Date(Date.now() - 2 * hour).toISOString();
  await tx.execute(sql`
    WITH decided AS (
      SELECT g.id, g.group_name FROM group_members gm JOIN groups g ON g.id = gm.group_id
       WHERE gm.user_id = ${m} AND gm.status = 'approved' AND g.kind = 'request'
       ORDER BY g.group_name LIMIT 1
    ),
    n AS (
      INSERT INTO notifications (user_id, kind, target_type, target_id, count, detail, created_at,
                                 updated_at)
      SELECT ${m}, 'group_request_decided', 'group', decided.id, 1,
             'Your request to join ' || decided.group_name || ' was approved.',
             ${decidedAt}::timestamptz, ${decidedAt}::timestamptz
        FROM decided
      RETURNING id
    )
    INSERT INTO notification_actors (notification_id, actor_id, at)
    SELECT n.id, su.id, ${decidedAt}::timestamptz
      FROM n, users su WHERE su.email = 'super@demo.alumnet.dev'`);

  // The admin's daily summary, counted as the dashboard counts sign-ups waiting for approval.
  await tx.execute(sql`
    INSERT INTO notifications (user_id, kind, target_type, target_id, count, created_at, updated_at)
    SELECT a.id, 'signups_waiting', 'college', a.college_id, w.n, now() - interval '3 hours',
           now() - interval '3 hours'
      FROM users a
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n FROM users u
         WHERE u.college_id = a.college_id AND u.user_type = 'u' AND NOT u.is_super_admin
           AND NOT u.is_rejected AND NOT u.is_approved AND u.is_registered
      ) w
     WHERE a.email = 'admin@demo.alumnet.dev' AND w.n > 0`);
}
