import type { GroupKind, GroupRule, GroupRuleField } from '@alumnet/contract';
import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containing } from '../../db/text-match';
import {
  batches,
  branches,
  cities,
  colleges,
  countries,
  degrees,
  groupMembers,
  groups,
  listedMember,
  users,
} from '../../db/schema';
import { shownTo, type Viewer } from '../privacy/visibility';

// Correlated with the outer `groups` row, named in full: Drizzle writes a lone table's columns
// unqualified, and inside a subquery an unqualified "id" would be the inner table's.
const pendingCount = sql<number>`(
  select count(*)::int from group_members p
  where p.group_id = groups.id and p.status = 'pending'
)`;
const memberCount = sql<number>`(
  select count(*)::int from group_members gm
  where gm.group_id = groups.id and gm.status = 'approved'
)`;

/** A college's groups by name with how many join requests wait in each. */
export function collegeGroups(db: Executor, collegeId: string) {
  return db
    .select({ groupId: groups.id, groupName: groups.groupName, pendingCount })
    .from(groups)
    .where(eq(groups.collegeId, collegeId))
    .orderBy(asc(groups.groupName));
}

export async function collegeExists(db: Executor, collegeId: string) {
  const [row] = await db
    .select({ id: colleges.id })
    .from(colleges)
    .where(eq(colleges.id, collegeId));
  return row !== undefined;
}

export async function findGroup(db: Executor, groupId: string) {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId.toLowerCase()));
  return row;
}

/**
 * What an automatic group's rule value names, for people: the batch's, branch's, degree's,
 * country's or city's name (a company rule names itself). Correlated with the outer `groups` row.
 */
const ruleLabel = sql<string | null>`CASE groups.rule_field
  WHEN 'batch' THEN (SELECT b.batch_name FROM batches b WHERE b.id::text = groups.rule_value)
  WHEN 'branch' THEN (SELECT b.branch_name FROM branches b WHERE b.id::text = groups.rule_value)
  WHEN 'degree' THEN (SELECT d.degree_name FROM degrees d WHERE d.id::text = groups.rule_value)
  WHEN 'country' THEN (SELECT c.country_name FROM countries c WHERE c.id = groups.rule_value)
  WHEN 'city' THEN (SELECT c.city_name FROM cities c WHERE c.id::text = groups.rule_value)
  ELSE groups.rule_value END`;

/** What the group page shows besides the group's own row: its member count and rule's label. */
export async function groupFacts(db: Executor, groupId: string) {
  const [row] = await db
    .select({ memberCount, ruleLabel })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row ?? { memberCount: 0, ruleLabel: null };
}

/** The members waiting for a group, oldest request first. */
export function pendingMembers(db: Executor, groupId: string) {
  return db
    .select({ _id: users.id, fullName: users.fullName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'pending')))
    .orderBy(asc(groupMembers.createdAt), asc(users.fullName));
}

/** Decide a pending request; answers false when there was none. */
export async function decideRequest(
  db: Executor,
  groupId: string,
  memberId: string,
  status: 'approved' | 'rejected',
) {
  const rows = await db
    .update(groupMembers)
    .set({ status })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, memberId),
        eq(groupMembers.status, 'pending'),
      ),
    )
    .returning({ groupId: groupMembers.groupId });
  return rows.length > 0;
}

/**
 * The college's groups a member may see with where the member stands: archived ones never, hidden
 * ones only when the member is in them. The member's own groups first, then by name.
 */
