import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

describe('groupCommit', () => {
  it('writes a lone item at once and gathers what arrives during a write into the next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((n) => n * 10);
    });
    const first = write(1);
    await new Promise((r) => setImmediate(r));
    const later = [write(2), write(3), write(4)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails every item of a failed batch and goes on with the next', async () => {
    let calls = 0;
    const write = groupCommit(async (items: string[]) => {
      calls++;
      if (items.includes('bad')) throw new Error('constraint');
      return items.map((s) => s.toUpperCase());
    });
    const results = await Promise.allSettled([write('ok'), write('bad')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await write('next')).toBe('NEXT');
    expect(calls).toBe(2);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const write = groupCommit(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => write(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
