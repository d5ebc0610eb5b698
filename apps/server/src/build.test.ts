import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';

// `npm start` runs the bundle (build.mjs), while every other server test runs the TypeScript: this
// one proves the bundle loads. Built under dist/ so it finds node_modules as the real one does,
// and git and lint ignore it.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(path.join(serverRoot, 'dist'), { recursive: true });
const outdir = mkdtempSync(path.join(serverRoot, 'dist', 'test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

test('the built server resolves every import, and its stack traces name the .ts source', () => {
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
  if (existsSync(path.join(serverRoot, 'src/db/embedded-process.ts')))
    expect(existsSync(path.join(outdir, 'embedded-process.js'))).toBe(true);

  // An ES module links all its imports before any of it runs, so reaching the configuration check
  // (which fails here at once, without a database) means every npm package the bundle left
  // external was found and every module's top level ran.
  // As start.mjs runs it (build.mjs's serverArgs): our source maps loaded first.
  const sourceMaps = pathToFileURL(path.join(serverRoot, 'source-maps.mjs')).href;
  const run = spawnSync(process.execPath, ['--import', sourceMaps, path.join(outdir, 'main.js')], {
    env: { ...process.env, PORT: 'not-a-port' },
    encoding: 'utf8',
    timeout: 50_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Invalid environment');
  expect(run.stderr).toMatch(/at loadConfig \(.*apps\/server\/src\/config\.ts:\d+:\d+\)/);
  expect(run.stderr).toMatch(/apps\/server\/src\/main\.ts:\d+:\d+/);
}, 60_000);
