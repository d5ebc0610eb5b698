import { describe, expect, it } from 'vitest';
import { PIE_PALETTE, percentage, pieCells } from './chart';

describe('pieCells', () => {
  it('colours each slice from the 10-colour palette, Others in the neutral last one', () => {
    expect(PIE_PALETTE).toHaveLength(10);
    const cells = pieCells([
      ...Array.from({ length: 9 }, (_, i) => ({ name: `C${i}`, value: 10 - i })),
      { name: 'Others', value: 3 },
    ]);
    expect(cells.map((c) => c.color)).toEqual([...PIE_PALETTE]);
    expect(new Set(cells.map((c) => c.color)).size).toBe(10);
    expect(cells[9]).toEqual({ name: 'Others', value: 3, color: 'gray.5' });
  });
});

describe('percentage', () => {
  it('gives two decimals', () => {
    expect(percentage(1, 3)).toBe('33.33');
    expect(percentage(2, 3)).toBe('66.67');
    expect(percentage(5, 5)).toBe('100.00');
    expect(percentage(0, 0)).toBe('0.00');
  });
});
