import {
  addGroupMemberBody,
  API,
  collegeGroupsAnswer,
  collegeGroupsBody,
  groupAnswer,
  groupBody,
  groupIdParams,
  groupInviteAnswer,
  groupMemberBody,
  groupMemberParams,
  groupMembersAnswer,
  groupMembersQuery,
  groupMessageAnswer,
  groupParams,
  groupQuery,
  groupUpdateBody,
  joinGroupBody,
  manageGroupsAnswer,
  manageGroupsQuery,
  myGroupsAnswer,
  organisersBody,
  pendingMembersAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupRoom } from '../../realtime/rooms';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { memberGroupIds } from './access';
import { createGroupService } from './service';

/**
 * Groups (issue 27): the spec's join-request calls (the super admin's Join Group Requests screen,
 * now also a group's organisers and its college's admins), the group page's header and members,
 * running groups (/dashboard/groups) and joining and leaving.
 */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = createGroupService(app.db, () => app.realtime, pushNotifications(app));
  const tags = ['groups'];

  // Every new connection joins its member's groups' chat rooms.
  app.realtime.roomsOnConnect(async (member) =>
    (await memberGroupIds(app.db, member.userId)).map(groupRoom),
  );

  app.post(
    API.community.collegeGroups,
    {
      onRequest: app.requireSuperAdmin,
      schema: { tags, body: collegeGroupsBody, response: { 200: collegeGroupsAnswer } },
    },
    async (request) => ({ groups: await groups.collegeGroups(request.body.collegeId) }),
  );

  app.get(
    '/api/groups/pending/:groupId',
    {
      onRequest: app.requireUser,
      schema: { tags, params: groupIdParams, response: { 200: pendingMembersAnswer } },
    },
    (request) => groups.pending(currentUser(request), request.params.groupId),
  );

  app.post(
    API.community.approve,
    {
      onRequest: app.requireUser,
      schema: { tags, body: groupMemberBody, response: { 200: groupMessageAnswer } },
    },
    (request) =>
      groups.decide(currentUser(request), request.body.groupId, request.body.memberId, 'approved'),
  );

  app.post(
    API.community.reject,
    {
      onRequest: app.requireUser,
      schema: { tags, body: groupMemberBody, response: { 200: groupMessageAnswer } },
    },
    (request) =>
      groups.decide(currentUser(request), request.body.groupId, request.body.memberId, 'rejected'),
  );

  app.get(
    API.community.myGroups,
    { onRequest: app.requireUser, schema: { tags, response: { 200: myGroupsAnswer } } },
    async (request) => ({ groups: await groups.mine(currentUser(request)) }),
  );

  app.post(
    API.community.join,
    {
      onRequest: app.requireUser,
      schema: { tags, body: joinGroupBody, response: { 200: groupMessageAnswer } },
    },
    (request) => groups.join(currentUser(request), request.body.groupId, request.body.invite),
  );

  app.get(
    API.groups.manage,
    {
      onRequest: app.requireAdmin,
      schema: { tags, querystring: manageGroupsQuery, response: { 200: manageGroupsAnswer } },
    },
    (request) => groups.manage(currentUser(request), request.query.collegeId),
  );

  app.post(
    API.groups.create,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        querystring: manageGroupsQuery,
        body: groupBody,
        response: { 200: groupAnswer },
      },
    },
    (request) =>
      groups.create(
        currentUser(request),
        request.body,
        request.query.collegeId,
        auditActor(request),
      ),
  );

  app.get(
    '/api/groups/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: groupParams,
        querystring: groupQuery,
        response: { 200: groupAnswer },
      },
    },
    (request) => groups.detail(currentUser(request), request.params.id, request.query.invite),
  );

  app.put(
    '/api/groups/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags, params: groupParams, body: groupUpdateBody, response: { 200: groupAnswer } },
    },
    (request) =>
      groups.update(currentUser(request), request.params.id, request.body, auditActor(request)),
  );

  app.put(
    '/api/groups/:id/organisers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        params: groupParams,
        body: organisersBody,
        response: { 200: groupMessageAnswer },
      },
    },
    (request) =>
      groups.setOrganisers(
        currentUser(request),
        request.params.id,
        request.body.userIds,
        auditActor(request),
      ),
  );

  app.get(
    '/api/groups/:id/members',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: groupParams,
        querystring: groupMembersQuery,
        response: { 200: groupMembersAnswer },
      },
    },
    (request) =>
      groups.members(
        currentUser(request),
        request.params.id,
        request.query.search,
        request.query.page,
      ),
  );

  app.post(
    '/api/groups/:id/members',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: groupParams,
        body: addGroupMemberBody,
        response: { 200: groupMessageAnswer },
      },
    },
    (request) => groups.addMember(currentUser(request), request.params.id, request.body.userId),
  );

  app.post(
    '/api/groups/:id/members/:userId/remove',
    {
      onRequest: app.requireUser,
      schema: { tags, params: groupMemberParams, response: { 200: groupMessageAnswer } },
    },
    (request) =>
      groups.removeMember(currentUser(request), request.params.id, request.params.userId),
  );

  app.post(
    '/api/groups/:id/leave',
    {
      onRequest: app.requireUser,
      schema: { tags, params: groupParams, response: { 200: groupMessageAnswer } },
    },
    (request) => groups.leave(currentUser(request), request.params.id),
  );

  app.post(
    '/api/groups/:id/invite',
    {
      onRequest: app.requireUser,
      schema: { tags, params: groupParams, response: { 200: groupInviteAnswer } },
    },
    (request) => groups.newInvite(currentUser(request), request.params.id),
  );
};
