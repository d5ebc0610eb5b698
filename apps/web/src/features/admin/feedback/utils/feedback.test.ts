import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, feedbackDate, nextSort, typeColor } from './feedback';

describe('feedback helpers', () => {
  it('toggles the order on the same column and starts a new column ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'createdAt')).toEqual({ field: 'createdAt', order: 'asc' });
    expect(nextSort({ field: 'createdAt', order: 'asc' }, 'createdAt').order).toBe('desc');
    expect(nextSort(DEFAULT_SORT, 'radioOption')).toEqual({ field: 'radioOption', order: 'asc' });
  });
  it('colours bug, feature and suggestion, others neutral', () => {
    expect(typeColor('bug')).toBe('red');
    expect(typeColor('feature')).toBe('blue');
    expect(typeColor('suggestion')).toBe('green');
    expect(typeColor('other')).toBe('gray');
  });
  it('formats dates as MMM dd, yyyy HH:mm', () => {
    expect(feedbackDate('2026-03-02T09:05:00')).toBe('Mar 02, 2026 09:05');
    expect(feedbackDate('nope')).toBe('Invalid Date');
  });
});
