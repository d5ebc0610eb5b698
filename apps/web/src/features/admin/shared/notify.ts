import { ADMIN_TOAST_DURATION } from '@alumnet/contract';
import { showToast } from '../../../lib/notify';
import { serverMessage } from './utils/errors';

/** admin-area.md §9: the dashboard's toasts last 3 s (the member screens use lib/notify). */
export const adminNotify = {
  success: (message: string) =>
    showToast({ message, color: 'green', autoClose: ADMIN_TOAST_DURATION }),
  error: (message: string, title?: string) =>
    showToast({ title, message, color: 'red', autoClose: ADMIN_TOAST_DURATION }),
  /** The spec's failure text, with the server's reason under it when it gave one. */
  failure: (text: string, error: unknown) => {
    const reason = serverMessage(error, '');
    return reason && reason !== text ? adminNotify.error(reason, text) : adminNotify.error(text);
  },
};
