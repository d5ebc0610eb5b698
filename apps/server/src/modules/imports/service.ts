import type { Readable } from 'node:stream';
import { inClientTransaction, type Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { adminCollegeId } from '../../lib/policy';
import type { JobQueue } from '../../jobs/queue';
import type { SessionUser } from '../auth/repository';
import { recordAudit, type AuditActor } from '../audit/record';
import { CsvProblem, stagedRows } from './parse';
import * as repo from './repository';

/** Rows per queued chunk: one statement imports a chunk, in well under a second. */
export const IMPORT_CHUNK_ROWS = 5_000;
const STAGE_BATCH = 10_000;

export function createImportService(db: Database, queue: JobQueue) {
  return {
    /**
     * Improvement on the spec's four calls per row: the file arrives once, is staged row by row
     * (each malformed row with its reason), and its chunks are queued; all in one transaction,
     * so a file either is wholly staged and queued or leaves nothing behind.
     */
    async upload(
      admin: SessionUser,
      requestedCollege: string | undefined,
      fileName: string,
      file: Readable,
      actor: AuditActor,
    ) {
      const collegeId = adminCollegeId(admin, requestedCollege);
      try {
        return await inClientTransaction(db, async (tx, executeSql) => {
          const importId = await repo.insertImport(tx, {
            collegeId,
            createdBy: admin.id,
            fileName,
          });
          let total = 0;
          let refused = 0;
          let lastRow = 1;
          // One batch is written while the next is parsed: the file's reading and the
          // database's writing overlap instead of taking turns.
          let writing: Promise<void> = Promise.resolve();
          for await (const batch of stagedRows(file, STAGE_BATCH)) {
            await writing;
            writing = repo.stageRows(tx, importId, batch);
            // Awaited above or below; until then a failure must not count as unhandled.
            writing.catch(() => {});
            total += batch.length;
            refused += batch.filter((r) => r.reason).length;
            lastRow = batch.at(-1)!.rowNumber;
          }
          await writing;
          await repo.finishStaging(tx, importId, total, refused);
          const chunks = [];
          for (let from = 2; from <= lastRow; from += IMPORT_CHUNK_ROWS)
            chunks.push({ importId, from, to: from + IMPORT_CHUNK_ROWS });
          await queue.enqueueImport(chunks, executeSql);
          if (chunks.length === 0) await repo.finishIfComplete(tx, importId);
          await recordAudit(tx, actor, {
            action: 'import.upload',
            collegeId,
            targetType: 'import',
            targetId: importId,
            targetLabel: fileName,
            details: { rows: total, refused },
          });
          return (await repo.findImport(tx, importId, collegeId))!;
        });
      } catch (error) {
        if (error instanceof CsvProblem)
          throw badRequest(`Error processing CSV file: ${error.message}`);
        throw error;
      }
    },

    async find(admin: SessionUser, importId: string) {
      const job = await repo.findImport(
        db,
        importId,
        admin.isSuperAdmin ? undefined : adminCollegeId(admin),
      );
      if (!job) throw notFound('Upload not found.');
      return job;
    },
  };
}

/** The worker's side: one chunk, in one transaction, then the upload closes when all are in. */
export function createImportWorker(db: Database) {
  return async function processChunk({
    importId,
    from,
    to,
  }: {
    importId: string;
    from: number;
    to: number;
  }) {
    const job = await repo.findImport(db, importId, undefined);
    if (!job || job.status !== 'running') return;
    await db.transaction((tx) => repo.importChunk(tx, importId, job.collegeId, from, to));
    await repo.finishIfComplete(db, importId);
  };
}
