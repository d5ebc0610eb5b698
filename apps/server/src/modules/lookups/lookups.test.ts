import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COLLEGE, SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Six intakes (2012 to 2022, every two years) for each degree.
const BTECH_BATCHES = [
  '2012-2016',
  '2014-2018',
  '2016-2020',
  '2018-2022',
  '2020-2024',
  '2022-2026',
];
const BTECH_BRANCHES = [
  'Civil',
  'Computer Science',
  'Electrical',
  'Electronics and Communication',
  'Mechanical',
];

// Collation decides the order of names like 'M.Tech' and 'MBA', so lists are compared sorted.
const sortedNames = <T>(list: T[], key: keyof T) => list.map((item) => String(item[key])).sort();

describe('lookups', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let demoId: string;
  let secondId: string;
  let btechId: string;
  let btechBatchId: string;
  let secondDegreeId: string;

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const expectBadRequest = (response: Awaited<ReturnType<typeof post>>, message: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: message, message });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const colleges = (await t.app.inject('/api/colleges/fetch')).json() as {
      _id: string;
      name: string;
    }[];
    demoId = colleges.find((c) => c.name === DEMO_COLLEGE)!._id;
    secondId = colleges.find((c) => c.name === SECOND_COLLEGE)!._id;
    const degrees = (await post('/api/colleges/degrees/fetch', { collegeId: demoId })).json();
    btechId = degrees.find((d: { degreeName: string }) => d.degreeName === 'B.Tech')._id;
    const batches = (
      await post('/api/colleges/batches/fetch', { collegeId: demoId, degreeId: btechId })
    ).json();
    btechBatchId = batches.find((b: { batchName: string }) => b.batchName === '2016-2020')._id;
    secondDegreeId = (await post('/api/colleges/degrees/fetch', { collegeId: secondId })).json()[0]
      ._id;
  });
  afterAll(() => t.close());

  describe('colleges', () => {
    it.each(['/api/colleges/fetch', '/api/colleges/names-and-ids'])(
      'GET %s lists both colleges',
      async (url) => {
        const response = await t.app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=60');
        expect(response.json()).toEqual([
          { _id: expect.stringMatching(UUID), name: DEMO_COLLEGE },
          { _id: expect.stringMatching(UUID), name: SECOND_COLLEGE },
        ]);
        expect(response.json().map((c: { _id: string }) => c._id)).toEqual([demoId, secondId]);
      },
    );
  });

  describe('POST /api/colleges/degrees/fetch', () => {
    it("lists a college's degrees", async () => {
      const demo = await post('/api/colleges/degrees/fetch', { collegeId: demoId });
      expect(demo.statusCode).toBe(200);
      expect(demo.json()[0]).toEqual({
        _id: expect.stringMatching(UUID),
        degreeName: expect.any(String),
      });
      expect(sortedNames(demo.json(), 'degreeName')).toEqual(['B.Tech', 'M.Tech', 'MBA']);
      const second = await post('/api/colleges/degrees/fetch', { collegeId: secondId });
      expect(sortedNames(second.json(), 'degreeName')).toEqual(['B.A.', 'B.Sc.']);
    });

    it('refuses a collegeId that is not an id, or none', async () => {
      expectBadRequest(
        await post('/api/colleges/degrees/fetch', { collegeId: 'abc' }),
        'Invalid id',
      );
      expectBadRequest(await post('/api/colleges/degrees/fetch', {}), 'Invalid id');
    });
  });

  describe('POST /api/colleges/batches/fetch', () => {
    it("lists a degree's batches", async () => {
      const response = await post('/api/colleges/batches/fetch', {
        collegeId: demoId,
        degreeId: btechId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()[0]).toEqual({
        _id: expect.stringMatching(UUID),
        batchName: expect.any(String),
        degreeName: 'B.Tech',
      });
      expect(sortedNames(response.json(), 'batchName')).toEqual(BTECH_BATCHES);
    });

    it('lists nothing for a degree of another college', async () => {
      const response = await post('/api/colleges/batches/fetch', {
        collegeId: demoId,
        degreeId: secondDegreeId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it("answers no body at all with the signed-in member's own college's batches", async () => {
      const allDemo = (await post('/api/colleges/batches/fetch', { collegeId: demoId })).json();
      expect(allDemo).toHaveLength(18);

      const member = await loginAs(t.app, 'member@demo.alumnet.dev');
      const response = await post('/api/colleges/batches/fetch', undefined, member.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(allDemo);

      const other = await loginAs(t.app, 'other@demo.alumnet.dev');
      const second = (await post('/api/colleges/batches/fetch', undefined, other.cookie)).json();
      expect(second).toHaveLength(12);
      expect(second).toEqual(
        (await post('/api/colleges/batches/fetch', { collegeId: secondId })).json(),
      );
    });

    it('refuses no body at all from a visitor', async () => {
      expectBadRequest(
        await post('/api/colleges/batches/fetch'),
        'collegeId or degreeId is required',
      );
      expectBadRequest(
        await post('/api/colleges/batches/fetch', {}),
        'collegeId or degreeId is required',
      );
    });

    it('refuses ids that are not ids', async () => {
      expectBadRequest(
        await post('/api/colleges/batches/fetch', { collegeId: 'abc' }),
        'Invalid id',
      );
      expectBadRequest(
        await post('/api/colleges/batches/fetch', { collegeId: demoId, degreeId: '1' }),
        'Invalid id',
      );
    });
  });

  describe('POST /api/colleges/branches/fetch', () => {
    it("lists a batch's branches, with or without the collegeId", async () => {
      const withCollege = await post('/api/colleges/branches/fetch', {
        collegeId: demoId,
        batchId: btechBatchId,
      });
      expect(withCollege.statusCode).toBe(200);
      expect(withCollege.json()[0]).toEqual({
        _id: expect.stringMatching(UUID),
        branchName: expect.any(String),
      });
      expect(sortedNames(withCollege.json(), 'branchName')).toEqual(BTECH_BRANCHES);

      const batchOnly = await post('/api/colleges/branches/fetch', { batchId: btechBatchId });
      expect(batchOnly.statusCode).toBe(200);
      expect(batchOnly.json()).toEqual(withCollege.json());
    });

    it('lists nothing when the batch belongs to another college', async () => {
      const response = await post('/api/colleges/branches/fetch', {
        collegeId: secondId,
        batchId: btechBatchId,
      });
      expect(response.json()).toEqual([]);
    });

    it('refuses a missing or malformed batchId', async () => {
      expectBadRequest(
        await post('/api/colleges/branches/fetch', { collegeId: demoId }),
        'Invalid id',
      );
      expectBadRequest(await post('/api/colleges/branches/fetch', { batchId: 'x' }), 'Invalid id');
    });
  });

  describe('countries and cities', () => {
    it('GET /api/users/countries lists every country', async () => {
      const response = await t.app.inject('/api/users/countries');
      expect(response.statusCode).toBe(200);
      const countries = response.json() as { _id: string; countryName: string }[];
      expect(countries.length).toBeGreaterThanOrEqual(240);
      expect(countries.length).toBeLessThanOrEqual(260);
      expect(countries).toContainEqual({ _id: 'IN', countryName: 'India' });
      expect(countries).toContainEqual({ _id: 'DE', countryName: 'Germany' });
      expect(new Set(countries.map((c) => c._id)).size).toBe(countries.length);
    });

    it("POST /api/users/cities lists a country's cities under both names", async () => {
      const response = await post('/api/users/cities', { countryId: 'IN' });
      expect(response.statusCode).toBe(200);
      const cities = response.json() as { _id: string; cityName: string; city: string }[];
      expect(cities.length).toBeGreaterThan(1000);
      const misshapen = cities.filter(
        (c) => Object.keys(c).sort().join() !== '_id,city,cityName' || c.city !== c.cityName,
      );
      expect(misshapen).toEqual([]);
      expect(cities).toContainEqual({
        _id: expect.stringMatching(/^\d+$/),
        cityName: 'Bengaluru',
        city: 'Bengaluru',
      });
      expect(cities.map((c) => c.cityName)).not.toContain('Berlin');
    });

    it('reads the country code in any case and lists nothing for an unknown one', async () => {
      const lower = (await post('/api/users/cities', { countryId: 'sg' })).json();
      expect(lower).toContainEqual(expect.objectContaining({ cityName: 'Singapore' }));
      expect((await post('/api/users/cities', { countryId: 'ZZ' })).json()).toEqual([]);
    });

    it('refuses an empty countryId', async () => {
      expectBadRequest(
        await post('/api/users/cities', { countryId: '  ' }),
        'countryId is required',
      );
    });
  });
});
