import type { DispatchJob, DispatchStatus } from '@alumnet/contract';

/** admin-area.md §4: review red, dispatched green; ours: done teal, failed red. */
export const JOB_STATUS_COLOR: Record<DispatchStatus, string> = {
  review: 'red',
  dispatched: 'green',
  done: 'teal',
  failed: 'red',
};

/** admin-area.md §4: only a job still in review may be dispatched or deleted. */
export const canChangeJob = (job: Pick<DispatchJob, 'status'>) => job.status === 'review';

/** The worker's progress, as a percentage of the job's recipients (0 for an empty job). */
export const jobProgress = (job: Pick<DispatchJob, 'sent' | 'count'>) =>
  job.count > 0 ? Math.min(100, Math.round((job.sent / job.count) * 100)) : 0;
