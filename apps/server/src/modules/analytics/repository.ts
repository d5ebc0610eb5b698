import type { DistributionType } from '@alumnet/contract';
import { and, count, countDistinct, eq, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { batches, countries, users } from '../../db/schema';

/** A college's alumni (not admins, not rejected); every analytics count starts here. */
const alumniOf = (collegeId: string | undefined): SQL =>
  and(
    collegeId ? eq(users.collegeId, collegeId) : isNotNull(users.collegeId),
    eq(users.userType, 'u'),
    not(users.isSuperAdmin),
    not(users.isRejected),
  )!;

/** Names that are blank count as none (the chart shows them as Unknown). */
const named = (column: SQL | AnyPgColumn) => sql<string | null>`nullif(btrim(${column}), '')`;

/** The college's alumni counted by batch, country or company name (null: none given). */
export async function distribution(
  db: Executor,
  collegeId: string,
  filter: { degreeId?: string; isRegistered?: boolean; type: DistributionType },
) {
  const where = and(
    alumniOf(collegeId),
    filter.degreeId ? eq(users.degreeId, filter.degreeId) : undefined,
    filter.isRegistered !== undefined ? eq(users.isRegistered, filter.isRegistered) : undefined,
  );
  const name =
    filter.type === 'batch'
      ? named(sql`${batches.batchName}`)
      : filter.type === 'country'
        ? named(sql`${countries.countryName}`)
        : // One slice per company whatever its case: the first spelling names it.
          sql<string | null>`min(nullif(btrim(${users.companyName}), ''))`;
  const groupKey =
    filter.type === 'company' ? sql`lower(nullif(btrim(${users.companyName}), ''))` : name;
  const rows = await db
    .select({ name, value: count() })
    .from(users)
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(countries, eq(countries.id, users.locationCountryId))
    .where(where)
    .groupBy(groupKey);
  return rows.map((r) => ({ name: r.name, value: Number(r.value) }));
}

/** One page of the college's members who asked for a degree, batch or branch not yet set up. */
export async function pendingNewData(
  db: Executor,
  collegeId: string,
  page: { limit: number; offset: number },
) {
  const where = and(alumniOf(collegeId), eq(users.newCollegeData, true));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        degree: named(users.newDegreeRequestName),
        batch: named(users.newBatchRequestName),
        branch: named(users.newBranchRequestName),
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.createdAt} DESC`, users.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * One page of the company names of a college's alumni (undefined: every college), one per name
 * whatever its case, sorted case-insensitively.
 */
export async function companies(
  db: Executor,
  collegeId: string | undefined,
  page: { limit: number; offset: number },
) {
  const key = sql<string>`lower(btrim(${users.companyName}))`;
  const where = and(alumniOf(collegeId), sql`nullif(btrim(${users.companyName}), '') IS NOT NULL`);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: key, name: sql<string>`min(btrim(${users.companyName}))` })
      .from(users)
      .where(where)
      .groupBy(key)
      .orderBy(key)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: countDistinct(key) })
      .from(users)
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
