import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso, monthBounds, zoneOffsetMinutes } from './event-time';

describe('zoned time', () => {
  it('reads a typed time in the chosen zone, with its offset', () => {
    expect(localInputToIso('2025-07-12T18:00', 'Asia/Kolkata')).toBe('2025-07-12T18:00:00+05:30');
    expect(localInputToIso('2025-01-10T09:30', 'America/New_York')).toBe(
      '2025-01-10T09:30:00-05:00',
    );
    // Summer time: the same zone is four hours behind.
    expect(localInputToIso('2025-07-10T09:30', 'America/New_York')).toBe(
      '2025-07-10T09:30:00-04:00',
    );
    expect(localInputToIso('', 'UTC')).toBeNull();
  });

  it('shows an instant as the zone’s wall clock, and back', () => {
    expect(isoToLocalInput('2025-07-12T12:30:00.000Z', 'Asia/Kolkata')).toBe('2025-07-12T18:00');
    expect(isoToLocalInput('2025-03-30T00:30:00.000Z', 'Europe/London')).toBe('2025-03-30T00:30');
    expect(isoToLocalInput('2025-03-30T01:30:00.000Z', 'Europe/London')).toBe('2025-03-30T02:30');
    expect(zoneOffsetMinutes(new Date('2025-03-30T01:30:00Z'), 'Europe/London')).toBe(60);
  });

  it('bounds a month in the reader’s zone', () => {
    expect(monthBounds('2025-07', 'Asia/Kolkata')).toEqual({
      from: '2025-06-30T18:30:00.000Z',
      to: '2025-07-31T18:29:59.999Z',
    });
    expect(monthBounds('2025-12', 'UTC')).toEqual({
      from: '2025-12-01T00:00:00.000Z',
      to: '2025-12-31T23:59:59.999Z',
    });
  });
});