export function memberGroups(db: Executor, collegeId: string, userId: string) {
  const approved = sql`${groupMembers.status} = 'approved'`;
  return db
    .select({
      groupId: groups.id,
      groupName: groups.groupName,
      description: groups.description,
      memberCount,
      // A member who left an automatic group stands where anyone outside it does.
      status: sql<'none' | 'pending' | 'approved' | 'rejected'>`
        CASE WHEN ${groupMembers.status} IS NULL OR ${groupMembers.status} = 'left' THEN 'none'
             ELSE ${groupMembers.status} END`,
      kind: groups.kind,
      coverPicture: groups.coverPicture,
      role: sql<'member' | 'organiser' | null>`CASE WHEN ${approved} THEN ${groupMembers.role} END`,
    })
    .from(groups)
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)),
    )
    .where(
      and(
        eq(groups.collegeId, collegeId),
        isNull(groups.archivedAt),
        sql`(${groups.kind} <> 'hidden' OR ${approved})`,
      ),
    )
    .orderBy(desc(sql`coalesce(${approved}, false)`), asc(groups.groupName));
}

export async function membership(db: Executor, groupId: string, userId: string) {
  const [row] = await db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

/** Ask to join: a new request, or a rejected one asked again. */
export async function requestJoin(db: Executor, groupId: string, userId: string) {
  await db
    .insert(groupMembers)
    .values({ groupId, userId, status: 'pending' })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { status: 'pending', role: 'member', createdAt: sql`now()` },
    });
}

/**
 * Makes the user an approved member (joining an open group, an invitation, an organiser adding
 * them, coming back to an automatic group they left). Answers false when they already were one.
 */
export async function admit(db: Executor, groupId: string, userId: string) {
  const rows = await db
    .insert(groupMembers)
    .values({ groupId, userId, status: 'approved' })
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { status: 'approved', role: 'member', createdAt: sql`now()` },
      setWhere: sql`${groupMembers.status} <> 'approved'`,
    })
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Deletes the member's row, or for an automatic group keeps it as 'left' (the rule skips it). */
export async function takeOut(
  db: Executor,
  groupId: string,
  userId: string,
  kind: GroupKind,
  statuses: readonly ('approved' | 'pending')[],
) {
  const where = and(
    eq(groupMembers.groupId, groupId),
    eq(groupMembers.userId, userId),
    inArray(groupMembers.status, [...statuses]),
  );
  const rows =
    kind === 'automatic'
      ? await db
          .update(groupMembers)
          .set({ status: 'left', role: 'member' })
          .where(where)
          .returning({ userId: groupMembers.userId })
      : await db.delete(groupMembers).where(where).returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** The approved organisers' ids (who hear of join requests). */
export async function organiserIds(db: Executor, groupId: string) {
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.status, 'approved'),
        eq(groupMembers.role, 'organiser'),
      ),
    );
  return rows.map((r) => r.id);
}

/** The approved members' ids (an archived group's chat closes for each of them). */
export async function approvedMemberIds(db: Executor, groupId: string) {
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'approved')));
  return rows.map((r) => r.id);
}

/** Which of these users are listed members of the college (the rest may not be added). */
export async function listedInCollege(db: Executor, collegeId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.collegeId, collegeId), listedMember(users)));
  return rows.map((r) => r.id);
}

/** The invitation secret of a hidden group, made on first use. */
export async function inviteToken(db: Executor, groupId: string, fresh: string) {
  const [row] = await db
    .update(groups)
    .set({ inviteToken: sql`coalesce(${groups.inviteToken}, ${fresh})` })
    .where(eq(groups.id, groupId))
    .returning({ token: groups.inviteToken });
  return row?.token ?? fresh;
}

export async function replaceInviteToken(db: Executor, groupId: string, fresh: string) {
  await db.update(groups).set({ inviteToken: fresh }).where(eq(groups.id, groupId));
}

/**
 * The canonical form of a rule's value if the college has what it names: its batch, branch or
 * degree; a known country or city; any company name. Null: it names nothing the college has.
 */
export async function ruleValueOf(db: Executor, collegeId: string, rule: GroupRule) {
  const value = rule.value.trim();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const field: GroupRuleField = rule.field;
  switch (field) {
    case 'batch':
    case 'branch':
    case 'degree': {
      if (!uuid.test(value)) return null;
      const table = field === 'batch' ? batches : field === 'branch' ? branches : degrees;
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, value.toLowerCase()), eq(table.collegeId, collegeId)));
      return row?.id ?? null;
    }
    case 'country': {
      const [row] = await db
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.id, value.toUpperCase()));
      return row?.id ?? null;
    }
    case 'city': {
      if (!/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) return null;
      const [row] = await db
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.id, Number(value)));
      return row ? String(row.id) : null;
    }
    case 'company':
      return value;
  }
}

