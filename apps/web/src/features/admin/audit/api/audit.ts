import { API, auditPage, type AuditAction } from '@alumnet/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  /** YYYY-MM-DD, both inclusive; '' for open. */
  from: string;
  to: string;
  /** A super admin's pick; a college admin always reads their own college's. */
  collegeId: string;
}

/** The query string of a filter: the page's call and the CSV link ask alike. */
export function auditSearch(filters: AuditFilters, extra: Record<string, string> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra }))
    if (value) query.set(key, value);
  return query.toString();
}

/** GET /api/dashboard/audit: one page of the log, newest first. */
export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', filters, page],
    queryFn: () =>
      api.get(`${API.audit}?${auditSearch(filters, { page: String(page) })}`, auditPage),
    placeholderData: keepPreviousData,
  });

/** The address of the whole filtered log as CSV (a download, not a fetch). */
export const auditCsvUrl = (filters: AuditFilters) =>
  `${API.audit}?${auditSearch(filters, { format: 'csv' })}`;
