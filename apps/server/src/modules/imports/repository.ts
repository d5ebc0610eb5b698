import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { importJobs, importRows } from '../../db/schema';
import type { StagedRow } from './parse';

export async function insertImport(
  db: Executor,
  v: { collegeId: string; createdBy: string; fileName: string },
) {
  const [row] = await db.insert(importJobs).values(v).returning({ id: importJobs.id });
  return row!.id;
}

/** One batch of staged rows in a single statement (arrays unnested: no parameter limit). */
export async function stageRows(db: Executor, importId: string, rows: StagedRow[]) {
  // sql.param: each array goes as one parameter (Drizzle would spread a bare array into a list).
  const column = <K extends keyof StagedRow>(key: K) => sql.param(rows.map((r) => r[key]));
  await db.execute(sql`
    INSERT INTO ${importRows} (job_id, row_number, full_name, email, phone_country_code, phone,
                               degree_name, batch_name, branch_name, new_college_request_name,
                               outcome, reason)
    SELECT ${importId}, n, f, e, cc, p, d, b, br, nc,
           CASE WHEN why IS NULL THEN NULL ELSE 'failed' END, why
      FROM unnest(${column('rowNumber')}::int[], ${column('fullName')}::text[], ${column('email')}::text[],
                  ${column('phoneCountryCode')}::text[], ${column('phone')}::text[], ${column('degreeName')}::text[],
                  ${column('batchName')}::text[], ${column('branchName')}::text[],
                  ${column('newCollegeRequestName')}::text[], ${column('reason')}::text[])
           AS t(n, f, e, cc, p, d, b, br, nc, why)`);
}

/** The file is staged: its total and the rows refused while reading count as processed. */
export async function finishStaging(
  db: Executor,
  importId: string,
  total: number,
  refused: number,
) {
  await db
    .update(importJobs)
    .set({ totalRows: total, processedRows: refused, failed: refused })
    .where(eq(importJobs.id, importId));
  // Fresh statistics: planned on a table it believes empty, a chunk's UPDATE scans every staged
  // row for each of its own (seconds a chunk instead of milliseconds).
  await db.execute(sql`ANALYZE ${importRows}`);
}

export async function findImport(db: Executor, importId: string, collegeId: string | undefined) {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(
      and(eq(importJobs.id, importId), collegeId ? eq(importJobs.collegeId, collegeId) : undefined),
    );
  return row;
}

/**
 * The handle a staged row's user gets: readable, and the same every time for the same row, so a
 * chunk run twice finds its own users instead of adding them again.
 */
const importedUsername = (r: SQL) => sql`
  lower(regexp_replace(split_part(${r}.email, '@', 1), '[^a-zA-Z0-9.]', '', 'g'))
    || '.' || substr(md5(${r}.job_id::text || ':' || ${r}.row_number), 1, 10)`;

/**
 * Imports one chunk, in one statement inside the caller's transaction: resolves each row's
 * degree, batch and branch by name (each within the previous, as the spec's per-row calls do),
 * inserts the users (a taken e-mail, phone or handle is skipped by ON CONFLICT), and marks the
 * rows that failed. An added row keeps no mark: its user, found by its handle, says so, which
 * spares an UPDATE of nearly every staged row. Unresolved names become a New Data request with
 * the names kept.
 */
