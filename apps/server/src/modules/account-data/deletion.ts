import { DELETION_GRACE_DAYS, FORMER_MEMBER_NAME } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

const DAY_MS = 86_400_000;

/** When a deletion asked for at `requestedAt` happens. */
export const deletionDate = (requestedAt: Date) =>
  new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);

/** The member's pending deletion, if any (deletionView's fields). */
export async function findDeletion(db: Executor, userId: string) {
  const result = await db.execute<{
    requestedAt: Date | string | null;
    keepContent: boolean | null;
  }>(sql`
    SELECT deletion_requested_at AS "requestedAt", deletion_keeps_content AS "keepContent"
      FROM users WHERE id = ${userId} AND deleted_at IS NULL`);
  const row = result.rows[0];
  if (!row?.requestedAt) return { deletesAt: null, keepContent: null };
  return {
    deletesAt: deletionDate(new Date(row.requestedAt)).toISOString(),
    keepContent: row.keepContent,
  };
}

/**
 * Starts the grace period (a second request keeps the first date: asking again does not put it
 * off). Answers whether the account was found, still there.
 */
export async function startDeletion(
  tx: Executor,
  userId: string,
  keepContent: boolean,
  now = new Date(),
) {
  const result = await tx.execute<{ id: string }>(sql`
    UPDATE users
       SET deletion_requested_at = coalesce(deletion_requested_at, ${now.toISOString()}::timestamptz),
           deletion_keeps_content = ${keepContent},
           updated_at = now()
     WHERE id = ${userId} AND deleted_at IS NULL
     RETURNING id`);
  return result.rows.length > 0;
}

/**
 * A change of mind within the grace period: signing in again, or the cancel button. Answers
 * whether a deletion was pending. Called by login after the password was checked.
 */
export async function cancelPendingDeletion(db: Executor, userId: string) {
  const result = await db.execute<{ id: string }>(sql`
    UPDATE users SET deletion_requested_at = NULL, deletion_keeps_content = NULL, updated_at = now()
     WHERE id = ${userId} AND deletion_requested_at IS NOT NULL AND deleted_at IS NULL
     RETURNING id`);
  return result.rows.length > 0;
}

export interface DeletedAccount {
  userId: string;
  keptContent: boolean;
  /** Pictures the account held in storage (profile picture, post images when not kept). */
  pictures: string[];
  /** Its "Download my data" zips, to leave storage. */
  exportFiles: string[];
}

/**
 * One run of the hourly job's deletions: every account whose grace ran out by `now`. Each is
 * claimed by a conditional UPDATE (deleted_at still null) in its own transaction, so two workers
 * never delete one twice, and one that fails leaves the others done. Answers what it deleted;
 * the caller removes the pictures from storage (after the commit: a rollback keeps them).
 */
export async function deleteDueAccounts(db: Database, now = new Date()) {
  const cutoff = new Date(now.getTime() - DELETION_GRACE_DAYS * DAY_MS).toISOString();
  const due = await db.execute<{ id: string }>(sql`
    SELECT id FROM users
     WHERE deletion_requested_at <= ${cutoff}::timestamptz AND deleted_at IS NULL
     ORDER BY deletion_requested_at LIMIT 500`);
  const done: DeletedAccount[] = [];
  for (const { id } of due.rows) {
    const deleted = await db.transaction((tx) => deleteAccount(tx, id, cutoff));
    if (deleted) done.push(deleted);
  }
  return done;
}

