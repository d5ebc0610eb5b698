import { API, okSchema, sessionsAnswer, type ChangePasswordBody } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sessionsKey = ['me', 'sessions'] as const;

/** GET /api/me/sessions: where the member is signed in, the current one marked. */
export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: () => api.get(API.me.sessions, sessionsAnswer),
});

/** DELETE /api/me/sessions/{id}: signs that browser out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(API.me.session(id), okSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /api/me/sessions/end-others: every browser but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.me.endOtherSessions, okSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /api/me/password: the other sessions end with the old password. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post(API.me.password, okSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
