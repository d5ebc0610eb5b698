import {
  API,
  challengeAnswerAnswer,
  challengeState,
  emailCodeAnswer,
  gameStatusAnswer,
  joinGameAnswer,
  submitAnswerAnswer,
  validateUserAnswer,
  type QuizAnswerValue,
  type ValidateUserBody,
} from '@alumnet/contract';
import { api } from '../../../lib/api-client';

/** GET /api/kahoot/game-status/{code}: the game's status and counts; 404 when no game has it. */
export const fetchGameStatus = (code: string) =>
  api.get(API.quiz.gameStatus(code), gameStatusAnswer);

/** POST {API.quiz.emailCode} {email_id} (ours): a visitor asks for the code to type next. */
export const sendEmailCode = (email: string) =>
  api.post(API.quiz.emailCode, emailCodeAnswer, { email_id: email });

/**
 * POST /api/kahoot/validate-user {email_id, game_code, code?}: the member's name and their
 * player_id for this game. A signed-in member's session stands for the code.
 */
export const validateUser = (body: ValidateUserBody) =>
  api.post(API.quiz.validateUser, validateUserAnswer, body);

/** POST /api/kahoot/join-game/{code} {player_id, team?}: `team` only where players pick theirs. */
export const joinGame = ({
  code,
  playerId,
  team = null,
}: {
  code: string;
  playerId: string;
  team?: number | null;
}) =>
  api.post(
    API.quiz.joinGame(code),
    joinGameAnswer,
    team === null ? { player_id: playerId } : { player_id: playerId, team },
  );

export interface AnswerInput {
  code: string;
  playerId: string;
  /** The spec's option index for single choice; other kinds' shapes per quizAnswerValue. */
  answer: QuizAnswerValue;
  /** Seconds since the question was sent, as this device counted them. */
  timeTaken: number;
}

/** POST /api/kahoot/submit-answer/{code}/{playerId} {submitter_answer, time_taken}. */
export const submitAnswer = ({ code, playerId, answer, timeTaken }: AnswerInput) =>
  api.post(API.quiz.submitAnswer(code, playerId), submitAnswerAnswer, {
    submitter_answer: answer,
    time_taken: timeTaken,
  });

// ---------------------------------------------------------------- self-paced challenges (issue 31)

export const challengeKey = (code: string) => ['quiz-challenge', code] as const;

/** GET {API.quiz.challenge(code)}: the challenge and where the signed-in member stands in it. */
export const fetchChallenge = (code: string) => api.get(API.quiz.challenge(code), challengeState);

/** POST {API.quiz.challengeNext(code)}: starts the attempt, or moves on to the next question. */
export const nextChallengeQuestion = (code: string) =>
  api.post(API.quiz.challengeNext(code), challengeState);

export interface ChallengeAnswerInput {
  code: string;
  questionId: string;
  answer: QuizAnswerValue;
  timeTaken: number;
}

/** POST {API.quiz.challengeAnswer(code)}: the answer to the question out now, marked at once. */
export const answerChallenge = ({ code, questionId, answer, timeTaken }: ChallengeAnswerInput) =>
  api.post(API.quiz.challengeAnswer(code), challengeAnswerAnswer, {
    question_id: questionId,
    submitter_answer: answer,
    time_taken: timeTaken,
  });
