import { z } from 'zod';
import { idSchema } from './common';

/** member-portal.md §9: 20 a page; Next shows while total > page × 20. */
export const ALUMNI_PAGE_SIZE = 20;

/** The Yes/No selects; '' (or absent) means "any". */
const yesNo = z.enum(['yes', 'no', '']).optional();
const optionalId = z.union([idSchema, z.literal('')]).optional();

/**
 * POST /api/alumzone/search. `collegeId` is accepted for compatibility but the server always
 * searches the signed-in member's own college.
 */
export const alumniSearchBody = z.object({
  collegeId: optionalId,
  /** A country id (ISO code, e.g. 'IN') or ''. */
  locationCountry: z.string().trim().max(10).optional(),
  /** A city id (from POST /api/users/cities) or ''. */
  locationCity: z.string().trim().regex(/^\d*$/, 'Invalid city').optional(),
  companyName: z.string().trim().max(200).optional(),
  /** A branch id (branches follow the chosen batch) or ''. */
  branch: optionalId,
  /** A batch id or ''. */
  batch: optionalId,
  hasEntrepreneurExp: yesNo,
  mentorship: yesNo,
  /** Case-insensitive; matches any part of a name. */
  searchText: z.string().trim().max(100, 'Search text can have at most 100 characters.').optional(),
  pageId: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AlumniSearchBody = z.input<typeof alumniSearchBody>;

export const alumnus = z.object({
  _id: idSchema,
  fullName: z.string(),
  profilePic: z.string().nullable(),
  collegeName: z.string().nullable(),
  batchName: z.string().nullable(),
  branchName: z.string().nullable(),
  locationCountry: z.string().nullable(),
  locationCity: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Issue 30: shown only when the member's privacy settings let the caller see them. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Alumnus = z.infer<typeof alumnus>;
export const alumniSearchAnswer = z.object({
  users: z.array(alumnus),
  totalResults: z.number().int(),
});
export type AlumniSearchAnswer = z.infer<typeof alumniSearchAnswer>;

export const companiesBody = z.object({ collegeId: optionalId });
export const companyNames = z.array(z.string());

/** The dashboard counts all take `{ userId }`; the server counts for the signed-in member. */
export const countBody = z.object({ userId: idSchema.optional() });
/** 'update city' when the member has no city yet: the dashboard then hints to set one. */
export const nearbyAlumniAnswer = z.object({
  nearbyAlumni: z.union([z.number().int(), z.literal('update city')]),
});
export const batchmatesAnswer = z.object({ batchmatesCount: z.number().int() });
export const branchmatesAnswer = z.object({ branchmatesCount: z.number().int() });
/** Shown before the counts load (member-portal.md §9). */
export const COUNT_PLACEHOLDERS = { nearbyAlumni: 25, batchmates: 10, branchmates: 5 } as const;
