import { describe, expect, it } from 'vitest';
import { orNA } from './cells';

describe('orNA', () => {
  it('shows N/A for a missing or blank name', () => {
    expect(orNA(null)).toBe('N/A');
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA('M.Sc')).toBe('M.Sc');
  });
});
