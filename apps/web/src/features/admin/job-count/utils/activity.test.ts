import type { ActivityDay } from '@alumnet/contract';
import { describe, expect, it } from 'vitest';
import { dayLabel, pickCollege, totals } from './activity';

const day = (date: string, n: number): ActivityDay => ({
  date,
  internshipCount: n,
  fulltimeCount: 1,
  jobLikesCount: 0,
  jobCommentsCount: 0,
  postLikesCount: 2,
  postCommentsCount: 0,
});

describe('job count helpers', () => {
  it('labels days', () => {
    expect(dayLabel('2026-03-02')).toBe('Mar 02');
  });
  it('picks the chosen college or the first', () => {
    const entries = [
      { collegeId: 'a', collegeName: 'A', data: [] },
      { collegeId: 'b', collegeName: 'B', data: [] },
    ];
    expect(pickCollege(entries, 'b')?.collegeName).toBe('B');
    expect(pickCollege(entries, null)?.collegeName).toBe('A');
    expect(pickCollege(entries, 'zzz')?.collegeName).toBe('A');
    expect(pickCollege([], 'a')).toBeUndefined();
  });
  it('sums every count', () => {
    expect(totals([day('2026-03-01', 2), day('2026-03-02', 3)])).toMatchObject({
      internshipCount: 5,
      fulltimeCount: 2,
      postLikesCount: 4,
      jobLikesCount: 0,
    });
  });
});
