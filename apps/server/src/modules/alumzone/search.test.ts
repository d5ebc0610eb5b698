import { ALUMNI_PAGE_SIZE, type AlumniSearchBody } from '@alumnet/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches, branches, cities, colleges, countries, users } from '../../db/schema';
import { DEMO_COLLEGE, SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;
type Person = Awaited<ReturnType<typeof everyone>>[number];

/** Every user with what the directory filters on, in the order the directory lists them. */
const everyone = (db: Awaited<ReturnType<typeof buildTestApp>>['db']) =>
  db
    .select({
      id: users.id,
      fullName: users.fullName,
      collegeId: users.collegeId,
      collegeName: colleges.name,
      batchId: users.batchId,
      batchName: batches.batchName,
      branchId: users.branchId,
      branchName: branches.branchName,
      countryId: users.locationCountryId,
      countryName: countries.countryName,
      cityId: users.locationCityId,
      cityName: cities.cityName,
      companyName: users.companyName,
      profilePic: users.profilePic,
      isEntrepreneur: users.isEntrepreneur,
      openToMentoring: users.openToMentoring,
      isApproved: users.isApproved,
      isRejected: users.isRejected,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .leftJoin(batches, eq(batches.id, users.batchId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(countries, eq(countries.id, users.locationCountryId))
    .leftJoin(cities, eq(cities.id, users.locationCityId))
    .orderBy(asc(users.fullName), asc(users.id));

describe('POST /api/alumzone/search', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let other: Session;
  let people: Person[];
  let meera: Person;
  /** The listed (approved, not rejected) members of the demo college, in directory order. */
  let demoListed: Person[];

  const search = (body: AlumniSearchBody | object, session: Session | null = member) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alumzone/search',
      payload: body,
      headers: session ? { cookie: session.cookie } : {},
    });

  /** Every page of a search, followed while the spec's Next rule says there is more. */
  async function searchAll(body: AlumniSearchBody, session: Session = member) {
    const found: { _id: string }[] = [];
    for (let pageId = 1; ; pageId++) {
      const response = await search({ ...body, pageId }, session);
      expect(response.statusCode).toBe(200);
      const answer = response.json() as { users: { _id: string }[]; totalResults: number };
      found.push(...answer.users);
      if (answer.totalResults <= pageId * ALUMNI_PAGE_SIZE) {
        expect(found).toHaveLength(answer.totalResults);
        return found.map((u) => u._id);
      }
    }
  }

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
    people = await everyone(t.db);
    meera = people.find((p) => p.id === member.user._id)!;
    demoListed = people.filter(
      (p) => p.collegeId === member.user.collegeId && p.isApproved && !p.isRejected,
    );
  });
  afterAll(() => t.close());

  it("lists the members of the caller's own college with the spec's fields", async () => {
    const response = await search({ searchText: 'Meera Menon' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      users: [
        {
          _id: member.user._id,
          fullName: 'Meera Menon',
          profilePic: null,
          collegeName: DEMO_COLLEGE,
          batchName: '2012-2016',
          branchName: 'Computer Science',
          locationCountry: 'India',
          locationCity: 'Bengaluru',
          companyName: 'Infosys',
          // Her own e-mail and phone: a member sees all of their own (issue 30).
          email: 'member@demo.alumnet.dev',
          phone: '+919000000003',
        },
      ],
      totalResults: 1,
    });
  });

  it("searches only the caller's college, whatever collegeId the body carries", async () => {
    const secondCollegeIds = new Set(
      people.filter((p) => p.collegeId === other.user.collegeId).map((p) => p.id),
    );
    expect(secondCollegeIds.size).toBeGreaterThan(10);

    for (const body of [{}, { collegeId: other.user.collegeId }]) {
      const response = await search(body);
      expect(response.json().totalResults).toBe(demoListed.length);
    }
    const found = await searchAll({ collegeId: other.user.collegeId });
    expect(found).toEqual(demoListed.map((p) => p.id));
    expect(found.filter((id) => secondCollegeIds.has(id))).toEqual([]);

    // A member of the second college by exact name: not found from the demo college.
    const olivia = await search({ collegeId: other.user.collegeId, searchText: 'Olivia Dsouza' });
    expect(olivia.json()).toEqual({ users: [], totalResults: 0 });
    // ...and the other way round.
    const fromSecond = await searchAll({ collegeId: member.user.collegeId }, other);
    expect(fromSecond.length).toBeGreaterThan(0);
    expect(fromSecond.every((id) => secondCollegeIds.has(id))).toBe(true);
    const meeraFromSecond = await search(
      { collegeId: member.user.collegeId, searchText: 'Meera Menon' },
      other,
    );
    expect(meeraFromSecond.json().totalResults).toBe(0);
    expect(people.find((p) => p.collegeId === other.user.collegeId)?.collegeName).toBe(
      SECOND_COLLEGE,
    );
  });

  it('lists neither members waiting for review nor rejected ones', async () => {
    const pending = people.find((p) => p.collegeId === member.user.collegeId && !p.isApproved);
    expect(pending).toBeDefined();
    const pendingAnswer = await search({ searchText: pending!.fullName });
    expect(pendingAnswer.json().users.map((u: { _id: string }) => u._id)).not.toContain(
      pending!.id,
    );

    const victim = demoListed.find((p) => p.id !== member.user._id)!;
    const before = await search({ searchText: victim.fullName });
    expect(before.json().users.map((u: { _id: string }) => u._id)).toContain(victim.id);
    await t.db.update(users).set({ isRejected: true }).where(eq(users.id, victim.id));
    try {
      const after = await search({ searchText: victim.fullName });
      expect(after.json().users.map((u: { _id: string }) => u._id)).not.toContain(victim.id);
      expect((await search({})).json().totalResults).toBe(demoListed.length - 1);
    } finally {
      await t.db.update(users).set({ isRejected: false }).where(eq(users.id, victim.id));
    }
  });

  it('finds names case-insensitively by any part', async () => {
    for (const text of ['MEE', 'mee', 'eRa MeN', 'menon']) {
      const response = await search({ searchText: text });
      const names = response.json().users.map((u: { fullName: string }) => u.fullName);
      expect(names).toContain('Meera Menon');
      const expected = demoListed.filter((p) =>
        p.fullName.toLowerCase().includes(text.toLowerCase()),
      );
      expect(response.json().totalResults).toBe(expected.length);
    }
    // A short fragment matching many: the whole set, in order.
    const expected = demoListed.filter((p) => p.fullName.toLowerCase().includes('an'));
    expect(expected.length).toBeGreaterThan(ALUMNI_PAGE_SIZE);
    expect(await searchAll({ searchText: 'an' })).toEqual(expected.map((p) => p.id));
  });

  it('takes % and _ in the search text literally', async () => {
    for (const text of ['%', '_', 'M%n', 'Mee_a']) {
      const response = await search({ searchText: text });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ users: [], totalResults: 0 });
    }
  });

  it.each<[string, (p: Person) => AlumniSearchBody, (p: Person, me: Person) => boolean]>([
    ['batch', (me) => ({ batch: me.batchId! }), (p, me) => p.batchId === me.batchId],
    ['branch', (me) => ({ branch: me.branchId! }), (p, me) => p.branchId === me.branchId],
    [
      'company, in any case',
      () => ({ companyName: 'iNFOSYS' }),
      (p) => p.companyName?.toLowerCase() === 'infosys',
    ],
    ['country', () => ({ locationCountry: 'IN' }), (p) => p.countryId === 'IN'],
    [
      'country and city',
      (me) => ({ locationCountry: 'IN', locationCity: String(me.cityId) }),
      (p, me) => p.cityId === me.cityId,
    ],
    ['entrepreneurs', () => ({ hasEntrepreneurExp: 'yes' }), (p) => p.isEntrepreneur],
    ['non-entrepreneurs', () => ({ hasEntrepreneurExp: 'no' }), (p) => !p.isEntrepreneur],
    ['mentors', () => ({ mentorship: 'yes' }), (p) => p.openToMentoring],
    ['non-mentors', () => ({ mentorship: 'no' }), (p) => !p.openToMentoring],
    [
      'batch, mentors and a name part',
      (me) => ({ batch: me.batchId!, mentorship: 'yes', searchText: 'a' }),
      (p, me) => p.batchId === me.batchId && p.openToMentoring && /a/i.test(p.fullName),
    ],
    [
      'company, country and entrepreneurs',
      () => ({ companyName: 'Google', locationCountry: 'US', hasEntrepreneurExp: 'no' }),
      (p) => p.companyName === 'Google' && p.countryId === 'US' && !p.isEntrepreneur,
    ],
  ])('narrows by %s', async (_name, body, keep) => {
    const expected = demoListed.filter((p) => keep(p, meera)).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(demoListed.length);
    expect(await searchAll(body(meera))).toEqual(expected);
  });

  it("treats '' as any", async () => {
    const response = await search({
      collegeId: '',
      locationCountry: '',
      locationCity: '',
      companyName: '',
      branch: '',
      batch: '',
      hasEntrepreneurExp: '',
      mentorship: '',
      searchText: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().totalResults).toBe(demoListed.length);
  });

  it('finds nothing for a batch of another college', async () => {
    const otherBatch = people.find((p) => p.collegeId === other.user.collegeId)!.batchId!;
    const response = await search({ batch: otherBatch });
    expect(response.json()).toEqual({ users: [], totalResults: 0 });
  });

  it('pages by 20 in name order with a constant total', async () => {
    const page1 = (await search({ pageId: 1 })).json();
    const page2 = (await search({ pageId: 2 })).json();
    expect(page1.users).toHaveLength(ALUMNI_PAGE_SIZE);
    expect(page2.users).toHaveLength(ALUMNI_PAGE_SIZE);
    expect(page1.totalResults).toBe(demoListed.length);
    expect(page2.totalResults).toBe(demoListed.length);
    const ids = [...page1.users, ...page2.users].map((u: { _id: string }) => u._id);
    expect(new Set(ids).size).toBe(2 * ALUMNI_PAGE_SIZE);
    expect(ids).toEqual(demoListed.slice(0, 2 * ALUMNI_PAGE_SIZE).map((p) => p.id));

    const last = Math.ceil(demoListed.length / ALUMNI_PAGE_SIZE);
    const lastPage = (await search({ pageId: last })).json();
    expect(lastPage.users.length).toBe(demoListed.length - (last - 1) * ALUMNI_PAGE_SIZE);
    expect((await search({ pageId: last + 1 })).json()).toEqual({
      users: [],
      totalResults: demoListed.length,
    });
  });

  it.each([
    [{ pageId: 0 }],
    [{ batch: 'not-an-id' }],
    [{ locationCity: 'Mumbai' }],
    [{ mentorship: 'maybe' }],
  ])('refuses %j with 400', async (body) => {
    const response = await search(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('finds no city for a city id beyond any stored one', async () => {
    const response = await search({ locationCity: '99999999999' });
    expect(response.json()).toEqual({ users: [], totalResults: 0 });
  });

  it('answers a signed-out caller with 401', async () => {
    const response = await search({}, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please log in to continue.');
  });
});

describe('POST /api/alumzone/search/companies', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let other: Session;

  const companies = (session: Session | null, body: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alumzone/search/companies',
      payload: body,
      headers: session ? { cookie: session.cookie } : {},
    });

  beforeAll(async () => {
    t = await buildTestApp();
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    other = await loginAs(t.app, 'other@demo.alumnet.dev');
  });
  afterAll(() => t.close());

  it("lists the distinct companies of the caller's college, sorted, without blanks", async () => {
    const people = await everyone(t.db);
    const demo = people.filter((p) => p.collegeId === member.user.collegeId);
    const second = people.filter((p) => p.collegeId === other.user.collegeId);
    // Make the data say something: a company only the second college has, a blank and a null in
    // the demo college, another spelling of a demo company, and a company only a member waiting
    // for review has.
    const listedDemo = demo.filter((p) => p.isApproved && !p.isRejected);
    const setCompany = (id: string, companyName: string | null) =>
      t.db.update(users).set({ companyName }).where(eq(users.id, id));
    await setCompany(second[1]!.id, 'Riverside Only Ltd');
    await setCompany(listedDemo[3]!.id, '   ');
    await setCompany(listedDemo[4]!.id, null);
    await setCompany(listedDemo[5]!.id, 'INFOSYS');
    await setCompany(demo.find((p) => !p.isApproved)!.id, 'Pending Corp');

    const rows = await t.db
      .select({ companyName: users.companyName })
      .from(users)
      .where(
        and(
          eq(users.collegeId, member.user.collegeId),
          eq(users.isApproved, true),
          eq(users.isRejected, false),
        ),
      );
    const spellings = rows.map((r) => r.companyName).filter((c): c is string => !!c?.trim());
    const expected = [...new Set(spellings.map((c) => c.toLowerCase()))].sort();
    expect(expected.length).toBeGreaterThan(5);

    const response = await companies(member, { collegeId: other.user.collegeId });
    expect(response.statusCode).toBe(200);
    const names: string[] = response.json();
    // One entry per name whatever its case, in a spelling a member used.
    expect(names.map((n) => n.toLowerCase())).toEqual(expected);
    expect(names.every((n) => spellings.includes(n))).toBe(true);
    expect(names.filter((n) => n.toLowerCase() === 'infosys')).toHaveLength(1);
    expect(expected).not.toContain('riverside only ltd');
    expect(expected).not.toContain('pending corp');

    const fromSecond: string[] = (await companies(other)).json();
    expect(fromSecond).toContain('Riverside Only Ltd');
    expect(fromSecond).not.toContain('Pending Corp');
  });

  it('answers a signed-out caller with 401', async () => {
    expect((await companies(null)).statusCode).toBe(401);
  });
});
