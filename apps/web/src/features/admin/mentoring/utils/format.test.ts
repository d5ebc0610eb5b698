import { describe, expect, it } from 'vitest';
import { daysLabel, hoursLabel, monthLabel, NONE, rateLabel, ratingLabel } from './format';

describe('programme figures as they read', () => {
  it('shows lengths of time in minutes, hours or days', () => {
    expect(hoursLabel(null)).toBe(NONE);
    expect(hoursLabel(0.25)).toBe('15 min');
    expect(hoursLabel(5.46)).toBe('5.5 h');
    expect(hoursLabel(20.4)).toBe('20 h');
    expect(hoursLabel(60)).toBe('2.5 days');
    expect(hoursLabel(24 * 12.4)).toBe('12 days');
  });

  it("shows a request's age in whole days", () => {
    expect(daysLabel(0.4)).toBe('today');
    expect(daysLabel(1.9)).toBe('1 day');
    expect(daysLabel(13.2)).toBe('13 days');
    expect(daysLabel(null)).toBe(NONE);
  });

  it('shows rates, ratings and months', () => {
    expect(rateLabel(0.666)).toBe('67%');
    expect(rateLabel(null)).toBe(NONE);
    expect(ratingLabel(4.25)).toBe('4.3 / 5');
    expect(ratingLabel(null)).toBe(NONE);
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12-01')).toBe('Dec 2025');
    expect(monthLabel('March')).toBe('March');
  });
});
