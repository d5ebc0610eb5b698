import { describe, expect, it } from 'vitest';
import { adminPager, dashboardSearchBody, noAdminFilters, withAdminFilter } from './filters';

describe('admin filters', () => {
  it('clears what depended on a broader choice', () => {
    const set = {
      ...noAdminFilters,
      degree: 'd',
      batch: 'b',
      branch: 'r',
      locationCountry: 'IN',
      locationCity: 'c',
    };
    expect(withAdminFilter(set, 'degree', 'd2')).toMatchObject({
      degree: 'd2',
      batch: '',
      branch: '',
    });
    expect(withAdminFilter(set, 'batch', 'b2')).toMatchObject({
      degree: 'd',
      batch: 'b2',
      branch: '',
    });
    expect(withAdminFilter(set, 'locationCountry', 'FR')).toMatchObject({ locationCity: '' });
    expect(withAdminFilter(set, 'isApproved', 'no')).toMatchObject({
      batch: 'b',
      isApproved: 'no',
    });
  });

  it('sends the spec body: filters with the college, searchText and pageId', () => {
    const body = dashboardSearchBody(
      { ...noAdminFilters, isRegistered: 'no', searchText: '  Meera ' },
      'college-1',
      2,
    );
    expect(body).toEqual({
      filters: {
        collegeId: 'college-1',
        locationCountry: '',
        locationCity: '',
        companyId: '',
        degree: '',
        batch: '',
        branch: '',
        isApproved: '',
        isRegistered: 'no',
        emailStatus: '',
        smsStatus: '',
        whatsappStatus: '',
      },
      searchText: 'Meera',
      pageId: 2,
    });
  });

  it('shows Next only while the total exceeds page × 15', () => {
    expect(adminPager(15, 1)).toEqual({ hasPrevious: false, hasNext: false, pageCount: 1 });
    expect(adminPager(16, 1)).toEqual({ hasPrevious: false, hasNext: true, pageCount: 2 });
    expect(adminPager(16, 2)).toEqual({ hasPrevious: true, hasNext: false, pageCount: 2 });
    expect(adminPager(0, 1).pageCount).toBe(1);
  });
});
