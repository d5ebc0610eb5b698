import { acceptInvitationAnswer, API, invitationAnswer } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rememberUser } from '../../../lib/session';

/** GET /api/invitations/{token}: whom the invitation is for. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api.get(API.invitations.show(token), invitationAnswer),
    staleTime: Infinity,
  });

/** POST .../accept: sets the password, registers the alumnus and opens their session. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { newPassword: string; confirmPassword: string }) =>
      api.post(API.invitations.accept(token), acceptInvitationAnswer, body),
    onSuccess: (user) => rememberUser(queryClient, user),
  });
}
