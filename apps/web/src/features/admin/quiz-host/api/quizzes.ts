import {
  API,
  quizDetail,
  quizGamesAnswer,
  quizListAnswer,
  quizSummary,
  startGameAnswer,
  type GameSettings,
  type QuizBody,
  type StartChallengeBody,
} from '@alumnet/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

export const quizKeys = {
  all: ['admin', 'quiz-host', 'quizzes'] as const,
  games: (collegeId: string) => ['admin', 'quiz-host', 'quizzes', 'games', collegeId] as const,
  list: (collegeId: string) => ['admin', 'quiz-host', 'quizzes', 'list', collegeId] as const,
  detail: (quizId: string) => ['admin', 'quiz-host', 'quizzes', 'detail', quizId] as const,
};

/** GET /api/quizzes for the college the screen works on (a super admin names it). */
export const quizzesQuery = (collegeId: string) =>
  queryOptions({
    queryKey: quizKeys.list(collegeId),
    queryFn: () =>
      api.get(
        collegeId
          ? `${API.quizHost.quizzes}?collegeId=${encodeURIComponent(collegeId)}`
          : API.quizHost.quizzes,
        quizListAnswer,
      ),
  });

/** GET /api/quizzes/{id}: the whole quiz, for the editor. */
export const quizQuery = (quizId: string) =>
  queryOptions({
    queryKey: quizKeys.detail(quizId),
    queryFn: () => api.get(API.quizHost.quiz(quizId), quizDetail),
    // The editor must start from what is stored now, not from an earlier visit.
    staleTime: 0,
  });

/** POST (new) or PUT (edit) the whole quiz; only the summary fields of the answer are read. */
export function useSaveQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, body }: { quizId: string | null; body: QuizBody }) =>
      quizId
        ? api.put(API.quizHost.quiz(quizId), quizSummary, body)
        : api.post(API.quizHost.quizzes, quizSummary, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}

export function useDeleteQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    // Nothing of the answer is shown: the list is read again.
    mutationFn: (quizId: string) => api.delete(API.quizHost.quiz(quizId), z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}

/** POST /api/quizzes/{id}/games with the host's scoring: a fresh game with its code. */
export function useStartGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, settings }: { quizId: string; settings: GameSettings }) =>
      api.post(API.quizHost.startGame(quizId), startGameAnswer, { settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}

/** POST /api/quizzes/{id}/challenges: only the code is read, to make the players' link. */
export function useStartChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, body }: { quizId: string; body: StartChallengeBody }) =>
      api.post(API.quizHost.challenge(quizId), startGameAnswer.pick({ code: true }), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizKeys.all }),
  });
}

/** GET /api/quiz-games: the college's games, live and challenges, newest first. */
export const gamesQuery = (collegeId: string) =>
  queryOptions({
    queryKey: quizKeys.games(collegeId),
    queryFn: () =>
      api.get(
        collegeId
          ? `${API.quizHost.games}?collegeId=${encodeURIComponent(collegeId)}`
          : API.quizHost.games,
        quizGamesAnswer,
      ),
  });
