import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { PRERENDERED_ATTRIBUTE } from '../src/app/prerender-handover.ts';
import { VISITOR_ROUTES } from './route-modules.ts';

/** Where the pages go inside the build, with `pages.json` mapping each path to its file. */
export const PRERENDER_DIR = 'prerendered';
// index.html marks what stands in #root until the app renders; a prerendered page puts the
// screen there instead.
const SHELL = /<!-- shell -->[\s\S]*<!-- \/shell -->/;

/**
 * After the client build: the visitors' screens (src/prerender.tsx, built for Node) drawn into
 * copies of the built index.html, one per route, with brotli and gzip copies like every asset.
 */
export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'alumnet:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the files are written, and only when the build succeeded.
    async writeBundle() {
      // Inside the app's folder, so that Node finds the libraries the render imports.
      const serverBuild = path.join(root, 'node_modules', '.alumnet-prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        // The contract is TypeScript source: bundled, not imported at run time.
        ssr: { noExternal: ['@alumnet/contract'] },
        build: {
          ssr: 'src/prerender.tsx',
          outDir: serverBuild,
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const { render } = (await import(
        pathToFileURL(path.join(serverBuild, 'prerender.mjs')).href
      )) as { render: (route: string) => string };
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!SHELL.test(index)) this.error('index.html has no <!-- shell --> … <!-- /shell --> mark');
      mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
      const pages: Record<string, string> = {};
      for (const route of VISITOR_ROUTES) {
        const file = `${PRERENDER_DIR}/${route === '/' ? 'home' : route.slice(1)}.html`;
        // `display: contents`: the wrapper draws no box of its own; it tells boot.js which forms
        // have no handler yet.
        const html = index.replace(
          SHELL,
          () => `<div ${PRERENDERED_ATTRIBUTE} style="display: contents">${render(route)}</div>`,
        );
        writeFileSync(path.join(outDir, file), html);
        writeFileSync(
          path.join(outDir, `${file}.br`),
          brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(html, { level: 9 }));
        pages[route] = file;
      }
      writeFileSync(path.join(outDir, PRERENDER_DIR, 'pages.json'), JSON.stringify(pages));
      rmSync(serverBuild, { recursive: true, force: true });
    },
  };
}
