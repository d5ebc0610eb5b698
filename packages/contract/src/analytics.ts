import { z } from 'zod';
import { idSchema } from './common';

/** admin-area.md §9: the pending data and the company list show 10 a page. */
export const NEW_DATA_PAGE_SIZE = 10;
export const COMPANIES_PAGE_SIZE = 10;
/** admin-area.md §9: the pie chart keeps 9 named slices; the rest (and Unknown) are Others. */
export const PIE_NAMED_SLICES = 9;
export const PIE_OUTER_RADIUS = 150;
export const PIE_OTHERS = 'Others';
export const PIE_UNKNOWN = 'Unknown';

/** admin-area.md §2 and §8: the dashboard tabs' texts. */
export const ANALYTICS_MESSAGES = {
  loading: 'Loading...',
  selectCollege: 'Please select a college to view the chart',
  noData: 'No data to display',
  noPendingRequests: 'No pending requests at the moment',
  failedCollegesPending: 'Failed to fetch colleges. Please try again.',
  failedPendingData: 'Failed to fetch pending data. Please try again.',
  noCompanies: 'No companies found for the selected college.',
  failedCompanies: 'Failed to load companies. Please try again.',
  allColleges: 'All Colleges',
  onlySuperAdminAll: 'Only a super admin can list the companies of all colleges.',
} as const;

export const REGISTRATION_STATUSES = ['Registered', 'Unregistered'] as const;
export const DISTRIBUTION_TYPES = ['batch', 'country', 'company'] as const;
export type DistributionType = (typeof DISTRIBUTION_TYPES)[number];

/** An empty select arrives as '' (or null): it means "any". */
const blankAsAny = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** POST /api/dashboard/distribution. */
export const distributionBody = z.object({
  /** A super admin's pick; a college admin's college is their own. */
  collegeId: blankAsAny(idSchema),
  degreeId: blankAsAny(idSchema),
  registrationStatus: blankAsAny(
    z.enum(REGISTRATION_STATUSES, { message: 'Registration status: Registered or Unregistered' }),
  ),
  distributionType: z.enum(DISTRIBUTION_TYPES, {
    message: 'Distribution type: batch, country or company',
  }),
});
export type DistributionBody = z.infer<typeof distributionBody>;
export const distributionItem = z.object({ name: z.string(), value: z.number().int() });
export type DistributionItem = z.infer<typeof distributionItem>;
export const distributionAnswer = z.object({
  distribution: z.array(distributionItem),
  totalUsers: z.number().int(),
});
export type DistributionAnswer = z.infer<typeof distributionAnswer>;

/** POST /api/newData/getNewData. */
export const newDataBody = z.object({
  collegeId: blankAsAny(idSchema),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NEW_DATA_PAGE_SIZE),
});
export type NewDataBody = z.infer<typeof newDataBody>;
/** admin-area.md §3: a pending new-data row (the names asked for; null: not given). */
export const newDataRow = z.object({
  degree: z.string().nullable(),
  batch: z.string().nullable(),
  branch: z.string().nullable(),
});
export type NewDataRow = z.infer<typeof newDataRow>;
export const newDataAnswer = z.object({
  data: z.array(newDataRow),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type NewDataAnswer = z.infer<typeof newDataAnswer>;

/** GET /api/dashboard/companies/{collegeId or all}?page=&limit=10. */
export const companiesParams = z.object({
  collegeId: z.union([z.literal('all'), idSchema], { message: 'A college id or all' }),
});
export const companiesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(COMPANIES_PAGE_SIZE),
});
/** admin-area.md §3: Company is _id and name; a company's id is its name in lower case. */
export const companyItem = z.object({ _id: z.string(), name: z.string() });
export const companiesAnswer = z.object({
  companies: z.array(companyItem),
  totalPages: z.number().int(),
  totalCompanies: z.number().int(),
});
export type CompaniesAnswer = z.infer<typeof companiesAnswer>;
