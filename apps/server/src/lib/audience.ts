import { sql, type SQL } from 'drizzle-orm';

/**
 * The one audience rule (ARCHITECTURE.md): who sees a post, an event (and what notifications
 * about them may tell). A row shared at a level (`access_level`, `access_level_id`, `college_id`)
 * is seen by whoever has that id at that level; a group's row (issue 27) by the group's members
 * (open groups: the whole college) and the college's admins, while the group is not archived.
 * The group page asks groups/access.ts, which answers the same.
 */
export interface AudienceMember {
  id: string | SQL;
  collegeId: string | null | SQL;
  batchId: string | null | SQL;
  branchId: string | null | SQL;
  /** An admin or super admin sees every group's rows of their own college. */
  isAdmin: boolean | SQL;
}

/** Whether the row aliased `alias` (posts p, events e) is shared with the member. */
export const audienceIncludes = (alias: string, m: AudienceMember) => {
  const row = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`
  ${row('college_id')} = ${m.collegeId}
  AND ((${row('access_level')} = 'college' AND ${row('access_level_id')} = ${m.collegeId})
    OR (${row('access_level')} = 'batch' AND ${row('access_level_id')} = ${m.batchId})
    OR (${row('access_level')} = 'branch' AND ${row('access_level_id')} = ${m.branchId})
    OR (${row('access_level')} = 'group' AND EXISTS (
          SELECT 1 FROM groups g
           WHERE g.id = ${row('access_level_id')} AND g.college_id = ${row('college_id')}
             AND g.archived_at IS NULL
             AND (g.kind = 'open' OR ${m.isAdmin}::boolean OR EXISTS (
                   SELECT 1 FROM group_members gm
                    WHERE gm.group_id = g.id AND gm.user_id = ${m.id}
                      AND gm.status = 'approved')))))`;
};

/** A signed-in member as the rule reads them. */
export const audienceMember = (viewer: {
  id: string;
  collegeId: string | null;
  batchId: string | null;
  branchId: string | null;
  userType: 'u' | 'a';
  isSuperAdmin: boolean;
}): AudienceMember => ({
  id: viewer.id,
  collegeId: viewer.collegeId,
  batchId: viewer.batchId,
  branchId: viewer.branchId,
  isAdmin: viewer.userType === 'a' || viewer.isSuperAdmin,
});

/** The member in users row `alias` (whom a notification would tell). */
export const audienceMemberRow = (alias: string): AudienceMember => ({
  id: sql.raw(`${alias}.id`),
  collegeId: sql.raw(`${alias}.college_id`),
  batchId: sql.raw(`${alias}.batch_id`),
  branchId: sql.raw(`${alias}.branch_id`),
  isAdmin: sql.raw(`(${alias}.user_type = 'a' OR ${alias}.is_super_admin)`),
});
