import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { batches, branches, courses, degrees } from '../../db/schema';

/** The four setup columns, each with its name, description and (batches, branches) parent. */
export const listDegrees = (db: Executor, collegeId: string) =>
  db
    .select({ id: degrees.id, name: degrees.degreeName, description: degrees.degreeDescription })
    .from(degrees)
    .where(eq(degrees.collegeId, collegeId))
    .orderBy(asc(degrees.degreeName));

export const listCourses = (db: Executor, collegeId: string) =>
  db
    .select({ id: courses.id, name: courses.courseName, description: courses.courseDescription })
    .from(courses)
    .where(eq(courses.collegeId, collegeId))
    .orderBy(asc(courses.courseName));

export const listBatches = (db: Executor, collegeId: string) =>
  db
    .select({
      id: batches.id,
      name: batches.batchName,
      description: batches.batchDescription,
      parentId: degrees.id,
      parentName: degrees.degreeName,
    })
    .from(batches)
    .innerJoin(degrees, eq(degrees.id, batches.degreeId))
    .where(eq(batches.collegeId, collegeId))
    .orderBy(asc(degrees.degreeName), asc(batches.batchName));

export const listBranches = (db: Executor, collegeId: string) =>
  db
    .select({
      id: branches.id,
      name: branches.branchName,
      description: branches.branchDescription,
      parentId: batches.id,
      parentName: batches.batchName,
    })
    .from(branches)
    .innerJoin(batches, eq(batches.id, branches.batchId))
    .where(eq(branches.collegeId, collegeId))
    .orderBy(asc(batches.batchName), asc(branches.branchName));

/** Each insert answers undefined when the name is already taken under that parent. */
export async function insertDegree(
  db: Executor,
  v: { collegeId: string; name: string; description: string },
) {
  const [row] = await db
    .insert(degrees)
    .values({ collegeId: v.collegeId, degreeName: v.name, degreeDescription: v.description })
    .onConflictDoNothing()
    .returning({ id: degrees.id });
  return row?.id;
}

export async function insertCourse(
  db: Executor,
  v: { collegeId: string; name: string; description: string },
) {
  const [row] = await db
    .insert(courses)
    .values({ collegeId: v.collegeId, courseName: v.name, courseDescription: v.description })
    .onConflictDoNothing()
    .returning({ id: courses.id });
  return row?.id;
}

export async function insertBatch(
  db: Executor,
  v: { collegeId: string; degreeId: string; name: string; description: string },
) {
  const [row] = await db
    .insert(batches)
    .values({
      collegeId: v.collegeId,
      degreeId: v.degreeId,
      batchName: v.name,
      batchDescription: v.description,
    })
    .onConflictDoNothing()
    .returning({ id: batches.id });
  return row?.id;
}

export async function insertBranch(
  db: Executor,
  v: { collegeId: string; batchId: string; name: string; description: string },
) {
  const [row] = await db
    .insert(branches)
    .values({
      collegeId: v.collegeId,
      batchId: v.batchId,
      branchName: v.name,
      branchDescription: v.description,
    })
    .onConflictDoNothing()
    .returning({ id: branches.id });
  return row?.id;
}

/** A parent of this college, or undefined. */
export async function degreeOf(db: Executor, collegeId: string, degreeId: string) {
  const [row] = await db
    .select({ id: degrees.id, name: degrees.degreeName })
    .from(degrees)
    .where(and(eq(degrees.id, degreeId), eq(degrees.collegeId, collegeId)));
  return row;
}
export async function batchOf(db: Executor, collegeId: string, batchId: string) {
  const [row] = await db
    .select({ id: batches.id, name: batches.batchName })
    .from(batches)
    .where(and(eq(batches.id, batchId), eq(batches.collegeId, collegeId)));
  return row;
}

// Ids by exact name, one level at a time, as the spec's CSV upload resolves a row.
export async function degreeIdByName(db: Executor, collegeId: string, name: string) {
  const [row] = await db
    .select({ id: degrees.id })
    .from(degrees)
    .where(and(eq(degrees.collegeId, collegeId), eq(degrees.degreeName, name)));
  return row?.id ?? null;
}
export async function batchIdByName(
  db: Executor,
  collegeId: string,
  degreeId: string,
  name: string,
) {
  const [row] = await db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(
        eq(batches.collegeId, collegeId),
        eq(batches.degreeId, degreeId),
        eq(batches.batchName, name),
      ),
    );
  return row?.id ?? null;
}
export async function branchIdByName(
  db: Executor,
  collegeId: string,
  batchId: string,
  name: string,
) {
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(
      and(
        eq(branches.collegeId, collegeId),
        eq(branches.batchId, batchId),
        eq(branches.branchName, name),
      ),
    );
  return row?.id ?? null;
}
