import { describe, expect, it } from 'vitest';
import { addWorkingDays } from './dates';

describe('addWorkingDays', () => {
  it('skips the weekend', () => {
    // Thursday 2026-11-19 + 3 working days = Tuesday 2026-11-24
    expect(addWorkingDays(new Date('2026-11-19T10:00:00Z'), 3)).toBe('2026-11-24');
  });
  it('counts from a Saturday to the following days', () => {
    expect(addWorkingDays(new Date('2026-11-21T10:00:00Z'), 1)).toBe('2026-11-23');
  });
});
