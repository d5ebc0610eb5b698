import {
  API,
  emailCodeAnswer,
  gameStatusAnswer,
  joinGameAnswer,
  submitAnswerAnswer,
  validateUserAnswer,
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

/** POST /api/kahoot/join-game/{code} {player_id}. */
export const joinGame = ({ code, playerId }: { code: string; playerId: string }) =>
  api.post(API.quiz.joinGame(code), joinGameAnswer, { player_id: playerId });

export interface AnswerInput {
  code: string;
  playerId: string;
  option: number;
  /** Seconds since the question was sent, as this device counted them. */
  timeTaken: number;
}

/** POST /api/kahoot/submit-answer/{code}/{playerId} {submitter_answer, time_taken}. */
export const submitAnswer = ({ code, playerId, option, timeTaken }: AnswerInput) =>
  api.post(API.quiz.submitAnswer(code, playerId), submitAnswerAnswer, {
    submitter_answer: option,
    time_taken: timeTaken,
  });
