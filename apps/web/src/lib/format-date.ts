import { format, isValid, parseISO } from 'date-fns';

/**
 * admin-area.md §2, §9: admin tables show dates as dd/MM/yyyy HH:mm (the viewer's time zone);
 * a missing date reads 'N/A' and an unparsable one 'Invalid Date', as the spec shows them.
 */
export function formatDateTime(value: string | null | undefined) {
  if (!value) return 'N/A';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : 'Invalid Date';
}
