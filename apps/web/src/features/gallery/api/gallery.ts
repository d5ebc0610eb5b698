import { API, galleryPage } from '@alumnet/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/gallery, a page at a time; each page says where the next one starts. */
export const galleryQuery = infiniteQueryOptions({
  queryKey: ['gallery'],
  queryFn: ({ pageParam }) =>
    api.get(
      pageParam
        ? `${API.gallery.fetch}?cursor=${encodeURIComponent(pageParam)}`
        : API.gallery.fetch,
      galleryPage,
    ),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});
