import type { FeedbackSortField, FeedbackType } from '@alumnet/contract';
import { format, isValid, parseISO } from 'date-fns';

export type SortOrder = 'asc' | 'desc';
export interface FeedbackSort {
  field: FeedbackSortField;
  order: SortOrder;
}
export const DEFAULT_SORT: FeedbackSort = { field: 'createdAt', order: 'desc' };

/** Clicking a sortable header: the same column flips its order, another starts ascending. */
export function nextSort(current: FeedbackSort, field: FeedbackSortField): FeedbackSort {
  if (current.field === field) return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { field, order: 'asc' };
}

/** admin-area.md §3: bug, feature and suggestion have colours; other types are neutral. */
export function typeColor(type: FeedbackType | string) {
  return (
    ({ bug: 'red', feature: 'blue', suggestion: 'green' } as Record<string, string>)[type] ?? 'gray'
  );
}

/** The feedback date as 'MMM dd, yyyy HH:mm'. */
export function feedbackDate(value: string) {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM dd, yyyy HH:mm') : 'Invalid Date';
}
