import { describe, expect, it } from 'vitest';
import { formatRemaining, timerColor } from './timer';

describe('formatRemaining', () => {
  it('shows seconds under a minute and m:ss from one minute up, rounding up', () => {
    expect(formatRemaining(0)).toBe('0s');
    expect(formatRemaining(-300)).toBe('0s');
    expect(formatRemaining(100)).toBe('1s');
    expect(formatRemaining(9_000)).toBe('9s');
    expect(formatRemaining(59_000)).toBe('59s');
    expect(formatRemaining(59_100)).toBe('1:00');
    expect(formatRemaining(60_000)).toBe('1:00');
    expect(formatRemaining(65_000)).toBe('1:05');
    expect(formatRemaining(120_000)).toBe('2:00');
  });
});

describe('timerColor', () => {
  it('is green above half the time, yellow above a quarter, red from a quarter down', () => {
    expect(timerColor(20_000, 20_000)).toBe('green');
    expect(timerColor(10_100, 20_000)).toBe('green');
    expect(timerColor(10_000, 20_000)).toBe('yellow');
    expect(timerColor(5_100, 20_000)).toBe('yellow');
    expect(timerColor(5_000, 20_000)).toBe('red');
    expect(timerColor(0, 20_000)).toBe('red');
  });
});
