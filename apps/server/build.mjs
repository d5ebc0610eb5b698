// The server as `npm start` runs it: src/main.ts (and the embedded database's child process) bundled
// by esbuild into dist/, so production starts plain JavaScript instead of compiling TypeScript at
// run time. npm packages stay external (loaded from node_modules as they are, native addons and
// all); our workspace packages are TypeScript sources, so they are bundled in.
//
//   node apps/server/build.mjs              build into apps/server/dist
//   node apps/server/build.mjs --if-stale   only when dist/main.js is missing or older than a source
//   node apps/server/build.mjs --outdir D   build elsewhere (the build test); D must sit one folder
//                                            below apps/server, as dist does, for src/paths.ts
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');
export const distDir = path.join(serverRoot, 'dist');

/** Node's arguments to run a built server: its source maps first, then the bundle. */
export const serverArgs = (outdir = distDir) => [
  '--import',
  pathToFileURL(path.join(serverRoot, 'source-maps.mjs')).href,
  path.join(outdir, 'main.js'),
];

// A child-process entry is bundled only once its source exists, so the build does not depend on
// the order in which entries land.
const entries = ['main', 'db/embedded-process'];

/** Everything a bundle is made of: a change to any of these makes dist/ stale. */
const sources = () => [
  path.join(serverRoot, 'src'),
  path.join(serverRoot, 'package.json'),
  fileURLToPath(import.meta.url),
  ...readdirSync(path.join(repoRoot, 'packages')).map((p) => path.join(repoRoot, 'packages', p)),
];

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(file)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    latest = Math.max(latest, newest(path.join(file, entry)));
  }
  return latest;
}

export function isStale(outdir = distDir) {
  const built = path.join(outdir, 'main.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources().some((source) => newest(source) > builtAt);
}

export async function buildServer(outdir = distDir) {
  // Imported here so `--if-stale` on a fresh build does not load esbuild at all.
  const esbuild = await import('esbuild');
  const entryPoints = Object.fromEntries(
    entries
      .map((entry) => [path.basename(entry), path.join(serverRoot, 'src', `${entry}.ts`)])
      .filter(([, file]) => existsSync(file)),
  );
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    // What only some starts need (the demo seed and faker, on the first) goes in chunks of its
    // own, loaded by its dynamic import; one file would load it at every start (~35 MB). Chunks
    // sit beside main.js: code that finds files from import.meta.url (paths.ts, the embedded
    // database's entry) may land in one.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // The .ts files are on disk beside the map: stack traces point at them without carrying every
    // source in the map (smaller, less to parse at start).
    sourcesContent: false,
    // Names stay as written (fastify plugin names, error classes in logs), not renamed where two
    // modules share one.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

/** Every bare import is an npm package left to node_modules, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@alumnet/') ? undefined : { path: args.path, external: true },
    );
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? path.resolve(process.argv[at + 1]) : distDir;
  if (!process.argv.includes('--if-stale') || isStale(outdir)) {
    const started = Date.now();
    await buildServer(outdir);
    console.log(
      `Built the server into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`,
    );
  }
}
