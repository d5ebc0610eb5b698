import {
  addBatchBody,
  addBranchBody,
  addCourseBody,
  addDegreeBody,
  API,
  batchIdAnswer,
  batchIdBody,
  branchIdAnswer,
  branchIdBody,
  degreeIdAnswer,
  degreeIdBody,
  SETUP_MESSAGES,
  setupAddAnswer,
  setupList,
  setupListQuery,
  type SetupItem,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { adminCollegeId } from '../../lib/policy';
import { auditActor, recordAudit } from '../audit/record';
import { currentUser } from '../auth/plugin';
import * as repo from './repository';

type Row = {
  id: string;
  name: string;
  description: string;
  parentId?: string;
  parentName?: string;
};
const present = (row: Row): SetupItem => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  parentId: row.parentId ?? null,
  parentName: row.parentName ?? null,
});
const taken = (what: string) => conflict(`A ${what} with this name already exists there.`);

/**
 * College setup (PRODUCT.md "The college structure"): an admin's own college, a super admin's
 * pick. What is added is at once in sign-up, the directory and the admin filters (they read
 * the same tables).
 */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['setup'];
  const onRequest = app.requireAdmin;
  const db = app.db;

  /** Adds one part of the structure and its audit line together (null: the name was taken). */
  const addAudited = (
    request: FastifyRequest,
    collegeId: string,
    kind: 'degree' | 'course' | 'batch' | 'branch',
    name: string,
    insert: (tx: Executor) => Promise<string | null | undefined>,
  ) =>
    db.transaction(async (tx) => {
      const id = await insert(tx);
      if (id)
        await recordAudit(tx, auditActor(request), {
          action: 'setup.change',
          collegeId,
          targetType: kind,
          targetId: id,
          targetLabel: name,
          details: { change: `${kind}.add` },
        });
      return id;
    });

  const lists = {
    degrees: repo.listDegrees,
    courses: repo.listCourses,
    batches: repo.listBatches,
    branches: repo.listBranches,
  } as const;
  for (const [kind, list] of Object.entries(lists)) {
    app.get(
      API.setup.list(kind as keyof typeof lists),
      { onRequest, schema: { tags, querystring: setupListQuery, response: { 200: setupList } } },
      async (request) =>
        (await list(db, adminCollegeId(currentUser(request), request.query.collegeId))).map(
          present,
        ),
    );
  }

  app.post(
    API.setup.add('degrees'),
    { onRequest, schema: { tags, body: addDegreeBody, response: { 200: setupAddAnswer } } },
    async (request) => {
      const b = request.body;
      const collegeId = adminCollegeId(currentUser(request), b.collegeId);
      const row = { name: b.degreeName, description: b.degreeDescription };
      const id = await addAudited(request, collegeId, 'degree', row.name, (tx) =>
        repo.insertDegree(tx, { collegeId, ...row }),
      );
      if (!id) throw taken('degree');
      return { message: SETUP_MESSAGES.degrees.added, item: present({ id, ...row }) };
    },
  );

  app.post(
    API.setup.add('courses'),
    { onRequest, schema: { tags, body: addCourseBody, response: { 200: setupAddAnswer } } },
    async (request) => {
      const b = request.body;
      const collegeId = adminCollegeId(currentUser(request), b.collegeId);
      const row = { name: b.courseName, description: b.courseDescription };
      const id = await addAudited(request, collegeId, 'course', row.name, (tx) =>
        repo.insertCourse(tx, { collegeId, ...row }),
      );
      if (!id) throw taken('course');
      return { message: SETUP_MESSAGES.courses.added, item: present({ id, ...row }) };
    },
  );

  app.post(
    API.setup.add('batches'),
    { onRequest, schema: { tags, body: addBatchBody, response: { 200: setupAddAnswer } } },
    async (request) => {
      const b = request.body;
      const collegeId = adminCollegeId(currentUser(request), b.collegeId);
      const degree = await repo.degreeOf(db, collegeId, b.degreeId);
      if (!degree) throw badRequest('That degree is not in this college.');
      const row = { name: b.batchName, description: b.batchDescription };
      const id = await addAudited(request, collegeId, 'batch', row.name, (tx) =>
        repo.insertBatch(tx, { collegeId, degreeId: degree.id, ...row }),
      );
      if (!id) throw taken('batch');
      return {
        message: SETUP_MESSAGES.batches.added,
        item: present({ id, ...row, parentId: degree.id, parentName: degree.name }),
      };
    },
  );

  app.post(
    API.setup.add('branches'),
    { onRequest, schema: { tags, body: addBranchBody, response: { 200: setupAddAnswer } } },
    async (request) => {
      const b = request.body;
      const collegeId = adminCollegeId(currentUser(request), b.collegeId);
      const batch = await repo.batchOf(db, collegeId, b.batchId);
      if (!batch) throw badRequest('That batch is not in this college.');
      const row = { name: b.branchName, description: b.branchDescription };
      const id = await addAudited(request, collegeId, 'branch', row.name, (tx) =>
        repo.insertBranch(tx, { collegeId, batchId: batch.id, ...row }),
      );
      if (!id) throw taken('branch');
      return {
        message: SETUP_MESSAGES.branches.added,
        item: present({ id, ...row, parentId: batch.id, parentName: batch.name }),
      };
    },
  );

  // The spec's CSV upload resolves each row's names to ids with these (null: no such name).
  app.post(
    API.setup.degreeId,
    { onRequest, schema: { tags, body: degreeIdBody, response: { 200: degreeIdAnswer } } },
    async (request) => ({
      degreeId: await repo.degreeIdByName(
        db,
        adminCollegeId(currentUser(request), request.body.collegeId),
        request.body.degreeName,
      ),
    }),
  );
  app.post(
    API.setup.batchId,
    { onRequest, schema: { tags, body: batchIdBody, response: { 200: batchIdAnswer } } },
    async (request) => ({
      batchId: await repo.batchIdByName(
        db,
        adminCollegeId(currentUser(request), request.body.collegeId),
        request.body.degreeId,
        request.body.batchName,
      ),
    }),
  );
  app.post(
    API.setup.branchId,
    { onRequest, schema: { tags, body: branchIdBody, response: { 200: branchIdAnswer } } },
    async (request) => ({
      branchId: await repo.branchIdByName(
        db,
        adminCollegeId(currentUser(request), request.body.collegeId),
        request.body.batchId,
        request.body.branchName,
      ),
    }),
  );
};
