import { API, postComment, updateLikesAnswer, type Post } from '@alumnet/contract';
import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Every cached list of posts lives under this key: the feed's tabs, a linked post, a group's
 * posts (issue 27). A like or a comment changes the post wherever it is shown.
 */
export const POSTS_KEY = ['posts'] as const;

type PostPages = InfiniteData<Post[], string | undefined>;

/** Applies `change` to the post wherever the cache holds it: lists of pages, and single posts. */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  change: (p: Post) => Post,
) {
  queryClient.setQueriesData<PostPages | Post>({ queryKey: POSTS_KEY }, (data) => {
    if (!data) return data;
    if (!('pages' in data)) return data._id === postId ? change(data) : data;
    return {
      ...data,
      pages: data.pages.map((page) => page.map((p) => (p._id === postId ? change(p) : p))),
    };
  });
}

/** Likes or unlikes (the server toggles); the heart changes at once and the answer settles it. */
export function useToggleLike(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      api.post(API.posts.updateLikes, updateLikesAnswer, { postId, userId }),
    onMutate: async (postId) => {
      await queryClient.cancelQueries({ queryKey: POSTS_KEY });
      const before = queryClient.getQueriesData<PostPages>({ queryKey: POSTS_KEY });
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
      updateCachedPost(queryClient, postId, (p) => ({
        ...p,
        comments: [...p.comments, saved],
        commentsCount: p.commentsCount + 1,
      })),
    // member-portal.md §8: comment errors are only logged.
    onError: (error) => console.error('Failed to save comment', error),
  });
}
