import {
  API,
  FEED_PAGE_SIZE,
  feedCursor,
  post,
  postList,
  type FeedFilter,
  type Post,
  type PostAddBody,
} from '@alumnet/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { POSTS_KEY } from '../../../lib/post-actions';

type FeedPages = InfiniteData<Post[], string | undefined>;

export const feedKeys = {
  all: POSTS_KEY,
  list: (userId: string, filter: FeedFilter) => ['posts', userId, filter] as const,
  one: (postId: string) => ['posts', 'one', postId] as const,
};

/**
 * POST /api/posts/fetch, a page at a time: each next page continues after the last post shown
 * (keyset cursor), and a short page means there is nothing older.
 */
export const feedQuery = (userId: string, filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(userId, filter),
    queryFn: ({ pageParam }) =>
      api.post(API.posts.fetch, postList, { userId, accessLevel: filter, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    // The route's loader fetches the first page while the screen's code loads (app/route-prefetch);
    // the list mounting a moment later takes it as it is instead of asking again at once.
    staleTime: 10_000,
    getNextPageParam: (page: Post[]) => {
      const last = page.at(-1);
      return page.length < FEED_PAGE_SIZE || !last ? undefined : feedCursor(last);
    },
  });

/**
 * GET /api/posts/one/{id}: the post a notification's link names (`/feed?post=`), shown above the
 * feed; 404 when it is gone or the member may not see it.
 */
export const onePostQuery = (postId: string) =>
  queryOptions({
    queryKey: feedKeys.one(postId),
    queryFn: () => api.get(API.posts.one(postId), post),
    // A post that is gone stays gone: asking again would only delay saying so.
    retry: false,
  });

/** The cached lists a new post belongs to: 'all' and its own level. */
function prependPost(queryClient: QueryClient, userId: string, created: Post) {
  // A group's post (issue 27) is not the feed's: it is never made here, and never shown there.
  if (created.accessLevel === 'group') return;
  for (const filter of ['all', created.accessLevel] as const) {
    queryClient.setQueryData<FeedPages>(feedKeys.list(userId, filter), (data) =>
      data
        ? { ...data, pages: [[created, ...(data.pages[0] ?? [])], ...data.pages.slice(1)] }
        : data,
    );
  }
}

export function useAddPost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostAddBody) => api.post(API.posts.add, post, { ...body, postedBy: userId }),
    // The answer is the stored post: refetching every loaded page would only repeat it.
    onSuccess: (created) => prependPost(queryClient, userId, created),
  });
}
