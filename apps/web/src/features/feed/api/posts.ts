import {
  API,
  FEED_PAGE_SIZE,
  feedCursor,
  post,
  postComment,
  postList,
  updateLikesAnswer,
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

type FeedPages = InfiniteData<Post[], string | undefined>;

export const feedKeys = {
  all: ['posts'] as const,
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

/** Applies `change` to the post wherever the cache holds it: feed lists, and a linked post. */
function updateCachedPost(queryClient: QueryClient, postId: string, change: (p: Post) => Post) {
  queryClient.setQueriesData<FeedPages | Post>({ queryKey: feedKeys.all }, (data) => {
    if (!data) return data;
    if (!('pages' in data)) return data._id === postId ? change(data) : data;
    return {
      ...data,
      pages: data.pages.map((page) => page.map((p) => (p._id === postId ? change(p) : p))),
    };
  });
}

/** The cached lists a new post belongs to: 'all' and its own level. */
function prependPost(queryClient: QueryClient, userId: string, created: Post) {
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

/** Likes or unlikes (the server toggles); the heart changes at once and the answer settles it. */
export function useToggleLike(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      api.post(API.posts.updateLikes, updateLikesAnswer, { postId, userId }),
    onMutate: async (postId) => {
      await queryClient.cancelQueries({ queryKey: feedKeys.all });
      const before = queryClient.getQueriesData<FeedPages>({ queryKey: feedKeys.all });
      updateCachedPost(queryClient, postId, (p) => ({
        ...p,
        likedByMe: !p.likedByMe,
        likesCount: Math.max(0, p.likesCount + (p.likedByMe ? -1 : 1)),
      }));
      return { before };
    },
    onSuccess: ({ updatedPost }, postId) =>
      updateCachedPost(queryClient, postId, (p) => ({
        ...p,
        likesCount: updatedPost.likesCount,
        likedByMe: updatedPost.likedByMe,
      })),
    onError: (error, _postId, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      // member-portal.md §8: like errors are only logged.
      console.error('Failed to update likes', error);
    },
  });
}

export function useSaveComment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, comment }: { postId: string; comment: string }) =>
      api.post(API.posts.saveComment, postComment, { postId, commenterId: userId, comment }),
    onSuccess: (saved, { postId }) =>
      updateCachedPost(queryClient, postId, (p) => ({ ...p, comments: [...p.comments, saved] })),
    // member-portal.md §8: comment errors are only logged.
    onError: (error) => console.error('Failed to save comment', error),
  });
}
