import { API } from '@alumnet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoleApp, expectedSuperAdminStatus, ROLES } from '../../test/roles';

let t: Awaited<ReturnType<typeof buildRoleApp>>;

beforeAll(async () => {
  t = await buildRoleApp();
});
afterAll(() => t.close());

type Row = { _id: string; createdAt: string; radioOption: string; username: string };

describe('who may read and send feedback', () => {
  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const list = await t.call(role, 'GET', API.community.feedback);
      expect(list.statusCode, list.body).toBe(expectedSuperAdminStatus(role));
      const send = await t.call(role, 'POST', API.community.feedback, {
        radioOption: 'other',
        input: `Hello from ${role}`,
      });
      expect(send.statusCode, send.body).toBe(role === 'visitor' ? 401 : 200);
    });
  }
});

describe('GET /api/feedback', () => {
  it('lists every type newest first by default, with the sender', async () => {
    const response = await t.call('superAdmin', 'GET', API.community.feedback);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Row[];
    expect(new Set(rows.map((r) => r.radioOption))).toEqual(
      new Set(['bug', 'feature', 'suggestion', 'other']),
    );
    const times = rows.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['_id', 'createdAt', 'fullName', 'input', 'radioOption', 'username'].sort(),
    );
  });

  it('sorts by date ascending and by type both ways; empty values mean the default', async () => {
    const asc = (
      await t.call(
        'superAdmin',
        'GET',
        `${API.community.feedback}?sortField=createdAt&sortOrder=asc`,
      )
    ).json() as Row[];
    expect(asc.map((r) => r.createdAt)).toEqual(asc.map((r) => r.createdAt).sort());
    const byType = (
      await t.call(
        'superAdmin',
        'GET',
        `${API.community.feedback}?sortField=radioOption&sortOrder=asc`,
      )
    ).json() as Row[];
    expect(byType.map((r) => r.radioOption)).toEqual(byType.map((r) => r.radioOption).sort());
    const byTypeDesc = (
      await t.call(
        'superAdmin',
        'GET',
        `${API.community.feedback}?sortField=radioOption&sortOrder=desc`,
      )
    ).json() as Row[];
    expect(byTypeDesc.map((r) => r.radioOption)).toEqual(
      byTypeDesc
        .map((r) => r.radioOption)
        .sort()
        .reverse(),
    );
    const blank = await t.call(
      'superAdmin',
      'GET',
      `${API.community.feedback}?sortField=&sortOrder=`,
    );
    expect(blank.statusCode).toBe(200);
  });

  it('refuses an unknown sort field', async () => {
    const bad = await t.call('superAdmin', 'GET', `${API.community.feedback}?sortField=input`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/feedback', () => {
  it('stores feedback as the signed-in member, whatever the body claims', async () => {
    const send = await t.call('member', 'POST', API.community.feedback, {
      radioOption: 'bug',
      input: 'The unique bug text',
      userId: t.users.superAdmin!._id,
    });
    expect(send.statusCode).toBe(200);
    const rows = (await t.call('superAdmin', 'GET', API.community.feedback)).json() as (Row & {
      input: string;
      fullName: string;
    })[];
    const mine = rows.find((r) => r.input === 'The unique bug text');
    expect(mine?.radioOption).toBe('bug');
    expect(mine?.username).not.toBe('');
  });

  it('refuses a blank message and an unknown type', async () => {
    const blank = await t.call('member', 'POST', API.community.feedback, {
      radioOption: 'bug',
      input: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Message is required');
    const type = await t.call('member', 'POST', API.community.feedback, {
      radioOption: 'praise',
      input: 'Hi',
    });
    expect(type.statusCode).toBe(400);
  });
});
