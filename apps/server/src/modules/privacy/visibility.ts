import { sql, type SQL } from 'drizzle-orm';

/** Who is looking: the session's member (identity from the session only). */
export interface Viewer {
  id: string;
  collegeId: string | null;
  batchId: string | null;
}

/** The details a member chooses an audience for on /settings/privacy, by their column. */
const SETTING_COLUMNS = {
  email: 'privacy_email',
  phone: 'privacy_phone',
  company: 'privacy_company',
  city: 'privacy_city',
} as const;
export type PrivateDetail = keyof typeof SETTING_COLUMNS;

/**
 * True when `viewer` may see `detail` of the member in the users row `alias` (issue 30): the
 * member themself always; 'college' any member of their college; 'batch' their batch mates only;
 * 'nobody' nobody else. Evaluated in the query that reads the member, so a hidden detail never
 * leaves the database. A viewer without a college or batch (a super admin) matches neither.
 */
export function mayView(alias: string, detail: PrivateDetail, viewer: Viewer): SQL {
  const u = sql.identifier(alias);
  const setting = sql`${u}.${sql.identifier(SETTING_COLUMNS[detail])}`;
  return sql`(${u}.id = ${viewer.id}::uuid
    OR (${setting} = 'college' AND ${u}.college_id = ${viewer.collegeId}::uuid)
    OR (${setting} = 'batch' AND ${u}.college_id = ${viewer.collegeId}::uuid
        AND ${u}.batch_id = ${viewer.batchId}::uuid))`;
}

/** `value` when `viewer` may see `detail` of the member in `alias`, else NULL. */
export const shownTo = (alias: string, detail: PrivateDetail, viewer: Viewer, value: SQL): SQL =>
  sql`CASE WHEN ${mayView(alias, detail, viewer)} THEN ${value} END`;

/** The member's phone as a tel: link wants it (country code and digits, as dispatch builds it). */
export const phoneNumber = (alias: string): SQL => {
  const u = sql.identifier(alias);
  return sql`CASE WHEN ${u}.phone IS NULL THEN NULL
    ELSE coalesce(${u}.phone_country_code, '') || ${u}.phone END`;
};
