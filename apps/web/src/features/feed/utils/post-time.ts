const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Made once: `toLocaleString` with options builds a new formatter on every call, which costs
// more than the rest of a post card's render (twice per post, twenty posts a page).
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * How long ago a post was made, as a feed reads it: 'Just now', '5 min ago', '3 h ago',
 * 'Yesterday', '4 days ago', then the date ('12 Mar' this year, '12 Mar 2023' before).
 */
export function postTime(iso: string, now = new Date()) {
  const at = new Date(iso);
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return (at.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(at);
}

/** The full date and time, for the tooltip and the <time> element. */
export const postTimeFull = (iso: string) => full.format(new Date(iso));
