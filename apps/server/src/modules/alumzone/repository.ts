import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nameOf } from '../../db/name-of';
import {
  batches,
  branches,
  cities,
  colleges,
  countries,
  directoryMember,
  directoryNames,
  listedMembersOf,
  users,
} from '../../db/schema';
import { containing } from '../../db/text-match';
import { mayView, phoneNumber, shownTo, type Viewer } from '../privacy/visibility';

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
 * A filter on a company or a place finds only the members who show it to the viewer (issue 30):
 * otherwise filtering would tell what the member hid. Who may see it is read from the same
 * indexes as the filter.
 */
function directoryWhere(f: DirectoryFilter, viewer: Viewer): SQL | undefined {
  const place = f.countryId || f.cityId !== undefined;
  return and(
    eq(users.collegeId, f.collegeId),
    directoryMember(users),
    f.batchId ? eq(users.batchId, f.batchId) : undefined,
    f.branchId ? eq(users.branchId, f.branchId) : undefined,
    f.countryId ? eq(users.locationCountryId, f.countryId) : undefined,
    f.cityId !== undefined ? eq(users.locationCityId, f.cityId) : undefined,
    f.companyName ? sql`lower(${users.companyName}) = lower(${f.companyName})` : undefined,
    f.companyName ? mayView('users', 'company', viewer) : undefined,
    place ? mayView('users', 'city', viewer) : undefined,
    f.isEntrepreneur !== undefined ? eq(users.isEntrepreneur, f.isEntrepreneur) : undefined,
    f.openToMentoring !== undefined ? eq(users.openToMentoring, f.openToMentoring) : undefined,
    // Served by the GIN trigram index on lower(full_name).
    f.searchText ? sql`lower(${users.fullName}) LIKE ${containing(f.searchText)}` : undefined,
  );
}

/**
 * One page of the directory (ordered by name, then id) and the number of matches, in one query.
 *
 * A name fragment alone is answered from directory_names: the names containing it, with their
 * member counts, give the total and tell which names the page falls on; only those names' members
 * are then read, in order, from users_directory_name_idx. With other filters too, the matches are
 * collected once through the trigram index on users, narrowed by the other filters' indexes, and
 * counted and sorted from memory. Walking the name index instead would look cheap to the planner
 * but is not: the names containing a fragment bunch together in the alphabet ('mee' in Meera,
 * Meena), so the walk would read every name before them.
 * Without a fragment, the page walks users_directory_name_idx (or the company index) in name
 * order and stops after it, and the count is an index-only scan (with no filter at all, the
 * stored count of college_directory_counts): two cheap parts of one query.
 */
