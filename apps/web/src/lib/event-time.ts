import { dateFormat, dayNumber } from './time-zone';

/** When an event happens, as its pages say it: in the reader's zone, and the event's own. */

const DAY = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const ZONE = { timeZoneName: 'short' } as const;

/** 'Sat, 12 Jul 2025' in `timeZone`. */
export const eventDay = (iso: string, timeZone: string) =>
  dateFormat('en-GB', DAY, timeZone).format(new Date(iso));

/** '18:42' in `timeZone`. */
export const clockTime = (iso: string, timeZone: string) =>
  dateFormat('en-GB', TIME, timeZone).format(new Date(iso));

/** The zone's short name at that instant ('EDT', 'GMT+5:30', 'GMT+1'). */
export function zoneName(iso: string, timeZone: string) {
  const part = dateFormat('en-US', ZONE, timeZone)
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * 'Sat, 12 Jul 2025, 18:00 – 21:00' in `timeZone`; an event that ends on another day names
 * both ('Sat, 12 Jul 2025, 22:00 – Sun, 13 Jul 2025, 02:00').
 */
export function eventWhen(startsAt: string, endsAt: string, timeZone: string) {
  const start = `${eventDay(startsAt, timeZone)}, ${clockTime(startsAt, timeZone)}`;
  const sameDay = dayNumber(new Date(startsAt), timeZone) === dayNumber(new Date(endsAt), timeZone);
  const end = sameDay
    ? clockTime(endsAt, timeZone)
    : `${eventDay(endsAt, timeZone)}, ${clockTime(endsAt, timeZone)}`;
  return `${start} – ${end}`;
}

/** Whether two zones show the same wall-clock time at `iso` (India and Sri Lanka do). */
export const sameClock = (iso: string, a: string, b: string) =>
  a === b ||
  (eventWhen(iso, iso, a) === eventWhen(iso, iso, b) && zoneName(iso, a) === zoneName(iso, b));

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n: number) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

/** '12 going · 3 on the waitlist', '40 of 50 going'. */
export function goingLine(e: { going: number; waitlisted: number; capacity: number | null }) {
  const going = e.capacity === null ? `${e.going} going` : `${e.going} of ${e.capacity} going`;
  return e.waitlisted > 0 ? `${going} · ${e.waitlisted} on the waitlist` : going;
}

/** Whether every seat is taken. */
export const isFull = (e: { going: number; capacity: number | null }) =>
  e.capacity !== null && e.going >= e.capacity;

// ---------------------------------------------------------------- wall-clock times in a zone

/*
 * Wall-clock times in a named time zone, both ways: what an event's form shows and sends (the
 * organiser types 18:00 in the event's zone; the server stores the instant), and the bounds of a
 * month in the reader's zone (the events list's filter). Intl only: no zone data of our own.
 */

const PARTS = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;

export interface WallTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock time `at` shows in `timeZone`. */
export function wallTime(at: Date, timeZone: string): WallTime & { second: number } {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of dateFormat('en-US', PARTS, timeZone).formatToParts(at))
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  return out;
}

/** How many minutes `timeZone` is ahead of UTC at the instant `at` (India: 330). */
export function zoneOffsetMinutes(at: Date, timeZone: string) {
  const wall = wallTime(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time in `timeZone` stands for. A time that a clock change skips
 * (02:30 on the spring-forward night) is read with the offset from before the change.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let offset = zoneOffsetMinutes(new Date(asUtc), timeZone);
  // Once more at the guess: near a clock change the offset at the wall time may differ.
  offset = zoneOffsetMinutes(new Date(asUtc - offset * 60_000), timeZone);
  return new Date(asUtc - offset * 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** '2025-07-12T18:00' (a datetime-local input's value) as an ISO time with the zone's offset. */
export function localInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const at = instantOf({ year, month, day, hour, minute }, timeZone);
  const wall = wallTime(at, timeZone);
  const offset = zoneOffsetMinutes(at, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:00` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** An instant as a datetime-local input shows it in `timeZone` ('2025-07-12T18:00'). */
export function isoToLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const w = wallTime(at, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The first and the last instant of a month ('2025-07') in `timeZone`, as ISO strings. */
export function monthBounds(month: string, timeZone: string) {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const start = instantOf({ year, month: number, day: 1, hour: 0, minute: 0 }, timeZone);
  const next = instantOf(
    { year: number === 12 ? year + 1 : year, month: (number % 12) + 1, day: 1, hour: 0, minute: 0 },
    timeZone,
  );
  return { from: start.toISOString(), to: new Date(next.getTime() - 1).toISOString() };
}
