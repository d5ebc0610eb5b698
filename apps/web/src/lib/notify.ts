import { notifications } from '@mantine/notifications';

/** member-portal.md §9: success 2 s, error and default 4 s, loading until dismissed, 20 at most. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION = { success: 2000, error: 4000, default: 4000 } as const;

export const notify = {
  success: (message: string) =>
    notifications.show({ message, color: 'green', autoClose: TOAST_DURATION.success }),
  error: (message: string) =>
    notifications.show({ message, color: 'red', autoClose: TOAST_DURATION.error }),
  info: (message: string) => notifications.show({ message, autoClose: TOAST_DURATION.default }),
  /** Returns the id to hand to `done` once the work ends. */
  loading: (message: string) =>
    notifications.show({ message, loading: true, autoClose: false, withCloseButton: false }),
  done: (id: string) => notifications.hide(id),
};
