import { API, programmeAnswer, topicsAnswer, type ProgrammeAnswer } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const programmeKeys = {
  all: ['admin', 'mentoring'] as const,
  one: (collegeId: string) => ['admin', 'mentoring', collegeId] as const,
};

const withCollege = (path: string, collegeId: string) =>
  collegeId ? `${path}?collegeId=${encodeURIComponent(collegeId)}` : path;

/** GET /api/dashboard/mentoring?collegeId=: the college's mentoring programme in figures. */
export const programmeQuery = (collegeId: string) =>
  queryOptions({
    queryKey: programmeKeys.one(collegeId),
    queryFn: () => api.get(withCollege(API.mentoring.programme, collegeId), programmeAnswer),
    enabled: Boolean(collegeId),
    retry: false,
  });

/**
 * Where the mentorships' CSV downloads from: a college admin's own college, a super admin's
 * chosen one (the server refuses a super admin who names none).
 */
export const programmeCsv = (collegeId: string, isSuperAdmin: boolean) =>
  `${API.mentoring.programme}?format=csv${
    isSuperAdmin && collegeId ? `&collegeId=${encodeURIComponent(collegeId)}` : ''
  }`;

/** POST /api/dashboard/mentoring/topics {name}: the college's topics, the new one among them. */
export function useAddTopic(collegeId: string, isSuperAdmin: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post(
        isSuperAdmin ? withCollege(API.mentoring.topics, collegeId) : API.mentoring.topics,
        topicsAnswer,
        { name },
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData<ProgrammeAnswer>(programmeKeys.one(collegeId), (before) =>
        before ? { ...before, topics: answer.topics } : before,
      ),
  });
}
