import type { Job } from '@alumnet/contract';

export const JOB_TYPE_LABELS: Record<Job['jobType'], string> = {
  fulltime: 'Full-time',
  internship: 'Internship',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '12 Mar 2026': the day a job was posted. */
export const postedOn = (iso: string) => dateFormat.format(new Date(iso));
