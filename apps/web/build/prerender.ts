import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import {
  hasShell,
  moduleStylesheets,
  STYLESHEETS_FILE,
  withScreen,
} from '../src/app/page-document.ts';
import { VISITOR_ROUTES } from './route-modules.ts';

/** Where the pages go inside the build, with `pages.json` mapping each path to its file. */
export const PRERENDER_DIR = 'prerendered';
/**
 * Where the server's render of signed-in pages goes (src/ssr.tsx, built for Node): inside the
 * build, which the server serves all of but this folder, and under the app's folder, so that
 * Node finds the libraries it imports.
 */
export const SSR_DIR = 'ssr';

/**
 * After the client build: the visitors' screens (src/prerender.tsx, built for Node) drawn into
 * copies of the built index.html, one per route, with brotli and gzip copies like every asset;
 * and the server's render of signed-in pages (src/ssr.tsx) built for Node beside them.
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
    async writeBundle(_options, bundle) {
      const serverBuild = path.join(outDir, SSR_DIR);
      await build({
        configFile: false,
        root,
        publicDir: false,
        logLevel: 'warn',
        plugins: [react()],
        // The contract is TypeScript source: bundled, not imported at run time.
        // Bundled, not loaded whole from node_modules: the icon set and Mantine shrink to what
        // the pages use, which held ~85 MB of the portal's idle memory (issue 32). Every @mantine
        // package together, so they share one copy of @mantine/core and its React context.
        ssr: { noExternal: ['@alumnet/contract', '@tabler/icons-react', /^@mantine\//] },
        build: {
          ssr: true,
          outDir: serverBuild,
          emptyOutDir: true,
          rolldownOptions: {
            input: { prerender: 'src/prerender.tsx', ssr: 'src/ssr.tsx' },
            output: { entryFileNames: '[name].mjs' },
          },
        },
      });
      const { render } = (await import(
        pathToFileURL(path.join(serverBuild, 'prerender.mjs')).href
      )) as { render: (route: string) => string };
      const byHash = moduleStylesheets(
        Object.fromEntries(
          Object.values(bundle)
            .filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'))
            .map((item) => [`/${item.fileName}`, String((item as { source: unknown }).source)]),
        ),
      );
      // For the server's render (src/ssr.tsx), beside it.
      writeFileSync(path.join(serverBuild, STYLESHEETS_FILE), JSON.stringify(byHash));
      const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!hasShell(index)) this.error('index.html has no <!-- shell --> … <!-- /shell --> mark');
      mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
      const pages: Record<string, string> = {};
      for (const route of VISITOR_ROUTES) {
        const file = `${PRERENDER_DIR}/${route === '/' ? 'home' : route.slice(1)}.html`;
        const html = withScreen(index, render(route), byHash);
        writeFileSync(path.join(outDir, file), html);
        writeFileSync(
          path.join(outDir, `${file}.br`),
          brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(html, { level: 9 }));
        pages[route] = file;
      }
      writeFileSync(path.join(outDir, PRERENDER_DIR, 'pages.json'), JSON.stringify(pages));
    },
  };
}
