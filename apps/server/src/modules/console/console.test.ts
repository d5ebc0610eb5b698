import { API, type ConsoleCollege } from '@alumnet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

describe('super-admin console (/admin46478)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let superAdmin: string;
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = superAdmin,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
  const colleges = async () => (await send('GET', API.console.colleges)).json() as ConsoleCollege[];

  beforeAll(async () => {
    t = await buildTestApp();
    superAdmin = (await loginAs(t.app, 'super@demo.alumnet.dev')).cookie;
  });
  afterAll(() => t.close());

  it('creates and renames a college; names stay unique', async () => {
    const created = await send('POST', API.console.colleges, { name: 'Hillside Polytechnic' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Hillside Polytechnic was created.');
    const again = await send('POST', API.console.colleges, { name: 'Hillside Polytechnic' });
    expect(again.statusCode).toBe(409);
    const blank = await send('POST', API.console.colleges, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('College name is required');

    const hillside = (await colleges()).find((c) => c.name === 'Hillside Polytechnic')!;
    expect(hillside).toMatchObject({ memberCount: 0, admins: [] });
    const renamed = await send('PUT', API.console.college(hillside._id), {
      name: 'Hillside Polytechnic College',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await colleges()).map((c) => c.name)).toContain('Hillside Polytechnic College');
    const clash = await send('PUT', API.console.college(hillside._id), {
      name: 'Alumnet Institute of Technology',
    });
    expect(clash.statusCode).toBe(409);
    // The public college list (sign-up) shows it at once.
    const publicList = await t.app.inject({ url: API.colleges.fetch });
    expect(publicList.json().map((c: { name: string }) => c.name)).toContain(
      'Hillside Polytechnic College',
    );
  });

  it('adds an admin with a one-time password by e-mail, who must then set their own', async () => {
    const hillside = (await colleges()).find((c) => c.name.startsWith('Hillside'))!;
    const added = await send('POST', API.console.admins(hillside._id), {
      fullName: 'Farah Khan',
      email: 'Farah.Khan@Hillside.example',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await colleges()).find((c) => c._id === hillside._id)!.admins).toEqual([
      { _id: expect.any(String), fullName: 'Farah Khan', email: 'farah.khan@hillside.example' },
    ]);
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'farah.khan@hillside.example'));
    const password = /Password: (\S+)/.exec(mail!.body)![1]!;
    const login = await t.app.inject({
      method: 'POST',
      url: API.auth.login,
      payload: { userName: 'farah.khan@hillside.example', password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({
      userType: 'a',
      mustChangePassword: true,
      collegeId: hillside._id,
    });

    const twice = await send('POST', API.console.admins(hillside._id), {
      fullName: 'F',
      email: 'farah.khan@hillside.example',
    });
    expect(twice.statusCode).toBe(409);
    const elsewhere = await send('POST', API.console.admins(hillside._id), {
      fullName: 'M',
      email: 'member@demo.alumnet.dev',
    });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('makes a member an admin of their own college, and removes admins', async () => {
    const aitCollege = (await colleges()).find(
      (c) => c.name === 'Alumnet Institute of Technology',
    )!;
    const promoted = await send('POST', API.console.admins(aitCollege._id), {
      fullName: 'ignored',
      email: 'member2@demo.alumnet.dev',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, 'member2@demo.alumnet.dev'));
    expect(row!.userType).toBe('a');

    const removed = await send('DELETE', API.console.admin(row!.id));
    expect(removed.statusCode).toBe(200);
    const [after] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, row!.id)));
    expect(after!.userType).toBe('u');
    const [me] = await t.db.select().from(users).where(eq(users.email, 'super@demo.alumnet.dev'));
    expect((await send('DELETE', API.console.admin(me!.id))).statusCode).toBe(400);
  });

  it('is for super admins only', async () => {
    const admin = (await loginAs(t.app, 'admin@demo.alumnet.dev')).cookie;
    const member = (await loginAs(t.app, 'member@demo.alumnet.dev')).cookie;
    expect((await send('GET', API.console.colleges, undefined, '')).statusCode).toBe(401);
    expect((await send('GET', API.console.colleges, undefined, member)).statusCode).toBe(403);
    expect((await send('GET', API.console.colleges, undefined, admin)).statusCode).toBe(403);
    expect(
      (await send('POST', API.console.colleges, { name: 'Sneaky College' }, admin)).statusCode,
    ).toBe(403);
  });
});
