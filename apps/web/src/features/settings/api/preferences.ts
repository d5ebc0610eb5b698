import {
  API,
  preferencesAnswer,
  type PreferencesAnswer,
  type PreferencesBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const preferencesKey = ['notifications', 'preferences'] as const;

/** GET /api/notifications/preferences: every kind's {inApp, email}, defaults filled in. */
export const preferencesQuery = queryOptions({
  queryKey: preferencesKey,
  queryFn: () => api.get(API.notifications.preferences, preferencesAnswer),
});

/** PUT /api/notifications/preferences with the kinds that changed; answers them all. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesBody) =>
      api.put(API.notifications.preferences, preferencesAnswer, body),
    onSuccess: (answer: PreferencesAnswer) => queryClient.setQueryData(preferencesKey, answer),
  });
}