export type GroupFields = Pick<
  typeof groups.$inferInsert,
  'groupName' | 'description' | 'kind' | 'ruleField' | 'ruleValue' | 'coverPicture'
>;

export async function insertGroup(db: Executor, collegeId: string, fields: GroupFields) {
  const [row] = await db
    .insert(groups)
    .values({ collegeId, ...fields })
    .returning();
  return row!;
}

export async function updateGroup(
  db: Executor,
  groupId: string,
  fields: GroupFields & { archived?: boolean },
) {
  const { archived, ...rest } = fields;
  const [row] = await db
    .update(groups)
    .set({
      ...rest,
      // The invitation link belongs to a hidden group: another kind needs none.
      ...(rest.kind !== 'hidden' ? { inviteToken: null } : {}),
      ...(archived === undefined
        ? {}
        : { archivedAt: archived ? sql`coalesce(${groups.archivedAt}, now())` : null }),
      updatedAt: sql`now()`,
    })
    .where(eq(groups.id, groupId))
    .returning();
  return row!;
}

function ruleStatements(groupId: string, returning: ReturnType<typeof sql>) {
  return {
    add: sql`
      INSERT INTO group_members (group_id, user_id, status)
      SELECT g.id, u.id, 'approved'
        FROM groups g
        JOIN users u ON u.college_id = g.college_id
       WHERE g.id = ${groupId} AND g.kind = 'automatic' AND g.archived_at IS NULL
         AND u.is_approved AND NOT u.is_rejected
         AND group_rule_matches(g.rule_field, g.rule_value, u.batch_id, u.branch_id, u.degree_id,
                                u.location_country_id, u.location_city_id, u.company_name)
      ON CONFLICT (group_id, user_id) DO UPDATE SET status = 'approved'
       WHERE group_members.status IN ('pending', 'rejected')
      ${returning}`,
    remove: sql`
      DELETE FROM group_members gm
       USING groups g
       WHERE g.id = ${groupId} AND gm.group_id = g.id AND g.kind = 'automatic'
         AND g.archived_at IS NULL
         AND gm.role = 'member' AND gm.status <> 'left'
         AND NOT EXISTS (
           SELECT 1 FROM users u
            WHERE u.id = gm.user_id AND u.college_id = g.college_id
              AND u.is_approved AND NOT u.is_rejected
              AND group_rule_matches(g.rule_field, g.rule_value, u.batch_id, u.branch_id,
                                     u.degree_id, u.location_country_id, u.location_city_id,
                                     u.company_name))
      ${returning}`,
  };
}

/**
 * Applies an automatic group's rule to its whole college, in two set-based statements (a college
 * of a million members is one pass each): every listed member whose profile meets it becomes a
 * member (a pending or rejected row turns approved; a 'left' row stays: they chose to leave),
 * and every other plain member row goes (organisers stay whatever their profile says). The
 * triggers of migration 0008 keep it right afterwards. A group that is not automatic, or is
 * archived, is left alone. Run it inside the transaction that changed the group.
 */
export async function applyGroupRule(db: Executor, groupId: string) {
  const { add, remove } = ruleStatements(groupId, sql``);
  const added = await db.execute(add);
  const removed = await db.execute(remove);
  return { added: added.rowCount ?? 0, removed: removed.rowCount ?? 0 };
}

/** `applyGroupRule`, answering who came in and who went (their live access follows). */
export async function applyGroupRuleListing(db: Executor, groupId: string) {
  const { add, remove } = ruleStatements(groupId, sql`RETURNING user_id`);
  const added = await db.execute<{ user_id: string }>(add);
  const removed = await db.execute<{ user_id: string }>(remove);
  return { added: added.rows.map((r) => r.user_id), removed: removed.rows.map((r) => r.user_id) };
}

