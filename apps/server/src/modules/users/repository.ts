import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nameOf } from '../../db/name-of';
import { batches, branches, cities, colleges, countries, sessions, users } from '../../db/schema';

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
      collegeName: nameOf(colleges.name, colleges.id, users.collegeId),
      batchName: nameOf(batches.batchName, batches.id, users.batchId),
      branchName: nameOf(branches.branchName, branches.id, users.branchId),
      locationCountry: nameOf(countries.countryName, countries.id, users.locationCountryId),
      locationCity: nameOf(cities.cityName, cities.id, users.locationCityId),
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
    .where(eq(users.id, userId));
  return row ?? null;
}

export type UserView = NonNullable<Awaited<ReturnType<typeof findUserView>>>;

/** The member's place, locked until the transaction ends so two saves apply one after another. */
export async function lockUserPlace(db: Executor, userId: string) {
  const [row] = await db
    .select({ countryId: users.locationCountryId, cityId: users.locationCityId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function countryExists(db: Executor, countryId: string) {
  const rows = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, countryId));
  return rows.length > 0;
}

export async function cityIsInCountry(db: Executor, cityId: number, countryId: string) {
  const rows = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.countryId, countryId)));
  return rows.length > 0;
}

/** The fields a member may change on their own profile. */
export interface ProfileChanges {
  locationCountryId?: string | null;
  locationCityId?: number | null;
  companyName?: string | null;
  profilePic?: string | null;
  passwordHash?: string;
  isEntrepreneur?: boolean;
  openToMentoring?: boolean;
}

export async function updateProfile(db: Executor, userId: string, changes: ProfileChanges) {
  await db
    .update(users)
    .set({
      ...changes,
      // A password the member chose replaces any one-time password.
      ...(changes.passwordHash ? { mustChangePassword: false } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * Signs the user out everywhere except the session making the request; answers the ended
 * sessions' ids, so their open sockets can be closed.
 */
export async function endOtherSessions(db: Executor, userId: string, keepSessionId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}
