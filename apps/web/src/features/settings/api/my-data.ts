import {
  API,
  deletionAnswer,
  exportRequestAnswer,
  exportStatusAnswer,
  type DeleteAccountBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const exportKey = ['me', 'export'] as const;

/** GET /api/me/export: the latest "Download my data" request, if any. */
export const exportQuery = queryOptions({
  queryKey: exportKey,
  queryFn: () => api.get(API.me.export, exportStatusAnswer),
});

/** POST /api/me/export: the zip is built in the background and its link e-mailed. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(API.me.export, exportRequestAnswer),
    onSuccess: (answer) => queryClient.setQueryData(exportKey, { latest: answer.latest }),
  });
}

/** POST /api/me/delete: every session ends with it, this one too. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.post(API.me.delete, deletionAnswer, body),
  });
}
