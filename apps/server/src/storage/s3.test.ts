import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildTestApp, loginAs } from '../test/build';
import { createStorage } from '.';
import { createS3Storage } from './s3';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in for S3 on a local port, answering the three calls the driver makes the way S3 does
 * (path-style URLs, XML errors), and recording every request it gets.
 */
async function startFakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, headers: req.headers, body });
      const key = decodeURIComponent(url.split('?')[0] ?? '');
      if (key.startsWith('/forbidden/')) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        return res.end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"abc"' });
        return res.end();
      }
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end(
          req.method === 'HEAD'
            ? undefined
            : '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
        );
      }
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.body.length,
        etag: '"abc"',
      });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const S3_ENV = (endpoint: string) => ({
  S3_BUCKET: 'alumnet-test',
  S3_REGION: 'eu-west-1',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'test-key',
  S3_SECRET_ACCESS_KEY: 'test-secret',
  S3_FORCE_PATH_STYLE: 'true',
});

describe('S3 storage driver', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;

  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());
  beforeEach(() => {
    s3.requests.length = 0;
  });

  const storage = () => createStorage(loadConfig(S3_ENV(s3.endpoint)));

  it('is chosen when S3_BUCKET is set, the disk otherwise', () => {
    expect(storage().kind).toBe('s3');
    expect(createStorage(loadConfig({ DATA_DIR: '/srv/alumnet' })).kind).toBe('disk');
    expect(loadConfig({ DATA_DIR: '/srv/alumnet' }).uploadsDir).toBe('/srv/alumnet/uploads');
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('puts an object with its type and a cache header, signed for the region', async () => {
    const bytes = Buffer.from('not really a png, the driver does not care');
    await storage().put('thumbs/abc.png', bytes, 'image/png');

    expect(s3.requests).toHaveLength(1);
    const [put] = s3.requests;
    expect(put!.method).toBe('PUT');
    expect(put!.url.split('?')[0]).toBe('/alumnet-test/thumbs/abc.png');
    expect(put!.headers['content-type']).toBe('image/png');
    expect(put!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-west-1\/s3\/aws4_request, /,
    );
    expect(put!.body.equals(bytes)).toBe(true);
  });

  it('reads an object back as a stream, and null for a missing one', async () => {
    const bytes = Buffer.from([1, 2, 3, 4, 5]);
    await storage().put('x.jpg', bytes, 'image/jpeg');
    const found = await storage().get('x.jpg');
    expect(found?.size).toBe(5);
    expect((await buffer(found!.body)).equals(bytes)).toBe(true);

    expect(await storage().get('missing.jpg')).toBeNull();
    expect(await storage().exists('x.jpg')).toBe(true);
    expect(await storage().exists('missing.jpg')).toBe(false);
    expect(s3.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'PUT /alumnet-test/x.jpg',
      'GET /alumnet-test/x.jpg',
      'GET /alumnet-test/missing.jpg',
      'HEAD /alumnet-test/x.jpg',
      'HEAD /alumnet-test/missing.jpg',
    ]);
  });

  it('does not mistake a refusal for a missing object', async () => {
    const forbidden = createS3Storage({
      bucket: 'forbidden',
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    await expect(forbidden.get('x.jpg')).rejects.toThrow(/Access Denied/);
    await expect(forbidden.exists('x.jpg')).rejects.toThrow();
  });

  it('refuses keys that could leave the bucket folder, without calling S3', async () => {
    for (const key of ['../x.png', '/x.png', 'a/b/c.png', '.hidden', '']) {
      await expect(storage().get(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(s3.requests).toHaveLength(0);
  });
});

describe('images on S3 through the app', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let uploadsDir: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await buildTestApp(S3_ENV(s3.endpoint));
    uploadsDir = t.uploadsDir;
  });
  afterAll(async () => {
    await t?.close();
    await s3.close();
  });

  it('uploads to the bucket and shows the image from it', async () => {
    const member = await loginAs(t.app, 'member@demo.alumnet.dev');
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#c0504d' },
    })
      .png()
      .toBuffer();
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/v1/1700000000000_red.png',
      headers: { 'content-type': 'image/png', cookie: member.cookie },
      payload: png,
    });
    expect(uploaded.statusCode).toBe(200);
    const { image } = uploaded.json<{ image: string }>();
    expect(new Set(s3.objects.keys())).toEqual(
      new Set([`/alumnet-test/${image}`, `/alumnet-test/thumbs/${image}`]),
    );
    expect(await readdir(uploadsDir)).toEqual([]);

    const shown = await t.app.inject({ method: 'GET', url: `/v1/s3?image=${image}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/s3?image=${image}&size=thumb` });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 256, height: 192 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/s3?image=gone.png' })).statusCode).toBe(
      404,
    );
  });
});
