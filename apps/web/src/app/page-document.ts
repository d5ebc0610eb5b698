import { SERVER_STATE_ID } from '../lib/server-state';
import { PRERENDERED_ATTRIBUTE } from './prerender-handover';

/** index.html marks what stands in #root until the app renders: the mark, or a drawn screen. */
const SHELL = /<!-- shell -->[\s\S]*<!-- \/shell -->/;
/** The whole of #root, for a screen the app takes over as it is (hydration: nothing else inside). */
const ROOT = /<div id="root">[\s\S]*?<!-- \/shell -->\s*<\/div>/;
/**
 * index.html asks early who is signed in (its one preloaded fetch); a page drawn for a
 * signed-in user carries the answer.
 */
const SESSION_PRELOAD = /\s*<link rel="preload" href="[^"]*" as="fetch"[^>]*>/;

export const hasShell = (index: string) => SHELL.test(index);

/** The app's entry script and the modules it imports, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The id of the `<script type="application/json">` that holds, on a page drawn in advance, the
 * scripts boot.js starts once the page has painted: `{ entry, preload, role? }`. `role`: whose
 * home screen the server drew, so that boot.js fetches that screen's chunks (build/route-modules).
 */
export const AFTER_PAINT_ID = 'alumnet-after-paint';
export type HomeRole = 'member' | 'admin';

/**
 * A drawn page needs no script to paint, only its HTML and stylesheets. Requested beside them,
 * the app's scripts (five times their size) shared a phone's line with them and held the first
 * paint back by as much; boot.js asks for them once the page has painted instead.
 */
function scriptsAfterPaint(index: string, role?: HomeRole) {
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  if (!entry) return index;
  const preload = [...index.matchAll(MODULE_PRELOAD)].map(([, file]) => file!);
  const later = JSON.stringify({ entry, preload, role });
  return index
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () => `\n    <script type="application/json" id="${AFTER_PAINT_ID}">${later}</script>`,
    );
}

/**
 * A CSS module's class names carry its file's hash (`_avatar_15j3z_29`): by it, the markup of a
 * drawn screen tells which screens' stylesheets it needs. The app adds those when it loads the
 * screen's code; a page drawn before any script links them itself.
 */
const MODULE_CLASS = /^_[\w-]+_([a-z0-9]{5})_\d+$/;

/** Where the build leaves moduleStylesheets' answer for the server's render, beside it. */
export const STYLESHEETS_FILE = 'module-stylesheets.json';

/** Module hash → the built stylesheet holding its rules, from the built stylesheets' text. */
export function moduleStylesheets(stylesheets: Record<string, string>) {
  const byHash: Record<string, string> = {};
  for (const [file, css] of Object.entries(stylesheets))
    for (const [, name] of css.matchAll(/\.(_[\w-]+_[a-z0-9]{5}_\d+)/g)) {
      const hash = MODULE_CLASS.exec(name!)?.[1];
      if (hash) byHash[hash] = file;
    }
  return byHash;
}

function stylesheetsUsed(index: string, screen: string, byHash: Record<string, string>) {
  const files = new Set<string>();
  for (const [, classes] of screen.matchAll(/ class="([^"]*)"/g))
    for (const name of classes!.split(' ')) {
      const file = byHash[MODULE_CLASS.exec(name)?.[1] ?? ''];
      if (file && !index.includes(`href="${file}"`)) files.add(file);
    }
  return [...files];
}

/**
 * The built index.html with a screen drawn in place of the mark (build/prerender.ts for a
 * visitor's pages, src/ssr.tsx for a signed-in user's), the stylesheets of the CSS modules it
 * uses (`byHash`, from moduleStylesheets) and its scripts left for after its first paint. When
 * the server drew it for a user: the `state` the app takes it over with (lib/server-state.ts)
 * and the user's `role`. `display: contents`: the wrapper draws no box of its own; it tells
 * boot.js and the app which fields the user may type into before the app has started
 * (app/prerender-handover.ts).
 */
export function withScreen(
  index: string,
  screen: string,
  byHash: Record<string, string>,
  state?: string,
  role?: HomeRole,
) {
  const links = stylesheetsUsed(index, screen, byHash)
    .map((file) => `  <link rel="stylesheet" crossorigin href="${file}">\n  `)
    .join('');
  const withLinks = scriptsAfterPaint(index, role).replace('</head>', () => `${links}</head>`);
  if (state === undefined)
    return withLinks.replace(
      SHELL,
      () => `<div ${PRERENDERED_ATTRIBUTE} style="display: contents">${screen}</div>`,
    );
  return withLinks
    .replace(ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${screen}</div>`)
    .replace(SESSION_PRELOAD, '')
    .replace(
      '</body>',
      () =>
        `  <script type="application/json" id="${SERVER_STATE_ID}">${state}</script>\n  </body>`,
    );
}
