import type { AdminUserRow } from '@alumnet/contract';

type CommunicationState =
  AdminUserRow['communicationStatus']['email'] | AdminUserRow['communicationStatus']['sms'];

/** admin-area.md §4: how each communication state reads and its colour. */
export const COMMUNICATION_LOOK: Record<CommunicationState, { label: string; color: string }> = {
  not_sent: { label: 'Not Sent', color: 'gray' },
  pending: { label: 'Pending', color: 'orange' },
  delivered: { label: 'Delivered', color: 'green' },
  bounce: { label: 'Bounce', color: 'red' },
  undelivered: { label: 'Undelivered', color: 'red' },
};

/** admin-area.md §4: approval and registration read yes or no. */
export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Invited By: the inviter's full name, or N/A. */
export const invitedByName = (row: Pick<AdminUserRow, 'invitedBy'>) =>
  row.invitedBy?.fullName || 'N/A';
