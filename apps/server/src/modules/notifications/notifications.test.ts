import {
  API,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATIONS_PAGE_SIZE,
  TIME_ZONE_COOKIE,
  type Job,
  type Notification,
  type NotificationEvent,
  type NotificationKind,
  type NotificationsAnswer,
  type Post,
} from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../../db/schema';
import { connectClient, type TestClient } from '../../realtime/test-clients';
import { buildTestApp, listenOnLoopback, loginAs } from '../../test/build';
import { summarizeWaitingSignups } from './service';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Session = Awaited<ReturnType<typeof loginAs>>;

describe('notifications', () => {
  let t: TestApp;
  let baseUrl: string;
  let meera: Session; // member, B.Tech Computer Science
  let rahul: Session; // member2: same college, another batch and branch
  let asha: Session; // admin: Meera's batch, another branch
  let olivia: Session; // the second college
  let branchMate: Session; // an alumnus of Meera's own batch and branch
  let superAdmin: Session;
  const open: TestClient[] = [];
  let demoPages: Record<'meera' | 'asha', NotificationsAnswer>;

  const call = (
    session: Session | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: session ? { cookie: session.cookie } : {},
    });
  const ok = async <T>(response: Promise<Awaited<ReturnType<typeof call>>>) => {
    const r = await response;
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const addPost = (s: Session, accessLevel: 'college' | 'batch' | 'branch', message = 'Hello') =>
    ok<Post>(call(s, 'POST', API.posts.add, { message, accessLevel }));
  const likePost = (s: Session, postId: string) =>
    ok(call(s, 'POST', API.posts.updateLikes, { postId }));
  const commentPost = (s: Session, postId: string, comment: string) =>
    ok(call(s, 'POST', API.posts.saveComment, { postId, comment }));
  const page = (s: Session, cursor?: string) =>
    ok<NotificationsAnswer>(
      call(
        s,
        'GET',
        `${API.notifications.list}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      ),
    );
  const unread = async (s: Session) =>
    (await ok<{ unread: number }>(call(s, 'GET', API.notifications.unreadCount))).unread;
  /** The recipient's unread rows of that kind about that target. */
  const unreadAbout = async (s: Session, kind: NotificationKind, targetId: string) =>
    (await page(s)).notifications.filter(
      (n) => n.kind === kind && n.target.id === targetId && n.readAt === null,
    );
  const readAll = (s: Session) => ok(call(s, 'POST', API.notifications.read, { all: true }));
  const idOf = (s: Session) => s.user._id;
  const setUser = (id: string, set: ReturnType<typeof sql>) =>
    t.db.execute(sql`UPDATE users SET ${set} WHERE id = ${id}`);
  const levelsOf = async (id: string) =>
    (
      await t.db.execute<{ batch_id: string; branch_id: string }>(
        sql`SELECT batch_id, branch_id FROM users WHERE id = ${id}`,
      )
    ).rows[0]!;

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listenOnLoopback(t.app);
    meera = await loginAs(t.app, 'member@demo.alumnet.dev');
    rahul = await loginAs(t.app, 'member2@demo.alumnet.dev');
    asha = await loginAs(t.app, 'admin@demo.alumnet.dev');
    olivia = await loginAs(t.app, 'other@demo.alumnet.dev');
    superAdmin = await loginAs(t.app, 'super@demo.alumnet.dev');
    const mate = (
      await t.db.execute<{ email: string }>(sql`
        SELECT u.email FROM users u JOIN users m ON m.email = 'member@demo.alumnet.dev'
         WHERE u.branch_id = m.branch_id AND u.id <> m.id AND u.is_approved AND NOT u.is_rejected
           AND u.password_hash IS NOT NULL AND u.user_type = 'u'
         ORDER BY u.email LIMIT 1`)
    ).rows[0];
    if (!mate) throw new Error('the demo has nobody else in Meera’s branch');
    branchMate = await loginAs(t.app, mate.email);
    // What the demo left unread is checked first (below); then every test starts from zero.
    demoPages = { meera: await page(meera), asha: await page(asha) };
    for (const s of [meera, rahul, asha, olivia, branchMate, superAdmin]) await readAll(s);
  });
  afterEach(() => {
    open.splice(0).forEach((client) => client.close());
  });
  afterAll(() => t.close());

  it('gives the demo member unread notifications of several kinds, and the admin a summary', () => {
    const { notifications, unread } = demoPages.meera;
    expect(unread).toBeGreaterThanOrEqual(4);
    const kinds = new Set(notifications.filter((n) => n.readAt === null).map((n) => n.kind));
    for (const kind of ['post_like', 'post_comment', 'chat_message', 'group_request_decided'])
      expect(kinds).toContain(kind);
    const like = notifications.find((n) => n.kind === 'post_like')!;
    expect(like.count).toBeGreaterThan(1);
    expect(like.actors.length).toBeGreaterThan(1);
    expect(demoPages.asha.notifications.map((n) => n.kind)).toContain('signups_waiting');
  });

  describe('likes', () => {
    it('groups likes of one post in one row with the count and the latest actors first', async () => {
      const post = await addPost(meera, 'college');
      await likePost(rahul, post._id);
      await likePost(asha, post._id);
      await likePost(branchMate, post._id);
      const rows = await unreadAbout(meera, 'post_like', post._id);
      expect(rows).toHaveLength(1);
      const [row] = rows as [Notification];
      expect(row.count).toBe(3);
      expect(row.actors.map((a) => a.id)).toEqual([idOf(branchMate), idOf(asha), idOf(rahul)]);
      expect(row.actors[0]).toMatchObject({ fullName: expect.any(String) });
      expect(row.target).toEqual({ type: 'post', id: post._id, url: `/feed?post=${post._id}` });
      expect(row.readAt).toBeNull();
    });

    it('takes a withdrawn like back, and leaves nothing once every like is gone', async () => {
      const post = await addPost(meera, 'college');
      const before = await unread(meera);
      await likePost(rahul, post._id);
      await likePost(asha, post._id);
      await likePost(rahul, post._id); // unlike
      const [row] = await unreadAbout(meera, 'post_like', post._id);
      expect(row).toMatchObject({ count: 1, actors: [{ id: idOf(asha) }] });
      await likePost(asha, post._id); // unlike
      expect(await unreadAbout(meera, 'post_like', post._id)).toEqual([]);
      expect(await unread(meera)).toBe(before);
    });

    it('never tells members of their own like', async () => {
      const post = await addPost(meera, 'college');
      await likePost(meera, post._id);
      expect(await unreadAbout(meera, 'post_like', post._id)).toEqual([]);
    });

    it('tells the author of a branch post liked in the branch, not an author who left it', async () => {
      const post = await addPost(meera, 'branch');
      await likePost(branchMate, post._id);
      expect(await unreadAbout(meera, 'post_like', post._id)).toHaveLength(1);

      const other = await addPost(meera, 'branch', 'Before I moved');
      const own = await levelsOf(idOf(meera));
      const rahulsBranch = (await levelsOf(idOf(rahul))).branch_id;
      await setUser(idOf(meera), sql`branch_id = ${rahulsBranch}`);
      try {
        await likePost(branchMate, other._id);
        expect(await unreadAbout(meera, 'post_like', other._id)).toEqual([]);
      } finally {
        await setUser(idOf(meera), sql`branch_id = ${own.branch_id}`);
      }
    });

    it('groups job likes likewise, and a withdrawn one goes', async () => {
      const job = await ok<Job>(
        call(meera, 'POST', API.jobs.add, {
          jobTitle: 'Data engineer',
          jobContent: '<p>Pipelines.</p>',
          jobCategory: 'Finance',
          accessLevel: 'college',
        }),
      );
      await ok(call(rahul, 'POST', API.jobs.updateLikes, { jobId: job.id }));
      await ok(call(asha, 'POST', API.jobs.updateLikes, { jobId: job.id }));
      await ok(call(meera, 'POST', API.jobs.updateLikes, { jobId: job.id }));
      const [row] = await unreadAbout(meera, 'job_like', job.id);
      expect(row).toMatchObject({ count: 2, target: { type: 'job', url: `/jobs?job=${job.id}` } });
      await ok(call(rahul, 'POST', API.jobs.updateLikes, { jobId: job.id }));
      expect((await unreadAbout(meera, 'job_like', job.id))[0]?.count).toBe(1);
      // A deleted job leaves no notification pointing at it.
      await ok(call(meera, 'POST', API.jobs.delete, { jobId: job.id }));
      expect(await unreadAbout(meera, 'job_like', job.id)).toEqual([]);
    });

    it('tells the author of a branch job liked or commented on in the branch, not one who left it', async () => {
      const addBranchJob = (jobTitle: string) =>
        ok<Job>(
          call(meera, 'POST', API.jobs.add, {
            jobTitle,
            jobContent: '<p>For my branch.</p>',
            jobCategory: 'Finance',
            accessLevel: 'branch',
          }),
        );
      const job = await addBranchJob('Branch analyst');
      await ok(call(branchMate, 'POST', API.jobs.updateLikes, { jobId: job.id }));
      await ok(call(branchMate, 'POST', API.jobs.saveComment, { jobId: job.id, comment: 'Me!' }));
      expect(await unreadAbout(meera, 'job_like', job.id)).toHaveLength(1);
      expect(await unreadAbout(meera, 'job_comment', job.id)).toHaveLength(1);

      const other = await addBranchJob('Before I moved');
      const own = await levelsOf(idOf(meera));
      const rahulsBranch = (await levelsOf(idOf(rahul))).branch_id;
      await setUser(idOf(meera), sql`branch_id = ${rahulsBranch}`);
      try {
        await ok(call(branchMate, 'POST', API.jobs.updateLikes, { jobId: other.id }));
        await ok(
          call(branchMate, 'POST', API.jobs.saveComment, { jobId: other.id, comment: 'Hi' }),
        );
        expect(await unreadAbout(meera, 'job_like', other.id)).toEqual([]);
        expect(await unreadAbout(meera, 'job_comment', other.id)).toEqual([]);
      } finally {
        await setUser(idOf(meera), sql`branch_id = ${own.branch_id}`);
      }
    });
  });

  describe('comments', () => {
    it('tells the author of a comment on their post and job, not of their own', async () => {
      const post = await addPost(meera, 'college');
      await commentPost(rahul, post._id, 'Count me in for Saturday!');
      await commentPost(meera, post._id, 'Great!');
      const [row] = await unreadAbout(meera, 'post_comment', post._id);
      expect(row).toMatchObject({
        count: 1,
        detail: 'Count me in for Saturday!',
        actors: [{ id: idOf(rahul) }],
      });

      const job = await ok<Job>(
        call(meera, 'POST', API.jobs.add, {
          jobTitle: 'Analyst',
          jobContent: '<p>Numbers.</p>',
          jobCategory: 'Finance',
          accessLevel: 'college',
        }),
      );
      await ok(call(rahul, 'POST', API.jobs.saveComment, { jobId: job.id, comment: 'Remote?' }));
      await ok(call(meera, 'POST', API.jobs.saveComment, { jobId: job.id, comment: 'No.' }));
      expect(await unreadAbout(meera, 'job_comment', job.id)).toMatchObject([
        { count: 1, detail: 'Remote?', actors: [{ id: idOf(rahul) }] },
      ]);
    });

    it('tells earlier commenters who still see the post of a later comment', async () => {
      const post = await addPost(meera, 'batch', 'Batch reunion?');
      await commentPost(asha, post._id, 'Yes please');
      await commentPost(meera, post._id, 'Saturday then');
      // The author's own comment tells Asha (post_reply), never Meera.
      expect(await unreadAbout(asha, 'post_reply', post._id)).toMatchObject([
        { count: 1, actors: [{ id: idOf(meera) }], detail: 'Saturday then' },
      ]);
      expect(await unreadAbout(meera, 'post_reply', post._id)).toEqual([]);
      expect(await unreadAbout(asha, 'post_comment', post._id)).toEqual([]);

      // Asha left the batch: she no longer sees the post, so is told nothing more of it.
      const own = await levelsOf(idOf(asha));
      const rahulsBatch = (await levelsOf(idOf(rahul))).batch_id;
      await setUser(idOf(asha), sql`batch_id = ${rahulsBatch}`);
      try {
        await commentPost(meera, post._id, 'And a second note');
        expect((await unreadAbout(asha, 'post_reply', post._id))[0]?.count).toBe(1);
      } finally {
        await setUser(idOf(asha), sql`batch_id = ${own.batch_id}`);
      }
    });
  });

  describe('a comment on a busy post', () => {
    it('tells the 50 people who commented last, not everyone who ever did', async () => {
      const post = await addPost(meera, 'college', 'Who is coming to the reunion?');
      // 60 members of the college commented before, one a minute, the oldest first.
      const commenters = await t.db.execute<{ id: string }>(sql`
        SELECT id FROM users
         WHERE college_id = (SELECT college_id FROM users WHERE id = ${idOf(meera)})
           AND is_approved AND NOT is_rejected AND id NOT IN (${idOf(meera)}, ${idOf(rahul)})
         ORDER BY id LIMIT 60`);
      expect(commenters.rows).toHaveLength(60);
      const ids = commenters.rows.map((r) => r.id);
      await t.db.execute(sql`
        INSERT INTO post_comments (post_id, user_id, comment, created_at)
        SELECT ${post._id}, u.id, 'Me too', now() - make_interval(mins => 61 - u.n::int)
          FROM unnest(${`{${ids.join(',')}}`}::uuid[]) WITH ORDINALITY AS u(id, n)`);
      await commentPost(rahul, post._id, 'See you all there');
      const told = await t.db.execute<{ user_id: string }>(sql`
        SELECT user_id FROM notifications
         WHERE kind = 'post_reply' AND target_id = ${post._id}`);
      const toldIds = new Set(told.rows.map((r) => r.user_id));
      expect(toldIds.size).toBe(50);
      expect(toldIds).toEqual(new Set(ids.slice(10)));
    });
  });

  describe('chat messages', () => {
    it('are noted only while the receiver has no open connection, grouped per sender', async () => {
      const send = (text: string) =>
        ok(call(meera, 'POST', `/api/messages/send/${idOf(rahul)}`, { message: text }));
      await send('Are you around?');
      await send('Call me when you can');
      const rows = await unreadAbout(rahul, 'chat_message', idOf(meera));
      expect(rows).toMatchObject([
        {
          count: 2,
          detail: 'Call me when you can',
          actors: [{ id: idOf(meera) }],
          target: { type: 'conversation', url: `/chat?with=${idOf(meera)}` },
        },
      ]);
      const client = await connectClient(baseUrl, { cookie: rahul.cookie });
      open.push(client);
      await send('Now you are online');
      expect((await unreadAbout(rahul, 'chat_message', idOf(meera)))[0]?.count).toBe(2);
    });
  });

  describe('group decisions', () => {
    it('tell the member whether their request was approved or rejected', async () => {
      const collegeId = meera.user.collegeId;
      const [group] = await t.db
        .insert(groups)
        .values({ collegeId, groupName: 'Quiz Club', description: 'Trivia' })
        .returning();
      await t.db.insert(groupMembers).values([
        { groupId: group!.id, userId: idOf(meera), status: 'pending' },
        { groupId: group!.id, userId: idOf(rahul), status: 'pending' },
      ]);
      const body = (memberId: string) => ({ groupId: group!.id, memberId });
      await ok(call(superAdmin, 'POST', API.community.approve, body(idOf(meera))));
      await ok(call(superAdmin, 'POST', API.community.reject, body(idOf(rahul))));
      expect(await unreadAbout(meera, 'group_request_decided', group!.id)).toMatchObject([
        {
          detail: 'Your request to join Quiz Club was approved.',
          target: { type: 'group', url: `/groups/${group!.id}` },
        },
      ]);
      expect(await unreadAbout(rahul, 'group_request_decided', group!.id)).toMatchObject([
        { detail: 'Your request to join Quiz Club was rejected.' },
      ]);
    });
  });

  describe('sign-ups waiting', () => {
    it('sums them up for each admin at most once a day', async () => {
      const collegeId = asha.user.collegeId;
      const waiting = (
        await t.db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM users
           WHERE college_id = ${collegeId} AND NOT is_approved AND is_registered
             AND NOT is_rejected AND user_type = 'u' AND NOT is_super_admin`)
      ).rows[0]!.n;
      expect(waiting).toBeGreaterThan(0);
      await t.db.execute(sql`DELETE FROM notifications WHERE kind = 'signups_waiting'`);
      await summarizeWaitingSignups(t.db);
      const [row] = await unreadAbout(asha, 'signups_waiting', collegeId);
      expect(row).toMatchObject({
        count: waiting,
        actors: [],
        target: { type: 'college', url: '/dashboard' },
      });
      // Not a member's business.
      expect(await unreadAbout(meera, 'signups_waiting', collegeId)).toEqual([]);
      // Read, and the job runs again within the day: nothing new.
      await readAll(asha);
      await summarizeWaitingSignups(t.db);
      expect(await unreadAbout(asha, 'signups_waiting', collegeId)).toEqual([]);
      // The next day: a new summary.
      await summarizeWaitingSignups(t.db, new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect(await unreadAbout(asha, 'signups_waiting', collegeId)).toHaveLength(1);
    });
  });

  describe('the list, reading and the socket', () => {
    it('pages newest first with a cursor', async () => {
      const posts: Post[] = [];
      for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i++)
        posts.push(await addPost(rahul, 'college'));
      for (const p of posts) await likePost(meera, p._id);
      const first = await page(rahul);
      expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
      expect(first.notifications[0]?.target.id).toBe(posts.at(-1)?._id);
      expect(first.nextCursor).not.toBeNull();
      const second = await page(rahul, first.nextCursor!);
      expect(second.notifications[0]?.target.id).toBe(posts[1]?._id);
      const times = [...first.notifications, ...second.notifications].map((n) => n.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      expect(
        (await call(rahul, 'GET', `${API.notifications.list}?cursor=nonsense`)).statusCode,
      ).toBe(400);
    });

    it("marks read by ids (ignoring another member's) and all", async () => {
      await readAll(meera);
      await readAll(rahul);
      const mine = await addPost(meera, 'college');
      const theirs = await addPost(rahul, 'college');
      await likePost(rahul, mine._id);
      await commentPost(rahul, mine._id, 'Nice');
      await likePost(meera, theirs._id);
      const [rahulsRow] = await unreadAbout(rahul, 'post_like', theirs._id);
      const [like] = await unreadAbout(meera, 'post_like', mine._id);
      expect(await unread(meera)).toBe(2);
      const answer = await ok<{ unread: number }>(
        call(meera, 'POST', API.notifications.read, { ids: [like!.id, rahulsRow!.id] }),
      );
      expect(answer.unread).toBe(1);
      expect(await unread(rahul)).toBe(1);
      // Once read, the next like starts a new row.
      await likePost(asha, mine._id);
      expect(await unreadAbout(meera, 'post_like', mine._id)).toMatchObject([{ count: 1 }]);
      await readAll(meera);
      expect(await unread(meera)).toBe(0);
      expect((await call(meera, 'POST', API.notifications.read, { ids: ['x'] })).statusCode).toBe(
        400,
      );
      expect((await call(meera, 'POST', API.notifications.read, {})).statusCode).toBe(400);
    });

    it("pushes the new count and row to the recipient's own connections", async () => {
      await readAll(meera);
      const post = await addPost(meera, 'college');
      const client = await connectClient(baseUrl, { cookie: meera.cookie });
      const bystander = await connectClient(baseUrl, { cookie: asha.cookie });
      open.push(client, bystander);
      const heard: NotificationEvent[] = [];
      const bystanderHeard: NotificationEvent[] = [];
      client.socket.on('notification', (e) => heard.push(e));
      bystander.socket.on('notification', (e) => bystanderHeard.push(e));
      await likePost(rahul, post._id);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toMatchObject({
        unread: 1,
        notification: { kind: 'post_like', count: 1, target: { id: post._id } },
      });
      await likePost(rahul, post._id); // withdrawn
      await expect.poll(() => heard.length).toBe(2);
      expect(heard[1]).toEqual({ unread: 0, notification: null });
      expect(bystanderHeard).toEqual([]);

      // A kind turned off in the app: the row is kept (for e-mail) but not shown or counted.
      const prefs = (inApp: boolean) =>
        ok(
          call(meera, 'PUT', API.notifications.preferences, {
            preferences: { post_like: { inApp, email: 'off' } },
          }),
        );
      await prefs(false);
      await expect.poll(() => heard.length).toBe(3);
      await likePost(asha, post._id);
      await expect.poll(() => heard.length).toBe(4);
      expect(heard[3]).toEqual({ unread: 0, notification: null });
      await prefs(true);
      await expect.poll(() => heard.length).toBe(5);
      expect(heard[4]).toEqual({ unread: 1, notification: null });
    });

    it('is for signed-in members only', async () => {
      for (const url of [API.notifications.list, API.notifications.unreadCount])
        expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(null, 'POST', API.notifications.read, { all: true })).statusCode).toBe(
        401,
      );
      expect((await call(null, 'GET', API.notifications.preferences)).statusCode).toBe(401);
    });
  });

  describe('preferences', () => {
    it('answers the defaults, saves any subset, refuses unknown kinds and values', async () => {
      const initial = await ok<{ preferences: object }>(
        call(olivia, 'GET', API.notifications.preferences),
      );
      expect(initial.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
      const saved = await ok<{ preferences: object }>(
        call(olivia, 'PUT', API.notifications.preferences, {
          preferences: { post_like: { inApp: false, email: 'weekly' } },
        }),
      );
      expect(saved.preferences).toEqual({
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        post_like: { inApp: false, email: 'weekly' },
      });
      const unknownKind = await call(olivia, 'PUT', API.notifications.preferences, {
        preferences: { post_dislike: { inApp: true, email: 'off' } },
      });
      expect(unknownKind.statusCode).toBe(400);
      expect(unknownKind.json().message).toContain('Unknown kind of notification');
      const badValue = await call(olivia, 'PUT', API.notifications.preferences, {
        preferences: { post_like: { inApp: true, email: 'hourly' } },
      });
      expect(badValue.statusCode).toBe(400);
      expect(badValue.json().message).toContain('E-mail must be one of');
    });

    it('hides a kind turned off in the app from the list and the count', async () => {
      await readAll(rahul);
      const post = await addPost(rahul, 'college');
      await likePost(meera, post._id);
      await commentPost(meera, post._id, 'Hello there');
      expect(await unread(rahul)).toBe(2);
      await ok(
        call(rahul, 'PUT', API.notifications.preferences, {
          preferences: { post_like: { inApp: false, email: 'off' } },
        }),
      );
      expect(await unread(rahul)).toBe(1);
      const kinds = (await page(rahul)).notifications.map((n) => n.kind);
      expect(kinds).not.toContain('post_like');
      await ok(
        call(rahul, 'PUT', API.notifications.preferences, {
          preferences: { post_like: { inApp: true, email: 'off' } },
        }),
      );
      expect(await unread(rahul)).toBe(2);
    });
  });

  describe("the member's time zone", () => {
    const zoneOf = async (id: string) =>
      (
        await t.db.execute<{ z: string | null }>(
          sql`SELECT time_zone AS z FROM users WHERE id = ${id}`,
        )
      ).rows[0]?.z;
    it('is kept from the browser at login and on /me, when Intl knows it', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: 'other@demo.alumnet.dev', password: 'alumnet-demo' },
        headers: { cookie: `${TIME_ZONE_COOKIE}=Europe/Berlin` },
      });
      expect(login.statusCode).toBe(200);
      expect(await zoneOf(idOf(olivia))).toBe('Europe/Berlin');
      const me = (zone: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { cookie: `${olivia.cookie}; ${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}` },
        });
      expect((await me('America/New_York')).statusCode).toBe(200);
      expect(await zoneOf(idOf(olivia))).toBe('America/New_York');
      expect((await me('Mars/Olympus_Mons')).statusCode).toBe(200);
      expect(await zoneOf(idOf(olivia))).toBe('America/New_York');
    });
  });

  describe('one post, one job', () => {
    it('answers an item the caller may see, 404 otherwise', async () => {
      const post = await addPost(meera, 'branch', 'Branch only');
      await commentPost(branchMate, post._id, 'Seen');
      const seen = await ok<Post>(call(branchMate, 'GET', API.posts.one(post._id)));
      expect(seen).toMatchObject({ _id: post._id, message: 'Branch only', comments: [{}] });
      expect((await call(rahul, 'GET', API.posts.one(post._id))).statusCode).toBe(404);
      expect((await call(olivia, 'GET', API.posts.one(post._id))).statusCode).toBe(404);
      expect((await call(null, 'GET', API.posts.one(post._id))).statusCode).toBe(401);

      const job = await ok<Job>(
        call(meera, 'POST', API.jobs.add, {
          jobTitle: 'Batch job',
          jobContent: '<p>For my batch.</p>',
          jobCategory: 'Finance',
          accessLevel: 'batch',
        }),
      );
      expect(await ok<Job>(call(asha, 'GET', API.jobs.one(job.id)))).toMatchObject({
        id: job.id,
        jobTitle: 'Batch job',
      });
      expect((await call(olivia, 'GET', API.jobs.one(job.id))).statusCode).toBe(404);
      expect((await call(meera, 'GET', API.jobs.one(crypto.randomUUID()))).statusCode).toBe(404);
    });
  });
});