export async function findDirectoryPage(
  db: Executor,
  filter: DirectoryFilter,
  page: { limit: number; offset: number },
  viewer: Viewer,
): Promise<{ rows: DirectoryRow[]; total: number }> {
  const result = await db.execute<PageRow>(withRows(pageIds(filter, page, viewer), viewer));
  return {
    rows: result.rows.flatMap(({ total: _, ...row }) => (row.id ? [row as DirectoryRow] : [])),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

/** The query answering (total, id) for each id of the page, or (total, null) for no page. */
function pageIds(
  filter: DirectoryFilter,
  page: { limit: number; offset: number },
  viewer: Viewer,
): SQL {
  const { collegeId, searchText, ...others } = filter;
  const narrowed = Object.values(others).some((value) => value !== undefined);
  if (searchText && !narrowed) return pageByName(collegeId, searchText, page);
  const where = directoryWhere(filter, viewer);
  if (searchText)
    return sql`
      WITH matches AS MATERIALIZED (
        SELECT ${users.id} AS id, ${users.fullName} AS full_name FROM ${users} WHERE ${where}
      )
      SELECT total.n AS total, page.id
        FROM (SELECT count(*) AS n FROM matches) total
        LEFT JOIN LATERAL (
          SELECT id FROM matches ORDER BY full_name, id LIMIT ${page.limit} OFFSET ${page.offset}
        ) page ON true`;
  // The whole directory: its total is stored (college_directory_counts), not counted.
  const total = narrowed
    ? sql`(SELECT count(*) FROM ${users} WHERE ${where})`
    : listedMembersOf(collegeId);
  return sql`
    SELECT ${total} AS total, page.id
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT ${users.id} AS id FROM ${users} WHERE ${where}
         ORDER BY ${users.fullName}, ${users.id} LIMIT ${page.limit} OFFSET ${page.offset}
      ) page ON true`;
}

/**
 * A page of the members whose name contains `searchText`. The total adds up the matching names'
 * member counts. Each name has at least one member, so the page lies within the first
 * offset + limit names: only those are sorted, each learns how many members come before it
 * (`before`), and only the names the page overlaps are read, each from the member it needs on.
 */
function pageByName(
  collegeId: string,
  searchText: string,
  page: { limit: number; offset: number },
) {
  const end = page.offset + page.limit;
  return sql`
    WITH matches AS MATERIALIZED (
      SELECT full_name, members FROM ${directoryNames}
       WHERE college_id = ${collegeId} AND members > 0
         AND name_key LIKE ${containing(searchText)}
    ), leading_names AS (
      SELECT full_name, members,
             sum(members) OVER (ORDER BY full_name ROWS UNBOUNDED PRECEDING) - members AS before
        FROM (SELECT full_name, members FROM matches ORDER BY full_name LIMIT ${end}) first
    )
    SELECT total.n AS total, page.id
      FROM (SELECT sum(members) AS n FROM matches) total
      LEFT JOIN LATERAL (
        SELECT member.id
          FROM leading_names names
         CROSS JOIN LATERAL (
           SELECT ${users.id} FROM ${users}
            WHERE ${users.collegeId} = ${collegeId} AND ${directoryMember(users)}
              AND ${users.fullName} = names.full_name
            ORDER BY ${users.id}
            LIMIT ${page.limit} OFFSET greatest(${page.offset} - names.before, 0)
         ) member
         WHERE names.before < ${end} AND names.before + names.members > ${page.offset}
         ORDER BY names.full_name, member.id
         LIMIT ${page.limit}
      ) page ON true`;
}

/** A member as the directory lists them, with the names of what they belong to. */
export interface DirectoryRow extends Record<string, unknown> {
  id: string;
  fullName: string;
  profilePic: string | null;
  collegeName: string | null;
  batchName: string | null;
  branchName: string | null;
  countryName: string | null;
  cityName: string | null;
  companyName: string | null;
  email: string | null;
  phone: string | null;
}
type PageRow = { total: string } & { [K in keyof DirectoryRow]: DirectoryRow[K] | null };

/**
 * The page's members with their names, in name order, each row carrying the total (one row of
 * nulls but the total when the page is empty): the whole search is one round trip. Company,
 * place, e-mail and phone only as far as each member's privacy settings show them to `viewer`.
 */
const withRows = (pageQuery: SQL, viewer: Viewer) => sql`
  WITH page AS (${pageQuery})
  SELECT page.total, u.id, u.full_name AS "fullName", u.profile_pic AS "profilePic",
         ${nameOf(colleges.name, colleges.id, sql`u.college_id`)} AS "collegeName",
         ${nameOf(batches.batchName, batches.id, sql`u.batch_id`)} AS "batchName",
         ${nameOf(branches.branchName, branches.id, sql`u.branch_id`)} AS "branchName",
         ${shownTo('u', 'city', viewer, nameOf(countries.countryName, countries.id, sql`u.location_country_id`))} AS "countryName",
         ${shownTo('u', 'city', viewer, nameOf(cities.cityName, cities.id, sql`u.location_city_id`))} AS "cityName",
         ${shownTo('u', 'company', viewer, sql`u.company_name`)} AS "companyName",
         ${shownTo('u', 'email', viewer, sql`u.email`)} AS email,
         ${shownTo('u', 'phone', viewer, phoneNumber('u'))} AS phone
    FROM page
    LEFT JOIN users u ON u.id = page.id
   ORDER BY u.full_name, u.id`;

/**
 * The company names of a college's listed members, one spelling per name whatever its case (the
 * filter ignores case too), sorted case-insensitively. A loose index scan on
 * users_directory_company_idx: each step jumps to the next name, so the cost follows the number
 * of companies, not of members.
 */
export async function listCompanies(db: Executor, collegeId: string, viewer: Viewer | null) {
  // A member's list names only the companies someone shows them (issue 30); an admin's, all.
  const shown = viewer ? sql`AND ${mayView('users', 'company', viewer)}` : sql``;
  const result = await db.execute<{ company_name: string }>(sql`
    WITH RECURSIVE company AS (
      (SELECT lower(company_name) AS name_key, company_name
         FROM users
        WHERE college_id = ${collegeId} AND ${directoryMember(users)}
          AND lower(company_name) IS NOT NULL ${shown}
        ORDER BY lower(company_name)
        LIMIT 1)
      UNION ALL
      SELECT next.name_key, next.company_name
        FROM company prev
        CROSS JOIN LATERAL (
          SELECT lower(company_name) AS name_key, company_name
            FROM users
           WHERE college_id = ${collegeId} AND ${directoryMember(users)}
             AND lower(company_name) > prev.name_key ${shown}
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
               AND others.is_approved AND NOT others.is_rejected AND others.listed)
           - (me.is_approved AND NOT me.is_rejected AND me.listed)::int AS nearby
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
  const group = and(
    eq(users.collegeId, mates.collegeId),
    eq(column, mates.id),
    directoryMember(users),
  );
  // Counted without the user's id in the condition, so the count reads the index alone.
  const [all, self] = await Promise.all([
    db.$count(users, group),
    db.$count(users, and(group, eq(users.id, mates.userId))),
  ]);
  return all - self;
}
