import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { EXPORT_LINK_HOURS } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { dataExportEmail } from '../../mail/templates';
import type { Transports } from '../../mail/transports';
import type { Storage } from '../../storage';
import { hashToken } from '../auth/tokens';

/** The data_exports row's fields the member sees (exportView). */
export type ExportRow = {
  id: string;
  status: 'queued' | 'ready' | 'failed' | 'expired';
  createdAt: string;
  expiresAt: string | null;
};

export const presentExport = (row: ExportRow) => ({
  _id: row.id,
  status: row.status,
  requestedAt: new Date(row.createdAt).toISOString(),
  expiresAt: row.expiresAt ? new Date(row.expiresAt).toISOString() : null,
});

/**
 * The status answers read it as 'expired' once its time passed, even before the hourly sweep
 * marked it so.
 */
export async function latestExport(db: Executor, userId: string, now = new Date()) {
  const result = await db.execute<ExportRow>(sql`
    SELECT id, created_at AS "createdAt", expires_at AS "expiresAt",
           CASE WHEN status = 'ready' AND expires_at <= ${now.toISOString()}::timestamptz
                THEN 'expired' ELSE status END AS status
      FROM data_exports WHERE user_id = ${userId}
     ORDER BY created_at DESC LIMIT 1`);
  return result.rows[0] ?? null;
}

export type ExportRefusal = 'in_progress' | 'too_soon';

/**
 * Records a request, under a lock of the member's own (two presses at once: one waits and sees
 * the other's row). Answers the new row, or why none was made.
 */
