import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colleges, events } from '../../db/schema';
import { buildTestApp } from '../../test/build';

describe('a shared event link', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dist: string;
  let eventId: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'alumnet-dist-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Alumnet</title></head><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://alumni.example.edu' });
    const [college] = await t.db
      .select({ id: colleges.id })
      .from(colleges)
      .where(eq(colleges.name, 'Alumnet Institute of Technology'));
    const [made] = await t.db
      .insert(events)
      .values({
        collegeId: college!.id,
        title: 'Reunion "2016" & friends',
        startsAt: new Date('2031-03-14T12:30:00Z'),
        endsAt: new Date('2031-03-14T16:30:00Z'),
        timeZone: 'Asia/Kolkata',
        venue: 'Old campus',
        coverPicture: 'reunion.webp',
        accessLevel: 'college',
        accessLevelId: college!.id,
      })
      .returning({ id: events.id });
    eventId = made!.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('shows its title, time, place and picture to a crawler without a session', async () => {
    const page = await t.app.inject({ url: `/events/${eventId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const meta = (property: string) =>
      new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(page.body)?.[1];
    expect(meta('og:title')).toBe('Reunion &quot;2016&quot; &amp; friends');
    expect(meta('og:description')).toBe('14 Mar 2031, 18:00 (Asia/Kolkata) · Old campus');
    expect(meta('og:image')).toBe('https://alumni.example.edu/v1/s3?image=reunion.webp');
    expect(meta('og:url')).toBe(`https://alumni.example.edu/events/${eventId}`);
    // Still the app's page: the app draws the event for members.
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('is the plain app page for an unknown or malformed id', async () => {
    for (const url of ['/events/00000000-0000-4000-8000-000000000000', '/events/not-an-id']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).not.toContain('og:title');
    }
  });
});
