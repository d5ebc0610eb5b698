import { API, auditQuery } from '@alumnet/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/plugin';
import { auditCsv, auditScope, readAuditPage } from './service';

/**
 * /dashboard/audit: reading the log, as a page or as CSV. The log is append-only: there is no
 * route that edits or deletes an entry (and the table's trigger refuses it anyway).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.audit,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['audit'],
        querystring: auditQuery,
        // No response schema: ?format=csv answers a stream of text/csv, read as it is sent. The
        // page is the contract's auditPage, built by its presenter.
      },
    },
    async (request, reply) => {
      const { actor, action, from, to, page, format } = request.query;
      const filter = {
        collegeId: auditScope(currentUser(request), request.query.collegeId),
        actor: actor || undefined,
        action,
        from,
        to,
      };
      if (format !== 'csv') return readAuditPage(app.db, filter, page);
      const name = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(auditCsv(app.db, filter)));
    },
  );
};
