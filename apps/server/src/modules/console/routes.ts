import {
  addCollegeAdminBody,
  adminIdParams,
  API,
  collegeIdParams,
  collegeNameBody,
  consoleCollegeList,
  consoleMessage,
} from '@alumnet/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { credentialsEmail } from '../../mail/templates';
import { auditActor, recordAudit } from '../audit/record';
import { currentUser } from '../auth/plugin';
import * as repo from './repository';

/** `/admin46478` (PRODUCT.md): the super admins' console of colleges and their admins. */
export const consoleRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const tags = ['console'];
  const onRequest = app.requireSuperAdmin;
  const db = app.db;

  app.get(
    API.console.colleges,
    { onRequest, schema: { tags, response: { 200: consoleCollegeList } } },
    async () =>
      (await repo.collegesWithAdmins(db)).map((c) => ({
        _id: c.id,
        name: c.name,
        memberCount: c.memberCount,
        admins: c.admins.map((a) => ({ _id: a.id, fullName: a.fullName, email: a.email })),
      })),
  );

  app.post(
    API.console.colleges,
    { onRequest, schema: { tags, body: collegeNameBody, response: { 200: consoleMessage } } },
    async (request) => {
      const college = await db.transaction(async (tx) => {
        const added = await repo.insertCollege(tx, request.body.name);
        if (added)
          await recordAudit(tx, auditActor(request), {
            action: 'console.change',
            collegeId: added.id,
            targetType: 'college',
            targetId: added.id,
            targetLabel: added.name,
            details: { change: 'college.add' },
          });
        return added;
      });
      if (!college) throw conflict('A college with this name already exists.');
      return { message: `${college.name} was created.` };
    },
  );

  app.put(
    '/api/console/colleges/:collegeId',
    {
      onRequest,
      schema: {
        tags,
        params: collegeIdParams,
        body: collegeNameBody,
        response: { 200: consoleMessage },
      },
    },
    async (request) => {
      const { collegeId } = request.params;
      const result = await db.transaction(async (tx) => {
        const before = await repo.findCollege(tx, collegeId);
        const renamed = await repo.renameCollege(tx, collegeId, request.body.name);
        if (typeof renamed === 'object')
          await recordAudit(tx, auditActor(request), {
            action: 'console.change',
            collegeId,
            targetType: 'college',
            targetId: collegeId,
            targetLabel: request.body.name,
            details: { change: 'college.rename', from: before?.name ?? null },
          });
        return renamed;
      });
      if (result === 'missing') throw notFound('College not found.');
      if (result === 'taken') throw conflict('A college with this name already exists.');
      return { message: `The college is now called ${request.body.name}.` };
    },
  );

  /**
   * A new admin gets a one-time password by e-mail (the outbox without SMTP) and chooses their
   * own at the first login; a member of that college with this e-mail is made an admin instead.
   */
  app.post(
    '/api/console/colleges/:collegeId/admins',
    {
      onRequest,
      schema: {
        tags,
        params: collegeIdParams,
        body: addCollegeAdminBody,
        response: { 200: consoleMessage },
      },
    },
    async (request) => {
      const college = await repo.findCollege(db, request.params.collegeId);
      if (!college) throw notFound('College not found.');
      const { fullName, email } = request.body;
      const existing = await repo.findUserByEmail(db, email);
      if (existing) {
        if (existing.collegeId !== college.id)
          throw conflict('An account with this email already exists in another college.');
        if (existing.userType === 'a') throw conflict(`${existing.fullName} is already an admin.`);
        await db.transaction(async (tx) => {
          await repo.promoteToAdmin(tx, existing.id);
          await recordAudit(tx, auditActor(request), {
            action: 'role.change',
            collegeId: college.id,
            targetType: 'user',
            targetId: existing.id,
            targetLabel: existing.fullName,
            details: { change: 'admin.add', from: 'member', to: 'admin' },
          });
        });
        app.forgetSessions({ userIds: [existing.id] });
        return { message: `${existing.fullName} is now an admin of ${college.name}.` };
      }
      const password = randomBytes(9).toString('base64url');
      const username = `${email.split('@')[0]!.replace(/[^a-z0-9.]/g, '')}.${randomBytes(3).toString('hex')}`;
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await repo.insertAdmin(tx, {
          collegeId: college.id,
          fullName,
          email,
          username,
          passwordHash,
        });
        await recordAudit(tx, auditActor(request), {
          action: 'role.change',
          collegeId: college.id,
          targetType: 'user',
          targetId: id,
          targetLabel: fullName,
          details: { change: 'admin.add', from: null, to: 'admin', email },
        });
        return id;
      });
      await app.transports.email.send(
        {
          channel: 'email',
          to: email,
          ...credentialsEmail({
            fullName,
            collegeName: college.name,
            email,
            password,
            loginUrl: `${config.publicUrl}/login`,
          }),
          idempotencyKey: `admin:${userId}`,
          collegeId: college.id,
        },
        db,
      );
      return {
        message: `${fullName} is now an admin of ${college.name}; their one-time password is on its way.`,
      };
    },
  );

  app.delete(
    '/api/console/admins/:userId',
    { onRequest, schema: { tags, params: adminIdParams, response: { 200: consoleMessage } } },
    async (request) => {
      if (request.params.userId === currentUser(request).id)
        throw badRequest('You cannot remove yourself.');
      const removed = await db.transaction(async (tx) => {
        const demoted = await repo.demoteAdmin(tx, request.params.userId);
        if (demoted)
          await recordAudit(tx, auditActor(request), {
            action: 'role.change',
            collegeId: demoted.collegeId,
            targetType: 'user',
            targetId: demoted.id,
            targetLabel: demoted.fullName,
            details: { change: 'admin.remove', from: 'admin', to: 'member' },
          });
        return demoted;
      });
      if (!removed) throw notFound('Admin not found.');
      app.realtime.endSessions(removed.endedSessionIds);
      return { message: `${removed.fullName} is no longer an admin.` };
    },
  );
};
