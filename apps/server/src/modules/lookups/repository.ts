import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches, branches, cities, colleges, countries, degrees } from '../../db/schema';

export const listColleges = (db: Executor) =>
  db.select({ _id: colleges.id, name: colleges.name }).from(colleges).orderBy(asc(colleges.name));

export const listDegrees = (db: Executor, collegeId: string) =>
  db
    .select({ _id: degrees.id, degreeName: degrees.degreeName })
    .from(degrees)
    .where(eq(degrees.collegeId, collegeId))
    .orderBy(asc(degrees.degreeName));

export const listBatches = (db: Executor, filter: { collegeId?: string; degreeId?: string }) =>
  db
    .select({ _id: batches.id, batchName: batches.batchName, degreeName: degrees.degreeName })
    .from(batches)
    .innerJoin(degrees, eq(degrees.id, batches.degreeId))
    .where(
      and(
        filter.collegeId ? eq(batches.collegeId, filter.collegeId) : undefined,
        filter.degreeId ? eq(batches.degreeId, filter.degreeId) : undefined,
      ),
    )
    .orderBy(asc(batches.batchName), asc(degrees.degreeName));

export const listBranches = (db: Executor, filter: { collegeId?: string; batchId: string }) =>
  db
    .select({ _id: branches.id, branchName: branches.branchName })
    .from(branches)
    .where(
      and(
        eq(branches.batchId, filter.batchId),
        filter.collegeId ? eq(branches.collegeId, filter.collegeId) : undefined,
      ),
    )
    .orderBy(asc(branches.branchName));

export const listCountries = (db: Executor) =>
  db
    .select({ _id: countries.id, countryName: countries.countryName })
    .from(countries)
    .orderBy(asc(countries.countryName));

export const listCities = (db: Executor, countryId: string) =>
  db
    .select({ id: cities.id, cityName: cities.cityName })
    .from(cities)
    .where(eq(cities.countryId, countryId.toUpperCase()))
    .orderBy(asc(cities.cityName));
