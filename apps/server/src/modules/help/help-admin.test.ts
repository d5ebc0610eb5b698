import { API, COMMUNITY_MESSAGES, HELP_PAGE_SIZE } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequests } from '../../db/schema';
import { buildRoleApp, expectedSuperAdminStatus, ROLES } from '../../test/roles';

let t: Awaited<ReturnType<typeof buildRoleApp>>;
let anyId: string;

beforeAll(async () => {
  t = await buildRoleApp();
  const [row] = await t.db.select({ id: helpRequests.id }).from(helpRequests).limit(1);
  anyId = row!.id;
});
afterAll(() => t.close());

describe('who may read and update help requests', () => {
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const expected = expectedSuperAdminStatus(role);
      const list = await t.call(role, 'POST', API.community.fetchHelpRequests, { page: 1 });
      expect(list.statusCode, list.body).toBe(expected);
      const update = await t.call(role, 'PUT', API.community.updateHelpStatus, {
        id: anyId,
        status: 'pending',
      });
      expect(update.statusCode, update.body).toBe(expected);
      if (role === 'member') expect(list.json().message).toBe('Super Admin rights required.');
    });
  }
});

describe('POST /api/dashboard/fetchHelpRequests', () => {
  it('pages the requests newest first with the totals', async () => {
    for (let i = 0; i < HELP_PAGE_SIZE; i++)
      await t.db.insert(helpRequests).values({
        fullName: `Asker ${i}`,
        email: `asker${i}@example.com`,
        query: `Question ${i}`,
      });
    const total = await t.db.$count(helpRequests);
    const page1 = await t.call('superAdmin', 'POST', API.community.fetchHelpRequests, { page: 1 });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.totalRequests).toBe(total);
    expect(body.totalPages).toBe(Math.ceil(total / HELP_PAGE_SIZE));
    expect(body.helpRequests).toHaveLength(HELP_PAGE_SIZE);
    const first = body.helpRequests[0];
    expect(Object.keys(first).sort()).toEqual(
      ['_id', 'createdAt', 'email', 'fullName', 'phone', 'query', 'status'].sort(),
    );
    const times = body.helpRequests.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const page2 = await t.call('superAdmin', 'POST', API.community.fetchHelpRequests, { page: 2 });
    expect(page2.json().helpRequests.length).toBe(total - HELP_PAGE_SIZE);
  });

  it('refuses a page below 1 with a readable message', async () => {
    const response = await t.call('superAdmin', 'POST', API.community.fetchHelpRequests, {
      page: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Page starts at 1');
  });
});

describe('PUT /api/help/update-status', () => {
  it('closes and reopens a request, answering the row and the toast text', async () => {
    const closed = await t.call('superAdmin', 'PUT', API.community.updateHelpStatus, {
      id: anyId,
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().message).toBe(COMMUNITY_MESSAGES.helpClosed);
    expect(closed.json().helpRequest).toMatchObject({ _id: anyId, status: 'closed' });
    const reopened = await t.call('superAdmin', 'PUT', API.community.updateHelpStatus, {
      id: anyId,
      status: 'pending',
    });
    expect(reopened.json().message).toBe(COMMUNITY_MESSAGES.helpReopened);
    expect(reopened.json().helpRequest.status).toBe('pending');
  });

  it('answers 404 for an unknown id and 400 for a bad status', async () => {
    const missing = await t.call('superAdmin', 'PUT', API.community.updateHelpStatus, {
      id: '00000000-0000-4000-8000-000000000000',
      status: 'closed',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COMMUNITY_MESSAGES.helpNotFound);
    const bad = await t.call('superAdmin', 'PUT', API.community.updateHelpStatus, {
      id: anyId,
      status: 'done',
    });
    expect(bad.statusCode).toBe(400);
  });
});
