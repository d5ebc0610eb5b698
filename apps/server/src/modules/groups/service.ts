import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  COMMUNITY_MESSAGES,
  GROUP_MEMBERS_PAGE_SIZE,
  GROUP_MESSAGES,
  type GroupBody,
  type GroupRule,
  type GroupUpdateBody,
} from '@alumnet/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Realtime } from '../../realtime/chat-gateway';
import { groupRoom } from '../../realtime/rooms';
import type { SessionUser } from '../auth/repository';
import { notify, type Tell } from '../notifications';
import { accessOf, demand, loadGroupAccess, type GroupAccess } from './access';
import { invitePathOf, presentGroup, presentManagedGroup, presentRule } from './presenter';
import * as repo from './repository';
import { recordAudit, type AuditActor } from '../audit/record';

export const groupServiceMessages = {
  otherCollege: 'This group is not of your college.',
  adminsOnly: "Only the college's admins can do this.",
  alreadyApproved: 'You are already a member of this group.',
  chooseCollege: 'Choose the college the group belongs to.',
  noSuchCollege: 'No such college.',
  notInGroup: 'This member is not in the group.',
  organiserByAdmin: 'Only an admin of the college can remove an organiser.',
  inviteOnlyHidden: 'Only hidden groups have an invitation link.',
} as const;

/** What the groups module does with live connections: a group's chat room follows membership. */
export type GroupLive = Pick<Realtime, 'joinRoom' | 'leaveRoom' | 'sendToUsers' | 'sendToRoom'>;

const newInviteToken = () => randomBytes(18).toString('base64url');

