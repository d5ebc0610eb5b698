import type { AccessLevel } from '@alumnet/contract';

/** How posts and jobs name who they are shared with. */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  college: 'College',
  batch: 'Batch',
  branch: 'Branch',
};
