import type { Suppression } from '@alumnet/contract';

/** The reasons in words, as an admin reads them. */
export const REASON_LABEL: Record<Suppression['reason'], string> = {
  bounce: 'Hard bounce',
  complaint: 'Complaint',
};

export const REASON_COLOR: Record<Suppression['reason'], string> = {
  bounce: 'orange',
  complaint: 'red',
};
