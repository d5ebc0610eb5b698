import type { GalleryItem, GalleryPage as Page } from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { meQuery } from '../../../lib/session';
import { id, MEMBER } from '../../../testing/member';
import { GalleryPage } from './gallery-page';

// The member layout opens the chat connection; there is no server to reach here.
vi.mock('socket.io-client', () => import('../../../testing/fake-socket'));

const ME = MEMBER;

const picture = (n: number, fullName: string, message: string, day: number): GalleryItem => ({
  postId: id(n),
  image: `pic-${n}.jpg`,
  url: `/v1/s3?image=pic-${n}.jpg`,
  thumbnails: [{ url: `/v1/s3?image=pic-${n}.jpg&size=thumb`, width: 256 }],
  postedBy: { _id: id(n), fullName },
  createdAt: `2025-03-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  message,
});
const CAMPUS = picture(2, 'Rahul Verma', 'The new library wing', 14);
const REUNION = picture(3, 'Asha Nair', 'Reunion night!', 12);
const HACKATHON = picture(4, 'Meera Menon', 'Hackathon winners', 10);
const SPORTS = picture(5, 'Anita Rao', 'Sports day', 2);
const CURSOR = `${HACKATHON.createdAt}|${HACKATHON.postId}`;

let fetchMock: Mock<typeof fetch>;

/** The gallery API: two pages, the second after CURSOR. */
function serve(pages: Record<string, Page>) {
  fetchMock = vi.fn<typeof fetch>((input) => {
    const body = pages[String(input)];
    return Promise.resolve(
      body
        ? new Response(JSON.stringify(body), { status: 200 })
        : new Response(JSON.stringify({ statusCode: 404, error: 'x', message: 'x' }), {
            status: 404,
          }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
}
const TWO_PAGES = {
  '/api/gallery': { items: [CAMPUS, REUNION, HACKATHON], nextCursor: CURSOR },
  [`/api/gallery?cursor=${encodeURIComponent(CURSOR)}`]: { items: [SPORTS], nextCursor: null },
};

function renderGallery() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQuery.queryKey, { user: ME });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/gallery']}>
          <GalleryPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const tile = (name: RegExp) => screen.getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');

afterEach(() => {
  vi.unstubAllGlobals();
});

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('/gallery for a member', { timeout: 20_000 }, () => {
  it('shows a member the pictures as square, lazily loaded thumbnails, and loads more', async () => {
    serve(TWO_PAGES);
    renderGallery();
    const grid = await screen.findByRole('list', { name: 'Pictures' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Open the picture Rahul Verma posted on 14 Mar 2025',
      'Open the picture Asha Nair posted on 12 Mar 2025',
      'Open the picture Meera Menon posted on 10 Mar 2025',
    ]);
    const img = tiles[0]!.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(CAMPUS.thumbnails[0]!.url);
    // Never the full upload in a tile: on a 3x phone screen it would be picked for every one.
    expect(img.getAttribute('srcset')).toBe('/v1/s3?image=pic-2.jpg&size=thumb 256w');
    expect(img.getAttribute('sizes')).toMatch(/50vw$/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['256', '256']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more pictures' }));
    await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more pictures' })).toBeNull();
    // The gallery's own calls (the header's bell asks for its count besides).
    const galleryCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/gallery'));
    expect(galleryCalls).toEqual(Object.keys(TWO_PAGES));
  });

  it('opens the viewer, turns with the arrow keys, buttons and swipes, and closes on Escape', async () => {
    serve(TWO_PAGES);
    renderGallery();
    await screen.findByRole('list', { name: 'Pictures' });
    // A real click or Enter leaves the focus on the tile; the viewer hands it back there.
    const opener = tile(/Asha Nair/);
    opener.focus();
    fireEvent.click(opener);

    await screen.findByRole('dialog', { name: 'Asha Nair' });
    expect(within(dialog()).getByText('Reunion night!')).toBeTruthy();
    expect(within(dialog()).getByText('12 Mar 2025').getAttribute('datetime')).toBe(
      REUNION.createdAt,
    );
    expect(within(dialog()).getByRole('img').getAttribute('src')).toBe(REUNION.url);

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
    await screen.findByRole('dialog', { name: 'Meera Menon' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    await screen.findByRole('dialog', { name: 'Rahul Verma' });
    expect(within(dialog()).getByRole('button', { name: 'Previous picture' })).toHaveProperty(
      'disabled',
      true,
    );

    // A swipe to the left is "next"; a mostly vertical drag is not.
    const stage = within(dialog()).getByRole('img').parentElement!;
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 200, clientY: 210 });
    await screen.findByRole('dialog', { name: 'Asha Nair' });
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 250, clientY: 300 });
    expect(screen.getByRole('dialog', { name: 'Asha Nair' })).toBeTruthy();

    // Past the last loaded picture, the next page is fetched and shown.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next picture' }));
    await screen.findByRole('dialog', { name: 'Meera Menon' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next picture' }));
    await screen.findByRole('dialog', { name: 'Anita Rao' });
    expect(within(dialog()).getByRole('button', { name: 'Next picture' })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('says so when there are no pictures', async () => {
    serve({ '/api/gallery': { items: [], nextCursor: null } });
    renderGallery();
    expect(await screen.findByText(/No pictures yet/)).toBeTruthy();
  });
});
