import {
  API,
  dashboardSearchAnswer,
  manageGroupsAnswer,
  setupList,
  type GroupUpdateBody,
} from '@alumnet/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

/** The answers of the saves carry nothing the screen reads: the list is read again. */
const anyAnswer = z.unknown();

export const manageKeys = {
  all: ['admin', 'manage-groups'] as const,
  list: (collegeId: string) => ['admin', 'manage-groups', collegeId] as const,
};

const withCollege = (path: string, collegeId: string) =>
  collegeId ? `${path}?collegeId=${encodeURIComponent(collegeId)}` : path;

/** GET /api/groups/manage?collegeId=: the college's groups, archived ones included. */
export const manageGroupsQuery = (collegeId: string) =>
  queryOptions({
    queryKey: manageKeys.list(collegeId),
    queryFn: () => api.get(withCollege(API.groups.manage, collegeId), manageGroupsAnswer),
    enabled: Boolean(collegeId),
  });

/**
 * POST /api/groups (a new group) or PUT /api/groups/{id} (edit, archive, restore). A super
 * admin's new group goes to the college the screen works on (`?collegeId=`, as the list's).
 */
export function useSaveGroup(collegeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: GroupUpdateBody }) =>
      id
        ? api.put(API.groups.one(id), anyAnswer, body)
        : api.post(withCollege(API.groups.create, collegeId), anyAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}

/** PUT /api/groups/{id}/organisers {userIds}: the whole list. */
export function useSaveOrganisers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: string; userIds: string[] }) =>
      api.put(API.groups.organisers(id), anyAnswer, { userIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: manageKeys.all }),
  });
}

/** GET /api/colleges/{kind}/fetch?collegeId=: an automatic rule's batches, branches, degrees. */
export const structureQuery = (kind: 'batches' | 'branches' | 'degrees', collegeId: string) =>
  queryOptions({
    queryKey: ['admin', 'setup', kind, collegeId] as const,
    queryFn: () => api.get(withCollege(API.setup.list(kind), collegeId), setupList),
    enabled: Boolean(collegeId),
  });

/** The college's members by name (the alumni management search), to name organisers. */
export const collegeMemberSearch = (collegeId: string, searchText: string) =>
  queryOptions({
    queryKey: ['admin', 'manage-groups', 'members', collegeId, searchText] as const,
    queryFn: () =>
      api.post(API.dashboard.search, dashboardSearchAnswer, { collegeId, searchText, pageId: 1 }),
    enabled: Boolean(collegeId) && searchText.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
