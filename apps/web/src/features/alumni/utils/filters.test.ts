import { describe, expect, it } from 'vitest';
import { activeFilterCount, noFilters, pager, searchBody, withFilter } from './filters';

describe('alumni filters', () => {
  it('clears the branch when the batch changes and the city when the country changes', () => {
    const set = {
      ...noFilters,
      batch: 'b1',
      branch: 'r1',
      locationCountry: 'IN',
      locationCity: '7',
    };
    expect(withFilter(set, 'batch', 'b2')).toMatchObject({ batch: 'b2', branch: '' });
    expect(withFilter(set, 'locationCountry', '')).toMatchObject({
      locationCountry: '',
      locationCity: '',
    });
    expect(withFilter(set, 'companyName', 'Zoho')).toMatchObject({
      branch: 'r1',
      locationCity: '7',
    });
  });

  it('counts the set filters besides the name search', () => {
    expect(activeFilterCount({ ...noFilters, searchText: 'ann' })).toBe(0);
    expect(activeFilterCount({ ...noFilters, batch: 'b', mentorship: 'yes' })).toBe(2);
  });

  it("sends every field of the spec's search body", () => {
    expect(searchBody({ ...noFilters, searchText: '  ann ' }, 3, null)).toEqual({
      collegeId: '',
      locationCountry: '',
      locationCity: '',
      companyName: '',
      branch: '',
      batch: '',
      hasEntrepreneurExp: '',
      mentorship: '',
      searchText: 'ann',
      pageId: 3,
    });
  });

  it('shows Next while the total exceeds page × 20 and Previous above page 1', () => {
    expect(pager(20, 1)).toEqual({ hasNext: false, hasPrevious: false, pageCount: 1 });
    expect(pager(21, 1)).toEqual({ hasNext: true, hasPrevious: false, pageCount: 2 });
    expect(pager(41, 2)).toEqual({ hasNext: true, hasPrevious: true, pageCount: 3 });
    expect(pager(40, 2)).toEqual({ hasNext: false, hasPrevious: true, pageCount: 2 });
    expect(pager(0, 1)).toEqual({ hasNext: false, hasPrevious: false, pageCount: 1 });
  });
});
