import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk';

describe('disk storage driver', () => {
  let parent: string;
  let root: string;

  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'alumnet-disk-'));
    root = path.join(parent, 'uploads');
    await writeFile(path.join(parent, 'secret.txt'), 'outside the store');
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('creates its folders on first write and reads the bytes back', async () => {
    const storage = createDiskStorage(root);
    const bytes = Buffer.from('image bytes');
    await storage.put('thumbs/a.png', bytes, 'image/png');
    await storage.put('a.png', bytes, 'image/png');

    const found = await storage.get('thumbs/a.png');
    expect(found?.size).toBe(bytes.length);
    expect((await buffer(found!.body)).equals(bytes)).toBe(true);
    expect(await storage.exists('a.png')).toBe(true);
    // Nothing but the two files: the temporary names were renamed away.
    expect((await readdir(root)).sort()).toEqual(['a.png', 'thumbs']);
    expect(await readdir(path.join(root, 'thumbs'))).toEqual(['a.png']);
  });

  it('answers null and false for what is not there, including folders', async () => {
    const storage = createDiskStorage(root);
    expect(await storage.get('missing.png')).toBeNull();
    expect(await storage.get('nofolder/missing.png')).toBeNull();
    expect(await storage.get('thumbs')).toBeNull();
    expect(await storage.exists('missing.png')).toBe(false);
    expect(await storage.exists('thumbs')).toBe(false);
  });

  it('refuses keys that reach outside its folder', async () => {
    const storage = createDiskStorage(root);
    for (const key of ['../secret.txt', '..', '/etc/passwd', 'a/../../secret.txt', '.tmp']) {
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
  });
});
