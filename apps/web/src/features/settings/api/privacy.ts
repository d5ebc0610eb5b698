import { API, privacySettings, type PrivacySettings } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const privacyKey = ['me', 'privacy'] as const;

/** GET /api/me/privacy: who sees the member's details, and whether they are listed. */
export const privacyQuery = queryOptions({
  queryKey: privacyKey,
  queryFn: () => api.get(API.me.privacy, privacySettings),
});

/** PUT /api/me/privacy with the whole object; answers what is stored. */
export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettings) => api.put(API.me.privacy, privacySettings, body),
    onSuccess: (answer: PrivacySettings) => {
      queryClient.setQueryData(privacyKey, answer);
      // What others find in Alum Zone and the chat changed; the member's own lists read again.
      void queryClient.invalidateQueries({ queryKey: ['alumzone'] });
    },
  });
}
