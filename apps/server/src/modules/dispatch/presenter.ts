import type { DispatchJob } from '@alumnet/contract';
import type { JobRow } from './repository';

export const presentDispatchJob = (job: JobRow): DispatchJob => ({
  _id: job.id,
  createdAt: job.createdAt.toISOString(),
  action: job.action,
  count: job.count,
  status: job.status,
  inputCsvPath: job.inputCsvPath,
  outputCsvPath: job.outputCsvPath,
  sent: job.sent,
  createdBy: { _id: job.createdById, fullName: job.createdByName },
  dispatchedAt: job.dispatchedAt?.toISOString() ?? null,
});
