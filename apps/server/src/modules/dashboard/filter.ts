import type { AlumniFilter } from '@alumnet/contract';
import { and, eq, isNull, not, sql, type SQL } from 'drizzle-orm';
import { MAX_CITY_ID, users } from '../../db/schema';
import { containing } from '../../db/text-match';

/**
 * The alumni an admin's filter selects, always inside one college: the search, the count and a
 * select-all job's freeze all use this one expression, so a job holds exactly what the admin saw.
 * Admins and rejected members are not alumni to manage.
 */
export function adminAlumniWhere(collegeId: string, f: AlumniFilter): SQL {
  const company = f.companyId ?? f.companyName;
  const cityId = f.locationCity !== undefined ? Number(f.locationCity) : undefined;
  return and(
    eq(users.collegeId, collegeId),
    eq(users.userType, 'u'),
    not(users.isSuperAdmin),
    not(users.isRejected),
    // A deleted account's "Former member" row (issue 30) is no one to manage.
    isNull(users.deletedAt),
    f.locationCountry ? eq(users.locationCountryId, f.locationCountry.toUpperCase()) : undefined,
    // A city id that is not a number (or too large) names no city: nothing matches.
    cityId !== undefined
      ? Number.isInteger(cityId) && cityId > 0 && cityId <= MAX_CITY_ID
        ? eq(users.locationCityId, cityId)
        : sql`false`
      : undefined,
    company ? sql`lower(${users.companyName}) = lower(${company})` : undefined,
    f.degree ? eq(users.degreeId, f.degree) : undefined,
    f.batch ? eq(users.batchId, f.batch) : undefined,
    f.branch ? eq(users.branchId, f.branch) : undefined,
    f.isApproved !== undefined ? eq(users.isApproved, f.isApproved) : undefined,
    f.isRegistered !== undefined ? eq(users.isRegistered, f.isRegistered) : undefined,
    f.emailStatus ? eq(users.emailStatus, f.emailStatus) : undefined,
    f.smsStatus ? eq(users.smsStatus, f.smsStatus) : undefined,
    f.whatsappStatus ? eq(users.whatsappStatus, f.whatsappStatus) : undefined,
    f.searchText ? sql`lower(${users.fullName}) LIKE ${containing(f.searchText)}` : undefined,
  )!;
}

/** The spec sends `filters` beside `searchText`; API clients may send one flat object. */
export function mergedFilter<F extends AlumniFilter & { filters?: AlumniFilter }>(
  body: F,
): AlumniFilter {
  const { filters, ...flat } = body;
  const merged: AlumniFilter = { ...flat };
  for (const [key, value] of Object.entries(filters ?? {}))
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  return merged;
}
