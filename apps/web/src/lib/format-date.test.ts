import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('reads dd/MM/yyyy HH:mm in local time', () => {
    const local = new Date(2025, 5, 3, 9, 5).toISOString();
    expect(formatDateTime(local)).toBe('03/06/2025 09:05');
  });

  it('says N/A for no date and Invalid Date for one it cannot read', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime(undefined)).toBe('N/A');
    expect(formatDateTime('')).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('Invalid Date');
  });
});
