/**
 * How the programme's figures read: none yet is a dash, not a zero (a median of nothing is not
 * "0 hours"), and lengths of time in the unit a programme lead thinks in.
 */
export const NONE = '–';

/** Hours to answer: "40 min", "5.5 h", "3 days" (a day and a half or more reads in days). */
export function hoursLabel(hours: number | null) {
  if (hours === null) return NONE;
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 36) return `${roundTo(hours, hours < 10 ? 1 : 0)} h`;
  return `${roundTo(hours / 24, hours < 240 ? 1 : 0)} days`;
}

/** A request's age: "today", "1 day", "12 days". */
export function daysLabel(days: number | null) {
  if (days === null) return NONE;
  const whole = Math.floor(days);
  if (whole < 1) return 'today';
  return whole === 1 ? '1 day' : `${whole} days`;
}

/** 0..1 as a whole percentage. */
export const rateLabel = (rate: number | null) =>
  rate === null ? NONE : `${Math.round(rate * 100)}%`;

/** An average of 1-5 ratings, to one decimal. */
export const ratingLabel = (rating: number | null) =>
  rating === null ? NONE : `${roundTo(rating, 1)} / 5`;

/** "2026-03" (or a date in that month) as "Mar 2026"; anything else as it came. */
export function monthLabel(month: string) {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return at.toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function roundTo(value: number, decimals: number) {
  const factor = 10 ** decimals;
  return String(Math.round(value * factor) / factor);
}
