import { and, eq, gte, sql } from 'drizzle-orm';
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
 * Imports one chunk, in one statement inside the caller's transaction: resolves each row's
 * degree, batch and branch by name (each within the previous, as the spec's per-row calls do),
 * inserts the users (a taken e-mail, phone or handle is skipped by ON CONFLICT), and marks every
 * row added or failed. Unresolved names become a New Data request with the names kept.
 */
export async function importChunk(
  db: Executor,
  importId: string,
  collegeId: string,
  from: number,
  to: number,
) {
  const result = await db.execute<{ outcome: 'added' | 'failed' }>(sql`
    WITH src AS (
      SELECT r.row_number, r.full_name, r.email, r.phone, r.phone_country_code,
             r.degree_name, r.batch_name, r.branch_name, r.new_college_request_name,
             d.id AS degree_id, b.id AS batch_id, br.id AS branch_id,
             lower(regexp_replace(split_part(r.email, '@', 1), '[^a-zA-Z0-9.]', '', 'g'))
               || '.' || substr(md5(r.job_id::text || ':' || r.row_number), 1, 10) AS username
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
      RETURNING id, username
    )
    UPDATE import_rows r
       SET outcome = CASE WHEN added.id IS NULL THEN 'failed' ELSE 'added' END,
           reason = CASE WHEN added.id IS NULL THEN 'A user with this e-mail or phone already exists' END,
           user_id = added.id
      FROM src LEFT JOIN added ON added.username = src.username
     WHERE r.job_id = ${importId} AND r.row_number = src.row_number
       -- The range again: without it the planner hashes every staged row of the file to find
       -- this chunk's (a growing cost: 300 ms a chunk at a million rows).
       AND r.row_number >= ${from} AND r.row_number < ${to}
    RETURNING r.outcome`);
  const added = result.rows.filter((r) => r.outcome === 'added').length;
  const failed = result.rows.length - added;
  if (result.rows.length > 0)
    await db
      .update(importJobs)
      .set({
        processedRows: sql`${importJobs.processedRows} + ${result.rows.length}`,
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

/** The per-row report after `afterRow`, a page at a time. */
export const reportRows = (db: Executor, importId: string, afterRow: number, limit: number) =>
  db
    .select({
      rowNumber: importRows.rowNumber,
      fullName: importRows.fullName,
      email: importRows.email,
      outcome: importRows.outcome,
      reason: importRows.reason,
    })
    .from(importRows)
    .where(and(eq(importRows.jobId, importId), sql`${importRows.rowNumber} > ${afterRow}`))
    .orderBy(importRows.rowNumber)
    .limit(limit);
