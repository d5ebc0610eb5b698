import { API, FEED_PAGE_SIZE, GROUP_MESSAGES, type Post } from '@alumnet/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, posts } from '../../db/schema';
import {
  buildGroupApp,
  expectedMemberStatus,
  expectedModeratorStatus,
  GROUP_CALLERS,
} from '../../test/group-roles';

let t: Awaited<ReturnType<typeof buildGroupApp>>;
let groupId: string;

beforeAll(async () => {
  t = await buildGroupApp();
  groupId = await t.group('request');
});
afterAll(() => t.close());

const page = async (caller: Parameters<typeof t.call>[0], id = groupId, cursor?: string) => {
  const url = `${API.groups.posts(id)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
  const response = await t.call(caller, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Post[];
};
const postAs = async (caller: Parameters<typeof t.call>[0], message: string, id = groupId) => {
  const response = await t.call(caller, 'POST', API.groups.posts(id), { message });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Post;
};
const cursorOf = (p: Post) => `${p.createdAt}|${p._id}`;

describe("a group's posts, by role", () => {
  for (const caller of GROUP_CALLERS) {
    it(`as ${caller}`, async () => {
      const expected = expectedMemberStatus(caller);
      const wrote = await t.call(caller, 'POST', API.groups.posts(groupId), {
        message: `Hello from ${caller}`,
      });
      expect(wrote.statusCode, wrote.body).toBe(expected);
      const read = await t.call(caller, 'GET', API.groups.posts(groupId));
      expect(read.statusCode, read.body).toBe(expected);
      if (expected === 403) {
        expect(wrote.json().message).toBe(GROUP_MESSAGES.postMembersOnly);
        expect(read.json().message).toBe(GROUP_MESSAGES.membersOnly);
      }
      if (expected !== 200) return;
      expect(wrote.json()).toMatchObject({
        message: `Hello from ${caller}`,
        accessLevel: 'group',
        likesCount: 0,
        comments: [],
      });
      expect(wrote.json()).not.toHaveProperty('removed');
      const mine = (read.json() as Post[]).find((p) => p._id === wrote.json()._id);
      expect(mine?.postedBy._id).toBe(t.idOf(caller as 'member'));
    });
  }

  it('answers 404 for an unknown group and 400 for bad input', async () => {
    const unknown = await t.call('member', 'GET', API.groups.posts(crypto.randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GROUP_MESSAGES.notFound);
    const empty = await t.call('member', 'POST', API.groups.posts(groupId), { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Message content cannot be empty.');
    const badCursor = await t.call('member', 'GET', `${API.groups.posts(groupId)}?cursor=x`);
    expect(badCursor.statusCode).toBe(400);
  });

  it('answers who may not read before what is wrong with the cursor', async () => {
    // The page is read beside the access check; its own 400 must not tell an outsider, or
    // another college's admin, anything about the group. (The call's schema passes this
    // cursor's shape; the page's reading of it refuses the date.)
    const bad = `${API.groups.posts(groupId)}?cursor=${encodeURIComponent(`soon|${crypto.randomUUID()}`)}`;
    const member = await t.call('member', 'GET', bad);
    expect(member.statusCode).toBe(400);
    const outsider = await t.call('outsider', 'GET', bad);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe(GROUP_MESSAGES.membersOnly);
    const otherCollege = await t.call('otherAdmin', 'GET', bad);
    expect(otherCollege.statusCode).toBe(404);
    expect(otherCollege.json().message).toBe(GROUP_MESSAGES.notFound);
  });
});

describe('group posts and the feed', () => {
  it('keeps group posts out of the feed, whose answer keeps its keys', async () => {
    const inGroup = await postAs('member', 'Only for the group');
    const feed = await t.call('member', 'POST', API.posts.fetch, { accessLevel: 'all' });
    expect(feed.statusCode).toBe(200);
    const feedPosts = feed.json() as Post[];
    expect(feedPosts.some((p) => p._id === inGroup._id)).toBe(false);
    for (const p of feedPosts) {
      expect(p).not.toHaveProperty('pinned');
      expect(p).not.toHaveProperty('removed');
      for (const c of p.comments) expect(c).not.toHaveProperty('removed');
    }
  });

  it('lets those who see a post like it and comment on it through the feed calls', async () => {
    const target = await postAs('organiser', 'Meet-up on Friday?');
    for (const caller of ['outsider', 'pending', 'otherOrganiser', 'otherAdmin'] as const) {
      const like = await t.call(caller, 'POST', API.posts.updateLikes, { postId: target._id });
      expect(like.statusCode, `${caller} like`).toBe(404);
      const comment = await t.call(caller, 'POST', API.posts.saveComment, {
        postId: target._id,
        comment: 'Let me in',
      });
      expect(comment.statusCode, `${caller} comment`).toBe(404);
      const one = await t.call(caller, 'GET', `/api/posts/one/${target._id}`);
      expect(one.statusCode, `${caller} one`).toBe(404);
    }
    const like = await t.call('member', 'POST', API.posts.updateLikes, { postId: target._id });
    expect(like.json().updatedPost).toMatchObject({ likesCount: 1, likedByMe: true });
    const adminLike = await t.call('admin', 'POST', API.posts.updateLikes, { postId: target._id });
    expect(adminLike.json().updatedPost).toMatchObject({ likesCount: 2, likedByMe: true });
    const comment = await t.call('member', 'POST', API.posts.saveComment, {
      postId: target._id,
      comment: 'Count me in',
    });
    expect(comment.statusCode).toBe(200);
    const shown = (await page('member')).find((p) => p._id === target._id);
    expect(shown).toMatchObject({ likesCount: 2, likedByMe: true });
    expect(shown?.comments.map((c) => c.comment)).toEqual(['Count me in']);
    // The author heard of the like and the comment; nobody outside did.
    const bell = await t.call('organiser', 'GET', API.notifications.list);
    const kinds = bell.json().notifications.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['post_like', 'post_comment']));
  });

  it('tells the other members of a new post, and nobody else', async () => {
    const fresh = await t.group('request');
    await postAs('member', 'News for the chapter', fresh);
    const notified = async (caller: Parameters<typeof t.call>[0]) => {
      const r = await t.call(caller, 'GET', API.notifications.list);
      return r
        .json()
        .notifications.filter(
          (n: { kind: string; target: { id: string } }) =>
            n.kind === 'group_post' && n.target.id === fresh,
        );
    };
    const [heard] = await notified('organiser');
    expect(heard).toMatchObject({ kind: 'group_post', target: { type: 'group', id: fresh } });
    expect(heard.actors[0].id).toBe(t.idOf('member'));
    expect(heard.detail).toBe('News for the chapter');
    for (const caller of ['member', 'outsider', 'pending', 'admin'] as const)
      expect(await notified(caller), caller).toEqual([]);
  });

  it('shows an open group to the whole college, and lets only members post', async () => {
    const open = await t.group('open');
    const first = await postAs('member', 'Everyone welcome', open);
    for (const caller of GROUP_CALLERS) {
      const read = await t.call(caller, 'GET', API.groups.posts(open));
      expect(read.statusCode, caller).toBe(expectedMemberStatus(caller, true));
    }
    expect((await page('outsider', open)).map((p) => p._id)).toContain(first._id);
    const refused = await t.call('outsider', 'POST', API.groups.posts(open), { message: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.postMembersOnly);
    // Outsiders of an open group see its posts, so they may like them.
    const like = await t.call('outsider', 'POST', API.posts.updateLikes, { postId: first._id });
    expect(like.statusCode).toBe(200);
  });

  it("closes an archived group's posts to all but those who run it", async () => {
    const fresh = await t.group('request');
    const target = await postAs('member', 'Before the archive', fresh);
    await t.db.update(groups).set({ archivedAt: new Date() }).where(eq(groups.id, fresh));
    const read = await t.call('member', 'GET', API.groups.posts(fresh));
    expect(read.statusCode).toBe(404);
    expect((await page('admin', fresh)).map((p) => p._id)).toEqual([target._id]);
    const write = await t.call('admin', 'POST', API.groups.posts(fresh), { message: 'Hello?' });
    expect(write.statusCode).toBe(403);
    const like = await t.call('member', 'POST', API.posts.updateLikes, { postId: target._id });
    expect(like.statusCode).toBe(404);
  });

  it("shows a group's pictures in the gallery to those who see the post only", async () => {
    const fresh = await t.group('request');
    const [pictured] = await t.db
      .insert(posts)
      .values({
        collegeId: t.collegeId,
        authorId: t.idOf('member'),
        message: 'Our table at the reunion',
        image: 'group-reunion.jpg',
        accessLevel: 'group',
        accessLevelId: fresh,
      })
      .returning({ id: posts.id });
    const galleryIds = async (caller: Parameters<typeof t.call>[0]) => {
      const r = await t.call(caller, 'GET', API.gallery.fetch);
      expect(r.statusCode).toBe(200);
      return r.json().items.map((p: { postId: string }) => p.postId);
    };
    expect(await galleryIds('member')).toContain(pictured!.id);
    expect(await galleryIds('outsider')).not.toContain(pictured!.id);
  });
});

describe('organisers remove posts and comments', () => {
  it('hides a removed post from everyone but its author, who sees it marked', async () => {
    const target = await postAs('member', 'Buy my course!');
    const comment = await t.call('member', 'POST', API.posts.saveComment, {
      postId: target._id,
      comment: 'Link in bio',
    });
    expect(comment.statusCode).toBe(200);
    const url = API.groups.removePost(groupId, target._id);
    for (const caller of GROUP_CALLERS) {
      if (expectedModeratorStatus(caller) === 200) continue;
      const r = await t.call(caller, 'POST', url);
      expect(r.statusCode, caller).toBe(expectedModeratorStatus(caller));
    }
    const removed = await t.call('organiser', 'POST', url);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await page('organiser')).some((p) => p._id === target._id)).toBe(false);
    expect((await page('admin')).some((p) => p._id === target._id)).toBe(false);
    const own = (await page('member')).find((p) => p._id === target._id);
    expect(own).toMatchObject({ removed: true, message: 'Buy my course!' });
    // Nobody reaches it through the feed's calls any more, the author neither.
    const like = await t.call('admin', 'POST', API.posts.updateLikes, { postId: target._id });
    expect(like.statusCode).toBe(404);
    const again = await t.call('member', 'POST', API.posts.saveComment, {
      postId: target._id,
      comment: 'Hello?',
    });
    expect(again.statusCode).toBe(404);
  });

  it('hides a removed comment from everyone but its author', async () => {
    const target = await postAs('organiser', 'Photos from the meet-up');
    const saved = await t.call('member', 'POST', API.posts.saveComment, {
      postId: target._id,
      comment: 'Rude remark',
    });
    const commentId = saved.json()._id as string;
    const url = API.groups.removeComment(groupId, commentId);
    expect((await t.call('member', 'POST', url)).statusCode).toBe(403);
    expect((await t.call('otherOrganiser', 'POST', url)).statusCode).toBe(403);
    expect((await t.call('otherAdmin', 'POST', url)).statusCode).toBe(404);
    const removed = await t.call('admin', 'POST', url);
    expect(removed.statusCode, removed.body).toBe(200);
    const seenBy = async (caller: Parameters<typeof t.call>[0]) =>
      (await page(caller)).find((p) => p._id === target._id)?.comments ?? [];
    expect(await seenBy('organiser')).toEqual([]);
    const own = await seenBy('member');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ _id: commentId, removed: true });
  });

  it('answers 404 for a post or comment of another group', async () => {
    const other = await t.group('request');
    const theirs = await postAs('member', 'Elsewhere', other);
    const post = await t.call('organiser', 'POST', API.groups.removePost(groupId, theirs._id));
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe(GROUP_MESSAGES.noSuchPost);
    const saved = await t.call('member', 'POST', API.posts.saveComment, {
      postId: theirs._id,
      comment: 'Over here',
    });
    const comment = await t.call(
      'organiser',
      'POST',
      API.groups.removeComment(groupId, saved.json()._id),
    );
    expect(comment.statusCode).toBe(404);
    expect(comment.json().message).toBe(GROUP_MESSAGES.noSuchComment);
  });
});

describe('pinning', () => {
  it('leads page one with the pinned post and never repeats it', async () => {
    const fresh = await t.group('request');
    // More posts than a page, a microsecond apart, the oldest first.
    await t.db.insert(posts).values(
      Array.from({ length: FEED_PAGE_SIZE + 5 }, (_, i) => ({
        collegeId: t.collegeId,
        authorId: t.idOf('member'),
        message: `Post ${i}`,
        image: null,
        accessLevel: 'group' as const,
        accessLevelId: fresh,
        createdAt: sql`now() - interval '1 hour' + ${i} * interval '1 second'`,
      })),
    );
    const before = await page('member', fresh);
    const [oldest] = await t.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.accessLevelId, fresh), eq(posts.message, 'Post 0')));
    if (!oldest) throw new Error('no oldest post');
    for (const caller of GROUP_CALLERS) {
      if (expectedModeratorStatus(caller) === 200) continue;
      const r = await t.call(caller, 'POST', API.groups.pin(fresh), { postId: oldest.id });
      expect(r.statusCode, caller).toBe(expectedModeratorStatus(caller));
    }
    expect(before.some((p) => p.pinned)).toBe(false);
    const pin = await t.call('organiser', 'POST', API.groups.pin(fresh), { postId: oldest.id });
    expect(pin.statusCode, pin.body).toBe(200);

    const first = await page('member', fresh);
    expect(first[0]).toMatchObject({ _id: oldest.id, pinned: true, message: 'Post 0' });
    expect(first.slice(1).every((p) => p.pinned === undefined)).toBe(true);
    expect(first).toHaveLength(FEED_PAGE_SIZE + 1);
    const second = await page('member', fresh, cursorOf(first.at(-1)!));
    const all = [...first, ...second].map((p) => p._id);
    expect(new Set(all).size).toBe(FEED_PAGE_SIZE + 5);
    expect(second.map((p) => p.message)).toEqual(['Post 4', 'Post 3', 'Post 2', 'Post 1']);

    // Removing it unpins it; a removed post or another group's cannot be pinned.
    expect(
      (await t.call('admin', 'POST', API.groups.removePost(fresh, oldest.id))).statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, fresh));
    expect(row?.pinnedPostId).toBeNull();
    expect((await page('organiser', fresh)).some((p) => p._id === oldest.id)).toBe(false);
    const removedPin = await t.call('organiser', 'POST', API.groups.pin(fresh), {
      postId: oldest.id,
    });
    expect(removedPin.statusCode).toBe(404);
    const elsewhere = await postAs('member', 'Not here');
    const foreign = await t.call('organiser', 'POST', API.groups.pin(fresh), {
      postId: elsewhere._id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(GROUP_MESSAGES.noSuchPost);

    const newest = first[1]!;
    await t.call('organiser', 'POST', API.groups.pin(fresh), { postId: newest._id });
    expect((await page('member', fresh))[0]).toMatchObject({ _id: newest._id, pinned: true });
    const unpin = await t.call('organiser', 'POST', API.groups.pin(fresh), { postId: null });
    expect(unpin.statusCode).toBe(200);
    expect((await page('member', fresh)).some((p) => p.pinned)).toBe(false);
  });
});
