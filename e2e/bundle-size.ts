import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
// The module each main screen's route loads: the same table the boot script preloads from.
import { ROUTE_MODULES } from '../apps/web/build/route-modules';

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const brotliSize = (file: string) =>
  brotliCompressSync(readFileSync(path.join(dist, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

/**
 * What a first visit to a route downloads for the app to start there: the entry, the route's
 * chunks (build/route-modules.ts) and every chunk they import statically (not the ones they load
 * later), with their stylesheets, as brotli-compressed bytes (what the server sends to a browser
 * that accepts it).
 */
export function initialBytes(route: string) {
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('index.html');
  const modules = ROUTE_MODULES[route];
  if (!modules) throw new Error(`no route module for ${route} (apps/web/build/route-modules.ts)`);
  modules.forEach(visit);
  const js = [...seen].map((key) => manifest[key]!.file);
  const css = [...new Set([...seen].flatMap((key) => manifest[key]!.css ?? []))];
  const sum = (files: string[]) => files.reduce((total, file) => total + brotliSize(file), 0);
  return { js: sum(js), css: sum(css), files: [...js, ...css] };
}
