import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rememberFileSizes } from './embedded-file-sizes';

const work = fs.mkdtempSync(path.join(tmpdir(), 'alumnet-file-sizes-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  undo = undefined;
});

/** A copy of node:fs whose fstat calls are counted, with the sizes remembered on it. */
function countedFs() {
  const target = { ...fs } as typeof fs;
  const calls = { fstat: 0 };
  const fstatSync = fs.fstatSync;
  target.fstatSync = ((...args: Parameters<typeof fs.fstatSync>) => {
    calls.fstat++;
    return fstatSync(...args);
  }) as typeof fs.fstatSync;
  undo = rememberFileSizes(target);
  return { target, calls };
}

let files = 0;
const freshFile = (bytes = 0) => {
  const file = path.join(work, `file-${++files}`);
  fs.writeFileSync(file, Buffer.alloc(bytes));
  return file;
};

describe('remembered file sizes (the embedded database process)', () => {
  it('answers a second fstat without the system, and what the system would say', () => {
    const { target, calls } = countedFs();
    const file = freshFile(100);
    const fd = target.openSync(file, 'r+');
    expect(target.fstatSync(fd).size).toBe(100);
    expect(target.fstatSync(fd).size).toBe(100);
    expect(calls.fstat).toBe(1);

    // Past the end: the file grows to the write's end.
    target.writeSync(fd, Buffer.alloc(50, 1), 0, 50, 8192);
    expect(target.fstatSync(fd).size).toBe(8242);
    // Inside it: no change.
    target.writeSync(fd, Buffer.alloc(10, 2), 0, 10, 0);
    expect(target.fstatSync(fd).size).toBe(8242);
    expect(fs.statSync(file).size).toBe(8242);

    target.ftruncateSync(fd, 4096);
    expect(target.fstatSync(fd).size).toBe(4096);
    expect(fs.statSync(file).size).toBe(4096);
    expect(calls.fstat).toBe(1);
    target.closeSync(fd);
  });

  it('keeps two descriptors of one file in agreement', () => {
    const { target } = countedFs();
    const file = freshFile(0);
    const a = target.openSync(file, 'r+');
    expect(target.fstatSync(a).size).toBe(0);
    // Through a descriptor never asked about.
    const b = target.openSync(file, 'r+');
    target.writeSync(b, Buffer.alloc(8192), 0, 8192, 0);
    expect(target.fstatSync(a).size).toBe(8192);
    expect(target.fstatSync(b).size).toBe(8192);
    target.closeSync(a);
    target.writeSync(b, Buffer.alloc(8192), 0, 8192, 8192);
    expect(target.fstatSync(b).size).toBe(16_384);
    target.closeSync(b);
  });

  it('asks the system again after a change it cannot follow', () => {
    const { target, calls } = countedFs();
    const file = freshFile(300);
    const fd = target.openSync(file, 'r+');
    expect(target.fstatSync(fd).size).toBe(300);

    // A write at the descriptor's own position: where that is, only the system knows.
    target.writeSync(fd, Buffer.alloc(500));
    expect(target.fstatSync(fd).size).toBe(fs.statSync(file).size);
    // Rewritten whole by its path.
    target.writeFileSync(file, 'x');
    expect(target.fstatSync(fd).size).toBe(1);
    target.truncateSync(file, 0);
    expect(target.fstatSync(fd).size).toBe(0);
    // Opened again with O_TRUNC, from elsewhere.
    target.writeSync(fd, Buffer.alloc(64), 0, 64, 0);
    target.closeSync(target.openSync(file, 'w'));
    expect(target.fstatSync(fd).size).toBe(0);
    expect(calls.fstat).toBe(5);
    target.closeSync(fd);
  });

  it('forgets a file once its descriptor closes, whatever the number is used for next', () => {
    const { target } = countedFs();
    const first = freshFile(10);
    const fd = target.openSync(first, 'r+');
    expect(target.fstatSync(fd).size).toBe(10);
    target.closeSync(fd);
    // A descriptor closed behind its back: the next file to get its number is not the first.
    const other = target.openSync(first, 'r');
    expect(target.fstatSync(other).size).toBe(10);
    fs.closeSync(other);
    const second = freshFile(20);
    const reused = target.openSync(second, 'r');
    expect(reused).toBe(other);
    expect(target.fstatSync(reused).size).toBe(20);
    target.closeSync(reused);
  });

  // The case it exists for: PostgreSQL growing, vacuuming and truncating its files.
  it('keeps PGlite right through growth, truncation and a restart', async () => {
    // Counted under the remembering, on node:fs itself, which PGlite's file system calls.
    const system = fs.fstatSync;
    let asked = 0;
    fs.fstatSync = ((...args: Parameters<typeof fs.fstatSync>) => {
      asked++;
      return system(...args);
    }) as typeof fs.fstatSync;
    const remembering = rememberFileSizes();
    undo = () => {
      remembering();
      fs.fstatSync = system;
    };
    const dataDir = path.join(work, 'pglite');
    const db = await PGlite.create({ dataDir });
    await db.exec(`
      CREATE TABLE t (id int PRIMARY KEY, pad text);
      INSERT INTO t SELECT g, repeat('x', 200) FROM generate_series(1, 20000) g;
      DELETE FROM t WHERE id > 1000;
    `);
    await db.exec('VACUUM t');
    await db.exec(`
      INSERT INTO t SELECT g, repeat('y', 200) FROM generate_series(1001, 5000) g;
      CHECKPOINT;
    `);
    const size = async (pg: PGlite) =>
      (
        await pg.query<{ count: number; bytes: number; file: string }>(
          `SELECT count(*)::int AS count, pg_relation_size('t')::int AS bytes,
                  pg_relation_filepath('t') AS file FROM t`,
        )
      ).rows[0]!;
    const before = await size(db);
    expect(before.count).toBe(5000);
    expect(fs.statSync(path.join(dataDir, before.file)).size).toBe(before.bytes);
    // Each of these plans and scans the table, a length asked for twice at least.
    const askedBefore = asked;
    for (let i = 0; i < 100; i++) await size(db);
    expect(asked - askedBefore).toBeLessThan(20);
    await db.close();
    undo();
    undo = undefined;

    const again = await PGlite.create({ dataDir });
    const after = await size(again);
    expect(after).toEqual(before);
    expect((await again.query('SELECT count(*)::int AS n FROM t WHERE id <= 1000')).rows).toEqual([
      { n: 1000 },
    ]);
    await again.close();
  }, 120_000);
});
