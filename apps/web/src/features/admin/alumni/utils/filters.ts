import {
  ADMIN_SEARCH_PAGE_SIZE,
  type AlumniFilterInput,
  type DashboardSearchBody,
} from '@alumnet/contract';

/** The filter bar of admin-area.md §2; '' means "any". */
export interface AdminFilters {
  searchText: string;
  locationCountry: string;
  locationCity: string;
  companyId: string;
  degree: string;
  batch: string;
  branch: string;
  isApproved: '' | 'yes' | 'no';
  isRegistered: '' | 'yes' | 'no';
  emailStatus: string;
  smsStatus: string;
  whatsappStatus: string;
}

export const noAdminFilters: AdminFilters = {
  searchText: '',
  locationCountry: '',
  locationCity: '',
  companyId: '',
  degree: '',
  batch: '',
  branch: '',
  isApproved: '',
  isRegistered: '',
  emailStatus: '',
  smsStatus: '',
  whatsappStatus: '',
};

/** admin-area.md §4: a broader choice clears the narrower ones that depended on it. */
const clearedBelow: Partial<Record<keyof AdminFilters, (keyof AdminFilters)[]>> = {
  locationCountry: ['locationCity'],
  degree: ['batch', 'branch'],
  batch: ['branch'],
};

export function withAdminFilter(
  filters: AdminFilters,
  key: keyof AdminFilters,
  value: string,
): AdminFilters {
  const next = { ...filters, [key]: value } as AdminFilters;
  for (const below of clearedBelow[key] ?? []) next[below] = '';
  return next;
}

/** The filter object as the server freezes it (search filters, select-all jobs). */
export const filterData = (filters: AdminFilters, collegeId: string): AlumniFilterInput => ({
  collegeId,
  locationCountry: filters.locationCountry,
  locationCity: filters.locationCity,
  companyId: filters.companyId,
  degree: filters.degree,
  batch: filters.batch,
  branch: filters.branch,
  isApproved: filters.isApproved,
  isRegistered: filters.isRegistered,
  emailStatus: filters.emailStatus as AlumniFilterInput['emailStatus'],
  smsStatus: filters.smsStatus as AlumniFilterInput['smsStatus'],
  whatsappStatus: filters.whatsappStatus as AlumniFilterInput['whatsappStatus'],
  searchText: filters.searchText.trim(),
});

/** POST /api/dashboard/searchDashBoard: `{ filters, searchText, pageId }` as the spec sends it. */
export function dashboardSearchBody(
  filters: AdminFilters,
  collegeId: string,
  pageId: number,
): DashboardSearchBody {
  const { searchText, ...rest } = filterData(filters, collegeId);
  return { filters: rest, searchText, pageId };
}

/** admin-area.md §5: Previous above page 1; Next only while the total exceeds page × 15. */
export const adminPager = (totalResults: number, page: number) => ({
  hasPrevious: page > 1,
  hasNext: totalResults > page * ADMIN_SEARCH_PAGE_SIZE,
  pageCount: Math.max(1, Math.ceil(totalResults / ADMIN_SEARCH_PAGE_SIZE)),
});
