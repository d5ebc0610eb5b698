import {
  API,
  importAnswer,
  importIdParams,
  importJob,
  uploadQuery,
  type ImportJob,
} from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { badRequest } from '../../lib/errors';
import { auditActor } from '../audit/record';
import { currentUser } from '../auth/plugin';
import { neutralizeFormula } from '../dispatch';
import * as repo from './repository';
import { createImportService } from './service';

type ImportRow = NonNullable<Awaited<ReturnType<typeof repo.findImport>>>;
const present = (job: ImportRow): ImportJob => ({
  _id: job.id,
  fileName: job.fileName,
  status: job.status,
  totalRows: job.totalRows,
  processedRows: job.processedRows,
  added: job.added,
  failed: job.failed,
  createdAt: job.createdAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
});

/** Upload Users (admin-area.md "Upload Users CSV", issue 11's improvement: one upload, one job). */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = createImportService(app.db, app.jobs);
  const tags = ['imports'];
  const onRequest = app.requireAdmin;

  // The file is the body, read as a stream: a million rows never sit in memory at once.
  app.addContentTypeParser(
    ['text/csv', 'application/vnd.ms-excel', 'application/octet-stream'],
    (_request, payload, done) => done(null, payload),
  );

  app.post(
    API.imports.upload,
    {
      onRequest,
      bodyLimit: 512 * 1024 * 1024,
      schema: { tags, querystring: uploadQuery, response: { 200: importAnswer } },
    },
    async (request) => {
      if (!(request.body instanceof Readable))
        throw badRequest('Send the CSV file as the body, with Content-Type text/csv.');
      const job = await imports.upload(
        currentUser(request),
        request.query.collegeId,
        request.query.fileName,
        request.body,
        auditActor(request),
      );
      return { message: `${job.totalRows} rows received; importing.`, job: present(job) };
    },
  );

  app.get(
    '/api/dashboard/imports/:importId',
    { onRequest, schema: { tags, params: importIdParams, response: { 200: importJob } } },
    async (request) => present(await imports.find(currentUser(request), request.params.importId)),
  );

  app.get(
    '/api/dashboard/imports/:importId/report',
    { onRequest, schema: { tags, params: importIdParams } },
    async (request, reply) => {
      const job = await imports.find(currentUser(request), request.params.importId);
      async function* report() {
        yield stringify([['row', 'fullName', 'email', 'outcome', 'reason']]);
        let after = 0;
        for (;;) {
          const rows = await repo.reportRows(app.db, job, after, 5_000);
          if (rows.length === 0) return;
          after = rows.at(-1)!.rowNumber;
          yield stringify(
            rows.map((r) => [
              r.rowNumber,
              neutralizeFormula(r.fullName),
              neutralizeFormula(r.email),
              r.outcome,
              r.reason ?? '',
            ]),
          );
        }
      }
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${job.fileName.replace(/[^\w.-]/g, '_').replace(/\.csv$/i, '')}-report.csv"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(report()));
    },
  );
};
