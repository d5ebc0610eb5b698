import { randomUUID } from 'node:crypto';
import {
  commentsPage,
  FEED_COMMENTS_SHOWN,
  jobsFetchAnswer,
  postList,
  type CommentsPage,
  type PostComment,
} from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_COMMENT_CURSOR } from '../../lib/comment-cursor';
import { buildTestApp, loginAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof loginAs>>;

/**
 * Issue 32: a post or job in a page carries its newest 3 comments and their count, and the
 * thread pages in 20 at a time, newest first, whatever its length.
 */
describe('comments of a feed page', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let meera: Session; // demo member
  let rahul: Session; // same college, another batch and branch
  let olivia: Session; // the second college

  const post = (url: string, payload: object, s: Session) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: s.cookie } });
  const get = (url: string, s: Session) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: s.cookie } });

  /**
   * `n` comments on the thread, one a second back from now, written straight to the table so a
   * test need not pass the rate limits; the 5 oldest share one instant, so ties go by id.
   */
  const seedComments = async (table: 'post_comments' | 'job_comments', id: string, n: number) => {
    const column = table === 'post_comments' ? sql`post_id` : sql`job_id`;
    await t.db.execute(sql`
      INSERT INTO ${sql.raw(table)} (${column}, user_id, comment, created_at)
      SELECT ${id}, ${rahul.user._id}, 'comment ' || i,
             now() - make_interval(secs => least(${n} - i, ${n} - 5) + 10)
        FROM generate_series(1, ${n}) AS i`);
  };

  /** Every page of a thread, following nextCursor; checks each page's shape and size. */
  const allPages = async (url: string, s: Session) => {
    const pages: CommentsPage[] = [];
    let before: string | null = null;
    do {
      const response = await get(before ? `${url}?before=${before}` : url, s);
      expect(response.statusCode, response.body).toBe(200);
      const page = commentsPage.parse(response.json());
      pages.push(page);
      before = page.nextCursor;
    } while (before && pages.length < 10);
    return pages;
  };
  const newestFirst = (comments: PostComment[]) =>
    [...comments].sort((a, b) =>
      a.createdAt === b.createdAt
        ? b._id.localeCompare(a._id)
        : b.createdAt.localeCompare(a.createdAt),
    );

  const expectError = (response: { statusCode: number; json: () => unknown }, code: number) => {
    expect(response.statusCode).toBe(code);
    expect(response.json()).toMatchObject({ statusCode: code, message: expect.any(String) });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    meera = await loginAs(t.app, 'member@demo.alumnet.dev');
    rahul = await loginAs(t.app, 'member2@demo.alumnet.dev');
    olivia = await loginAs(t.app, 'other@demo.alumnet.dev');
  });
  afterAll(() => t.close());

  describe('posts', () => {
    let postId: string;

    beforeAll(async () => {
      const added = await post(
        '/api/posts/add',
        { message: 'A popular post', accessLevel: 'college' },
        meera,
      );
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ comments: [], commentsCount: 0 });
      postId = added.json()._id;
      await seedComments('post_comments', postId, 25);
    });

    it('carries the newest 3 comments, oldest of them first, and the count', async () => {
      const response = await post('/api/posts/fetch', { accessLevel: 'all' }, meera);
      expect(response.statusCode).toBe(200);
      const page = postList.parse(response.json());
      const popular = page.find((p) => p._id === postId)!;
      expect(popular.commentsCount).toBe(25);
      expect(popular.comments.map((c) => c.comment)).toEqual([
        'comment 23',
        'comment 24',
        'comment 25',
      ]);
      // Every post of the page: no more than 3, and a count at least as big.
      for (const p of page) {
        expect(p.comments.length).toBeLessThanOrEqual(FEED_COMMENTS_SHOWN);
        expect(p.commentsCount).toBeGreaterThanOrEqual(p.comments.length);
      }
      const one = await get(`/api/posts/one/${postId}`, meera);
      expect(one.json()).toMatchObject({ commentsCount: 25, comments: popular.comments });
    });

    it('pages 20, then 5, newest first, with no duplicates and null at the end', async () => {
      const pages = await allPages(`/api/posts/${postId}/comments`, meera);
      expect(pages.map((p) => p.comments.length)).toEqual([20, 5]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const all = pages.flatMap((p) => p.comments);
      expect(new Set(all.map((c) => c._id)).size).toBe(25);
      expect(all).toEqual(newestFirst(all));
      expect(all[0]!.comment).toBe('comment 25');
      // The 5 oldest share one instant: all of them come, the tie broken by id.
      expect(new Set(all.slice(20).map((c) => c.comment))).toEqual(
        new Set(['comment 1', 'comment 2', 'comment 3', 'comment 4', 'comment 5']),
      );
      // The feed's 3 are the thread's newest 3.
      const feed = postList.parse(
        (await post('/api/posts/fetch', { accessLevel: 'college' }, meera)).json(),
      );
      expect(feed.find((p) => p._id === postId)!.comments).toEqual(all.slice(0, 3).reverse());
    });

    it('shows a new comment at once and counts it', async () => {
      const saved = await post('/api/posts/savecomment', { postId, comment: 'newest' }, meera);
      expect(saved.statusCode).toBe(200);
      const first = await get(`/api/posts/${postId}/comments`, meera);
      expect(first.json().comments[0]).toEqual(saved.json());
      const feed = postList.parse(
        (await post('/api/posts/fetch', { accessLevel: 'college' }, meera)).json(),
      );
      const p = feed.find((x) => x._id === postId)!;
      expect(p.commentsCount).toBe(26);
      expect(p.comments.at(-1)).toEqual(saved.json());
    });

    it('answers 404 for a post the member may not see, and an unknown one', async () => {
      expectError(await get(`/api/posts/${postId}/comments`, olivia), 404);
      expectError(await get(`/api/posts/${randomUUID()}/comments`, meera), 404);
      const hidden = await post(
        '/api/posts/add',
        { message: 'My branch only', accessLevel: 'branch' },
        rahul,
      );
      expectError(await get(`/api/posts/${hidden.json()._id}/comments`, meera), 404);
    });

    it.each([
      ['garbage', 'not a cursor!'],
      ['base64 of nonsense', Buffer.from('yesterday|42').toString('base64url')],
      ['a bad id', Buffer.from('2024-01-01T00:00:00.000000Z|nope').toString('base64url')],
      ['a bad time', Buffer.from(`2024-13-45T99:00:00Z|${randomUUID()}`).toString('base64url')],
    ])('answers 400 with readable text for %s', async (_name, before) => {
      const response = await get(
        `/api/posts/${postId}/comments?before=${encodeURIComponent(before)}`,
        meera,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID_COMMENT_CURSOR);
    });

    it('answers 401 when signed out', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/posts/${postId}/comments` });
      expect(response.statusCode).toBe(401);
    });

    it('costs a page the same with 1,000 comments as with 3', async () => {
      const fetchOne = async () => {
        const response = await post('/api/posts/fetch', { accessLevel: 'college' }, meera);
        return response.json().find((p: { _id: string }) => p._id === bigId);
      };
      const big = await post('/api/posts/add', { message: 'Viral', accessLevel: 'college' }, meera);
      const bigId: string = big.json()._id;
      await seedComments('post_comments', bigId, 3);
      const small = JSON.stringify(await fetchOne()).length;
      await seedComments('post_comments', bigId, 997);
      const large = await fetchOne();
      expect(large.commentsCount).toBe(1000);
      // Only the count's digits differ ("3" to "1000") and the 3 comments' own text.
      expect(Math.abs(JSON.stringify(large).length - small)).toBeLessThan(40);
    });

    // The count is stored and kept by the database (migration 0017), whichever way comments go.
    it("keeps the count through a removal, which only the comment's author still counts, and deletions", async () => {
      const created = await post(
        '/api/posts/add',
        { message: 'Counted', accessLevel: 'college' },
        meera,
      );
      const id: string = created.json()._id;
      await seedComments('post_comments', id, 10);
      const countFor = async (s: Session) => {
        const feed = postList.parse(
          (await post('/api/posts/fetch', { accessLevel: 'college' }, s)).json(),
        );
        return feed.find((p) => p._id === id)!.commentsCount;
      };
      expect([await countFor(meera), await countFor(rahul)]).toEqual([10, 10]);
      // An organiser's removal hides two of rahul's comments from everyone but rahul.
      await t.db.execute(sql`
        UPDATE post_comments SET removed_at = now()
         WHERE post_id = ${id} AND comment IN ('comment 1', 'comment 2')`);
      expect([await countFor(meera), await countFor(rahul)]).toEqual([8, 10]);
      // Deleting a removed one and a shown one (as an account's deletion does by cascade).
      await t.db.execute(sql`
        DELETE FROM post_comments WHERE post_id = ${id} AND comment IN ('comment 1', 'comment 3')`);
      expect([await countFor(meera), await countFor(rahul)]).toEqual([7, 8]);
    });
  });

  describe('jobs', () => {
    let jobId: string;
    const jobsPage = async (s: Session) => {
      const response = await post('/api/jobs/fetch', { page: 1 }, s);
      expect(response.statusCode).toBe(200);
      return jobsFetchAnswer.parse(response.json()).jobs;
    };

    beforeAll(async () => {
      const added = await post(
        '/api/jobs/add',
        {
          jobTitle: 'Busy job',
          jobContent: '<p>Everyone asks about it.</p>',
          jobCategory: 'Finance',
          accessLevel: 'college',
        },
        meera,
      );
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ comments: [], commentsCount: 0 });
      jobId = added.json().id;
      await seedComments('job_comments', jobId, 25);
    });

    it('carries the newest 3 comments, oldest of them first, and the count', async () => {
      const job = (await jobsPage(meera)).find((j) => j.id === jobId)!;
      expect(job.commentsCount).toBe(25);
      expect(job.comments.map((c) => c.comment)).toEqual([
        'comment 23',
        'comment 24',
        'comment 25',
      ]);
      const one = await get(`/api/jobs/one/${jobId}`, meera);
      expect(one.json()).toMatchObject({ commentsCount: 25, comments: job.comments });
    });

    it('pages 20, then 5, newest first, with no duplicates and null at the end', async () => {
      const pages = await allPages(`/api/jobs/${jobId}/comments`, meera);
      expect(pages.map((p) => p.comments.length)).toEqual([20, 5]);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const all = pages.flatMap((p) => p.comments);
      expect(new Set(all.map((c) => c._id)).size).toBe(25);
      expect(all).toEqual(newestFirst(all));
      const job = (await jobsPage(meera)).find((j) => j.id === jobId)!;
      expect(job.comments).toEqual(all.slice(0, 3).reverse());
    });

    it('shows a new comment first and counts it', async () => {
      const saved = await post('/api/jobs/savecomment', { jobId, comment: 'newest' }, rahul);
      expect(saved.statusCode).toBe(200);
      const first = await get(`/api/jobs/${jobId}/comments`, meera);
      expect(first.json().comments[0]).toEqual(saved.json());
      const job = (await jobsPage(meera)).find((j) => j.id === jobId)!;
      expect(job.commentsCount).toBe(26);
      expect(job.comments.at(-1)).toEqual(saved.json());
    });

    it('answers 404 for a job the member may not see, 400 for a bad cursor', async () => {
      expectError(await get(`/api/jobs/${jobId}/comments`, olivia), 404);
      expectError(await get(`/api/jobs/${randomUUID()}/comments`, meera), 404);
      const response = await get(`/api/jobs/${jobId}/comments?before=nope`, meera);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(INVALID_COMMENT_CURSOR);
    });
  });
});