export async function insertExport(tx: Executor, userId: string, now = new Date()) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`data-export:${userId}`}))`);
  const recent = await tx.execute<{ status: string; createdAt: string }>(sql`
    SELECT status, created_at AS "createdAt" FROM data_exports
     WHERE user_id = ${userId}
       AND created_at > ${now.toISOString()}::timestamptz - interval '1 hour'
     ORDER BY created_at DESC LIMIT 1`);
  const last = recent.rows[0];
  if (last)
    return { refused: (last.status === 'queued' ? 'in_progress' : 'too_soon') as ExportRefusal };
  const inserted = await tx.execute<ExportRow>(sql`
    INSERT INTO data_exports (user_id, created_at) VALUES (${userId}, ${now.toISOString()}::timestamptz)
    RETURNING id, status, created_at AS "createdAt", expires_at AS "expiresAt"`);
  return { row: inserted.rows[0]! };
}

/** Minutes until the member may ask again (the hour since the last request). */
export async function minutesUntilNextExport(db: Executor, userId: string, now = new Date()) {
  const result = await db.execute<{ at: string }>(sql`
    SELECT max(created_at) AS at FROM data_exports WHERE user_id = ${userId}`);
  const at = result.rows[0]?.at;
  if (!at) return 1;
  return Math.max(1, Math.ceil((new Date(at).getTime() + 3_600_000 - now.getTime()) / 60_000));
}

/** The export a download link names, whoever's it is; the route decides who may have it. */
export async function findExportByToken(db: Executor, token: string) {
  const result = await db.execute<{
    id: string;
    userId: string;
    status: string;
    fileKey: string | null;
    expiresAt: string | null;
  }>(sql`
    SELECT id, user_id AS "userId", status, file_key AS "fileKey", expires_at AS "expiresAt"
      FROM data_exports WHERE token_hash = ${hashToken(token)}`);
  return result.rows[0] ?? null;
}

// ---------------------------------------------------------------- the zip

/** Rows as JSON objects, without the columns that are someone else's or no one's business. */
const rows = async (db: Executor, query: ReturnType<typeof sql>) =>
  (await db.execute<{ row: Record<string, unknown> }>(query)).rows.map((r) => r.row);

/** Every file of the member's zip but the pictures; each query reads the member's own rows. */
async function collect(db: Executor, userId: string) {
  const [profile] = await rows(
    db,
    sql`
    SELECT jsonb_build_object(
      'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'fullName', u.full_name,
      'username', u.username, 'email', u.email, 'phone', u.phone,
      'phoneCountryCode', u.phone_country_code, 'college', c.name, 'degree', d.degree_name,
      'batch', b.batch_name, 'branch', br.branch_name, 'country', u.location_country_id,
      'city', ci.city_name, 'company', u.company_name, 'profilePicture', u.profile_pic,
      'entrepreneur', u.is_entrepreneur, 'openToMentoring', u.open_to_mentoring,
      'timeZone', u.time_zone, 'memberSince', u.created_at,
      'secondFactor', jsonb_build_object(
        'authenticatorApp', u.totp_enabled_at IS NOT NULL,
        'passkeys', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', p.name,
                       'createdAt', p.created_at, 'lastUsedAt', p.last_used_at)), '[]')
                       FROM passkeys p WHERE p.user_id = u.id))) AS row
      FROM users u
      LEFT JOIN colleges c ON c.id = u.college_id
      LEFT JOIN degrees d ON d.id = u.degree_id
      LEFT JOIN batches b ON b.id = u.batch_id
      LEFT JOIN branches br ON br.id = u.branch_id
      LEFT JOIN cities ci ON ci.id = u.location_city_id
     WHERE u.id = ${userId}`,
  );
  const files: Record<string, unknown> = {
    'profile.json': profile ?? {},
    'posts.json': await rows(
      db,
      sql`SELECT to_jsonb(p) - 'removed_by' - 'access_level_id' - 'college_id' - 'author_id' AS row
            FROM posts p WHERE p.author_id = ${userId} ORDER BY p.created_at`,
    ),
    'comments.json': await rows(
      db,
      sql`SELECT to_jsonb(c) - 'removed_by' - 'user_id' AS row
            FROM post_comments c WHERE c.user_id = ${userId} ORDER BY c.created_at`,
    ),
    // Which posts: their words are their authors', not the member's.
    'likes.json': await rows(
      db,
      sql`SELECT jsonb_build_object('postId', l.post_id, 'likedAt', l.created_at) AS row
            FROM post_likes l WHERE l.user_id = ${userId}`,
    ),
    'job-postings.json': await rows(
      db,
      sql`SELECT to_jsonb(j) - 'access_level_id' - 'college_id' - 'author_id' AS row
            FROM jobs j WHERE j.author_id = ${userId} ORDER BY j.created_at`,
    ),
    // Both sides of the member's conversations: what they sent and what they received, with
    // the other person's name only.
    'messages.json': await rows(
      db,
      sql`SELECT jsonb_build_object(
                 'conversationWith', o.full_name,
                 'direction', CASE WHEN m.sender_id = ${userId} THEN 'sent' ELSE 'received' END,
                 'message', m.message, 'at', m.created_at) AS row
            FROM conversations cv
            JOIN messages m ON m.conversation_id = cv.id
            JOIN users o ON o.id = CASE WHEN cv.user_a = ${userId} THEN cv.user_b ELSE cv.user_a END
           WHERE cv.user_a = ${userId} OR cv.user_b = ${userId}
           ORDER BY m.created_at`,
    ),
    'groups.json': await rows(
      db,
      sql`SELECT jsonb_build_object('group', g.group_name, 'status', gm.status, 'role', gm.role) AS row
            FROM group_members gm JOIN groups g ON g.id = gm.group_id WHERE gm.user_id = ${userId}
           ORDER BY g.group_name`,
    ),
    'rsvps.json': await rows(
      db,
      sql`SELECT jsonb_build_object('event', e.title, 'startsAt', e.starts_at, 'status', r.status,
                 'guests', r.guests, 'checkedInAt', r.checked_in_at) AS row
            FROM event_rsvps r JOIN events e ON e.id = r.event_id WHERE r.user_id = ${userId}
           ORDER BY e.starts_at`,
    ),
    'mentorships.json': await rows(
      db,
      sql`SELECT jsonb_build_object(
                 'role', CASE WHEN ms.mentor_id = ${userId} THEN 'mentor' ELSE 'mentee' END,
                 'with', o.full_name, 'startedAt', ms.started_at, 'endedAt', ms.ended_at,
                 'firstNote', ms.first_note,
                 'goals', (SELECT coalesce(jsonb_agg(jsonb_build_object('text', g.text, 'done', g.done)
                            ORDER BY g.created_at), '[]') FROM mentorship_goals g WHERE g.mentorship_id = ms.id),
                 'sessions', (SELECT coalesce(jsonb_agg(jsonb_build_object('heldOn', s.held_on,
                            'minutes', s.minutes, 'notes', s.notes) ORDER BY s.held_on), '[]')
                            FROM mentorship_sessions s WHERE s.mentorship_id = ms.id)) AS row
            FROM mentorships ms
            JOIN users o ON o.id = CASE WHEN ms.mentor_id = ${userId} THEN ms.mentee_id ELSE ms.mentor_id END
           WHERE ms.mentor_id = ${userId} OR ms.mentee_id = ${userId}
           ORDER BY ms.started_at`,
    ),
    'notification-settings.json': await rows(
      db,
      sql`SELECT jsonb_build_object('kind', kind, 'inApp', in_app, 'email', email) AS row
            FROM notification_preferences WHERE user_id = ${userId} ORDER BY kind`,
    ),
    'privacy.json': (
      await rows(
        db,
        sql`SELECT jsonb_build_object('email', privacy_email, 'phone', privacy_phone,
                   'company', privacy_company, 'city', privacy_city, 'listedInSearch', listed) AS row
              FROM users WHERE id = ${userId}`,
      )
    )[0],
  };
  const pictures = await db.execute<{ name: string }>(sql`
    SELECT profile_pic AS name FROM users WHERE id = ${userId} AND profile_pic IS NOT NULL
    UNION SELECT image FROM posts WHERE author_id = ${userId} AND image IS NOT NULL`);
  return { files, pictures: pictures.rows.map((r) => r.name) };
}

/** The zip of a member's data: JSON files and their pictures (those storage still holds). */
export async function buildZip(db: Executor, storage: Storage, userId: string) {
  const { files, pictures } = await collect(db, userId);
  const zip: Zippable = {};
  for (const [name, value] of Object.entries(files))
    zip[name] = strToU8(JSON.stringify(value ?? null, null, 2));
  const folder: Zippable = {};
  for (const name of pictures) {
    try {
      const found = await storage.get(name);
      // Pictures are compressed already: stored as they are.
      if (found) folder[name] = [new Uint8Array(await buffer(found.body)), { level: 0 }];
    } catch {
      // An old name that is no storage key: it is in the JSON, the file is not.
    }
  }
  if (Object.keys(folder).length > 0) zip.pictures = folder;
  return zipSync(zip, { level: 6 });
}

export interface ExportJobOptions {
  db: Database;
  storage: Storage;
  transports: Transports;
  publicUrl: string;
  log?: FastifyBaseLogger;
  now?: Date;
}

/**
 * One QUEUES.dataExport job: builds the zip, stores it under a random key, marks the row ready
 * with a fresh link and e-mails the link. A row no longer queued (done by an earlier attempt,
 * or gone with its account) is left alone. A failure throws: the queue tries again.
 */
export async function runDataExport(exportId: string, options: ExportJobOptions) {
  const { db, storage, transports, publicUrl } = options;
  const now = options.now ?? new Date();
  const found = await db.execute<{
    userId: string;
    email: string;
    fullName: string;
    collegeName: string;
    collegeId: string | null;
  }>(sql`
    SELECT x.user_id AS "userId", u.email, u.full_name AS "fullName", u.college_id AS "collegeId",
           coalesce(c.name, 'Alumnet') AS "collegeName"
      FROM data_exports x JOIN users u ON u.id = x.user_id LEFT JOIN colleges c ON c.id = u.college_id
     WHERE x.id = ${exportId} AND x.status = 'queued' AND u.deleted_at IS NULL`);
  const member = found.rows[0];
  if (!member) return null;
  const bytes = await buildZip(db, storage, member.userId);
  const fileKey = `exports/${randomBytes(24).toString('base64url')}.zip`;
  await storage.put(fileKey, Buffer.from(bytes), 'application/zip');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000);
  const marked = await db.execute<{ id: string }>(sql`
    UPDATE data_exports
       SET status = 'ready', file_key = ${fileKey}, token_hash = ${hashToken(token)},
           ready_at = ${now.toISOString()}::timestamptz, expires_at = ${expiresAt.toISOString()}::timestamptz
     WHERE id = ${exportId} AND status = 'queued'
     RETURNING id`);
  if (marked.rows.length === 0) {
    await storage.remove(fileKey);
    return null;
  }
  const link = `${publicUrl}/api/me/export/${token}`;
  await transports.email.send(
    {
      channel: 'email',
      to: member.email,
      ...dataExportEmail({
        fullName: member.fullName,
        collegeName: member.collegeName,
        link,
        hours: EXPORT_LINK_HOURS,
      }),
      idempotencyKey: `data-export:${exportId}`,
      collegeId: member.collegeId,
    },
    db,
  );
  return { link, token, fileKey, size: bytes.length };
}

/**
 * Files of links past their time leave storage and their rows become 'expired' (the link then
 * answers 410). Each row is claimed by its UPDATE, so two sweeps remove a file once.
 */
export async function sweepExpiredExports(db: Database, storage: Storage, now = new Date()) {
  // A job the queue gave up on: the member sees it failed (and may ask again anyway after the hour).
  await db.execute(sql`
    UPDATE data_exports SET status = 'failed'
     WHERE status = 'queued' AND created_at < ${now.toISOString()}::timestamptz - interval '1 day'`);
  const claimed = await db.execute<{ id: string; fileKey: string | null }>(sql`
    UPDATE data_exports x SET status = 'expired', file_key = NULL
      FROM (SELECT id, file_key FROM data_exports
             WHERE status = 'ready' AND expires_at <= ${now.toISOString()}::timestamptz
             FOR UPDATE SKIP LOCKED) old
     WHERE x.id = old.id
     RETURNING x.id, old.file_key AS "fileKey"`);
  for (const row of claimed.rows) if (row.fileKey) await storage.remove(row.fileKey);
  return claimed.rows.map((r) => r.id);
}
