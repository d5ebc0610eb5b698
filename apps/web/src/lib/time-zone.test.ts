import { describe, expect, it } from 'vitest';
import { postTime } from './time-zone';

const now = new Date('2025-06-15T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('postTime', () => {
  it('reads recent posts in minutes and hours', () => {
    expect(postTime(before(20_000), now)).toBe('Just now');
    expect(postTime(before(5 * 60_000), now)).toBe('5 min ago');
    expect(postTime(before(3 * 3_600_000 + 60_000), now)).toBe('3 h ago');
  });

  it('reads older posts in days, then as a date', () => {
    expect(postTime(before(25 * 3_600_000), now)).toBe('Yesterday');
    expect(postTime(before(4 * 86_400_000), now)).toBe('4 days ago');
    expect(postTime('2025-03-12T09:00:00Z', now)).toBe('12 Mar');
    expect(postTime('2023-03-12T09:00:00Z', now)).toBe('12 Mar 2023');
  });
});

describe('postTime in a time zone of its own', () => {
  it("dates an older post on the reader's day, and the year where the reader is", () => {
    // 20:00 UTC on 31 December is already 1 January in India.
    const newYear = new Date('2026-01-20T12:00:00Z');
    expect(postTime('2025-12-31T20:00:00Z', newYear, 'Asia/Kolkata')).toBe('1 Jan');
    expect(postTime('2025-12-31T20:00:00Z', newYear, 'America/Los_Angeles')).toBe('31 Dec 2025');
  });
});
