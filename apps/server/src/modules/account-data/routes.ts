import {
  adminDeleteAccountBody,
  API,
  deleteAccountBody,
  deletionAnswer,
  deletionView,
  EXPORT_QUEUED_MESSAGE,
  exportParams,
  exportRequestAnswer,
  exportStatusAnswer,
  userParams,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inClientTransaction } from '../../db/client';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors';
import type { Storage } from '../../storage';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { clearSessionCookie } from '../auth/cookie';
import { cancelPendingDeletion } from './deletion';
import {
  findExportByToken,
  insertExport,
  latestExport,
  minutesUntilNextExport,
  presentExport,
} from './export';
import { ACCOUNT_MESSAGES, createAccountDataService } from './service';

export const EXPORT_MESSAGES = {
  queued: EXPORT_QUEUED_MESSAGE,
  inProgress: 'Your data is being prepared already. You will receive an e-mail when it is ready.',
  tooSoon: (minutes: number) =>
    `You can ask for your data once an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  notFound: 'This download link is not valid.',
  expired: 'This download link has expired. Please ask for your data again.',
};

/** Issue 30: the member's own data: "Download my data" and "Delete my account". */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  cookieSecure: boolean;
  /** Where the export zips are; without it (a web-only test app) downloads answer 404. */
  storage?: Storage;
}> = async (app, { cookieSecure, storage }) => {
  const service = createAccountDataService(app.db);

  /** Every session of the member is gone: this process and the others forget them, sockets close. */
  const endAll = (userId: string, endedSessionIds: string[]) => {
    app.forgetSessions({ userIds: [userId], sessionIds: endedSessionIds });
    app.realtime.endSessions(endedSessionIds);
  };

  app.get(
    API.me.delete,
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 200: deletionView } },
    },
    async (request) => service.deletion(currentUser(request).id),
  );

  app.post(
    API.me.delete,
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['account'], body: deleteAccountBody, response: { 200: deletionAnswer } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { endedSessionIds, view, message } = await service.requestDeletion(
        userId,
        request.body,
      );
      endAll(userId, endedSessionIds);
      clearSessionCookie(reply, cookieSecure);
      return { ok: true as const, message, ...view };
    },
  );

  app.post(
    API.me.cancelDelete,
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 200: deletionAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (!(await cancelPendingDeletion(app.db, userId)))
        throw badRequest(ACCOUNT_MESSAGES.nothingPending);
      return {
        ok: true as const,
        message: ACCOUNT_MESSAGES.cancelled,
        ...(await service.deletion(userId)),
      };
    },
  );

  app.post(
    '/api/dashboard/users/:id/delete-account',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['account'],
        params: userParams,
        body: adminDeleteAccountBody,
        response: { 200: deletionAnswer },
      },
    },
    async (request) => {
      const { endedSessionIds, view } = await service.adminDeletion(
        currentUser(request),
        auditActor(request),
        request.params.id,
        request.body,
      );
      endAll(request.params.id, endedSessionIds);
      return {
        ok: true as const,
        message: `The account will be deleted on ${new Date(view.deletesAt!).toUTCString().slice(0, 16)} unless the member signs in before then.`,
        ...view,
      };
    },
  );

  app.get(
    API.me.export,
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 200: exportStatusAnswer } },
    },
    async (request) => {
      const row = await latestExport(app.db, currentUser(request).id);
      return { latest: row ? presentExport(row) : null };
    },
  );

  app.post(
    API.me.export,
    {
      onRequest: app.requireUser,
      schema: { tags: ['account'], response: { 200: exportRequestAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      // The row and its job commit together: no request without its job, no job without its row.
      const outcome = await inClientTransaction(app.db, async (tx, inTransaction) => {
        const made = await insertExport(tx, userId);
        if (made.row) await app.jobs.enqueueDataExport({ exportId: made.row.id }, inTransaction);
        return made;
      });
      if (!outcome.row)
        throw tooManyRequests(
          outcome.refused === 'in_progress'
            ? EXPORT_MESSAGES.inProgress
            : EXPORT_MESSAGES.tooSoon(await minutesUntilNextExport(app.db, userId)),
        );
      return {
        ok: true as const,
        message: EXPORT_MESSAGES.queued,
        latest: presentExport(outcome.row),
      };
    },
  );

  app.get(
    '/api/me/export/:token',
    { onRequest: app.requireUser, schema: { tags: ['account'], params: exportParams } },
    async (request, reply) => {
      const found = await findExportByToken(app.db, request.params.token);
      // Another member holding the link learns nothing of it.
      if (!found || found.userId !== currentUser(request).id)
        throw notFound(EXPORT_MESSAGES.notFound);
      const expired =
        found.status === 'expired' ||
        (found.expiresAt !== null && new Date(found.expiresAt).getTime() <= Date.now());
      if (expired) throw new AppError(410, EXPORT_MESSAGES.expired);
      const file = found.fileKey && storage ? await storage.get(found.fileKey) : null;
      if (found.status !== 'ready' || !file) throw notFound(EXPORT_MESSAGES.notFound);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="alumnet-my-data.zip"')
        .header('cache-control', 'private, no-store');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
