import { ALUMNI_PAGE_SIZE, type AlumniSearchBody } from '@alumnet/contract';

export type YesNo = '' | 'yes' | 'no';

/** The filter state of member-portal.md §2 "Alumni search screen"; '' means "any". */
export interface AlumniFilters {
  searchText: string;
  batch: string;
  branch: string;
  companyName: string;
  hasEntrepreneurExp: YesNo;
  mentorship: YesNo;
  locationCountry: string;
  locationCity: string;
}

export const noFilters: AlumniFilters = {
  searchText: '',
  batch: '',
  branch: '',
  companyName: '',
  hasEntrepreneurExp: '',
  mentorship: '',
  locationCountry: '',
  locationCity: '',
};

/** A broader choice clears the narrower one that depended on it. */
const clearedBelow: Partial<Record<keyof AlumniFilters, (keyof AlumniFilters)[]>> = {
  batch: ['branch'],
  locationCountry: ['locationCity'],
};

export function withFilter(
  filters: AlumniFilters,
  key: keyof AlumniFilters,
  value: string,
): AlumniFilters {
  const next = { ...filters, [key]: value };
  for (const below of clearedBelow[key] ?? []) next[below] = '';
  return next;
}

/** How many filters besides the name search are set (shown on the phone's Filters button). */
export const activeFilterCount = (filters: AlumniFilters) =>
  (Object.keys(filters) as (keyof AlumniFilters)[]).filter(
    (key) => key !== 'searchText' && filters[key] !== '',
  ).length;

/** The spec's body of POST /api/alumzone/search, every field present ('' for "any"). */
export const searchBody = (
  filters: AlumniFilters,
  pageId: number,
  collegeId: string | null | undefined,
): AlumniSearchBody => ({
  collegeId: collegeId ?? '',
  locationCountry: filters.locationCountry,
  locationCity: filters.locationCity,
  companyName: filters.companyName,
  branch: filters.branch,
  batch: filters.batch,
  hasEntrepreneurExp: filters.hasEntrepreneurExp,
  mentorship: filters.mentorship,
  searchText: filters.searchText.trim(),
  pageId,
});

/** member-portal.md §9: Next while the total exceeds page × 20, Previous above page 1. */
export const pager = (totalResults: number, page: number) => ({
  hasNext: totalResults > page * ALUMNI_PAGE_SIZE,
  hasPrevious: page > 1,
  pageCount: Math.max(1, Math.ceil(totalResults / ALUMNI_PAGE_SIZE)),
});
