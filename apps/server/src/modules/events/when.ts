// One formatter per zone: making one costs far more than formatting with it, and a rush of
// RSVPs (ticket e-mails, promotions) formats hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();

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
