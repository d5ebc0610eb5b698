import type { NotificationData } from '@mantine/notifications';

/** member-portal.md §9: success 2 s, error and default 4 s, loading until dismissed, 20 at most. */
export const TOAST_LIMIT = 20;
export const TOAST_DURATION = { success: 2000, error: 4000, default: 4000 } as const;

// The toast store loads with the toast stack, on demand, so that neither is part of any
// screen's first download; a toast asked for meanwhile appears as soon as they arrive (a few
// milliseconds after the first screen). Calls keep their order: they all wait on one import.
const toastModule = () => import('@mantine/notifications');
let lastId = 0;

/** Shows a toast and returns its id at once (the toast itself may follow a moment later). */
export function showToast(data: NotificationData) {
  const id = data.id ?? `toast-${++lastId}`;
  void toastModule().then(({ notifications }) => notifications.show({ ...data, id }));
  return id;
}

export function hideToast(id: string) {
  void toastModule().then(({ notifications }) => notifications.hide(id));
}

export const notify = {
  success: (message: string) =>
    showToast({ message, color: 'green', autoClose: TOAST_DURATION.success }),
  error: (message: string) => showToast({ message, color: 'red', autoClose: TOAST_DURATION.error }),
  info: (message: string) => showToast({ message, autoClose: TOAST_DURATION.default }),
  /** Returns the id to hand to `done` once the work ends. */
  loading: (message: string) =>
    showToast({ message, loading: true, autoClose: false, withCloseButton: false }),
  done: hideToast,
};
