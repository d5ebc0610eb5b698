import { describe, expect, it } from 'vitest';
import { serializeServerState } from '../lib/server-state';
import { AFTER_PAINT_ID, moduleStylesheets, withScreen } from './page-document';

const index = `<!doctype html><html><head><title>Alumnet</title>
<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="anonymous" />
<script type="module" crossorigin src="/assets/index-9.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-8.js">
<link rel="modulepreload" crossorigin href="/assets/mantine-7.js">
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body><div id="root">
  <!-- the mark -->
  <!-- shell --><div>mark</div><!-- /shell -->
</div></body></html>`;

const byHash = moduleStylesheets({
  '/assets/feed-page-a.css': '._avatar_15j3z_29{--avatar-size:64px}._message_15j3z_37{}',
  '/assets/jobs-page-b.css': '._jobContent_yaio1_1 p{margin:0}',
  '/assets/index-1.css': '._shell_k2k2k_1{}',
});

describe('the page a drawn screen goes out in', () => {
  it("links the stylesheets of the CSS modules the screen's markup uses, and only those", () => {
    const page = withScreen(
      index,
      '<div class="m_1 _avatar_15j3z_29 mantine-Avatar-root"></div><p class="_shell_k2k2k_1"></p>',
      byHash,
    );
    expect(page).toContain('href="/assets/feed-page-a.css"');
    expect(page).not.toContain('jobs-page-b.css');
    expect(page.match(/index-1\.css/g)).toHaveLength(1);
  });

  it("puts a visitor's screen in place of the mark, marked as drawn in advance", () => {
    const page = withScreen(index, '<h1>Log in</h1>', byHash);
    expect(page).toContain('<div data-prerendered style="display: contents"><h1>Log in</h1></div>');
    expect(page).not.toContain('mark</div>');
    expect(page).toContain('/api/auth/me');
  });

  it("gives a signed-in user's screen the whole root, its state, and no second session request", () => {
    const state = serializeServerState({
      router: { loaderData: { '0': { fullName: '</script><b>x' } } },
      queries: { mutations: [], queries: [] },
      viewport: 'phone',
      timeZone: 'Asia/Kolkata',
    });
    const page = withScreen(index, '<main>Feed</main>', byHash, state);
    expect(page).toContain('<div id="root" data-prerendered><main>Feed</main></div>');
    expect(page).not.toContain('/api/auth/me');
    // Text of the user's cannot end the script early.
    expect(page.match(/<\/script>/g)).toHaveLength(page.match(/<script/g)!.length);
    const json = /<script type="application\/json" id="alumnet-state">(.*)<\/script>/.exec(
      page,
    )![1]!;
    expect(JSON.parse(json).router.loaderData['0'].fullName).toBe('</script><b>x');
  });

  it('leaves the scripts for boot.js to start once the page has painted', () => {
    const page = withScreen(index, '<h1>Log in</h1>', byHash);
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('modulepreload');
    const json = new RegExp(
      `<script type="application/json" id="${AFTER_PAINT_ID}">(.*)</script>`,
    ).exec(page)![1]!;
    expect(JSON.parse(json)).toEqual({
      entry: '/assets/index-9.js',
      preload: ['/assets/framework-8.js', '/assets/mantine-7.js'],
    });
    expect(page).toContain('href="/assets/index-1.css"');
  });

  it("names whose home screen the server drew, for boot.js to fetch that screen's chunks", () => {
    const state = serializeServerState({
      router: { loaderData: {} },
      queries: { mutations: [], queries: [] },
      viewport: 'wide',
      timeZone: 'UTC',
    });
    const page = withScreen(index, '<main>Admin Dashboard</main>', byHash, state, 'admin');
    const json = new RegExp(
      `<script type="application/json" id="${AFTER_PAINT_ID}">(.*?)</script>`,
    ).exec(page)![1]!;
    expect(JSON.parse(json).role).toBe('admin');
  });
});
