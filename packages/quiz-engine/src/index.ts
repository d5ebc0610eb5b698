export { MAX_POINTS, pointsFor } from './scoring';
export {
  QuizGame,
  QuizStateError,
  type Answer,
  type AnswerOutcome,
  type AnswerRejection,
  type GameOptions,
  type GameRecord,
  type Player,
  type PlayerResult,
  type PlayerSnapshot,
  type QuestionSummary,
  type QuizQuestion,
} from './game';
