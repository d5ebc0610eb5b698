import type { MentoringPerson, MentorSuggestion } from '@alumnet/contract';
import { ApiRequestError } from '../../../lib/api-client';

/** "2012-2016 · Mechanical", or whichever of the two is known. */
export const batchLine = (person: Pick<MentoringPerson, 'batch' | 'branch'>) =>
  [person.batch, person.branch].filter(Boolean).join(' · ');

/** Where the mentor stands, in the words the card shows; `open` says whether they can be asked. */
export function capacityLine(
  mentor: Pick<MentorSuggestion, 'capacity' | 'activeMentees' | 'takingRequests'>,
) {
  if (!mentor.takingRequests) return { text: 'Not taking requests', open: false };
  if (mentor.activeMentees >= mentor.capacity) return { text: 'At capacity', open: false };
  return {
    text: `${mentor.activeMentees} of ${mentor.capacity} ${mentor.capacity === 1 ? 'mentee' : 'mentees'}`,
    open: true,
  };
}

/** The server's readable refusal, or a generic line when there was no answer at all. */
export const failure = (error: Error, fallback = 'That did not work. Please try again.') =>
  error instanceof ApiRequestError && error.status > 0 ? error.message : fallback;

const DAY = 24 * 60 * 60 * 1000;

/** "expires in 3 days", "expires today", from when the page was opened. */
export function expiresIn(expiresAt: string, now: number) {
  const days = Math.ceil((Date.parse(expiresAt) - now) / DAY);
  if (days <= 0) return 'expires today';
  return days === 1 ? 'expires in 1 day' : `expires in ${days} days`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
/** "12 Mar 2026" in the reader's zone. */
export const day = (iso: string) => DAY_FORMAT.format(new Date(iso));

const HELD_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A session's YYYY-MM-DD, a calendar day, not an instant. */
export const heldOn = (date: string) => HELD_FORMAT.format(new Date(`${date}T00:00:00Z`));

/** Today in the reader's zone, YYYY-MM-DD: a session's default date. */
export function today(now: number) {
  const at = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

export const minutesLine = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