export async function importChunk(
  db: Executor,
  importId: string,
  collegeId: string,
  from: number,
  to: number,
) {
  const result = await db.execute<{ added: number; failed: number }>(sql`
    WITH src AS (
      SELECT r.row_number, r.full_name, r.email, r.phone, r.phone_country_code,
             r.degree_name, r.batch_name, r.branch_name, r.new_college_request_name,
             d.id AS degree_id, b.id AS batch_id, br.id AS branch_id,
             ${importedUsername(sql.raw('r'))} AS username
        FROM import_rows r
        LEFT JOIN degrees d ON d.college_id = ${collegeId} AND lower(d.degree_name) = lower(r.degree_name)
        LEFT JOIN batches b ON b.degree_id = d.id AND lower(b.batch_name) = lower(r.batch_name)
        LEFT JOIN branches br ON br.batch_id = b.id AND lower(br.branch_name) = lower(r.branch_name)
       WHERE r.job_id = ${importId} AND r.row_number >= ${from} AND r.row_number < ${to}
         AND r.outcome IS NULL
    ), added AS (
      INSERT INTO users (college_id, degree_id, batch_id, branch_id, first_name, last_name, full_name,
                         username, email, phone, phone_country_code, new_college_data,
                         new_college_request_name, new_degree_request_name, new_batch_request_name,
                         new_branch_request_name)
      SELECT ${collegeId}, degree_id, batch_id, branch_id, split_part(full_name, ' ', 1),
             trim(substr(full_name, length(split_part(full_name, ' ', 1)) + 1)), full_name,
             username, email, phone, phone_country_code, branch_id IS NULL,
             new_college_request_name,
             CASE WHEN degree_id IS NULL THEN degree_name END,
             CASE WHEN batch_id IS NULL THEN batch_name END,
             CASE WHEN branch_id IS NULL THEN branch_name END
        FROM src
       -- The first of two rows with one e-mail wins, as a person reading the file expects.
       ORDER BY row_number
      ON CONFLICT DO NOTHING
      RETURNING username
    ), failed AS (
      -- Not added now and not by an earlier run of this chunk: someone has the e-mail or phone.
      UPDATE import_rows r
         SET outcome = 'failed', reason = 'A user with this e-mail or phone already exists'
        FROM src
       WHERE r.job_id = ${importId} AND r.row_number = src.row_number
         -- The range again: without it the planner hashes every staged row of the file.
         AND r.row_number >= ${from} AND r.row_number < ${to}
         AND NOT EXISTS (SELECT 1 FROM added WHERE added.username = src.username)
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.username = src.username)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM added)::int AS added, (SELECT count(*) FROM failed)::int AS failed`);
  const { added, failed } = result.rows[0]!;
  if (added + failed > 0)
    await db
      .update(importJobs)
      .set({
        processedRows: sql`${importJobs.processedRows} + ${added + failed}`,
        added: sql`${importJobs.added} + ${added}`,
        failed: sql`${importJobs.failed} + ${failed}`,
      })
      .where(eq(importJobs.id, importId));
  return { added, failed };
}

export const finishIfComplete = (db: Executor, importId: string) =>
  db
    .update(importJobs)
    .set({ status: 'done', finishedAt: sql`now()` })
    .where(
      and(
        eq(importJobs.id, importId),
        eq(importJobs.status, 'running'),
        gte(importJobs.processedRows, importJobs.totalRows),
      ),
    );

/**
 * The per-row report after `afterRow`, a page at a time. A row without a mark was added if its
 * user exists (or, once the upload is done, was added and removed since); otherwise it waits.
 */
export async function reportRows(
  db: Executor,
  job: { id: string; status: 'running' | 'done' },
  afterRow: number,
  limit: number,
) {
  const result = await db.execute<{
    rowNumber: number;
    fullName: string;
    email: string;
    outcome: 'added' | 'failed' | 'pending';
    reason: string | null;
  }>(sql`
    SELECT r.row_number AS "rowNumber", r.full_name AS "fullName", r.email,
           COALESCE(r.outcome, CASE WHEN ${job.status === 'done'} OR EXISTS (
             SELECT 1 FROM users u WHERE u.username = ${importedUsername(sql.raw('r'))}
           ) THEN 'added' ELSE 'pending' END) AS outcome,
           r.reason
      FROM import_rows r
     WHERE r.job_id = ${job.id} AND r.row_number > ${afterRow}
     ORDER BY r.row_number
     LIMIT ${limit}`);
  return result.rows;
}
