import type { AlumniFilter } from '@alumnet/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  batches,
  branches,
  cities,
  colleges,
  countries,
  degrees,
  outbox,
  sessions,
  users,
} from '../../db/schema';
import { adminAlumniWhere } from './filter';

const inviter = alias(users, 'inviter');

/** One page of the alumni management table, newest sign-ups first, and the number of matches. */
export async function searchAlumni(
  db: Executor,
  collegeId: string,
  filter: AlumniFilter,
  page: { limit: number; offset: number },
) {
  const where = adminAlumniWhere(collegeId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        createdAt: users.createdAt,
        fullName: users.fullName,
        degreeId: users.degreeId,
        degreeName: degrees.degreeName,
        batchId: users.batchId,
        batchName: batches.batchName,
        branchId: users.branchId,
        branchName: branches.branchName,
        email: users.email,
        phone: users.phone,
        phoneCountryCode: users.phoneCountryCode,
        isApproved: users.isApproved,
        isRegistered: users.isRegistered,
        emailStatus: users.emailStatus,
        smsStatus: users.smsStatus,
        whatsappStatus: users.whatsappStatus,
        isInvited: users.isInvited,
        invitedById: inviter.id,
        invitedByName: inviter.fullName,
        countryName: countries.countryName,
        cityName: cities.cityName,
        companyName: users.companyName,
        newCollegeData: users.newCollegeData,
        newDegreeRequestName: users.newDegreeRequestName,
        newBatchRequestName: users.newBatchRequestName,
        newBranchRequestName: users.newBranchRequestName,
      })
      .from(users)
      .leftJoin(degrees, eq(degrees.id, users.degreeId))
      .leftJoin(batches, eq(batches.id, users.batchId))
      .leftJoin(branches, eq(branches.id, users.branchId))
      .leftJoin(countries, eq(countries.id, users.locationCountryId))
      .leftJoin(cities, eq(cities.id, users.locationCityId))
      .leftJoin(inviter, eq(inviter.id, users.invitedBy))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type AlumniRow = Awaited<ReturnType<typeof searchAlumni>>['rows'][number];

export const collegeList = (db: Executor, onlyId?: string) =>
  db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(onlyId ? eq(colleges.id, onlyId) : undefined)
    .orderBy(colleges.name);

/** A manageable member (not an admin) of this college (undefined: of any), or undefined. */
export async function findManagedUser(db: Executor, collegeId: string | undefined, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      isRegistered: users.isRegistered,
      isRejected: users.isRejected,
      collegeId: users.collegeId,
      collegeName: colleges.name,
    })
    .from(users)
    .innerJoin(colleges, eq(colleges.id, users.collegeId))
    .where(
      and(
        eq(users.id, userId),
        collegeId ? eq(users.collegeId, collegeId) : undefined,
        eq(users.userType, 'u'),
        eq(users.isSuperAdmin, false),
        // A deleted account's "Former member" row cannot be approved back to life.
        isNull(users.deletedAt),
      ),
    );
  return row;
}

/** Rejected: out of the lists, cannot log in (every session ends now), the reason kept. */
export async function rejectUser(db: Executor, userId: string, reason: string) {
  await db
    .update(users)
    .set({ isRejected: true, isApproved: false, rejectionReason: reason, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** Only someone who never registered: they have written nothing anyone else depends on. */
export async function deleteUnregisteredUser(db: Executor, userId: string) {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.isRegistered, false), eq(users.userType, 'u')))
    .returning({ id: users.id });
  return deleted.length === 1;
}

/** Is branch in batch in degree in college? The metadata dialog may only pick a real chain. */
export async function chainExists(
  db: Executor,
  c: { collegeId: string; degreeId: string; batchId: string; branchId: string },
) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .innerJoin(batches, eq(batches.id, branches.batchId))
    .innerJoin(degrees, eq(degrees.id, batches.degreeId))
    .where(
      and(
        eq(branches.id, c.branchId),
        eq(batches.id, c.batchId),
        eq(degrees.id, c.degreeId),
        eq(degrees.collegeId, c.collegeId),
      ),
    );
  return row !== undefined;
}

/** Maps a member onto existing structure: the New Data request is settled. */
export const updateUserStructure = (
  db: Executor,
  userId: string,
  c: { degreeId: string; batchId: string; branchId: string },
) =>
  db
    .update(users)
    .set({
      ...c,
      newCollegeData: false,
      newCollegeRequestName: null,
      newDegreeRequestName: null,
      newBatchRequestName: null,
      newBranchRequestName: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));

/** The outbox, newest first; `collegeId` undefined: every college's (super admins). */
export async function outboxPage(
  db: Executor,
  collegeId: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = collegeId ? eq(outbox.collegeId, collegeId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
