import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { batches, branches, cities, colleges, countries, users } from '../../db/schema';

/** What the directory can be narrowed by; `collegeId` always comes from the session. */
export interface DirectoryFilter {
  collegeId: string;
  searchText?: string;
  batchId?: string;
  branchId?: string;
  companyName?: string;
  countryId?: string;
  cityId?: number;
  isEntrepreneur?: boolean;
  openToMentoring?: boolean;
}

/**
 * Members the directory lists. Written as plain boolean columns (not `= $1`) so the planner can
 * prove it matches the predicate of the directory's partial indexes.
 */
const listed = (u: { isApproved: AnyPgColumn; isRejected: AnyPgColumn }) =>
  sql`${u.isApproved} AND NOT ${u.isRejected}`;

/** LIKE treats % and _ as wildcards and \ as the escape: a name search takes them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function directoryWhere(f: DirectoryFilter): SQL | undefined {
  return and(
    eq(users.collegeId, f.collegeId),
    listed(users),
    f.batchId ? eq(users.batchId, f.batchId) : undefined,
    f.branchId ? eq(users.branchId, f.branchId) : undefined,
    f.countryId ? eq(users.locationCountryId, f.countryId) : undefined,
    f.cityId !== undefined ? eq(users.locationCityId, f.cityId) : undefined,
    f.companyName ? sql`lower(${users.companyName}) = lower(${f.companyName})` : undefined,
    f.isEntrepreneur !== undefined ? eq(users.isEntrepreneur, f.isEntrepreneur) : undefined,
    f.openToMentoring !== undefined ? eq(users.openToMentoring, f.openToMentoring) : undefined,
    // Served by the GIN trigram index on lower(full_name).
    f.searchText
      ? sql`lower(${users.fullName}) LIKE '%' || lower(${escapeLike(f.searchText)}) || '%'`
      : undefined,
  );
}

/**
 * The ids on one page of the directory (ordered by name, then id) and the number of matches.
 *
 * Without a name fragment, the page walks users_directory_name_idx (or the company index) in
 * name order and stops after it, and the count is an index-only scan: two cheap queries.
 * With one, the matches are collected once through the trigram index and counted and sorted
 * from memory. Walking the name index instead would look cheap to the planner but is not: the
 * names containing a fragment bunch together in the alphabet ('mee' in Meera, Meena), so the
 * walk would read every name before them.
 */
export async function findDirectoryPage(
  db: Executor,
  filter: DirectoryFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = directoryWhere(filter);
  if (filter.searchText) {
    const result = await db.execute<{ total: string; id: string | null }>(sql`
      WITH matches AS MATERIALIZED (
        SELECT ${users.id} AS id, ${users.fullName} AS full_name FROM ${users} WHERE ${where}
      )
      SELECT total.n AS total, page.id
        FROM (SELECT count(*) AS n FROM matches) total
        LEFT JOIN LATERAL (
          SELECT id FROM matches ORDER BY full_name, id LIMIT ${page.limit} OFFSET ${page.offset}
        ) page ON true`);
    return {
      ids: result.rows.flatMap((r) => (r.id ? [r.id] : [])),
      total: Number(result.rows[0]?.total ?? 0),
    };
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(asc(users.fullName), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: counted?.n ?? 0 };
}

/** The directory rows of these users, with the names of what they belong to, in name order. */
export async function findDirectoryRows(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      profilePic: users.profilePic,
      collegeName: colleges.name,
      batchName: batches.batchName,
      branchName: branches.branchName,
      countryName: countries.countryName,
      cityName: cities.cityName,
      companyName: users.companyName,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(countries, eq(countries.id, users.locationCountryId))
    .leftJoin(cities, eq(cities.id, users.locationCityId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.fullName), asc(users.id));
}
export type DirectoryRow = Awaited<ReturnType<typeof findDirectoryRows>>[number];

/**
 * The company names of a college's listed members, one spelling per name whatever its case (the
 * filter ignores case too), sorted case-insensitively. A loose index scan on
 * users_directory_company_idx: each step jumps to the next name, so the cost follows the number
 * of companies, not of members.
 */
export async function listCompanies(db: Executor, collegeId: string) {
  const result = await db.execute<{ company_name: string }>(sql`
    WITH RECURSIVE company AS (
      (SELECT lower(company_name) AS name_key, company_name
         FROM users
        WHERE college_id = ${collegeId} AND is_approved AND NOT is_rejected
          AND lower(company_name) IS NOT NULL
        ORDER BY lower(company_name)
        LIMIT 1)
      UNION ALL
      SELECT next.name_key, next.company_name
        FROM company prev
        CROSS JOIN LATERAL (
          SELECT lower(company_name) AS name_key, company_name
            FROM users
           WHERE college_id = ${collegeId} AND is_approved AND NOT is_rejected
             AND lower(company_name) > prev.name_key
           ORDER BY lower(company_name)
           LIMIT 1) next
    )
    SELECT company_name FROM company WHERE btrim(company_name) <> ''`);
  return result.rows.map((r) => r.company_name);
}

/**
 * Listed members of the user's college in the user's city, not counting the user; `cityId` null
 * when the user has no city. The country is compared too (a city has one) so the count reads
 * users_directory_place_idx alone; the user is subtracted afterwards for the same reason.
 */
export async function countNearbyAlumni(db: Executor, userId: string) {
  const result = await db.execute<{ city_id: number | null; nearby: string }>(sql`
    SELECT me.location_city_id AS city_id,
           (SELECT count(*) FROM users others
             WHERE others.college_id = me.college_id
               AND others.location_country_id = me.location_country_id
               AND others.location_city_id = me.location_city_id
               AND others.is_approved AND NOT others.is_rejected)
           - (me.is_approved AND NOT me.is_rejected)::int AS nearby
      FROM users me
     WHERE me.id = ${userId}`);
  const row = result.rows[0];
  return row ? { cityId: row.city_id, nearby: Number(row.nearby) } : null;
}

/** Listed members of the college in the given batch or branch, not counting the user. */
export async function countMates(
  db: Executor,
  mates: { userId: string; collegeId: string; by: 'batch' | 'branch'; id: string },
) {
  const column = mates.by === 'batch' ? users.batchId : users.branchId;
  const group = and(eq(users.collegeId, mates.collegeId), eq(column, mates.id), listed(users));
  // Counted without the user's id in the condition, so the count reads the index alone.
  const [all, self] = await Promise.all([
    db.$count(users, group),
    db.$count(users, and(group, eq(users.id, mates.userId))),
  ]);
  return all - self;
}
