import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;

const COUNTS = [
  ['/api/alumzone/search/alumnicount', 'nearbyAlumni'],
  ['/api/alumzone/search/batchmatesCount', 'batchmatesCount'],
  ['/api/alumzone/search/branchmatesCount', 'branchmatesCount'],
] as const;

describe('dashboard counts', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let member2: Session;

  const ask = (url: string, session: Session | null, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: session ? { cookie: session.cookie } : {},
    });
  const nearby = async (session: Session) =>
    (await ask(COUNTS[0][0], session, { userId: session.user._id })).json().nearbyAlumni;
  const updateProfile = (session: Session, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: body,
      headers: { cookie: session.cookie },
    });

  /** Listed members of the user's college sharing the column's value with the user. */
  async function expectedCount(userId: string, column: 'batchId' | 'branchId' | 'locationCityId') {
    const [me] = await t.db.select().from(users).where(eq(users.id, userId));
    const [row] = await t.db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.collegeId, me!.collegeId!),
          eq(users[column], me![column]!),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
          ne(users.id, userId),
        ),
      );
    return row!.n;
  }
  const cityId = async (countryId: string, cityName: string) => {
    const [row] = await t.db
      .select({ id: cities.id })
      .from(cities)
      .where(and(eq(cities.countryId, countryId), eq(cities.cityName, cityName)));
    return row!.id;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    member2 = await loginAs(t.app, 'member2@demo.alumnet.dev');
  });
  afterAll(() => t.close());

  it('counts batch mates and branch mates of the caller, not the caller', async () => {
    for (const session of [member, member2]) {
      const batch = await ask(COUNTS[1][0], session, { userId: session.user._id });
      expect(batch.statusCode).toBe(200);
      const batchmates = await expectedCount(session.user._id, 'batchId');
      expect(batchmates).toBeGreaterThan(0);
      expect(batch.json()).toEqual({ batchmatesCount: batchmates });

      const branch = await ask(COUNTS[2][0], session, {});
      const branchmates = await expectedCount(session.user._id, 'branchId');
      expect(branchmates).toBeGreaterThan(0);
      expect(branch.json()).toEqual({ branchmatesCount: branchmates });
    }
  });

  it("counts alumni in the caller's city", async () => {
    const expected = await expectedCount(member.user._id, 'locationCityId');
    expect(expected).toBeGreaterThan(0);
    const response = await ask(COUNTS[0][0], member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ nearbyAlumni: expected });
  });

  it('leaves out members who are not listed', async () => {
    const batchmates = (await ask(COUNTS[1][0], member)).json().batchmatesCount;
    const [me] = await t.db.select().from(users).where(eq(users.id, member.user._id));
    const [mate] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.batchId, me!.batchId!), eq(users.isApproved, true), ne(users.id, me!.id)))
      .limit(1);
    await t.db.update(users).set({ isRejected: true }).where(eq(users.id, mate!.id));
    try {
      expect((await ask(COUNTS[1][0], member)).json().batchmatesCount).toBe(batchmates - 1);
    } finally {
      await t.db.update(users).set({ isRejected: false }).where(eq(users.id, mate!.id));
    }
  });

  it("says 'update city' without a city, and counts again once the city is set", async () => {
    const cleared = await updateProfile(member2, { locationCountry: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await nearby(member2)).toBe('update city');

    const mumbai = await cityId('IN', 'Mumbai');
    const moved = await updateProfile(member2, {
      locationCountry: 'IN',
      locationCity: String(mumbai),
    });
    expect(moved.statusCode).toBe(200);
    const inMumbai = await expectedCount(member2.user._id, 'locationCityId');
    expect(await nearby(member2)).toBe(inMumbai);

    // Moving to Meera's city: she has one more alumnus near her, and so does the mover.
    const meeraBefore = await nearby(member);
    const bengaluru = await cityId('IN', 'Bengaluru');
    await updateProfile(member2, { locationCountry: 'IN', locationCity: String(bengaluru) });
    expect(await nearby(member)).toBe(meeraBefore + 1);
    expect(await nearby(member2)).toBe(meeraBefore + 1);
    expect(meeraBefore + 1).not.toBe(inMumbai);
  });

  it.each(COUNTS)('%s refuses to count for someone else', async (url) => {
    const response = await ask(url, member, { userId: member2.user._id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You can only act for yourself.');
  });

  it.each(COUNTS)('%s answers a signed-out caller with 401', async (url) => {
    const response = await ask(url, null, { userId: member.user._id });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please log in to continue.');
  });
});
