import {
  API,
  collegeGroupsAnswer,
  collegeGroupsBody,
  groupIdParams,
  groupMemberBody,
  groupMessageAnswer,
  joinGroupBody,
  myGroupsAnswer,
  pendingMembersAnswer,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { pushNotifications } from '../notifications';
import { createGroupService } from './service';

/**
 * Join Group Requests (super admins only, any college: admin-area.md §3) and the member's own
 * groups page (members of the group's college).
 */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = createGroupService(app.db, pushNotifications(app));
  const tags = ['groups'];

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
      onRequest: app.requireSuperAdmin,
      schema: {
        tags,
        params: groupIdParams,
        response: { 200: pendingMembersAnswer },
      },
    },
    (request) => groups.pending(request.params.groupId),
  );

  app.post(
    API.community.approve,
    {
      onRequest: app.requireSuperAdmin,
      schema: { tags, body: groupMemberBody, response: { 200: groupMessageAnswer } },
    },
    (request) =>
      groups.decide(currentUser(request), request.body.groupId, request.body.memberId, 'approved'),
  );

  app.post(
    API.community.reject,
    {
      onRequest: app.requireSuperAdmin,
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
    (request) => groups.join(currentUser(request), request.body.groupId),
  );
};
