import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpRequests } from '../../db/schema';
import { buildTestApp } from '../../test/build';

const THANKS = 'Thank you! We received your message and will get back to you soon.';

describe('POST /api/help/add', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;

  // Help requests are limited to 10 a minute per IP; the limit's own test uses one address.
  let calls = 0;
  const nextIp = () => `10.6.0.${++calls}`;
  const add = (payload: object, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/help/add', payload, remoteAddress: ip });
  const countRequests = () => t.db.$count(helpRequests);
  const valid = {
    fullName: 'Priya Nair',
    email: 'Priya.Nair@Example.com',
    phone: '+91 98765-43210',
    query: 'I cannot find my batch in the sign-up form.',
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stores a request and thanks the sender', async () => {
    const before = await countRequests();
    const response = await add({ ...valid, fullName: '  Priya Nair ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: THANKS });

    expect(await countRequests()).toBe(before + 1);
    const rows = await t.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.email, 'priya.nair@example.com'));
    expect(rows).toEqual([
      {
        id: expect.any(String),
        fullName: 'Priya Nair',
        email: 'priya.nair@example.com',
        phone: '+91 98765-43210',
        query: 'I cannot find my batch in the sign-up form.',
        status: 'pending',
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('takes a request without a phone number', async () => {
    const response = await add({
      fullName: 'Arjun Das',
      email: 'arjun@example.com',
      query: 'How do I reset my password?',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(helpRequests)
      .orderBy(desc(helpRequests.createdAt))
      .limit(1);
    expect(row).toMatchObject({ fullName: 'Arjun Das', email: 'arjun@example.com', phone: null });
  });

  it.each([
    ['no name', { fullName: undefined }, 'Name is required'],
    ['a blank name', { fullName: '   ' }, 'Name is required'],
    ['no e-mail', { email: undefined }, 'Email is required'],
    ['an empty e-mail', { email: '' }, 'Email is required'],
    ['an e-mail without @', { email: 'priya.example.com' }, 'Invalid email format'],
    ['no message', { query: undefined }, 'Message is required'],
    ['a blank message', { query: ' \n ' }, 'Message is required'],
    ['a phone with letters', { phone: 'call me' }, 'Phone must be a number'],
  ])('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const before = await countRequests();
    const response = await add({ ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message, message });
    expect(await countRequests()).toBe(before);
  });

  it('answers the 11th request within a minute from one address with 429', async () => {
    const ip = '192.0.2.10';
    const before = await countRequests();
    for (let i = 0; i < 10; i++) expect((await add(valid, ip)).statusCode).toBe(200);
    const response = await add(valid, ip);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('Too many requests. Please wait a minute and try again.');
    expect(await countRequests()).toBe(before + 10);
  });
});
