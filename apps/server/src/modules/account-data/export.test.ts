import { API, EXPORT_LINK_HOURS } from '@alumnet/contract';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../storage';
import { ensureShippedImages } from '../images';
import { buildMentoringApp, type MentoringApp, type Person } from '../../test/mentoring';
import { runDataExport } from './export';
import { runAccountDeletion } from './jobs';

const HOUR = 3_600_000;

describe('"Download my data" (issue 30)', () => {
  let t: MentoringApp;
  let owner: Person;
  let other: Person;
  beforeAll(async () => {
    t = await buildMentoringApp();
    // The demo pictures a post may show, as a started portal has them.
    await ensureShippedImages(storage());
    owner = await t.person('Exporter', { fullName: 'Exporter Tester' });
    other = await t.person('Bystander', {
      fullName: 'Bystander Tester',
      companyName: 'Secret Other Company',
      phone: '9876522222',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const storage = () => createStorage(t.config);
  const run = (exportId: string, now?: Date) =>
    runDataExport(exportId, {
      db: t.db,
      storage: storage(),
      transports: t.app.transports,
      publicUrl: t.config.publicUrl,
      now,
    });
  const download = (caller: Person | 'visitor', token: string) =>
    t.as(caller, 'GET', API.me.exportDownload(token));

  it('builds one zip of the member’s own data, for the member only, for 24 hours', async () => {
    // The member's things: a post (with a picture), a like, a message each way, an RSVP.
    const posted = await t.as(owner, 'POST', API.posts.add, {
      message: 'My exported post',
      accessLevel: 'college',
      image: 'demo-campus.jpg',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const othersPost = await t.as(other, 'POST', API.posts.add, {
      message: 'Bystander’s own post',
      accessLevel: 'college',
    });
    const liked = await t.as(owner, 'POST', API.posts.updateLikes, {
      postId: othersPost.json()._id,
    });
    expect(liked.statusCode, liked.body).toBe(200);
    await t.db.execute(sql`
      WITH c AS (
        INSERT INTO conversations (college_id, user_a, user_b)
        VALUES (${t.collegeId}, least(${owner.id}::uuid, ${other.id}::uuid), greatest(${owner.id}::uuid, ${other.id}::uuid))
        RETURNING id)
      INSERT INTO messages (conversation_id, sender_id, message)
      SELECT id, ${owner.id}::uuid, 'Hello from the exporter' FROM c
      UNION ALL SELECT id, ${other.id}::uuid, 'Hello back from the bystander' FROM c`);
    const event = await t.db.execute<{ id: string }>(sql`
      INSERT INTO events (college_id, title, starts_at, ends_at, time_zone, access_level, access_level_id)
      VALUES (${t.collegeId}, 'Exported reunion', now() + interval '7 days', now() + interval '8 days',
              'Asia/Kolkata', 'college', ${t.collegeId})
      RETURNING id`);
    await t.db.execute(sql`
      INSERT INTO event_rsvps (event_id, user_id, status) VALUES (${event.rows[0]!.id}, ${owner.id}, 'going')`);

    expect((await t.as(owner, 'GET', API.me.export)).json()).toEqual({ latest: null });
    const asked = await t.as(owner, 'POST', API.me.export);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      'We are preparing your data. You will receive an e-mail with a download link, valid for 24 hours.',
    );
    const exportId = asked.json().latest._id as string;
    expect(asked.json().latest.status).toBe('queued');
    // The job was queued with the row.
    const jobs = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'data-export' AND data->>'exportId' = ${exportId}`);
    expect(jobs.rows[0]!.n).toBe(1);
    // One in progress, and once an hour.
    const again = await t.as(owner, 'POST', API.me.export);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(
      'Your data is being prepared already. You will receive an e-mail when it is ready.',
    );
    expect((await t.as('visitor', 'POST', API.me.export)).statusCode).toBe(401);

    const built = await run(exportId);
    expect(built).not.toBeNull();
    const { token, fileKey } = built!;
    expect((await t.as(owner, 'GET', API.me.export)).json().latest).toMatchObject({
      _id: exportId,
      status: 'ready',
    });
    const soon = await t.as(owner, 'POST', API.me.export);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^You can ask for your data once an hour/);

    // The e-mail carries the link; only the token's hash is stored.
    const mail = await t.db.execute<{ body: string }>(sql`
      SELECT body FROM outbox WHERE idempotency_key = ${`data-export:${exportId}`}`);
    expect(mail.rows[0]!.body).toContain(`${t.config.publicUrl}/api/me/export/${token}`);
    const stored = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM data_exports WHERE token_hash = ${token}`);
    expect(stored.rows[0]!.n).toBe(0);

    const response = await download(owner, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'profile.json',
        'posts.json',
        'comments.json',
        'likes.json',
        'job-postings.json',
        'messages.json',
        'groups.json',
        'rsvps.json',
        'mentorships.json',
        'notification-settings.json',
        'privacy.json',
        'pictures/demo-campus.jpg',
      ]),
    );
    expect(json('profile.json')).toMatchObject({ id: owner.id, fullName: 'Exporter Tester' });
    expect(json('posts.json')).toEqual([
      expect.objectContaining({ message: 'My exported post', image: 'demo-campus.jpg' }),
    ]);
    expect(json('likes.json')).toEqual([
      expect.objectContaining({ postId: othersPost.json()._id }),
    ]);
    expect(json('messages.json')).toEqual([
      expect.objectContaining({ direction: 'sent', message: 'Hello from the exporter' }),
      expect.objectContaining({ direction: 'received', message: 'Hello back from the bystander' }),
    ]);
    expect(json('rsvps.json')).toEqual([
      expect.objectContaining({ event: 'Exported reunion', status: 'going' }),
    ]);
    expect(json('privacy.json')).toMatchObject({ listedInSearch: true });
    expect(files['pictures/demo-campus.jpg']!.length).toBeGreaterThan(1000);
    // Nothing of the other member's own: not their post, company, phone or e-mail.
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain('Bystander’s own post');
    expect(everything).not.toContain('Secret Other Company');
    expect(everything).not.toContain('9876522222');
    expect(everything).not.toContain('password');

    // The link is the owner's only.
    expect((await download(other, token)).statusCode).toBe(404);
    expect((await download('visitor', token)).statusCode).toBe(401);
    expect((await download(owner, 'not-a-real-token')).statusCode).toBe(404);

    // After EXPORT_LINK_HOURS the hourly job removes the file; the link answers 410.
    expect(await storage().exists(fileKey)).toBe(true);
    const swept = await runAccountDeletion(
      t.db,
      storage(),
      new Date(Date.now() + (EXPORT_LINK_HOURS + 1) * HOUR),
    );
    expect(swept.expiredExports).toEqual([exportId]);
    expect(await storage().exists(fileKey)).toBe(false);
    const gone = await download(owner, token);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(
      'This download link has expired. Please ask for your data again.',
    );
    expect((await t.as(owner, 'GET', API.me.export)).json().latest.status).toBe('expired');
  });

  it('answers 410 once the time is past, even before the sweep', async () => {
    const who = await t.person('Lateone');
    const asked = await t.as(who, 'POST', API.me.export);
    const built = await run(asked.json().latest._id, new Date(Date.now() - 25 * HOUR));
    expect((await download(who, built!.token)).statusCode).toBe(410);
  });
});
