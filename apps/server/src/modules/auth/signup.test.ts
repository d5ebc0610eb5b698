import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges, users } from '../../db/schema';
import { DEMO_COLLEGE, SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp } from '../../test/build';

type Chain = { collegeId: string; degreeId: string; batchId: string; branchId: string };

/** A sign-up under review has no password yet: login answers it as any wrong one. */
const BAD_CREDENTIALS = 'The e-mail, phone or password is not right.';
const BAD_STRUCTURE =
  'The selected degree, batch and branch do not belong to the selected college.';

describe('POST /api/auth/signup', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let demo: Chain;
  let second: Chain;
  /** A second batch and branch of the demo college's first degree, to mix up chains. */
  let demoOther: { batchId: string; branchId: string };

  // Sign-up is limited to 20 calls a minute per IP: each call comes from its own address.
  let calls = 0;
  const nextIp = () => `10.1.${Math.floor(++calls / 250)}.${(calls % 250) + 1}`;
  const post = (url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextIp() });
  const signup = (payload: unknown) => post('/api/auth/signup', payload);
  const countUsers = () => t.db.$count(users);

  async function firstChain(
    collegeName: string,
  ): Promise<{ chain: Chain; batches: { _id: string }[] }> {
    const list = (await t.app.inject('/api/colleges/fetch')).json() as {
      _id: string;
      name: string;
    }[];
    const collegeId = list.find((c) => c.name === collegeName)!._id;
    const degreeList = (await post('/api/colleges/degrees/fetch', { collegeId })).json();
    const degreeId = degreeList[0]._id as string;
    const batchList = (await post('/api/colleges/batches/fetch', { collegeId, degreeId })).json();
    const batchId = batchList[0]._id as string;
    const branchList = (await post('/api/colleges/branches/fetch', { collegeId, batchId })).json();
    return {
      chain: { collegeId, degreeId, batchId, branchId: branchList[0]._id },
      batches: batchList,
    };
  }

  const body = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Kavya',
    lastName: 'Iyer',
    email: 'kavya.iyer@example.org',
    phone: '9876500001',
    ...demo,
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const { chain, batches } = await firstChain(DEMO_COLLEGE);
    demo = chain;
    const otherBatchId = batches[1]!._id;
    const otherBranches = (
      await post('/api/colleges/branches/fetch', { batchId: otherBatchId })
    ).json();
    demoOther = { batchId: otherBatchId, branchId: otherBranches[0]._id };
    second = (await firstChain(SECOND_COLLEGE)).chain;
  });
  afterAll(() => t.close());

  it('stores a registered, not yet approved member and promises a review date', async () => {
    const before = await countUsers();
    const response = await signup(
      body({ firstName: '  Kavya ', email: 'Kavya.Iyer@Example.org', phone: ' 9876500001 ' }),
    );

    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      ok: true,
      message: 'Thank you for submitting your details.',
      reviewDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // The demo college reviews within 3 working days: a weekday 3 to 5 calendar days ahead.
    const today = new Date().toISOString().slice(0, 10);
    const daysAhead = (Date.parse(answer.reviewDate) - Date.parse(today)) / 86_400_000;
    expect(daysAhead).toBeGreaterThanOrEqual(3);
    expect(daysAhead).toBeLessThanOrEqual(5);
    expect([0, 6]).not.toContain(new Date(answer.reviewDate).getUTCDay());

    expect(await countUsers()).toBe(before + 1);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'kavya.iyer@example.org'));
    expect(row).toMatchObject({
      firstName: 'Kavya',
      lastName: 'Iyer',
      fullName: 'Kavya Iyer',
      phone: '9876500001',
      ...demo,
      isRegistered: true,
      isApproved: false,
      isRejected: false,
      passwordHash: null,
      userType: 'u',
      isSuperAdmin: false,
    });

    const login = await post('/api/auth/login', {
      userName: 'kavya.iyer@example.org',
      password: 'anything-at-all',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(BAD_CREDENTIALS);
    expect(login.cookies).toEqual([]);
  });

  it("promises the college's own review date", async () => {
    await t.db
      .update(colleges)
      .set({ reviewWorkingDays: 10 })
      .where(eq(colleges.name, SECOND_COLLEGE));
    const response = await signup(
      body({ ...second, email: 'slow.review@example.org', phone: '9876500002' }),
    );
    expect(response.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const daysAhead = (Date.parse(response.json().reviewDate) - Date.parse(today)) / 86_400_000;
    // 10 working days are two full weeks from a weekday, 12 or 13 days from a weekend day.
    expect(daysAhead).toBeGreaterThanOrEqual(12);
    expect(daysAhead).toBeLessThanOrEqual(14);
  });

  describe('validation, in the order the form checks', () => {
    const valid = () => body({ email: 'never.stored@example.org', phone: '9876509999' });
    const upTo = (keys: string[], overrides: Record<string, unknown> = {}) => {
      const all = valid() as Record<string, unknown>;
      return { ...Object.fromEntries(keys.map((k) => [k, all[k]])), ...overrides };
    };
    const names = ['firstName', 'lastName'];
    const contact = [...names, 'email', 'phone'];
    const cases: [string, () => unknown, string][] = [
      ['an empty body', () => ({}), 'First Name is required'],
      ['a blank first name', () => ({ ...valid(), firstName: '   ' }), 'First Name is required'],
      ['only a first name', () => upTo(['firstName']), 'Last Name is required'],
      ['only the names', () => upTo(names), 'Email is required'],
      ['an empty e-mail', () => upTo(names, { email: '' }), 'Email is required'],
      [
        'an e-mail without @',
        () => upTo(names, { email: 'kavya.example.org' }),
        'Invalid email format',
      ],
      [
        'an e-mail with a space',
        () => upTo(names, { email: 'kavya iyer@example.org' }),
        'Invalid email format',
      ],
      ['no phone', () => upTo([...names, 'email']), 'Phone is required'],
      ['a blank phone', () => upTo([...names, 'email'], { phone: '  ' }), 'Phone is required'],
      [
        'a phone with letters',
        () => upTo([...names, 'email'], { phone: '98765abc01' }),
        'Phone must be a number',
      ],
      [
        'a phone with a dash',
        () => upTo([...names, 'email'], { phone: '98765-00001' }),
        'Phone must be a number',
      ],
      ['no college', () => upTo(contact), 'College Name is required'],
      ['an empty college', () => upTo(contact, { collegeId: '' }), 'College Name is required'],
      ['no degree', () => upTo([...contact, 'collegeId']), 'Degree is required'],
      ['no batch', () => upTo([...contact, 'collegeId', 'degreeId']), 'Batch is required'],
      [
        'no branch',
        () => upTo([...contact, 'collegeId', 'degreeId', 'batchId']),
        'Branch is required',
      ],
      // Later fields wrong too: the first field in form order is the one reported.
      [
        'no last name and a bad phone',
        () => ({ ...valid(), lastName: '', phone: 'abc' }),
        'Last Name is required',
      ],
      [
        'a bad e-mail and no branch',
        () => ({ ...valid(), email: 'x', branchId: '' }),
        'Invalid email format',
      ],
      [
        'a college id that is not an id',
        () => ({ ...valid(), collegeId: 'college-1' }),
        'Invalid id',
      ],
    ];

    it.each(cases)('refuses %s', async (_label, make, message) => {
      const before = await countUsers();
      const response = await signup(make());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, error: message, message });
      expect(await countUsers()).toBe(before);
    });
  });

  it('refuses a degree, batch and branch that do not belong to the college', async () => {
    const mixed: Record<string, unknown>[] = [
      {
        collegeId: demo.collegeId,
        degreeId: second.degreeId,
        batchId: second.batchId,
        branchId: second.branchId,
      },
      { ...second, collegeId: demo.collegeId },
      { ...demo, branchId: demoOther.branchId },
      { ...demo, batchId: demoOther.batchId },
    ];
    const before = await countUsers();
    for (const chain of mixed) {
      const response = await signup(
        body({ ...chain, email: 'mixed@example.org', phone: '9876500003' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(BAD_STRUCTURE);
    }
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [
      'the same e-mail',
      { email: 'member@demo.alumnet.dev', phone: '9876500004' },
      'An account with this email already exists.',
    ],
    [
      'the same e-mail in another case',
      { email: 'Member@DEMO.alumnet.dev', phone: '9876500004' },
      'An account with this email already exists.',
    ],
    [
      'the same phone',
      { email: 'fresh.person@example.org', phone: '9000000003' },
      'An account with this phone number already exists.',
    ],
  ])('refuses %s as an existing account with 409', async (_label, contact, message) => {
    const before = await countUsers();
    const response = await signup(body(contact));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ statusCode: 409, error: message, message });
    expect(await countUsers()).toBe(before);
  });

  it('refuses a second sign-up with an e-mail that is still pending review', async () => {
    const response = await signup(body({ email: 'KAVYA.IYER@example.org', phone: '9876500005' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An account with this email already exists.');
  });

  it('answers a body that is not JSON with a readable 400', async () => {
    const before = await countUsers();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": "Kavya",',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'The request body is not valid JSON.',
      message: 'The request body is not valid JSON.',
    });
    expect(await countUsers()).toBe(before);
  });
});
