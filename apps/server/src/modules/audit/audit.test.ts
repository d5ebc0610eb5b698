import { API, AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage } from '@alumnet/contract';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, batches, branches, colleges, degrees, users } from '../../db/schema';
import { eventBodyOf } from '../../test/events';
import { buildRoleApp, type Role } from '../../test/roles';
import { question } from '../quiz/test-support';

type T = Awaited<ReturnType<typeof buildRoleApp>>;

describe('the audit log (issue 30)', () => {
  let t: T;
  let collegeA: string;
  let collegeB: string;

  beforeAll(async () => {
    t = await buildRoleApp();
    collegeA = t.users.admin!.collegeId;
    collegeB = t.users.otherAdmin!.collegeId;
  });
  afterAll(() => t.close());

  const read = async (role: Role, query = '') => {
    const response = await t.call(role, 'GET', `${API.audit}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuditPage;
  };
  const ids = async () =>
    new Set((await t.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id));
  /** Does the action and answers the entries it wrote (none, one or more). */
  const written = async (action: () => Promise<{ statusCode: number; body: string }>) => {
    const before = await ids();
    const response = await action();
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.db.select().from(auditLog);
    return rows.filter((row) => !before.has(row.id));
  };
  const memberOf = async (collegeId: string, where: Parameters<typeof and>[0]) => {
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.userType, 'u'), where))
      .limit(1);
    if (!row) throw new Error('no such demo member');
    return row;
  };
  const adminName = async (role: Role) => {
    const [row] = await t.db.select().from(users).where(eq(users.id, t.users[role]!._id));
    return row!.fullName;
  };
  const expectOne = async (
    entries: (typeof auditLog.$inferSelect)[],
    role: Role,
    want: Partial<typeof auditLog.$inferSelect>,
  ) => {
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: t.users[role]!._id,
      actorName: await adminName(role),
      ...want,
    });
  };

  describe('each admin action writes exactly one entry', () => {
    it('reject', async () => {
      const waiting = await memberOf(
        collegeA,
        and(eq(users.isApproved, false), eq(users.isRejected, false), eq(users.isRegistered, true)),
      );
      const entries = await written(() =>
        t.call('admin', 'POST', API.dashboard.reject, { userId: waiting.id, reason: 'Not found' }),
      );
      await expectOne(entries, 'admin', {
        action: 'member.reject',
        collegeId: collegeA,
        targetId: waiting.id,
        targetLabel: waiting.fullName,
        details: { reason: 'Not found' },
      });
      expect(entries[0]!.ip).toBeTruthy();
    });

    it('a refused action writes nothing', async () => {
      const registered = await memberOf(collegeA, eq(users.isRegistered, true));
      const before = await ids();
      const refused = await t.call('admin', 'POST', API.dashboard.deleteUser, {
        userId: registered.id,
      });
      expect(refused.statusCode).toBe(400);
      expect((await ids()).size).toBe(before.size);
    });

    it('delete', async () => {
      const imported = await memberOf(collegeA, eq(users.isRegistered, false));
      const entries = await written(() =>
        t.call('admin', 'POST', API.dashboard.deleteUser, { userId: imported.id }),
      );
      await expectOne(entries, 'admin', {
        action: 'member.delete',
        collegeId: collegeA,
        targetId: imported.id,
        targetLabel: imported.fullName,
      });
    });

    it('metadata', async () => {
      const row = await memberOf(collegeA, eq(users.newCollegeData, true));
      const [chain] = await t.db
        .select({ degreeId: degrees.id, batchId: batches.id, branchId: branches.id })
        .from(branches)
        .innerJoin(batches, eq(batches.id, branches.batchId))
        .innerJoin(degrees, eq(degrees.id, batches.degreeId))
        .where(eq(degrees.collegeId, collegeA))
        .limit(1);
      const entries = await written(() =>
        t.call('admin', 'POST', API.dashboard.updateUserMetadata, { userId: row.id, ...chain }),
      );
      await expectOne(entries, 'admin', {
        action: 'member.metadata',
        targetId: row.id,
        targetLabel: row.fullName,
        details: chain,
      });
    });

    it('dispatch: create, approve (dispatching an approve job), delete, download', async () => {
      const waiting = await memberOf(
        collegeA,
        and(
          eq(users.isApproved, false),
          eq(users.isRejected, false),
          eq(users.newCollegeData, false),
        ),
      );
      const addJob = (method: string) =>
        t.call('admin', 'POST', API.dashboard.addJob, {
          method,
          reqUserId: t.users.admin!._id,
          selectAll: false,
          userIds: [waiting.id],
        });
      let jobId = '';
      const created = await written(async () => {
        const response = await addJob('approve');
        jobId = response.json().job._id;
        return response;
      });
      await expectOne(created, 'admin', {
        action: 'dispatch.create',
        collegeId: collegeA,
        targetType: 'dispatch_job',
        targetId: jobId,
      });
      expect(created[0]!.targetLabel).toMatch(/^approve job of 1 member, /);

      const approved = await written(() => t.call('admin', 'POST', API.dashboard.dispatch(jobId)));
      await expectOne(approved, 'admin', {
        action: 'member.approve',
        targetId: jobId,
        details: { method: 'approve', count: 1 },
      });

      const downloaded = await written(() =>
        t.call('admin', 'GET', API.dashboard.download(`${jobId}-input.csv`)),
      );
      await expectOne(downloaded, 'admin', { action: 'export.download', targetId: jobId });

      let secondJob = '';
      await written(async () => {
        const response = await addJob('sms');
        secondJob = response.json().job._id;
        return response;
      });
      const deleted = await written(() =>
        t.call('admin', 'POST', API.dashboard.deleteJob(secondJob)),
      );
      await expectOne(deleted, 'admin', { action: 'dispatch.delete', targetId: secondJob });
    });

    it('import', async () => {
      const { cookie } = await t.loginAs('admin@demo.alumnet.dev');
      const entries = await written(() =>
        t.app.inject({
          method: 'POST',
          url: `${API.imports.upload}?fileName=audited.csv`,
          headers: { cookie, 'content-type': 'text/csv' },
          payload:
            'fullName,email,phoneCountryCode,phone,degreeName,batchName,branchName\nAudit Person,audit.person@upload.example,+91,9845099999,B.Tech,2018-2022,Computer Science\n',
        }),
      );
      await expectOne(entries, 'admin', {
        action: 'import.upload',
        collegeId: collegeA,
        targetLabel: 'audited.csv',
        details: { rows: 1, refused: 0 },
      });
    });

    it('a setup change, by the other college’s admin', async () => {
      const entries = await written(() =>
        t.call('otherAdmin', 'POST', API.setup.add('degrees'), {
          degreeName: 'Audit Degree',
          degreeDescription: 'Written by admin2',
        }),
      );
      await expectOne(entries, 'otherAdmin', {
        action: 'setup.change',
        collegeId: collegeB,
        targetType: 'degree',
        targetLabel: 'Audit Degree',
      });
    });

    it('a console change and a role change', async () => {
      const entries = await written(() =>
        t.call('superAdmin', 'POST', API.console.colleges, { name: 'Audit Polytechnic' }),
      );
      const [made] = await t.db
        .select()
        .from(colleges)
        .where(eq(colleges.name, 'Audit Polytechnic'));
      await expectOne(entries, 'superAdmin', {
        action: 'console.change',
        collegeId: made!.id,
        targetLabel: 'Audit Polytechnic',
      });
      const promoted = await written(() =>
        t.call('superAdmin', 'POST', API.console.admins(made!.id), {
          fullName: 'Audit Admin',
          email: 'audit.admin@example.com',
        }),
      );
      await expectOne(promoted, 'superAdmin', {
        action: 'role.change',
        collegeId: made!.id,
        targetType: 'user',
        targetLabel: 'Audit Admin',
      });
    });

    it('a group change', async () => {
      let groupId = '';
      const created = await written(async () => {
        const response = await t.call('admin', 'POST', API.groups.create, {
          name: 'Audited group',
          kind: 'open',
        });
        groupId = response.json().group.id;
        return response;
      });
      await expectOne(created, 'admin', {
        action: 'group.change',
        collegeId: collegeA,
        targetId: groupId,
        targetLabel: 'Audited group',
        details: { change: 'create', kind: 'open' },
      });
      const archived = await written(() =>
        t.call('admin', 'PUT', `/api/groups/${groupId}`, {
          name: 'Audited group',
          kind: 'open',
          archived: true,
        }),
      );
      await expectOne(archived, 'admin', {
        action: 'group.change',
        targetId: groupId,
        details: { change: 'archive' },
      });
    });

    it('an event change', async () => {
      let eventId = '';
      const created = await written(async () => {
        const response = await t.call(
          'admin',
          'POST',
          API.events.list,
          eventBodyOf({ title: 'Audited meet-up' }),
        );
        eventId = response.json().event.id;
        return response;
      });
      await expectOne(created, 'admin', {
        action: 'event.change',
        collegeId: collegeA,
        targetId: eventId,
        targetLabel: 'Audited meet-up',
        details: { change: 'create' },
      });
      const cancelled = await written(() => t.call('admin', 'POST', API.events.cancel(eventId)));
      await expectOne(cancelled, 'admin', {
        action: 'event.change',
        targetId: eventId,
        details: { change: 'cancel' },
      });
    });
  });

  describe('more admin actions', () => {
    it('mentoring: a topic added, the programme downloaded', async () => {
      const added = await written(() =>
        t.call('admin', 'POST', API.mentoring.topics, { name: 'Audited topic' }),
      );
      await expectOne(added, 'admin', {
        action: 'mentoring.change',
        collegeId: collegeA,
        targetLabel: 'Audited topic',
      });
      const downloaded = await written(() =>
        t.call('admin', 'GET', `${API.mentoring.programme}?format=csv`),
      );
      await expectOne(downloaded, 'admin', { action: 'export.download', collegeId: collegeA });
    });

    it('a quiz made', async () => {
      let quizId = '';
      const entries = await written(async () => {
        const response = await t.call('admin', 'POST', API.quizHost.quizzes, {
          title: 'Audited quiz',
          questions: [question('Where is the library?', 0)],
        });
        quizId = response.json()._id;
        return response;
      });
      await expectOne(entries, 'admin', {
        action: 'quiz.change',
        collegeId: collegeA,
        targetId: quizId,
        targetLabel: 'Audited quiz',
        details: { change: 'create' },
      });
    });
  });

  describe('reading it', () => {
    it('is for admins only', async () => {
      expect((await t.call('visitor', 'GET', API.audit)).statusCode).toBe(401);
      expect((await t.call('member', 'GET', API.audit)).statusCode).toBe(403);
      expect((await t.call('member', 'GET', `${API.audit}?format=csv`)).statusCode).toBe(403);
    });

    it('shows a college admin their own college only, whatever they ask for', async () => {
      const own = await read('admin');
      expect(own.total).toBeGreaterThan(0);
      expect(new Set(own.entries.map((e) => e.collegeId))).toEqual(new Set([collegeA]));
      expect(own.entries.map((e) => e.targetLabel)).not.toContain('Audit Degree');
      const asked = await read('admin', `?collegeId=${collegeB}`);
      expect(asked.entries.every((e) => e.collegeId === collegeA)).toBe(true);
      expect(asked.entries.map((e) => e.targetLabel)).not.toContain('Audit Degree');
      const other = await read('otherAdmin');
      expect(other.entries.map((e) => e.targetLabel)).toEqual(['Audit Degree']);
    });

    it('shows a super admin everything, or the college chosen', async () => {
      const all = await read('superAdmin');
      const colleges = new Set(all.entries.map((e) => e.collegeId));
      expect(colleges.has(collegeA) && colleges.has(collegeB)).toBe(true);
      expect(all.total).toBe(await t.db.$count(auditLog));
      const b = await read('superAdmin', `?collegeId=${collegeB}`);
      expect(b.entries.map((e) => e.targetLabel)).toEqual(['Audit Degree']);
    });

    it('newest first, filtered by actor, action and days, a page at a time', async () => {
      const all = await read('superAdmin');
      const times = all.entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);

      const name = await adminName('otherAdmin');
      const byActor = await read(
        'superAdmin',
        `?actor=${encodeURIComponent(name.slice(1, 5).toUpperCase())}`,
      );
      expect(byActor.entries.length).toBeGreaterThan(0);
      expect(byActor.entries.every((e) => e.actorName === name)).toBe(true);
      expect((await read('superAdmin', '?actor=%25')).total).toBe(0);

      const rejects = await read('admin', '?action=member.reject');
      expect(rejects.total).toBe(1);
      expect(rejects.entries[0]!.action).toBe('member.reject');

      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      // The demo's dispatch lines are from earlier days; this file's actions from today.
      const mine = await read('admin');
      expect(mine.total).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      const dayOf = (at: string) => new Date(at).toISOString().slice(0, 10);
      const earlier = mine.entries.filter((e) => dayOf(e.at) <= yesterday).length;
      expect(earlier).toBeGreaterThan(0);
      expect((await read('admin', `?from=${today}&to=${today}`)).total).toBe(mine.total - earlier);
      expect((await read('admin', `?to=${yesterday}`)).total).toBe(earlier);
      expect((await read('admin', `?from=${today}&to=${yesterday}`)).total).toBe(0);

      const bad = await t.call('admin', 'GET', `${API.audit}?from=26/11/2026`);
      expect(bad.statusCode).toBe(400);
      const badAction = await t.call('admin', 'GET', `${API.audit}?action=member.nothing`);
      expect(badAction.statusCode).toBe(400);

      const page2 = await read('superAdmin', '?page=2');
      expect(page2.pageSize).toBe(AUDIT_PAGE_SIZE);
      expect(page2.entries).toHaveLength(Math.max(0, all.total - AUDIT_PAGE_SIZE));
    });

    it('downloads every matching entry as CSV', async () => {
      const response = await t.call('admin', 'GET', `${API.audit}?format=csv&action=member.reject`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(
        /attachment; filename="audit-log-.*\.csv"/,
      );
      const rows = parse(response.body) as string[][];
      expect(rows[0]).toEqual([
        'at',
        'actorName',
        'action',
        'targetType',
        'targetLabel',
        'targetId',
        'collegeId',
        'ip',
        'details',
      ]);
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(1, 3)).toEqual([await adminName('admin'), 'member.reject']);
      const all = await t.call('superAdmin', 'GET', `${API.audit}?format=csv`);
      expect(parse(all.body)).toHaveLength((await t.db.$count(auditLog)) + 1);
    });

    it('cannot be edited or deleted, not even by SQL', async () => {
      await expect(
        t.db.execute(sql`UPDATE audit_log SET actor_name = 'someone else'`),
      ).rejects.toThrow();
      await expect(t.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
      const entries = (await read('superAdmin')).entries as AuditEntry[];
      expect(entries.some((e) => e.actorName === 'someone else')).toBe(false);
    });
  });
});
