import { randomUUID } from 'node:crypto';
import { FEED_PAGE_SIZE, feedCursor, type Post } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from '../../test/build';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Session = Awaited<ReturnType<typeof loginAs>>;
interface Member {
  session: Session;
  id: string;
  collegeId: string;
  batchId: string;
  branchId: string;
}
type Level = 'college' | 'batch' | 'branch';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const NOT_YOURSELF = 'You can only act for yourself.';

describe('feed calls', () => {
  let t: TestApp;
  let meera: Member; // B.Tech 2012-2016, Computer Science
  let rahul: Member; // B.Tech 2014-2018, another branch
  let asha: Member; // B.Tech 2012-2016 like Meera, another branch
  let olivia: Member; // the second college

  const call = (url: string, payload: unknown, session?: Session) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: session ? { cookie: session.cookie } : {},
    });
  const fetchFeed = (m: Member, body: object = {}) => call('/api/posts/fetch', body, m.session);
  const feed = async (m: Member, body: object = {}) => {
    const response = await fetchFeed(m, body);
    expect(response.statusCode).toBe(200);
    return response.json() as Post[];
  };
  const add = (m: Member, body: object) => call('/api/posts/add', body, m.session);
  const addPost = async (m: Member, accessLevel: Level, message: string, extra: object = {}) => {
    const response = await add(m, { message, accessLevel, ...extra });
    expect(response.statusCode).toBe(200);
    return response.json() as Post;
  };
  const like = (m: Member, postId: string, extra: object = {}) =>
    call('/api/posts/updateLikes', { postId, ...extra }, m.session);
  const comment = (m: Member, postId: string, text: unknown, extra: object = {}) =>
    call('/api/posts/savecomment', { postId, comment: text, ...extra }, m.session);
  const expectError = (
    response: Awaited<ReturnType<typeof call>>,
    statusCode: number,
    message: string,
  ) => {
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toEqual({ statusCode, error: message, message });
  };
  const countRows = async (query: ReturnType<typeof sql>) =>
    (await t.db.execute<{ n: number }>(query)).rows[0]?.n;
  /** Posts whose likes_count differs from their post_likes rows. */
  const inconsistentLikeCounts = () =>
    countRows(sql`SELECT count(*)::int AS n FROM posts p
      WHERE p.likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)`);

  const member = async (email: string): Promise<Member> => {
    const session = await loginAs(t.app, email);
    const row = (
      await t.db.execute<{ batch_id: string; branch_id: string }>(
        sql`SELECT batch_id, branch_id FROM users WHERE id = ${session.user._id}`,
      )
    ).rows[0];
    if (!row) throw new Error(`no user ${email}`);
    return {
      session,
      id: session.user._id,
      collegeId: session.user.collegeId,
      batchId: row.batch_id,
      branchId: row.branch_id,
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    meera = await member('member@demo.alumnet.dev');
    rahul = await member('member2@demo.alumnet.dev');
    asha = await member('admin@demo.alumnet.dev');
    olivia = await member('other@demo.alumnet.dev');
    // The fixtures below rely on where the demo accounts sit.
    expect(asha.batchId).toBe(meera.batchId);
    expect(asha.branchId).not.toBe(meera.branchId);
    expect(rahul.batchId).not.toBe(meera.batchId);
    expect(rahul.collegeId).toBe(meera.collegeId);
    expect(olivia.collegeId).not.toBe(meera.collegeId);
  });
  afterAll(() => t.close());

  describe('demo posts', () => {
    it('show each demo member posts at every level, with images, likes and comments', async () => {
      for (const m of [meera, rahul]) {
        for (const level of ['college', 'batch', 'branch'] as const) {
          const page = await feed(m, { accessLevel: level });
          expect(page.length, `${level} posts`).toBeGreaterThanOrEqual(3);
          expect(page.every((p) => p.accessLevel === level)).toBe(true);
        }
      }
      const page = await feed(meera);
      expect(page).toHaveLength(FEED_PAGE_SIZE);
      expect(page.some((p) => p.comments.length > 0)).toBe(true);
      expect(page.some((p) => p.likesCount > 0)).toBe(true);
      expect(page.some((p) => p.likedByMe)).toBe(true);
      expect(await inconsistentLikeCounts()).toBe(0);
      const images = await t.db.execute<{ image: string; n: number }>(
        sql`SELECT image, count(*)::int AS n FROM posts WHERE image IS NOT NULL GROUP BY image`,
      );
      expect(Object.fromEntries(images.rows.map((r) => [r.image, r.n]))).toEqual({
        'demo-campus.jpg': 2,
        'demo-reunion.jpg': 2,
        'demo-hackathon.jpg': 2,
        'demo-convocation.jpg': 2,
        'demo-sports.jpg': 2,
        'demo-library.jpg': 2,
      });
    });

    it('gives the second college its own posts only', async () => {
      const page = await feed(olivia);
      expect(page.length).toBeGreaterThanOrEqual(3);
      const authors = page.map((p) => p.postedBy._id);
      const colleges = await t.db.execute<{ college_id: string }>(
        sql`SELECT DISTINCT college_id FROM users WHERE id IN ${authors}`,
      );
      expect(colleges.rows.map((r) => r.college_id)).toEqual([olivia.collegeId]);
    });
  });

  describe('signed out', () => {
    it.each([
      ['/api/posts/fetch', { accessLevel: 'all' }],
      ['/api/posts/add', { message: 'Hello', accessLevel: 'college' }],
      ['/api/posts/savecomment', { postId: randomUUID(), comment: 'Hi' }],
      ['/api/posts/updateLikes', { postId: randomUUID() }],
      ['/api/posts/fetch', { accessLevel: 'nonsense' }],
      ['/api/posts/add', {}],
    ])('%s answers 401 before reading %j', async (url, body) => {
      expectError(await call(url, body), 401, 'Please log in to continue.');
    });
  });

  describe('visibility', () => {
    const tag = `visibility-${randomUUID().slice(0, 8)}`;
    const mine = (page: Post[]) =>
      page
        .filter((p) => p.message.startsWith(tag))
        .map((p) => p.message.slice(tag.length + 1))
        .sort();

    beforeAll(async () => {
      for (const [name, m] of [
        ['meera', meera],
        ['rahul', rahul],
        ['asha', asha],
        ['olivia', olivia],
      ] as const) {
        for (const level of ['college', 'batch', 'branch'] as const) {
          await addPost(m, level, `${tag} ${name}-${level}`);
        }
      }
    });

    it('shows a member the posts of their own college, batch and branch, and no others', async () => {
      expect(mine(await feed(meera))).toEqual([
        'asha-batch',
        'asha-college',
        'meera-batch',
        'meera-branch',
        'meera-college',
        'rahul-college',
      ]);
      expect(mine(await feed(rahul))).toEqual([
        'asha-college',
        'meera-college',
        'rahul-batch',
        'rahul-branch',
        'rahul-college',
      ]);
      expect(mine(await feed(olivia))).toEqual(['olivia-batch', 'olivia-branch', 'olivia-college']);
    });

    it.each([
      ['college', ['asha-college', 'meera-college', 'rahul-college']],
      ['batch', ['asha-batch', 'meera-batch']],
      ['branch', ['meera-branch']],
    ] as const)('narrows to %s posts', async (level, expected) => {
      const page = await feed(meera, { accessLevel: level });
      expect(mine(page)).toEqual(expected);
      expect(page.every((p) => p.accessLevel === level)).toBe(true);
    });

    it('ignores ids in the body that try to reach other batches or colleges', async () => {
      for (const accessLevel of ['all', 'batch', 'branch', 'college'] as const) {
        const page = await feed(meera, {
          accessLevel,
          userId: meera.id,
          collegeId: olivia.collegeId,
          batchId: rahul.batchId,
          branchId: rahul.branchId,
          accessLevelId: rahul.batchId,
        });
        expect(mine(page)).not.toContain('rahul-batch');
        expect(mine(page)).not.toContain('olivia-college');
      }
      expectError(
        await fetchFeed(meera, { accessLevel: 'batch', userId: rahul.id }),
        403,
        NOT_YOURSELF,
      );
    });

    it('takes the level id from the author, never from the body', async () => {
      await addPost(meera, 'batch', `${tag} meera-batch-with-foreign-ids`, {
        accessLevelId: rahul.batchId,
        collegeId: olivia.collegeId,
      });
      expect(mine(await feed(rahul))).not.toContain('meera-batch-with-foreign-ids');
      expect(mine(await feed(olivia))).not.toContain('meera-batch-with-foreign-ids');
      expect(mine(await feed(meera, { accessLevel: 'batch' }))).toContain(
        'meera-batch-with-foreign-ids',
      );
    });

    it('refuses an unknown filter', async () => {
      expectError(
        await fetchFeed(meera, { accessLevel: 'everyone' }),
        400,
        'accessLevel must be all, college, batch or branch',
      );
    });
  });

  describe('paging', () => {
    /** What the viewer may see at the levels, newest first, straight from the tables. */
    const expectedIds = async (m: Member, levels: Level[]) => {
      const ids = { college: m.collegeId, batch: m.batchId, branch: m.branchId };
      const result = await t.db.execute<{ id: string }>(sql`
        SELECT id FROM posts
         WHERE ${sql.join(
           levels.map((l) => sql`(access_level = ${l} AND access_level_id = ${ids[l]})`),
           sql` OR `,
         )}
         ORDER BY created_at DESC, id DESC`);
      return result.rows.map((r) => r.id);
    };
    const walk = async (m: Member, accessLevel: string) => {
      const pages: Post[][] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await feed(m, { accessLevel, cursor });
        pages.push(page);
        const last = page.at(-1);
        if (page.length < FEED_PAGE_SIZE || !last) break;
        cursor = feedCursor(last);
        if (pages.length > 100) throw new Error('paging never stops');
      }
      return pages;
    };

    beforeAll(async () => {
      // Same-moment posts and posts a microsecond apart, across page boundaries: the keyset must
      // neither skip nor repeat them.
      const base = '2026-01-15T10:00:00.123Z';
      await t.db.execute(sql`
        INSERT INTO posts (college_id, author_id, message, access_level, access_level_id, created_at)
        SELECT ${meera.collegeId}, ${meera.id}, 'tie ' || g,
               (ARRAY['college', 'batch', 'branch'])[1 + g % 3]::access_level,
               CASE g % 3 WHEN 0 THEN ${meera.collegeId}::uuid WHEN 1 THEN ${meera.batchId}::uuid
                          ELSE ${meera.branchId}::uuid END,
               ${base}::timestamptz + make_interval(secs => (g % 4) * 0.000001)
          FROM generate_series(1, 45) g`);
    });

    it.each(['all', 'college', 'batch', 'branch'] as const)(
      'walks the %s feed newest first, without gaps or repeats, and stops',
      async (accessLevel) => {
        const pages = await walk(meera, accessLevel);
        const seen = pages.flat();
        const levels: Level[] =
          accessLevel === 'all' ? ['college', 'batch', 'branch'] : [accessLevel];
        const expected = await expectedIds(meera, levels);
        expect(expected.length).toBeGreaterThan(FEED_PAGE_SIZE);
        expect(seen.map((p) => p._id)).toEqual(expected);
        expect(new Set(seen.map((p) => p._id)).size).toBe(seen.length);
        expect(pages.slice(0, -1).every((p) => p.length === FEED_PAGE_SIZE)).toBe(true);
        expect(pages.at(-1)!.length).toBeLessThan(FEED_PAGE_SIZE);
        for (const p of seen) expect(p.createdAt).toMatch(ISO);
      },
    );

    it('answers the first page without a cursor and an empty page after the last post', async () => {
      const first = await feed(meera, { accessLevel: 'all' });
      expect(first).toEqual(await feed(meera, {}));
      const oldest = (await walk(meera, 'all')).flat().at(-1)!;
      expect(await feed(meera, { cursor: feedCursor(oldest) })).toEqual([]);
    });

    it.each([
      'garbage',
      `2026-13-45T00:00:00Z|${randomUUID()}`,
      `yesterday|${randomUUID()}`,
      '2026-01-01T00:00:00Z|------------------------------------',
    ])('refuses the cursor %j', async (cursor) => {
      expectError(await fetchFeed(meera, { cursor }), 400, 'Invalid cursor');
    });
  });

  describe('adding a post', () => {
    it('answers the created post, which then tops the feed', async () => {
      const response = await add(meera, {
        postedBy: meera.id,
        message: '  Reunion photos are up!  ',
        accessLevel: 'batch',
        image: 'demo-reunion.jpg',
      });
      expect(response.statusCode).toBe(200);
      const created = response.json() as Post;
      expect(created).toEqual({
        _id: expect.any(String),
        message: 'Reunion photos are up!',
        image: 'demo-reunion.jpg',
        accessLevel: 'batch',
        likesCount: 0,
        likedByMe: false,
        comments: [],
        commentsCount: 0,
        postedBy: {
          _id: meera.id,
          fullName: 'Meera Menon',
          profilePic: null,
          batchName: '2012-2016',
          branchName: 'Computer Science',
        },
        createdAt: expect.stringMatching(ISO),
      });
      expect(Date.now() - Date.parse(created.createdAt)).toBeLessThan(60_000);
      expect((await feed(meera))[0]).toEqual(created);
      expect((await feed(meera, { accessLevel: 'batch' }))[0]).toEqual(created);
      expect((await feed(asha))[0]).toEqual(created);
      expect((await feed(rahul)).map((p) => p._id)).not.toContain(created._id);
    });

    it('stores no image when the image is empty or absent', async () => {
      expect((await addPost(meera, 'college', 'No picture', { image: '' })).image).toBeNull();
      expect((await addPost(meera, 'college', 'No picture either')).image).toBeNull();
      expect((await addPost(meera, 'college', 'Still none', { image: null })).image).toBeNull();
    });

    it.each([
      [{ accessLevel: 'college' }, 'Message content cannot be empty.'],
      [{ message: '', accessLevel: 'college' }, 'Message content cannot be empty.'],
      [{ message: ' \n\t ', accessLevel: 'college' }, 'Message content cannot be empty.'],
      [{ message: 42, accessLevel: 'college' }, 'Message content cannot be empty.'],
      [
        { message: 'x'.repeat(5001), accessLevel: 'college' },
        'A post can have at most 5000 characters.',
      ],
      [{ message: 'Hello' }, 'Please select a valid value for "Share with"'],
      [{ message: 'Hello', accessLevel: '' }, 'Please select a valid value for "Share with"'],
      [{ message: 'Hello', accessLevel: 'all' }, 'Please select a valid value for "Share with"'],
      [{ message: 'Hello', accessLevel: 'college', image: '../secret.jpg' }, 'Invalid image'],
      [{ message: 'Hello', accessLevel: 'college', image: 'a/b.jpg' }, 'Invalid image'],
      [{ message: 'Hello', accessLevel: 'college', image: '.hidden' }, 'Invalid image'],
      [{ message: 'Hello', accessLevel: 'college', image: 'x'.repeat(301) }, 'Invalid image'],
      [{ message: 'Hello', accessLevel: 'college', image: 12 }, 'Invalid image'],
      [{ message: 'Hello', accessLevel: 'college', postedBy: 'someone' }, 'Invalid id'],
    ])('refuses %j with its message', async (body, message) => {
      const before = await countRows(sql`SELECT count(*)::int AS n FROM posts`);
      // Another author than the other tests: each member has a budget of posts a minute.
      expectError(await add(asha, body), 400, message);
      expect(await countRows(sql`SELECT count(*)::int AS n FROM posts`)).toBe(before);
    });

    it('refuses to post for somebody else', async () => {
      expectError(
        await add(meera, { postedBy: rahul.id, message: 'Hello', accessLevel: 'college' }),
        403,
        NOT_YOURSELF,
      );
    });

    it('refuses a level the member has no id for', async () => {
      const [row] = (
        await t.db.execute<{ email: string }>(sql`
          SELECT email FROM users
           WHERE college_id = ${meera.collegeId} AND is_approved AND user_type = 'u'
             AND email LIKE '%@example.com' ORDER BY email LIMIT 1`)
      ).rows;
      await t.db.execute(sql`UPDATE users SET branch_id = NULL WHERE email = ${row!.email}`);
      const branchless = await member(row!.email);
      expectError(
        await add(branchless, { message: 'Hello branch', accessLevel: 'branch' }),
        400,
        'Your profile has no branch, so you cannot share with your branch.',
      );
      expect(await feed(branchless, { accessLevel: 'branch' })).toEqual([]);
      expect((await feed(branchless)).length).toBeGreaterThan(0);
      expect((await addPost(branchless, 'batch', 'Hello batch')).accessLevel).toBe('batch');
    });
  });

  it('limits each member to 30 posts a minute, without touching other members', async () => {
    const [row] = (
      await t.db.execute<{ email: string }>(sql`
        SELECT email FROM users
         WHERE college_id = ${meera.collegeId} AND is_approved AND branch_id IS NOT NULL
           AND email LIKE '%@example.com' ORDER BY email DESC LIMIT 1`)
    ).rows;
    const busy = await member(row!.email);
    for (let i = 0; i < 30; i++) await addPost(busy, 'branch', `Post number ${i + 1}`);
    expectError(
      await add(busy, { message: 'One too many', accessLevel: 'branch' }),
      429,
      'Too many requests. Please wait a minute and try again.',
    );
    expect((await add(rahul, { message: 'Still fine', accessLevel: 'branch' })).statusCode).toBe(
      200,
    );
  });

  describe('likes', () => {
    const likesRows = (postId: string) =>
      countRows(sql`SELECT count(*)::int AS n FROM post_likes WHERE post_id = ${postId}`);

    it('toggles: like, then like again unlikes', async () => {
      const p = await addPost(meera, 'college', 'Like me');
      const first = await like(meera, p._id, { userId: meera.id });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ updatedPost: { _id: p._id, likesCount: 1, likedByMe: true } });
      expect(await likesRows(p._id)).toBe(1);
      expect((await feed(meera))[0]).toMatchObject({ _id: p._id, likesCount: 1, likedByMe: true });

      const second = await like(meera, p._id);
      expect(second.json()).toEqual({
        updatedPost: { _id: p._id, likesCount: 0, likedByMe: false },
      });
      expect(await likesRows(p._id)).toBe(0);
      expect((await feed(meera))[0]).toMatchObject({ _id: p._id, likesCount: 0, likedByMe: false });
    });

    it('counts one like per member', async () => {
      const p = await addPost(meera, 'college', 'Like us');
      expect((await like(meera, p._id)).json().updatedPost.likesCount).toBe(1);
      expect((await like(rahul, p._id)).json()).toEqual({
        updatedPost: { _id: p._id, likesCount: 2, likedByMe: true },
      });
      expect(await likesRows(p._id)).toBe(2);
      const seenByAsha = (await feed(asha)).find((x) => x._id === p._id);
      expect(seenByAsha).toMatchObject({ likesCount: 2, likedByMe: false });
      expect((await like(rahul, p._id)).json().updatedPost).toEqual({
        _id: p._id,
        likesCount: 1,
        likedByMe: false,
      });
    });

    it('keeps the count equal to the likes under concurrent toggles', async () => {
      const p = await addPost(meera, 'college', 'Concurrent likes');
      const toggles = [meera, meera, meera, rahul, rahul, asha, meera, rahul, asha, meera];
      const responses = await Promise.all(toggles.map((m) => like(m, p._id)));
      expect(responses.map((r) => r.statusCode)).toEqual(toggles.map(() => 200));
      const rows = await likesRows(p._id);
      const count = await countRows(sql`SELECT likes_count AS n FROM posts WHERE id = ${p._id}`);
      expect(count).toBe(rows);
      const seen = (await feed(meera)).find((x) => x._id === p._id)!;
      expect(seen.likesCount).toBe(rows);
      const meeraLikes = await countRows(
        sql`SELECT count(*)::int AS n FROM post_likes WHERE post_id = ${p._id} AND user_id = ${meera.id}`,
      );
      expect(seen.likedByMe).toBe(meeraLikes === 1);
      expect(await inconsistentLikeCounts()).toBe(0);
    });

    it('refuses posts the member cannot see, unknown posts and other members', async () => {
      const hidden = await addPost(rahul, 'batch', 'Only my batch');
      const foreign = await addPost(olivia, 'college', 'Only my college');
      expectError(await like(meera, hidden._id), 404, 'No such post.');
      expectError(await like(meera, foreign._id), 404, 'No such post.');
      expectError(await like(meera, randomUUID()), 404, 'No such post.');
      expect(await likesRows(hidden._id)).toBe(0);
      expectError(await like(meera, 'not-an-id'), 400, 'Invalid id');
      const mine = await addPost(meera, 'college', 'Mine');
      expectError(await like(meera, mine._id, { userId: rahul.id }), 403, NOT_YOURSELF);
      expect(await likesRows(mine._id)).toBe(0);
    });
  });

  describe('comments', () => {
    const commentRows = (postId: string) =>
      countRows(sql`SELECT count(*)::int AS n FROM post_comments WHERE post_id = ${postId}`);

    it('answers the new comment and shows comments oldest first', async () => {
      const p = await addPost(meera, 'college', 'Comment on me');
      const first = await comment(meera, p._id, '  Well done!  ', { commenterId: meera.id });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        _id: expect.any(String),
        commenterId: {
          _id: meera.id,
          fullName: 'Meera Menon',
          profilePic: null,
          batchName: '2012-2016',
          branchName: 'Computer Science',
        },
        comment: 'Well done!',
        createdAt: expect.stringMatching(ISO),
      });
      const second = await comment(rahul, p._id, 'Thanks for sharing');
      expect(second.statusCode).toBe(200);
      expect(second.json().commenterId).toMatchObject({ _id: rahul.id, batchName: '2014-2018' });
      const seen = (await feed(asha)).find((x) => x._id === p._id)!;
      expect(seen.comments).toEqual([first.json(), second.json()]);
    });

    it.each([
      ['   ', 'Comment cannot be empty.'],
      ['\n\t', 'Comment cannot be empty.'],
      ['', 'Comment cannot be empty.'],
      [undefined, 'Comment cannot be empty.'],
      ['x'.repeat(2001), 'A comment can have at most 2000 characters.'],
    ])('refuses the comment %j', async (text, message) => {
      const p = await addPost(rahul, 'college', 'Empty comments here');
      expectError(await comment(meera, p._id, text), 400, message);
      expect(await commentRows(p._id)).toBe(0);
    });

    it('refuses a post the member cannot see, and commenting for someone else', async () => {
      const hidden = await addPost(rahul, 'branch', 'Only my branch');
      const foreign = await addPost(olivia, 'batch', 'Only my batch');
      expectError(await comment(meera, hidden._id, 'Hi'), 404, 'No such post.');
      expectError(await comment(meera, foreign._id, 'Hi'), 404, 'No such post.');
      expectError(await comment(meera, randomUUID(), 'Hi'), 404, 'No such post.');
      expect(await commentRows(hidden._id)).toBe(0);
      expect(await commentRows(foreign._id)).toBe(0);
      const visible = await addPost(rahul, 'college', 'Everyone can see this');
      expectError(
        await comment(meera, visible._id, 'Hi', { commenterId: rahul.id }),
        403,
        NOT_YOURSELF,
      );
      expect(await commentRows(visible._id)).toBe(0);
    });
  });
});
