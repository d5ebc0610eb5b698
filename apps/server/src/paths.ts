import { fileURLToPath } from 'node:url';

// The server's own files, found from its package folder. This module sits one folder below it
// (src/paths.ts), as the bundle does (dist/main.js), so the same relative URL holds whether the
// server runs its TypeScript (tsx, tests) or the build: keep it at the top of src/.
const serverRoot = new URL('../', import.meta.url);

export const repoRoot = fileURLToPath(new URL('../../', serverRoot));
export const migrationsFolder = fileURLToPath(new URL('src/db/migrations', serverRoot));
export const assetsUrl = new URL('assets/', serverRoot);
