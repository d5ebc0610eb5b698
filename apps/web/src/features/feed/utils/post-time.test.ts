import { describe, expect, it } from 'vitest';
import { postTime } from './post-time';

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
