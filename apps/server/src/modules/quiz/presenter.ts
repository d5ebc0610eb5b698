import {
  QUIZ,
  type HostState,
  type LeaderboardEntry,
  type QuizDetail,
  type QuizServerMessage,
  type QuizSummary,
} from '@alumnet/contract';
import type { QuizGame, QuizQuestion } from '@alumnet/quiz-engine';
import type { QuestionRow, QuizSummaryRow } from './repository';

/**
 * What the hosting process tells every process that has sockets of the game. `all` goes to
 * every socket as it is; the others carry each player's part, so each process writes every one
 * of its own players their message.
 */
export type GameEvent =
  /** The same messages for every socket of the game, in order: built and written once. */
  | { kind: 'all'; code: string; messages: QuizServerMessage[] }
  | {
      kind: 'results';
      code: string;
      questionId: string;
      correctAnswer: number;
      top: LeaderboardEntry[];
      /** Per player id: [points for the question, total, option chosen or null, rank]. */
      players: Record<string, [number, number, number | null, number]>;
    }
  | {
      kind: 'finished';
      code: string;
      podium: LeaderboardEntry[];
      /** Per player id: [rank, score]. */
      players: Record<string, [number, number]>;
    }
  | { kind: 'host'; code: string; state: HostState };

/** The host's console lists this many players at most; total_players counts them all. */
export const HOST_PLAYER_LIST = 500;

export const presentQuizSummary = (row: QuizSummaryRow): QuizSummary => ({
  _id: row.id,
  title: row.title,
  collegeId: row.collegeId,
  questionCount: row.questionCount,
  createdAt: row.createdAt.toISOString(),
  liveCode: row.liveCode,
});

export const presentQuizDetail = (row: QuizSummaryRow, questions: QuestionRow[]): QuizDetail => ({
  ...presentQuizSummary(row),
  questionCount: questions.length,
  questions: questions.map((q) => ({
    _id: q.id,
    question: q.question,
    options: q.options,
    correctOption: q.correctOption,
    timeLimit: q.timeLimit,
  })),
});

export const toEngineQuestion = (q: QuestionRow): QuizQuestion => ({
  id: q.id,
  question: q.question,
  options: q.options,
  correctOption: q.correctOption,
  timeLimit: q.timeLimit,
});

export function questionMessage(
  game: QuizGame,
  yourAnswer?: number | null,
): Extract<QuizServerMessage, { type: 'question' }> {
  const question = game.currentQuestion!;
  return {
    type: 'question',
    question_id: question.id,
    question: question.question,
    options: question.options,
    question_number: game.currentIndex + 1,
    total_questions: game.questions.length,
    time_limit: question.timeLimit,
    remaining_ms: game.remainingMs(),
    ...(yourAnswer === undefined ? {} : { your_answer: yourAnswer }),
  };
}

export function hostStateOf(game: QuizGame, code: string, title: string): HostState {
  const question = game.currentQuestion;
  // The tally would steer answers while the question runs: shown once it is closed.
  const showTally = game.status === 'results' || (game.status === 'finished' && question !== null);
  return {
    code,
    title,
    status: game.status,
    players: game
      .standings()
      .slice(0, HOST_PLAYER_LIST)
      .map((p) => ({ name: p.name, score: p.score })),
    total_players: game.playerCount,
    question_number: game.currentIndex + 1,
    total_questions: game.questions.length,
    question:
      question && game.status !== 'lobby'
        ? {
            question: question.question,
            options: question.options,
            correct_answer: question.correctOption,
            time_limit: question.timeLimit,
            remaining_ms: game.remainingMs(),
          }
        : null,
    answers_count: game.status === 'lobby' ? 0 : game.answerCount,
    distribution: showTally ? game.summary().distribution : [],
    top: game.leaderboard(QUIZ.leaderboardSize),
  };
}

/** One player's share of a `results` event: their result, then the leaderboard. */
export function resultMessages(
  event: Extract<GameEvent, { kind: 'results' }>,
  playerId: string,
  name: string,
): QuizServerMessage[] {
  const mine = event.players[playerId];
  if (!mine) return [];
  const [points, total, option, rank] = mine;
  return [
    {
      type: 'question_results',
      question_id: event.questionId,
      correct_answer: event.correctAnswer,
      score_earned_by_player: points,
      total_score: total,
      answer_state: option === null ? 'none' : option === event.correctAnswer ? 'correct' : 'wrong',
      your_answer: option,
    },
    { type: 'leaderboard', top: event.top, you: { rank, name, score: total } },
  ];
}

export function finishedMessage(
  event: Extract<GameEvent, { kind: 'finished' }>,
  playerId: string | null,
  name: string,
): QuizServerMessage {
  const mine = playerId === null ? undefined : event.players[playerId];
  return {
    type: 'game_finished',
    podium: event.podium,
    you: mine ? { rank: mine[0], name, score: mine[1] } : null,
  };
}
