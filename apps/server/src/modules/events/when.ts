import { LRUCache } from 'lru-cache';

// One formatter per zone: making one costs far more than formatting with it, and a rush of
// RSVPs (ticket e-mails, promotions) formats hundreds of times. Bounded: the IANA database has a
// few hundred zones, but Intl takes each under any spelling of its case.
const MAX_FORMATTERS = 500;
const formatters = new LRUCache<string, Intl.DateTimeFormat>({ max: MAX_FORMATTERS });

/** How many formatters are held (the bound's test). */
export const heldFormatters = () => formatters.size;

/**
 * "14 Jun 2026, 18:00 (Asia/Kolkata)": an instant as an event's e-mails and cards write it, in
 * the event's own zone, named.
 */
export function whenText(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    formatters.set(timeZone, format);
  }
  return `${format.format(at)} (${timeZone})`;
}
