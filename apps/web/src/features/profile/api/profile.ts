import { API, signedInUser, userProfile, type ProfileUpdateBody } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQuery, rememberUser } from '../../../lib/session';

export const profileKeys = {
  profile: (userId: string) => ['users', 'profile', userId] as const,
};

/** POST /api/users/user: the profile record behind the form (member-portal.md §7). */
export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: () => api.post(API.users.user, userProfile, { userId }),
    enabled: Boolean(userId),
  });

/**
 * Query families the profile does not feed: the session is set from the answer itself, and
 * the lookups (colleges, countries, cities...) do not change when a member edits a profile.
 */
const untouched = new Set([meQuery.queryKey[0], 'lookups']);

/** PUT /api/users/update; the answer is the signed-in user, merged into the stored one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put(API.users.update, signedInUser, body),
    onSuccess: (user) => {
      rememberUser(queryClient, user);
      // Everything else may show the member's city, company or picture: the dashboard counts
      // (['alumzone', 'counts', ...]), the directory, posts with the author's picture, this form.
      void queryClient.invalidateQueries({
        predicate: (query) => !untouched.has(String(query.queryKey[0])),
      });
    },
  });
}
