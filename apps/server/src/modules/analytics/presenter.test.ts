import { describe, expect, it } from 'vitest';
import { pieSlices, totalPages } from './presenter';

describe('pieSlices', () => {
  it('keeps at most 9 named slices by value and merges the rest with Unknown into Others', () => {
    const rows = [
      ...Array.from({ length: 12 }, (_, i) => ({
        name: `N${String(i).padStart(2, '0')}`,
        value: i + 1,
      })),
      { name: null, value: 5 },
      { name: 'Unknown', value: 2 },
      { name: '  ', value: 1 },
    ];
    const slices = pieSlices(rows);
    expect(slices).toHaveLength(10);
    expect(slices.slice(0, 9).map((s) => s.name)).toEqual([
      'N11',
      'N10',
      'N09',
      'N08',
      'N07',
      'N06',
      'N05',
      'N04',
      'N03',
    ]);
    // N00..N02 (1 + 2 + 3) and the unnamed (5 + 2 + 1).
    expect(slices[9]).toEqual({ name: 'Others', value: 14 });
    const total = rows.reduce((sum, r) => sum + r.value, 0);
    expect(slices.reduce((sum, s) => sum + s.value, 0)).toBe(total);
  });

  it('has no Others slice when every name fits and none is unknown', () => {
    expect(
      pieSlices([
        { name: 'A', value: 1 },
        { name: 'B', value: 3 },
      ]),
    ).toEqual([
      { name: 'B', value: 3 },
      { name: 'A', value: 1 },
    ]);
  });

  it('gives only Others when no one has a name, and nothing for no rows', () => {
    expect(pieSlices([{ name: null, value: 4 }])).toEqual([{ name: 'Others', value: 4 }]);
    expect(pieSlices([])).toEqual([]);
  });

  it('breaks ties by name so the chart is stable', () => {
    expect(
      pieSlices([
        { name: 'b', value: 2 },
        { name: 'a', value: 2 },
      ]).map((s) => s.name),
    ).toEqual(['a', 'b']);
  });
});

describe('totalPages', () => {
  it('is at least 1 and rounds up', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
  });
});