/** A member's name as others see it. */
export async function fullNameOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return row?.fullName ?? null;
}

/**
 * The whole organiser list: each becomes an approved organiser, former organisers not named go
 * back to plain members. Answers the demoted ones' ids.
 */
export async function setOrganisers(db: Executor, groupId: string, userIds: string[]) {
  if (userIds.length > 0)
    await db
      .insert(groupMembers)
      .values(
        userIds.map((userId) => ({
          groupId,
          userId,
          status: 'approved' as const,
          role: 'organiser' as const,
        })),
      )
      .onConflictDoUpdate({
        target: [groupMembers.groupId, groupMembers.userId],
        set: { status: 'approved', role: 'organiser' },
      });
  const demoted = await db
    .update(groupMembers)
    .set({ role: 'member' })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.role, 'organiser'),
        userIds.length > 0 ? notInArray(groupMembers.userId, userIds) : undefined,
      ),
    )
    .returning({ userId: groupMembers.userId });
  return demoted.map((r) => r.userId);
}

/**
 * Of these plain members of an automatic group, those whose profile does not meet its rule leave
 * it (former organisers: they stayed only as organisers). Answers who left.
 */
export async function dropUnmatched(db: Executor, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ user_id: string }>(sql`
    DELETE FROM group_members gm
     USING groups g, users u
     WHERE g.id = ${groupId} AND gm.group_id = g.id AND g.kind = 'automatic'
       AND gm.user_id = u.id AND gm.user_id IN (${sql.join(
         userIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       AND gm.role = 'member' AND gm.status = 'approved'
       AND NOT (u.college_id = g.college_id AND u.is_approved AND NOT u.is_rejected
                AND group_rule_matches(g.rule_field, g.rule_value, u.batch_id, u.branch_id,
                                       u.degree_id, u.location_country_id, u.location_city_id,
                                       u.company_name))
    RETURNING gm.user_id`);
  return result.rows.map((r) => r.user_id);
}

/** The groups of /dashboard/groups: archived ones too, with organisers and counts. */
export function managedGroups(db: Executor, collegeId: string) {
  return db
    .select({
      group: groups,
      memberCount,
      pendingCount,
      ruleLabel,
      organisers: sql<{ _id: string; fullName: string }[]>`coalesce((
        select json_agg(json_build_object('_id', u.id, 'fullName', u.full_name)
                        ORDER BY u.full_name, u.id)
          from group_members o JOIN users u ON u.id = o.user_id
         where o.group_id = groups.id and o.status = 'approved' and o.role = 'organiser'
      ), '[]'::json)`,
    })
    .from(groups)
    .where(eq(groups.collegeId, collegeId))
    .orderBy(asc(groups.groupName));
}

/** A page of a group's listed members, organisers first, then by name. */
export async function membersPage(
  db: Executor,
  groupId: string,
  search: string | undefined,
  page: number,
  pageSize: number,
  viewer: Viewer,
) {
  // As far as the member's privacy settings show it to the viewer (issue 30).
  const company = sql<
    string | null
  >`${shownTo('users', 'company', viewer, sql`${users.companyName}`)}`;
  const where = and(
    eq(groupMembers.groupId, groupId),
    eq(groupMembers.status, 'approved'),
    listedMember(users),
    search ? sql`lower(${users.fullName}) LIKE ${containing(search)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        _id: users.id,
        fullName: users.fullName,
        profilePic: users.profilePic,
        batchName: batches.batchName,
        branchName: branches.branchName,
        companyName: company,
        role: groupMembers.role,
      })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .leftJoin(batches, eq(batches.id, users.batchId))
      .leftJoin(branches, eq(branches.id, users.branchId))
      .where(where)
      .orderBy(desc(sql`${groupMembers.role} = 'organiser'`), asc(users.fullName), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(where),
  ]);
  return { rows, totalResults: total?.count ?? 0 };
}
