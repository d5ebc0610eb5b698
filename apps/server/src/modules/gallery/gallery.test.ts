import {
  API,
  FEED_PAGE_SIZE,
  GALLERY_MESSAGE_LENGTH,
  GALLERY_PAGE_SIZE,
  feedCursor,
  type GalleryItem,
  type GalleryPage,
  type Post,
} from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, loginAs } from '../../test/build';
import { shortMessage } from './presenter';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Session = Awaited<ReturnType<typeof loginAs>>;
type Level = 'college' | 'batch' | 'branch';

let t: TestApp;
let meera: Session; // B.Tech 2012-2016, Computer Science
let rahul: Session; // the same college, another batch
let asha: Session; // Meera's batch, another branch
let olivia: Session; // the second college

const get = (url: string, session?: Session) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

async function galleryPage(session: Session, cursor?: string) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const response = await get(`${API.gallery.fetch}${query}`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GalleryPage;
}

/** Every page, following nextCursor to the end. */
async function wholeGallery(session: Session) {
  const items: GalleryItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await galleryPage(session, cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** The whole feed of the member, every level, newest first. */
async function wholeFeed(session: Session) {
  const all: Post[] = [];
  for (;;) {
    const last = all.at(-1);
    const response = await t.app.inject({
      method: 'POST',
      url: API.posts.fetch,
      headers: { cookie: session.cookie },
      payload: last ? { cursor: feedCursor(last) } : {},
    });
    const page = response.json() as Post[];
    all.push(...page);
    if (page.length < FEED_PAGE_SIZE) return all;
  }
}

async function addPost(session: Session, accessLevel: Level, message: string, image: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: API.posts.add,
    headers: { cookie: session.cookie },
    payload: { message, accessLevel, image },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Post;
}

beforeAll(async () => {
  t = await buildTestApp();
  meera = await loginAs(t.app, 'member@demo.alumnet.dev');
  rahul = await loginAs(t.app, 'member2@demo.alumnet.dev');
  asha = await loginAs(t.app, 'admin@demo.alumnet.dev');
  olivia = await loginAs(t.app, 'other@demo.alumnet.dev');
});
afterAll(() => t.close());

describe('GET /api/gallery', () => {
  it('is for members only', async () => {
    const response = await get(API.gallery.fetch);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401 });
  });

  it('shows the pictures of exactly the posts the feed shows, in the same order', async () => {
    const seen = [
      await addPost(rahul, 'college', 'Rahul to the college', 'seen-college.jpg'),
      await addPost(asha, 'batch', 'Asha to her batch, which is Meera’s', 'seen-batch.jpg'),
      await addPost(meera, 'branch', 'Meera to her branch', 'seen-branch.jpg'),
    ];
    const hidden = [
      await addPost(rahul, 'batch', 'Rahul to another batch', 'hidden-batch.jpg'),
      await addPost(asha, 'branch', 'Asha to another branch', 'hidden-branch.jpg'),
      await addPost(olivia, 'college', 'Olivia to another college', 'hidden-college.jpg'),
    ];
    await addPost(rahul, 'college', 'No picture here', '');

    const gallery = await wholeGallery(meera);
    const feedPictures = (await wholeFeed(meera)).filter((p) => p.image);
    expect(gallery.map((i) => i.postId)).toEqual(feedPictures.map((p) => p._id));
    const ids = new Set(gallery.map((i) => i.postId));
    for (const p of seen) expect(ids.has(p._id), p.message).toBe(true);
    for (const p of hidden) expect(ids.has(p._id), p.message).toBe(false);

    // The newest of them, with what the viewer shows.
    expect(gallery[0]).toEqual({
      postId: seen[2]!._id,
      image: 'seen-branch.jpg',
      url: '/v1/s3?image=seen-branch.jpg',
      thumbnails: [{ url: '/v1/s3?image=seen-branch.jpg&size=thumb', width: 256 }],
      postedBy: { _id: meera.user._id, fullName: seen[2]!.postedBy.fullName },
      createdAt: seen[2]!.createdAt,
      message: 'Meera to her branch',
    });

    // The other college sees its own picture and none of Meera's college.
    const other = await wholeGallery(olivia);
    expect(other.map((i) => i.postId)).toContain(hidden[2]!._id);
    expect(other.map((i) => i.postId)).not.toContain(seen[0]!._id);
  });

  it('pages by cursor, newest first, with posts of the same instant kept apart by id', async () => {
    const [row] = (
      await t.db.execute<{ college_id: string; branch_id: string }>(
        sql`SELECT college_id, branch_id FROM users WHERE id = ${meera.user._id}`,
      )
    ).rows;
    // Older than every demo post, so they are the gallery's last pages.
    const base = Date.parse('2001-01-01T00:00:00Z');
    // Two posts share each instant, so only the id orders them.
    await t.db.insert(posts).values(
      Array.from({ length: GALLERY_PAGE_SIZE + 6 }, (_, i) => ({
        collegeId: row!.college_id,
        authorId: meera.user._id,
        message: `Paged ${i}`,
        image: `paged-${i}.jpg`,
        accessLevel: 'branch' as const,
        accessLevelId: row!.branch_id,
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );

    const first = await galleryPage(meera);
    expect(first.items).toHaveLength(GALLERY_PAGE_SIZE);
    expect(first.nextCursor).toBe(
      feedCursor({ ...first.items.at(-1)!, _id: first.items.at(-1)!.postId }),
    );

    const all = await wholeGallery(meera);
    const keys = all.map((i) => `${i.createdAt}|${i.postId}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(keys).size).toBe(keys.length);
    const paged = all.filter((i) => i.message.startsWith('Paged '));
    expect(paged).toHaveLength(GALLERY_PAGE_SIZE + 6);
    expect(all.slice(-paged.length)).toEqual(paged);
  });

  it('refuses a bad cursor with a readable 400', async () => {
    for (const cursor of [
      'nonsense',
      '2024-13-45T99:00:00Z|00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await get(
        `${API.gallery.fetch}?cursor=${encodeURIComponent(cursor)}`,
        meera,
      );
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
    }
  });

  it('shortens long messages and gives thumbnails as wide as stated', async () => {
    const upload = await t.app.inject({
      method: 'PUT',
      url: API.images.upload('wide.png'),
      headers: { cookie: meera.cookie, 'content-type': 'image/png' },
      payload: await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#3b6fb6' },
      })
        .png()
        .toBuffer(),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const { image } = upload.json() as { image: string };
    const long = `${'word '.repeat(100)}end`;
    await addPost(meera, 'branch', long, image);

    const [item] = (await galleryPage(meera)).items;
    expect(item!.image).toBe(image);
    expect(item!.message).toBe(shortMessage(long));
    expect(item!.message.length).toBeLessThanOrEqual(GALLERY_MESSAGE_LENGTH);
    expect(item!.message).toMatch(/^word word .*word…$/);

    for (const thumb of item!.thumbnails) {
      const response = await get(thumb.url);
      expect(response.statusCode).toBe(200);
      expect((await sharp(response.rawPayload).metadata()).width).toBe(thumb.width);
    }
  });
});

describe('shortMessage', () => {
  it('keeps short messages and cuts long ones at a word, without splitting an emoji', () => {
    expect(shortMessage('Hello')).toBe('Hello');
    expect(shortMessage('a'.repeat(GALLERY_MESSAGE_LENGTH))).toBe(
      'a'.repeat(GALLERY_MESSAGE_LENGTH),
    );
    expect(shortMessage('one two three four', 12)).toBe('one two…');
    expect(shortMessage('🎓'.repeat(10), 5)).toBe('🎓🎓🎓🎓…');
  });
});
