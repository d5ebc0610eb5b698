import { TIME_ZONE_COOKIE } from '@alumnet/contract';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/**
 * Dates and times show in the reader's time zone. A page the server draws (src/ssr.tsx) is drawn
 * in the zone the browser left in its cookie, and taken over in that same zone: were the two
 * different (a server in UTC, a reader in India), React would find other text than it drew and
 * draw the whole screen again.
 */

/** The zone a page was drawn in (the server's render, and the browser taking it over). */
export const DrawnTimeZone = createContext<string | null>(null);

// Read once: every reader of the hook asks for it on every render, and a page does not move.
let ownZone: string | undefined;
const browserTimeZone = () => (ownZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
const unchanging = () => () => undefined;

/**
 * The time zone to show dates in: the browser's own, except while a drawn page is taken over
 * (the zone it was drawn in; should they differ, React then draws the dates again).
 */
export function useTimeZone() {
  const drawn = useContext(DrawnTimeZone);
  const zone = useSyncExternalStore(unchanging, browserTimeZone, () => drawn ?? browserTimeZone());
  // A screen with dates has read the zone anyway: leaving it for the server costs nothing more.
  useEffect(() => rememberTimeZone(), []);
  return zone;
}

let remembered = false;

/**
 * Leaves the browser's time zone where the server reads it, for the pages it draws next; once a
 * page. Called where reading the zone costs nothing: on a screen that shows dates, and while a
 * sign-in is on its way. The first date format a page makes loads the runtime's zone data, 15-30
 * ms here and four times that on a slow phone: on every page's start, the login page and the
 * admin dashboard took that much longer to become usable.
 */
export function rememberTimeZone() {
  if (remembered) return;
  remembered = true;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax`;
}

/** `name` if the runtime knows it as a time zone, else null. */
export function knownTimeZone(name: string | undefined) {
  if (!name) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// Made once per options and zone: `toLocaleString` with options builds a new formatter on every
// call, which costs more than the rest of a post card's render. Keyed by the options object
// itself (each caller passes a constant), so a lookup builds no key.
const formats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/** A cached `Intl.DateTimeFormat` (`timeZone` undefined: the runtime's own zone). */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): Intl.DateTimeFormat {
  let byZone = formats.get(options);
  if (!byZone) formats.set(options, (byZone = new Map()));
  const key = `${locale}|${timeZone ?? ''}`;
  let format = byZone.get(key);
  if (!format)
    byZone.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

const CALENDAR_DAY = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/** The calendar day `date` falls on in `timeZone`, as a count of days (to compare two). */
export function dayNumber(date: Date, timeZone?: string) {
  const day = { year: 0, month: 0, day: 0 };
  for (const part of dateFormat('en-US', CALENDAR_DAY, timeZone).formatToParts(date))
    if (part.type in day) day[part.type as keyof typeof day] = Number(part.value);
  return Date.UTC(day.year, day.month - 1, day.day) / 86_400_000;
}

// ---------------------------------------------------------------- how long ago
// Here rather than in a module of its own: the feed and the notifications both show it, and a
// module two screens share would be one more file in the feed's first download.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DAY_MONTH = { day: 'numeric', month: 'short' } as const;
const DAY_MONTH_YEAR = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const YEAR = { year: 'numeric' } as const;
const FULL = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * How long ago a post was made (or anything a member is told of: a notification), as a feed
 * reads it: 'Just now', '5 min ago', '3 h ago', 'Yesterday', '4 days ago', then the date in the
 * reader's time zone ('12 Mar' this year, '12 Mar 2023' before).
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
