import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage';

const isMissing = (error: unknown) =>
  error instanceof Error &&
  'code' in error &&
  (error.code === 'ENOENT' || error.code === 'ENOTDIR');

/** Files under one folder, created on first write. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  return {
    kind: 'disk',

    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file. The dot keeps the
      // temporary name outside what a key can name.
      const temporary = path.join(path.dirname(file), `.${randomBytes(8).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await open(file, 'r');
        try {
          const info = await handle.stat();
          if (!info.isFile()) {
            await handle.close();
            return null;
          }
          return { body: handle.createReadStream(), size: info.size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
