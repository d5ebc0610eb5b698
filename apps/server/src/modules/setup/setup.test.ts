import { API, SETUP_MESSAGES, type SetupItem } from '@alumnet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges } from '../../db/schema';
import { SECOND_COLLEGE } from '../../db/seed/demo';
import { buildTestApp, loginAs } from '../../test/build';

describe('college setup (admin-area.md College setup page)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: string;
  let superAdmin: string;
  let member: string;
  let collegeId: string;
  let secondId: string;

  const post = (url: string, payload: object, cookie = admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const list = async (
    kind: 'degrees' | 'courses' | 'batches' | 'branches',
    cookie = admin,
    query = '',
  ) => {
    const response = await t.app.inject({
      url: `${API.setup.list(kind)}${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SetupItem[];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const session = await loginAs(t.app, 'admin@demo.alumnet.dev');
    admin = session.cookie;
    collegeId = session.user.collegeId;
    superAdmin = (await loginAs(t.app, 'super@demo.alumnet.dev')).cookie;
    member = (await loginAs(t.app, 'member@demo.alumnet.dev')).cookie;
    secondId = (await t.db.select().from(colleges).where(eq(colleges.name, SECOND_COLLEGE)))[0]!.id;
  });
  afterAll(() => t.close());

  it('adds a degree, a batch under it and a branch under that; sign-up sees them at once', async () => {
    const degree = await post(API.setup.add('degrees'), {
      degreeName: 'M.Sc',
      degreeDescription: 'Master of Science',
    });
    expect(degree.statusCode, degree.body).toBe(200);
    expect(degree.json()).toMatchObject({
      message: SETUP_MESSAGES.degrees.added,
      item: { name: 'M.Sc' },
    });
    const degreeId = degree.json().item._id;

    const batch = await post(API.setup.add('batches'), {
      degreeId,
      batchName: '2019-2021',
      batchDescription: 'Two-year programme',
    });
    expect(batch.json()).toMatchObject({
      message: SETUP_MESSAGES.batches.added,
      item: { name: '2019-2021', parentId: degreeId, parentName: 'M.Sc' },
    });
    const branch = await post(API.setup.add('branches'), {
      batchId: batch.json().item._id,
      branchName: 'Data Science',
      branchDescription: 'Statistics and machine learning',
    });
    expect(branch.json().message).toBe(SETUP_MESSAGES.branches.added);
    const course = await post(API.setup.add('courses'), {
      courseName: 'Deep Learning',
      courseDescription: 'Elective',
    });
    expect(course.json().message).toBe(SETUP_MESSAGES.courses.added);

    expect((await list('degrees')).map((d) => d.name)).toContain('M.Sc');
    expect((await list('branches')).find((b) => b._id === branch.json().item._id)).toMatchObject({
      name: 'Data Science',
      parentName: '2019-2021',
    });
    expect((await list('courses')).map((c) => c.name)).toContain('Deep Learning');
    // The sign-up form's public lookups read the same tables.
    const signupDegrees = await t.app.inject({
      method: 'POST',
      url: API.colleges.degrees,
      payload: { collegeId },
    });
    expect(signupDegrees.json().map((d: { degreeName: string }) => d.degreeName)).toContain('M.Sc');

    // The CSV upload's per-row calls resolve the names to the same ids.
    const ids = await post(API.setup.degreeId, { collegeId, degreeName: 'M.Sc' });
    expect(ids.json()).toEqual({ degreeId });
    const batchId = await post(API.setup.batchId, { collegeId, degreeId, batchName: '2019-2021' });
    expect(batchId.json()).toEqual({ batchId: batch.json().item._id });
    const branchId = await post(API.setup.branchId, {
      collegeId,
      batchId: batch.json().item._id,
      branchName: 'Data Science',
    });
    expect(branchId.json()).toEqual({ branchId: branch.json().item._id });
    expect((await post(API.setup.degreeId, { collegeId, degreeName: 'Ph.D' })).json()).toEqual({
      degreeId: null,
    });
  });

  it('requires name and description, refuses duplicates and parents of other colleges', async () => {
    const blank = await post(API.setup.add('degrees'), {
      degreeName: 'MBA',
      degreeDescription: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Degree description is required');
    const twice = await post(API.setup.add('courses'), {
      courseName: 'Deep Learning',
      courseDescription: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    const otherDegree = (await list('degrees', superAdmin, `?collegeId=${secondId}`))[0]!;
    const foreign = await post(API.setup.add('batches'), {
      degreeId: otherDegree._id,
      batchName: '2030-2034',
      batchDescription: 'x',
    });
    expect(foreign.statusCode).toBe(400);
    const noParent = await post(API.setup.add('branches'), {
      branchName: 'X',
      branchDescription: 'Y',
    });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().message).toBe('Choose the batch of this branch');
  });

  it('lets a super admin set up any college, a college admin only their own', async () => {
    const added = await post(
      API.setup.add('degrees'),
      { collegeId: secondId, degreeName: 'B.Ed', degreeDescription: 'Bachelor of Education' },
      superAdmin,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (await list('degrees', superAdmin, `?collegeId=${secondId}`)).map((d) => d.name),
    ).toContain('B.Ed');
    const refused = await post(API.setup.add('degrees'), {
      collegeId: secondId,
      degreeName: 'X',
      degreeDescription: 'Y',
    });
    expect(refused.statusCode).toBe(403);
    const otherList = await t.app.inject({
      url: `${API.setup.list('degrees')}?collegeId=${secondId}`,
      headers: { cookie: admin },
    });
    expect(otherList.statusCode).toBe(403);
    const byMember = await post(
      API.setup.add('courses'),
      { courseName: 'X', courseDescription: 'Y' },
      member,
    );
    expect(byMember.statusCode).toBe(403);
    const visitor = await t.app.inject({ url: API.setup.list('courses') });
    expect(visitor.statusCode).toBe(401);
    const lookup = await post(
      API.setup.degreeId,
      { collegeId: secondId, degreeName: 'B.Ed' },
      member,
    );
    expect(lookup.statusCode).toBe(403);
  });
});
