import {
  ADMIN_MESSAGES,
  DISPATCH_JOBS_PAGE_SIZE,
  type AlumniFilter,
  type DispatchMethod,
} from '@alumnet/contract';
import { and, inArray, not } from 'drizzle-orm';
import { inClientTransaction, type Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { adminCollegeId } from '../../lib/policy';
import type { JobQueue } from '../../jobs/queue';
import type { SessionUser } from '../auth/repository';
import { recordAudit, type AuditActor } from '../audit/record';
import { adminAlumniWhere } from '../dashboard';
import * as repo from './repository';

/** Recipients per queued chunk: a chunk is a few seconds of work, so a dead worker costs little. */
export const CHUNK_SIZE = 250;

/** `collegeId`: a super admin's pick (a college admin's own college whatever it says). */
export type NewJob = { method: DispatchMethod; collegeId?: string } & (
  | { selectAll: true; filter: AlumniFilter; totalResults?: number }
  | { selectAll: false; userIds: string[] }
);

/** "approve job of 12 members, 2026-11-26": how the audit log names a job. */
const jobLabel = (job: { action: string; count: number; createdAt: Date }) =>
  `${job.action} job of ${job.count} ${job.count === 1 ? 'member' : 'members'}, ${job.createdAt.toISOString().slice(0, 10)}`;

export function createDispatchService(db: Database, queue: JobQueue) {
  /** A super admin reaches any college's jobs; an admin only their own college's. */
  const scopeOf = (admin: SessionUser) => (admin.isSuperAdmin ? undefined : adminCollegeId(admin));

  return {
    /**
     * Freezes the selection into a job in review. With select-all, the filter is evaluated now,
     * inside the transaction, and must still match the total the admin was shown.
     */
    async addJob(admin: SessionUser, job: NewJob, actor: AuditActor) {
      const collegeId = adminCollegeId(admin, job.collegeId);
      if (job.method === 'sms' && job.selectAll)
        throw badRequest('SMS goes to chosen users only: pick them instead of selecting all.');
      // Approving or inviting someone whose degree, batch or branch is not mapped yet would
      // give them a wrong place in the college; explicit picks are refused, select-all skips them.
      const blocksNewData = job.method !== 'sms';
      const where = job.selectAll
        ? adminAlumniWhere(collegeId, job.filter)
        : and(adminAlumniWhere(collegeId, {}), inArray(users.id, [...new Set(job.userIds)]))!;

      return db.transaction(async (tx) => {
        const matching = await repo.countMatching(tx, where);
        if (job.selectAll) {
          if (job.totalResults !== undefined && job.totalResults !== matching.total)
            throw conflict(
              `The users matching this filter changed: ${matching.total} now, ${job.totalResults} when you searched. Search again, then add the job.`,
            );
        } else {
          if (matching.total !== new Set(job.userIds).size)
            throw badRequest('Some selected users are not in this college any more. Search again.');
          if (blocksNewData && matching.newData > 0)
            throw badRequest(ADMIN_MESSAGES.newCollegeDataBlocked);
        }
        const frozenWhere = blocksNewData ? and(where, not(users.newCollegeData))! : where;
        const jobId = await repo.insertJob(tx, {
          collegeId,
          createdBy: admin.id,
          action: job.method,
          selection: job.selectAll ? { filter: job.filter, totalResults: matching.total } : null,
        });
        const count = await repo.freezeRecipients(
          tx,
          jobId,
          repo.channelOf(job.method),
          frozenWhere,
        );
        if (count === 0)
          throw badRequest(
            'Nobody in this selection can get this action: their college data needs updating first.',
          );
        const added = (await repo.findJob(tx, jobId, collegeId))!;
        await recordAudit(tx, actor, {
          action: 'dispatch.create',
          collegeId,
          targetType: 'dispatch_job',
          targetId: jobId,
          targetLabel: jobLabel(added),
          details: { method: job.method, count, selectAll: job.selectAll },
        });
        return added;
      });
    },

    async jobs(admin: SessionUser, collegeId: string | undefined, page: number) {
      return repo.jobsPage(db, adminCollegeId(admin, collegeId), {
        limit: DISPATCH_JOBS_PAGE_SIZE,
        offset: (page - 1) * DISPATCH_JOBS_PAGE_SIZE,
      });
    },

    /** review → dispatched and its chunks queued, in one transaction: both happen or neither. */
    async dispatch(admin: SessionUser, jobId: string, actor: AuditActor) {
      const scope = scopeOf(admin);
      const claimed = await inClientTransaction(db, async (tx, executeSql) => {
        const job = await repo.claimForDispatch(tx, jobId, scope);
        if (!job) return undefined;
        const found = (await repo.findJob(tx, jobId, scope))!;
        // Dispatching an approve job is what approves its members.
        await recordAudit(tx, actor, {
          action: job.action === 'approve' ? 'member.approve' : 'dispatch.send',
          collegeId: found.collegeId,
          targetType: 'dispatch_job',
          targetId: jobId,
          targetLabel: jobLabel(found),
          details: { method: job.action, count: job.count },
        });
        const chunks = [];
        for (let from = 0; from < job.count; from += CHUNK_SIZE)
          chunks.push({ jobId, from, to: from + CHUNK_SIZE });
        await queue.enqueueDispatch(chunks, executeSql);
        return job;
      });
      if (claimed) return claimed;
      if (!(await repo.findJob(db, jobId, scope))) throw notFound('Job not found.');
      throw conflict('This job has already been dispatched.');
    },

    async deleteJob(admin: SessionUser, jobId: string, actor: AuditActor) {
      const scope = scopeOf(admin);
      const deleted = await db.transaction(async (tx) => {
        const job = await repo.findJob(tx, jobId, scope);
        if (!job || !(await repo.deleteReviewJob(tx, jobId, scope))) return false;
        await recordAudit(tx, actor, {
          action: 'dispatch.delete',
          collegeId: job.collegeId,
          targetType: 'dispatch_job',
          targetId: jobId,
          targetLabel: jobLabel(job),
          details: { method: job.action, count: job.count },
        });
        return true;
      });
      if (deleted) return;
      if (!(await repo.findJob(db, jobId, scope))) throw notFound('Job not found.');
      throw conflict('A dispatched job cannot be deleted.');
    },

    /** The job a CSV file name names, if the admin may read it; the download is audited. */
    async jobForFile(admin: SessionUser, fileName: string, actor: AuditActor) {
      const match = /^([0-9a-f-]{36})-(input|output)\.csv$/i.exec(fileName);
      if (!match) throw notFound('File not found.');
      const job = await repo.findJob(db, match[1]!.toLowerCase(), scopeOf(admin));
      const kind = match[2]!.toLowerCase() as 'input' | 'output';
      if (!job || (kind === 'output' && !job.outputCsvPath)) throw notFound('File not found.');
      await recordAudit(db, actor, {
        action: 'export.download',
        collegeId: job.collegeId,
        targetType: 'dispatch_job',
        targetId: job.id,
        targetLabel: jobLabel(job),
        details: { file: kind },
      });
      return { job, kind };
    },

    providerStatus: repo.applyProviderStatus.bind(null, db),
  };
}
