import {
  ADMIN_MESSAGES,
  API,
  dashboardSearchAnswer,
  dashboardSearchBody,
  deleteUserBody,
  filterOptionsAnswer,
  messageAnswer,
  outboxAnswer,
  OUTBOX_PAGE_SIZE,
  outboxQuery,
  rejectAnswer,
  rejectBody,
  updateUserMetadataBody,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { followRuleMoves } from '../groups';
import { mergedFilter } from './filter';
import { presentAdminUserRow, presentCollege, presentOutboxMessage } from './presenter';
import { createDashboardService } from './service';

/** The alumni management calls of admin-area.md §7: admins only, scoped to their college. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const dashboard = createDashboardService(app.db, app.transports, app.log);
  const tags = ['dashboard'];
  const onRequest = app.requireAdmin;

  app.get(
    API.dashboard.filterOptions,
    { onRequest, schema: { tags, response: { 200: filterOptionsAnswer } } },
    async (request) => ({
      colleges: (await dashboard.colleges(currentUser(request))).map(presentCollege),
    }),
  );

  app.post(
    API.dashboard.search,
    {
      onRequest,
      schema: { tags, body: dashboardSearchBody, response: { 200: dashboardSearchAnswer } },
    },
    async (request) => {
      const { rows, total } = await dashboard.search(
        currentUser(request),
        mergedFilter(request.body),
        request.body.pageId,
      );
      return { users: rows.map(presentAdminUserRow), totalResults: total };
    },
  );

  app.post(
    API.dashboard.reject,
    { onRequest, schema: { tags, body: rejectBody, response: { 200: rejectAnswer } } },
    async (request) => {
      const { user, endedSessionIds } = await dashboard.reject(
        currentUser(request),
        request.body.userId,
        request.body.reason,
        auditActor(request),
      );
      app.realtime.endSessions(endedSessionIds);
      return {
        message: `${user.fullName} has been rejected.`,
        rejectedUser: { _id: user.id, fullName: user.fullName },
      };
    },
  );

  app.post(
    API.dashboard.deleteUser,
    { onRequest, schema: { tags, body: deleteUserBody, response: { 200: messageAnswer } } },
    async (request) => {
      const user = await dashboard.deleteUser(
        currentUser(request),
        request.body.userId,
        auditActor(request),
      );
      return { message: `${user.fullName} has been deleted.` };
    },
  );

  app.post(
    API.dashboard.updateUserMetadata,
    { onRequest, schema: { tags, body: updateUserMetadataBody, response: { 200: messageAnswer } } },
    async (request) => {
      const { userId, groupMoves } = await dashboard.updateMetadata(
        currentUser(request),
        request.body,
        auditActor(request),
      );
      // Their feed and jobs follow the new batch and branch from the next call, their open
      // connections the automatic groups it moved them between at once.
      app.forgetSessions({ userIds: [userId] });
      followRuleMoves(app.realtime, userId, groupMoves);
      return { message: ADMIN_MESSAGES.metadataUpdated };
    },
  );

  app.get(
    API.dashboard.outbox,
    { onRequest, schema: { tags, querystring: outboxQuery, response: { 200: outboxAnswer } } },
    async (request) => {
      const { rows, total } = await dashboard.outbox(
        currentUser(request),
        request.query.collegeId,
        request.query.page,
      );
      return {
        messages: rows.map(presentOutboxMessage),
        totalPages: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
        totalMessages: total,
      };
    },
  );
};