async function deleteAccount(
  tx: Executor,
  userId: string,
  cutoff: string,
): Promise<DeletedAccount | null> {
  const claimed = await tx.execute<{ keep: boolean | null; pic: string | null }>(sql`
    UPDATE users SET deleted_at = now()
     WHERE id = ${userId} AND deleted_at IS NULL
       AND deletion_requested_at <= ${cutoff}::timestamptz
     RETURNING deletion_keeps_content AS keep, profile_pic AS pic`);
  const row = claimed.rows[0];
  if (!row) return null;
  const keep = row.keep ?? false;
  const pictures = row.pic ? [row.pic] : [];
  const exports = await tx.execute<{ key: string }>(sql`
    SELECT file_key AS key FROM data_exports WHERE user_id = ${userId} AND file_key IS NOT NULL`);
  const exportFiles = exports.rows.map((r) => r.key);

  if (!keep) {
    const images = await tx.execute<{ image: string }>(sql`
      SELECT image FROM posts WHERE author_id = ${userId} AND image IS NOT NULL`);
    pictures.push(...images.rows.map((r) => r.image));
    // Admin records that name their author without a cascade (dispatches, imports, quizzes)
    // keep the row: such an account stays as a tombstone with its content removed instead.
    const authored = await tx.execute<{ n: number }>(sql`
      SELECT (SELECT count(*) FROM dispatch_jobs WHERE created_by = ${userId})
           + (SELECT count(*) FROM import_jobs WHERE created_by = ${userId})
           + (SELECT count(*) FROM quizzes WHERE created_by = ${userId}) AS n`);
    if (Number(authored.rows[0]?.n ?? 0) === 0) {
      // Cascades: posts, comments, likes, messages, conversations, RSVPs, memberships...
      await tx.execute(sql`DELETE FROM users WHERE id = ${userId}`);
      return { userId, keptContent: false, pictures, exportFiles };
    }
    await tx.execute(sql`DELETE FROM posts WHERE author_id = ${userId}`);
    await tx.execute(sql`DELETE FROM post_comments WHERE user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM messages WHERE sender_id = ${userId}`);
  }

  // What is the person's own and no one else's to keep.
  for (const statement of [
    sql`DELETE FROM sessions WHERE user_id = ${userId}`,
    sql`DELETE FROM mfa_recovery_codes WHERE user_id = ${userId}`,
    sql`DELETE FROM passkeys WHERE user_id = ${userId}`,
    sql`DELETE FROM user_identities WHERE user_id = ${userId}`,
    sql`DELETE FROM notification_preferences WHERE user_id = ${userId}`,
    sql`DELETE FROM notifications WHERE user_id = ${userId}`,
    sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}`,
    sql`DELETE FROM mentor_profiles WHERE user_id = ${userId}`,
    sql`DELETE FROM mentoring_requests WHERE (mentee_id = ${userId} OR mentor_id = ${userId}) AND status = 'open'`,
    sql`DELETE FROM group_members WHERE user_id = ${userId}`,
    sql`DELETE FROM event_rsvps WHERE user_id = ${userId}`,
    sql`DELETE FROM post_likes WHERE user_id = ${userId}`,
    sql`DELETE FROM job_likes WHERE user_id = ${userId}`,
    sql`DELETE FROM password_resets WHERE user_id = ${userId}`,
    sql`DELETE FROM invitations WHERE user_id = ${userId}`,
    sql`DELETE FROM data_exports WHERE user_id = ${userId}`,
  ])
    await tx.execute(statement);

  // The tombstone: nothing that names or reaches the person. The e-mail, phone and username are
  // freed for a new sign-up (`.invalid` is reserved: nothing is ever sent there).
  const [first, ...rest] = FORMER_MEMBER_NAME.split(' ');
  await tx.execute(sql`
    UPDATE users SET
      first_name = ${first ?? FORMER_MEMBER_NAME}, last_name = ${rest.join(' ')},
      full_name = ${FORMER_MEMBER_NAME},
      username = ${`former-${userId}`}, email = ${`deleted-${userId}@deleted.invalid`},
      phone = NULL, phone_country_code = NULL, password_hash = NULL,
      is_approved = false, is_registered = false, is_invited = false, new_college_data = false,
      new_college_request_name = NULL, new_degree_request_name = NULL,
      new_batch_request_name = NULL, new_branch_request_name = NULL,
      company_name = NULL, profile_pic = NULL, location_country_id = NULL, location_city_id = NULL,
      time_zone = NULL, open_to_mentoring = false, is_entrepreneur = false,
      totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL, listed = false,
      rejection_reason = NULL, deletion_requested_at = NULL, updated_at = now()
    WHERE id = ${userId}`);
  return { userId, keptContent: keep, pictures, exportFiles };
}
