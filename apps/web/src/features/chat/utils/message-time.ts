import { dateFormat, dayNumber } from '../../../lib/time-zone';

const HOURS_MINUTES = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;

const parse = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** member-portal.md §2 "Chat": a message's time as HH:MM, zero padded, in the member's time zone. */
export function messageTime(value: string | Date, timeZone?: string): string {
  const date = parse(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat('en-GB', HOURS_MINUTES, timeZone).format(date);
}

/** The day a run of messages belongs to: 'Today', 'Yesterday', else e.g. '12 Mar 2025'. */
export function messageDay(value: string | Date, now = new Date(), timeZone?: string): string {
  const date = parse(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = dayNumber(now, timeZone) - dayNumber(date, timeZone);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return dateFormat('en-GB', DAY_MONTH_YEAR, timeZone).format(date);
}
