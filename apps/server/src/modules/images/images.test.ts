import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { imageUrl } from '@alumnet/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../storage/disk';
import { buildTestApp, loginAs } from '../../test/build';
import { DEMO_IMAGES } from './demo-scenes';
import { ensureShippedImages } from './service';

type Session = Awaited<ReturnType<typeof loginAs>>;

const INVALID_TYPE = 'Invalid file type. Only image files are allowed.';
const TOO_LARGE = 'Images can be at most 5 MB.';

/** A photo-like picture (noise does not compress away, so the thumbnail is visibly smaller). */
const picture = (format: 'png' | 'jpeg', width = 640, height = 480) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();

describe('images: PUT /v1/{filename} and GET /v1/s3', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let uploadsDir: string;
  let member: Session;
  let png: Buffer;
  let jpeg: Buffer;

  const upload = (
    body: Buffer | Readable,
    contentType: string,
    { session = member as Session | null, fileName = '1700000000000_photo.png' } = {},
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/v1/${encodeURIComponent(fileName)}`,
      headers: { 'content-type': contentType, ...(session ? { cookie: session.cookie } : {}) },
      payload: body,
    });

  const show = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/v1/s3?${query}`, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    uploadsDir = t.uploadsDir;
    member = await loginAs(t.app, 'member@demo.alumnet.dev');
    [png, jpeg] = await Promise.all([picture('png'), picture('jpeg')]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a PNG under a new name and shows the same bytes, cached for good', async () => {
    const response = await upload(png, 'image/png', { fileName: '1700000000000_my holiday.png' });
    expect(response.statusCode).toBe(200);
    const { image, url } = response.json<{ image: string; url: string }>();
    expect(image).toMatch(/^[\w-]{20,}\.png$/);
    expect(image).not.toContain('holiday');
    expect(url).toBe(imageUrl(image));

    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(shown.headers['content-length'])).toBe(png.length);
    expect(shown.rawPayload.equals(png)).toBe(true);

    // Kept on disk in UPLOADS_DIR, beside its thumbnail.
    expect(await readdir(uploadsDir)).toContain(image);
    expect(await readdir(path.join(uploadsDir, 'thumbs'))).toContain(image);
  });

  it('makes a smaller thumbnail of the same type', async () => {
    const { image } = (await upload(png, 'image/png')).json<{ image: string }>();
    const thumb = await show(`image=${image}&size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.rawPayload.length).toBeLessThan(png.length);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 192 });
  });

  it('stores a JPEG, its thumbnail a JPEG too', async () => {
    const response = await upload(jpeg, 'image/jpeg', { fileName: '1700000000000_me.jpg' });
    expect(response.statusCode).toBe(200);
    const { image } = response.json<{ image: string }>();
    expect(image).toMatch(/\.jpg$/);

    const full = await show(`image=${image}`);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.rawPayload.equals(jpeg)).toBe(true);

    const thumb = await show(`image=${image}&size=thumb`);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.length).toBeLessThan(jpeg.length);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 256 });
  });

  it('makes a medium WebP copy for a post the first time it is asked for, then keeps it', async () => {
    const photo = await picture('jpeg', 1600, 1200);
    const { image } = (await upload(photo, 'image/jpeg')).json<{ image: string }>();
    const [first, together] = await Promise.all([
      show(`image=${image}&size=medium`),
      show(`image=${image}&size=medium`),
    ]);
    for (const medium of [first, together]) {
      expect(medium.statusCode).toBe(200);
      expect(medium.headers['content-type']).toBe('image/webp');
      expect(medium.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(together.rawPayload.equals(first.rawPayload)).toBe(true);
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 720 });
    expect(first.rawPayload.length).toBeLessThan(photo.length / 2);
    expect(await readdir(path.join(uploadsDir, 'medium'))).toContain(`${image}.webp`);
    const again = await show(`image=${image}&size=medium`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(again.headers['content-length'])).toBe(first.rawPayload.length);
    // Its own validator: a browser holding the full image is not told the copy is the same.
    expect(again.headers.etag).not.toBe((await show(`image=${image}`)).headers.etag);
    expect((await show('image=nothing-here.jpg&size=medium')).statusCode).toBe(404);
  });

  it('goes by the bytes, not the declared type', async () => {
    const asPng = await upload(jpeg, 'image/png');
    expect(asPng.statusCode).toBe(200);
    const { image } = asPng.json<{ image: string }>();
    expect(image).toMatch(/\.jpg$/);
    expect((await show(`image=${image}`)).headers['content-type']).toBe('image/jpeg');

    const asOctets = await upload(png, 'application/octet-stream');
    expect(asOctets.statusCode).toBe(200);
    expect(asOctets.json<{ image: string }>().image).toMatch(/\.png$/);
  });

  it('answers 304 to a browser that already has the image', async () => {
    const { image } = (await upload(png, 'image/png')).json<{ image: string }>();
    const first = await show(`image=${image}`);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await show(`image=${image}`, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The thumbnail is another representation with its own tag.
    expect((await show(`image=${image}&size=thumb`)).headers.etag).not.toBe(etag);
  });

  it('turns an EXIF-rotated photo upright and drops its metadata', async () => {
    const tagged = await sharp(await picture('jpeg', 600, 300))
      .withExif({ IFD0: { Artist: 'Meera Menon', Copyright: 'private' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await sharp(tagged).metadata()).toMatchObject({ orientation: 6 });

    const response = await upload(tagged, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const stored = (await show(`image=${response.json<{ image: string }>().image}`)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses a text file sent as a PNG', async () => {
    const response = await upload(
      Buffer.from('just some text, not a picture\n'.repeat(20)),
      'image/png',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: INVALID_TYPE });
  });

  it('refuses other content types, even with image bytes', async () => {
    for (const contentType of [
      'text/plain',
      'application/json',
      'image/gif',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await upload(png, contentType);
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json(), contentType).toMatchObject({ message: INVALID_TYPE });
    }
  });

  it('refuses a GIF and a corrupt image that only look like pictures', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/png')).statusCode).toBe(415);

    // A PNG signature and header followed by garbage, and a JPEG cut in half.
    const fakePng = Buffer.concat([png.subarray(0, 33), Buffer.alloc(2000, 7)]);
    const halfJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    for (const [body, type] of [
      [fakePng, 'image/png'],
      [halfJpeg, 'image/jpeg'],
    ] as const) {
      const response = await upload(body, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toMatchObject({ message: INVALID_TYPE });
    }
  });

  it('refuses a small file claiming a huge picture before decoding it', async () => {
    // The PNG header rewritten to 20000 x 20000 pixels (400 megapixels), its checksum fixed.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    });
    const response = await upload(bomb, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: 'Images can be at most 100 megapixels.' });
  });

  it('refuses an empty body', async () => {
    const response = await upload(Buffer.alloc(0), 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ message: INVALID_TYPE });
  });

  it('refuses more than 5 MB, declared or streamed', async () => {
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]);
    const declared = await upload(big, 'image/png');
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ message: TOO_LARGE });

    // Sent in chunks with no length announced.
    const chunks = Array.from({ length: 6 }, () => Buffer.alloc(1024 * 1024, 1));
    const streamed = await upload(Readable.from(chunks), 'image/jpeg');
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toMatchObject({ message: TOO_LARGE });
  });

  it('takes a picture of exactly 5 MB', async () => {
    // Padding after the PNG end chunk is ignored by decoders; the size is what is tested.
    const exact = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    expect((await upload(exact, 'image/png')).statusCode).toBe(200);
  });

  it('refuses a signed-out upload', async () => {
    const response = await upload(png, 'image/png', { session: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Please log in to continue.' });
  });

  it('accepts the long file names the spec builds', async () => {
    const fileName = `1700000000000_${'a'.repeat(120)}.png`;
    expect((await upload(png, 'image/png', { fileName })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown image and 400 for a bad name', async () => {
    const unknown = await show('image=nothing-here.jpg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Image not found.' });
    expect((await show('image=nothing-here.jpg&size=thumb')).statusCode).toBe(404);

    for (const name of ['../etc/passwd', '..', '.hidden.png', 'thumbs/x.png', 'a b.png']) {
      const response = await show(`image=${encodeURIComponent(name)}`);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ message: 'Invalid image name.' });
    }
    const missing = await show('size=thumb');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'image is required' });
  });

  it('serves the default profile picture', async () => {
    const asset = await readFile(new URL('../../../assets/default-profile.png', import.meta.url));
    for (const query of ['image=default-profile.png', 'image=default-profile.png&size=thumb']) {
      const response = await show(query);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(response.rawPayload.equals(asset)).toBe(true);
    }
    expect(await sharp(asset).metadata()).toMatchObject({ width: 256, height: 256 });
    // imageUrl with no name is the default picture.
    expect((await t.app.inject({ method: 'GET', url: imageUrl(null) })).statusCode).toBe(200);
  });

  it('puts the demo pictures into storage once', async () => {
    const storage = createDiskStorage(uploadsDir);
    const created = await ensureShippedImages(storage);
    expect(created).toEqual([...DEMO_IMAGES, 'default-profile.png']);
    expect(await ensureShippedImages(storage)).toEqual([]);

    for (const name of DEMO_IMAGES) {
      const full = await show(`image=${name}`);
      expect(full.statusCode, name).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect(full.rawPayload.length, name).toBeLessThan(150 * 1024);
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 1200, height: 800 });
      const thumb = await show(`image=${name}&size=thumb`);
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 256 });
    }
  });
});