function sameSecret(given: string | undefined, stored: string | null) {
  if (!given || !stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the error, or one it wraps (Drizzle wraps the driver's), is this unique violation. */
function violates(error: unknown, constraint: string) {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Groups (issue 27): the spec's join-request calls, the group page, running a group (admins:
 * create, edit, archive, organisers; organisers and admins: requests, members, invitations) and
 * the member's own joining and leaving. Who may do what is `access.ts`'s answer.
 */
export function createGroupService(db: Database, live: () => GroupLive, tell: Tell = () => {}) {
  const enter = (userIds: string[], groupId: string) => {
    if (userIds.length > 0) live().joinRoom(userIds, groupRoom(groupId));
  };
  /** Ends the members' live access to the group at once, on every tab and process. */
  const shut = (userIds: string[], groupId: string) => {
    if (userIds.length === 0) return;
    live().leaveRoom(userIds, groupRoom(groupId));
    live().sendToUsers(userIds, 'groupAccessEnded', { groupId });
  };

  async function moderated(user: SessionUser, groupId: string) {
    return demand(
      await loadGroupAccess(db, user, groupId),
      'mayModerate',
      GROUP_MESSAGES.moderatorsOnly,
    );
  }
  async function administered(user: SessionUser, groupId: string) {
    const access = await loadGroupAccess(db, user, groupId);
    if (!access.isAdmin) throw forbidden(groupServiceMessages.adminsOnly);
    return access;
  }

  /** The stored columns of a body, its rule checked against the college. */
  async function fieldsOf(collegeId: string, body: GroupBody) {
    const rule = (body.rule ?? null) as GroupRule | null;
    let ruleValue: string | null = null;
    if (rule) {
      ruleValue = await repo.ruleValueOf(db, collegeId, rule);
      if (ruleValue === null) throw badRequest(GROUP_MESSAGES.ruleValueUnknown);
    }
    return {
      groupName: body.name,
      description: body.description ?? '',
      kind: body.kind,
      ruleField: rule?.field ?? null,
      ruleValue,
      coverPicture: body.coverPicture ?? null,
    } satisfies repo.GroupFields;
  }

  async function nameChecked<T>(work: () => Promise<T>) {
    try {
      return await work();
    } catch (error) {
      if (violates(error, 'groups_college_name_uq')) throw conflict(GROUP_MESSAGES.nameTaken);
      throw error;
    }
  }

  /** The page header as this caller sees it; hidden groups show their link to those who run them. */
  async function detailOf(access: GroupAccess) {
    const { group } = access;
    const token =
      access.mayModerate && group.kind === 'hidden'
        ? await repo.inviteToken(db, group.id, newInviteToken())
        : null;
    return { group: presentGroup(access, await repo.groupFacts(db, group.id), token) };
  }

  return {
    collegeGroups: (collegeId: string) => repo.collegeGroups(db, collegeId),

    /** The requests waiting in a group: its organisers and the college's admins. */
    async pending(user: SessionUser, groupId: string) {
      const { group } = await moderated(user, groupId);
      return {
        groupName: group.groupName,
        pendingMembers: await repo.pendingMembers(db, group.id),
      };
    },

    /** The decision and, in the same transaction, the member's notification of it. */
    async decide(
      decider: SessionUser,
      groupId: string,
      memberId: string,
      status: 'approved' | 'rejected',
    ) {
      const { group } = await moderated(decider, groupId);
      const member = memberId.toLowerCase();
      const recorded = await db.transaction(async (tx) => {
        if (!(await repo.decideRequest(tx, group.id, member, status)))
          throw notFound(COMMUNITY_MESSAGES.requestNotFound);
        return notify(tx, {
          recipientIds: [member],
          kind: 'group_request_decided',
          target: { type: 'group', id: group.id },
          actorId: decider.id,
          detail: `Your request to join ${group.groupName} was ${status}.`,
        });
      });
      tell(recorded);
      if (status === 'approved') enter([member], group.id);
      return {
        message: status === 'approved' ? 'Request approved.' : 'Request rejected.',
      };
    },

    async mine(user: SessionUser) {
      if (!user.collegeId) return [];
      return repo.memberGroups(db, user.collegeId, user.id);
    },

    /**
     * The spec's join call for every kind: open groups at once, by-request groups ask (their
     * organisers hear of it), hidden groups with their invitation only, automatic groups only
     * to come back after leaving.
     */
    async join(user: SessionUser, groupId: string, invite?: string) {
      const group = await repo.findGroup(db, groupId);
      if (!group || group.archivedAt) throw notFound(COMMUNITY_MESSAGES.groupNotFound);
      if (group.collegeId !== user.collegeId) throw forbidden(groupServiceMessages.otherCollege);
      const existing = await repo.membership(db, group.id, user.id);
      if (existing?.status === 'pending') throw conflict(COMMUNITY_MESSAGES.alreadyMember);
      if (existing?.status === 'approved') throw conflict(groupServiceMessages.alreadyApproved);

      if (group.kind === 'request') {
        const recorded = await db.transaction(async (tx) => {
          await repo.requestJoin(tx, group.id, user.id);
          const name = await repo.fullNameOf(tx, user.id);
          return notify(tx, {
            recipientIds: await repo.organiserIds(tx, group.id),
            kind: 'group_join_request',
            target: { type: 'group', id: group.id },
            actorId: user.id,
            detail: `${name ?? 'A member'} asked to join ${group.groupName}.`,
          });
        });
        tell(recorded);
        return { message: COMMUNITY_MESSAGES.joinRequested };
      }
      if (group.kind === 'automatic' && existing?.status !== 'left')
        throw badRequest(GROUP_MESSAGES.automaticJoin);
      if (group.kind === 'hidden' && !sameSecret(invite, group.inviteToken))
        throw forbidden(invite ? GROUP_MESSAGES.inviteInvalid : GROUP_MESSAGES.hidden);
      if (!(await repo.admit(db, group.id, user.id)))
        throw conflict(groupServiceMessages.alreadyApproved);
      enter([user.id], group.id);
      return { message: GROUP_MESSAGES.joined };
    },

    /** GET /api/groups/{id}: a hidden group shows itself to outsiders only with its invitation. */
    async detail(user: SessionUser, groupId: string, invite?: string) {
      const access = await loadGroupAccess(db, user, groupId);
      const outsider = (access.status === null || access.status === 'left') && !access.isAdmin;
      if (
        access.group.kind === 'hidden' &&
        outsider &&
        !sameSecret(invite, access.group.inviteToken)
      )
        throw forbidden(GROUP_MESSAGES.hidden);
      return detailOf(access);
    },

    /**
     * A new group of the admin's college (super admins: the college named, else their own). An
     * automatic group fills itself in the same transaction.
     */
    async create(
      user: SessionUser,
      body: GroupBody,
      collegeId: string | undefined,
      actor: AuditActor,
    ) {
      const college = user.isSuperAdmin
        ? (collegeId?.toLowerCase() ?? user.collegeId)
        : user.collegeId;
      if (!college) throw badRequest(groupServiceMessages.chooseCollege);
      if (!(await repo.collegeExists(db, college)))
        throw badRequest(groupServiceMessages.noSuchCollege);
      const fields = await fieldsOf(college, body);
      const group = await nameChecked(() =>
        db.transaction(async (tx) => {
          const created = await repo.insertGroup(tx, college, fields);
          if (created.kind === 'automatic') await repo.applyGroupRule(tx, created.id);
          await recordAudit(tx, actor, {
            action: 'group.change',
            collegeId: college,
            targetType: 'group',
            targetId: created.id,
            targetLabel: created.groupName,
            details: { change: 'create', kind: created.kind },
          });
          return created;
        }),
      );
      return detailOf(accessOf(user, group, null));
    },

    /**
     * Edits a group (its college's admins). A group made automatic, given another rule, or
     * brought back from the archive takes its rule again in the same transaction; the members
     * it adds or takes out (and everyone, when it is archived) see their live access follow.
     */
    async update(user: SessionUser, groupId: string, body: GroupUpdateBody, actor: AuditActor) {
      const before = await administered(user, groupId);
      const old = before.group;
      const fields = await fieldsOf(old.collegeId, body);
      const oldRule = presentRule(old);
      const ruleChanged =
        fields.kind !== old.kind ||
        fields.ruleField !== oldRule?.field ||
        fields.ruleValue !== oldRule?.value;
      const archiving = body.archived === true && old.archivedAt === null;
      const restoring = body.archived === false && old.archivedAt !== null;
      const { group, added, removed } = await nameChecked(() =>
        db.transaction(async (tx) => {
          const saved = await repo.updateGroup(tx, old.id, { ...fields, archived: body.archived });
          await recordAudit(tx, actor, {
            action: 'group.change',
            collegeId: old.collegeId,
            targetType: 'group',
            targetId: old.id,
            targetLabel: saved.groupName,
            details: {
              change: archiving ? 'archive' : restoring ? 'restore' : 'edit',
              ...(saved.groupName !== old.groupName ? { from: old.groupName } : {}),
            },
          });
          const moved =
            saved.kind === 'automatic' && saved.archivedAt === null && (ruleChanged || restoring)
              ? await repo.applyGroupRuleListing(tx, saved.id)
              : { added: [], removed: [] };
          return { group: saved, ...moved };
        }),
      );
      if (archiving) {
        live().sendToRoom(groupRoom(group.id), 'groupAccessEnded', { groupId: group.id });
        shut(await repo.approvedMemberIds(db, group.id), group.id);
      } else if (restoring) {
        enter(await repo.approvedMemberIds(db, group.id), group.id);
      } else {
        enter(added, group.id);
      }
      shut(removed, group.id);
      const access = await loadGroupAccess(db, user, group.id);
      return detailOf(access);
    },

    /** The whole organiser list: members of the college, made approved organisers at once. */
    async setOrganisers(user: SessionUser, groupId: string, userIds: string[], actor: AuditActor) {
      const { group } = await administered(user, groupId);
      const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
      const listed = await repo.listedInCollege(db, group.collegeId, ids);
      if (listed.length !== ids.length) throw badRequest(GROUP_MESSAGES.organiserNotInCollege);
      const dropped = await db.transaction(async (tx) => {
        const demoted = await repo.setOrganisers(tx, group.id, ids);
        await recordAudit(tx, actor, {
          action: 'group.change',
          collegeId: group.collegeId,
          targetType: 'group',
          targetId: group.id,
          targetLabel: group.groupName,
          details: { change: 'organisers', organisers: ids },
        });
        return group.kind === 'automatic' ? repo.dropUnmatched(tx, group.id, demoted) : [];
      });
      if (!group.archivedAt) enter(ids, group.id);
      shut(dropped, group.id);
      return { message: GROUP_MESSAGES.organisersSaved };
    },

    /** /dashboard/groups: admins their own college, super admins the college they name. */
    async manage(user: SessionUser, collegeId?: string) {
      const college = user.isSuperAdmin ? collegeId?.toLowerCase() : user.collegeId;
      if (!college) throw badRequest(groupServiceMessages.chooseCollege);
      const rows = await repo.managedGroups(db, college);
      return { groups: rows.map(presentManagedGroup) };
    },

    async members(user: SessionUser, groupId: string, search: string | undefined, page: number) {
      const { group } = demand(
        await loadGroupAccess(db, user, groupId),
        'maySeeMembers',
        GROUP_MESSAGES.membersOnly,
      );
      const found = await repo.membersPage(
        db,
        group.id,
        search || undefined,
        page,
        GROUP_MEMBERS_PAGE_SIZE,
        user,
      );
      return { members: found.rows, totalResults: found.totalResults, page };
    },

    /** An organiser adds a member of the college, whatever the kind (a left row comes back). */
    async addMember(user: SessionUser, groupId: string, userId: string) {
      const { group } = await moderated(user, groupId);
      const id = userId.toLowerCase();
      if ((await repo.listedInCollege(db, group.collegeId, [id])).length === 0)
        throw badRequest(GROUP_MESSAGES.memberNotInCollege);
      if (!(await repo.admit(db, group.id, id))) throw conflict(GROUP_MESSAGES.alreadyIn);
      if (!group.archivedAt) enter([id], group.id);
      return { message: GROUP_MESSAGES.memberAdded };
    },

    /** An organiser takes a member out; an automatic group keeps them out of its rule. */
    async removeMember(user: SessionUser, groupId: string, userId: string) {
      const access = await moderated(user, groupId);
      const { group } = access;
      const id = userId.toLowerCase();
      const target = await repo.membership(db, group.id, id);
      if (target?.status !== 'approved') throw notFound(groupServiceMessages.notInGroup);
      if (target.role === 'organiser' && !access.isAdmin)
        throw forbidden(groupServiceMessages.organiserByAdmin);
      if (!(await repo.takeOut(db, group.id, id, group.kind, ['approved'])))
        throw notFound(groupServiceMessages.notInGroup);
      shut([id], group.id);
      return { message: GROUP_MESSAGES.memberRemoved };
    },

    /**
     * The caller leaves (or takes back a request). They may join again, except that an automatic
     * group's rule does not put them back. An organiser leaving is no longer one.
     */
    async leave(user: SessionUser, groupId: string) {
      const { group, status } = await loadGroupAccess(db, user, groupId);
      if (status !== 'approved' && status !== 'pending') throw badRequest(GROUP_MESSAGES.notMember);
      if (!(await repo.takeOut(db, group.id, user.id, group.kind, ['approved', 'pending'])))
        throw badRequest(GROUP_MESSAGES.notMember);
      if (status === 'approved') shut([user.id], group.id);
      return { message: GROUP_MESSAGES.left };
    },

    /** A new invitation link for a hidden group; the old one stops working. */
    async newInvite(user: SessionUser, groupId: string) {
      const { group } = await moderated(user, groupId);
      if (group.kind !== 'hidden') throw badRequest(groupServiceMessages.inviteOnlyHidden);
      const token = newInviteToken();
      await repo.replaceInviteToken(db, group.id, token);
      return { invitePath: invitePathOf(group.id, token) };
    },
  };
}
