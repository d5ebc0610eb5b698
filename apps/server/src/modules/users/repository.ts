import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches, branches, cities, colleges, countries, users } from '../../db/schema';

/** A user with the names of everything they belong to: what presenters turn into answers. */
export async function findUserView(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      profilePic: users.profilePic,
      collegeId: users.collegeId,
      batchId: users.batchId,
      branchId: users.branchId,
      collegeName: colleges.name,
      batchName: batches.batchName,
      branchName: branches.branchName,
      locationCountry: countries.countryName,
      locationCity: cities.cityName,
      companyName: users.companyName,
      locationCountryId: users.locationCountryId,
      locationCityId: users.locationCityId,
      isEntrepreneur: users.isEntrepreneur,
      openToMentoring: users.openToMentoring,
      userType: users.userType,
      isSuperAdmin: users.isSuperAdmin,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(countries, eq(countries.id, users.locationCountryId))
    .leftJoin(cities, eq(cities.id, users.locationCityId))
    .where(eq(users.id, userId));
  return row ?? null;
}
export type UserView = NonNullable<Awaited<ReturnType<typeof findUserView>>>;
