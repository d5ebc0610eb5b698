import { API, hostState, quizReport, type HostState, type hostActionBody } from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

export type HostAction = z.infer<typeof hostActionBody>['action'];
export type HostActionInput = z.infer<typeof hostActionBody>;

export const gameKeys = {
  state: (code: string) => ['admin', 'quiz-host', 'game', code] as const,
  report: (code: string) => ['admin', 'quiz-host', 'game', code, 'report'] as const,
};

/** GET /api/quiz-games/{code}/report: the game afterwards, figured by the server. */
export const reportQuery = (code: string) =>
  queryOptions({
    queryKey: gameKeys.report(code),
    queryFn: () => api.get(API.quizHost.report(code), quizReport),
    retry: false,
  });

/** While the socket is down the console reads the game this often instead. */
export const GAME_POLL_MS = 2000;

/**
 * GET /api/quiz-games/{code}. The socket's `host_state` pushes land in the same cache entry, so
 * the console reads one source whichever way the state arrived.
 */
export const gameQuery = (code: string, polling: boolean) =>
  queryOptions({
    queryKey: gameKeys.state(code),
    queryFn: () => api.get(API.quizHost.game(code), hostState),
    refetchInterval: (query) =>
      polling && query.state.data?.status !== 'finished' ? GAME_POLL_MS : false,
    retry: false,
  });

export function setGameState(queryClient: QueryClient, code: string, state: HostState) {
  queryClient.setQueryData(gameKeys.state(code), state);
}

/**
 * POST /api/quiz-games/{code}/action; the new state follows on the socket, or by reading it.
 * `from` names the step the console showed: the server ignores a press for a step already left.
 */
export function useHostAction(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostActionInput) => api.post(API.quizHost.action(code), z.unknown(), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameKeys.state(code) }),
  });
}
