import { dateFormat } from '../../../lib/time-zone';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DAY_MONTH = { day: 'numeric', month: 'short' } as const;
const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const YEAR = { year: 'numeric' } as const;
const FULL = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * How long ago a post was made, as a feed reads it: 'Just now', '5 min ago', '3 h ago',
 * 'Yesterday', '4 days ago', then the date in the reader's time zone ('12 Mar' this year,
 * '12 Mar 2023' before).
 */
export function postTime(iso: string, now = new Date(), timeZone?: string) {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const year = dateFormat('en-GB', YEAR, timeZone);
  const thisYear = year.format(at) === year.format(now);
  return dateFormat('en-GB', thisYear ? DAY_MONTH : DAY_MONTH_YEAR, timeZone).format(at);
}

/** The full date and time, for the tooltip and the <time> element. */
export const postTimeFull = (iso: string, timeZone?: string) =>
  dateFormat('en-GB', FULL, timeZone).format(new Date(iso));
