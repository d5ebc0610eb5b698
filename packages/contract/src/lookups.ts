import { z } from 'zod';
import { idSchema } from './common';

export const college = z.object({ _id: idSchema, name: z.string() });
export const degree = z.object({ _id: idSchema, degreeName: z.string() });
/** `degreeName` (ours) tells apart equal batch names of different degrees in a college-wide list. */
export const batch = z.object({ _id: idSchema, batchName: z.string(), degreeName: z.string() });
export const branch = z.object({ _id: idSchema, branchName: z.string() });
export const country = z.object({ _id: z.string(), countryName: z.string() });
/** The spec names the city `cityName` on the member side and `city` on the admin side. */
export const city = z.object({ _id: z.string(), cityName: z.string(), city: z.string() });
export type College = z.infer<typeof college>;
export type Degree = z.infer<typeof degree>;
export type Batch = z.infer<typeof batch>;
export type Branch = z.infer<typeof branch>;
export type Country = z.infer<typeof country>;
export type City = z.infer<typeof city>;

export const degreesFetchBody = z.object({ collegeId: idSchema });
/** Also sent with no body at all by the alumni search (member-portal.md §7). */
export const batchesFetchBody = z
  .object({ collegeId: idSchema.optional(), degreeId: idSchema.optional() })
  .optional()
  .default({});
export const branchesFetchBody = z.object({ collegeId: idSchema.optional(), batchId: idSchema });
export const citiesBody = z.object({
  countryId: z
    .string({ error: 'countryId is required' })
    .trim()
    .min(1, 'countryId is required')
    .max(10),
});

export const collegeList = z.array(college);
export const degreeList = z.array(degree);
export const batchList = z.array(batch);
export const branchList = z.array(branch);
export const countryList = z.array(country);
export const cityList = z.array(city);
