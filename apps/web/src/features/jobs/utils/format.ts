import type { Job } from '@alumnet/contract';
import { dateFormat } from '../../../lib/time-zone';

export const JOB_TYPE_LABELS: Record<Job['jobType'], string> = {
  fulltime: 'Full-time',
  internship: 'Internship',
};

const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** '12 Mar 2026': the day a job was posted, in the reader's time zone. */
export const postedOn = (iso: string, timeZone?: string) =>
  dateFormat('en-IN', DAY_MONTH_YEAR, timeZone).format(new Date(iso));
