import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dashboardSearchQuery } from '../api/dashboard';
import {
  adminPager,
  dashboardSearchBody,
  noAdminFilters,
  withAdminFilter,
  type AdminFilters,
} from '../utils/filters';

/**
 * The filter bar, the page and the search they ask for. The name box waits 300 ms after the
 * last key so typing a name does not send a search per letter.
 */
export function useAlumniSearch(collegeId: string, onFiltersChanged: () => void) {
  const [filters, setFilters] = useState<AdminFilters>(noAdminFilters);
  const [page, setPage] = useState(1);
  const [searchText] = useDebouncedValue(filters.searchText, 300);
  // What the table shows: the filters with the name as last sent (a job freezes exactly this).
  const applied: AdminFilters = { ...filters, searchText };

  const search = useQuery(
    dashboardSearchQuery(dashboardSearchBody(applied, collegeId, page), Boolean(collegeId)),
  );

  // A new filter is a new result set: start from page 1 with nothing chosen.
  const change = (key: keyof AdminFilters, value: string) => {
    setFilters((current) => withAdminFilter(current, key, value));
    setPage(1);
    onFiltersChanged();
  };
  const clear = () => {
    setFilters(noAdminFilters);
    setPage(1);
    onFiltersChanged();
  };

  const totalResults = search.data?.totalResults ?? 0;
  return {
    filters,
    applied,
    change,
    clear,
    page,
    setPage,
    search,
    totalResults,
    ...adminPager(totalResults, page),
  };
}
