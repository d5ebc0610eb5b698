import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('malloc-trim', () => {
  it.runIf(process.platform === 'linux')(
    "gives back the free pages between a heap's live blocks",
    () => {
      const child = spawnSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'apps/server/src/test/malloc-holes.ts'],
        { encoding: 'utf8', timeout: 30_000 },
      );
      expect(child.stderr).toBe('');
      const result = JSON.parse(child.stdout) as {
        loaded: boolean;
        freed: number;
        trimmed: number;
      };
      expect(result.loaded).toBe(true);
      // About 196 of the 200 MB are free, in holes of 50 KB each: most of it goes back.
      expect(result.freed).toBeGreaterThan(200);
      expect(result.trimmed).toBeLessThan(result.freed - 120);
    },
    40_000,
  );
});
