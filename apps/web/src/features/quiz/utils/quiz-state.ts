import type {
  ChallengeQuestion,
  GameStatusAnswer,
  JoinGameAnswer,
  LeaderboardEntry,
  QuestionKind,
  QuestionPicture,
  QuizAnswerValue,
  QuizServerMessage,
  SubmitAnswerAnswer,
} from '@alumnet/contract';
import type { StoredPlayer } from './stored-player';

/** member-portal.md §4 quiz flow, in order. */
export type QuizStep =
  'code' | 'notFound' | 'email' | 'welcome' | 'joined' | 'question' | 'answered';

type QuestionMessage = Extract<QuizServerMessage, { type: 'question' }>;
export type QuestionResult = Extract<QuizServerMessage, { type: 'question_results' }>;

export interface CurrentQuestion extends Pick<
  QuestionMessage,
  'question_id' | 'question' | 'options' | 'question_number' | 'total_questions' | 'time_limit'
> {
  /** When time runs out, on this device's clock (from remaining_ms, so a reconnect keeps it). */
  deadline: number;
  /** The remaining_ms the question came with: the timer's first frame. */
  remainingAtArrival: number;
  /** Issue 31: a question without a kind is the spec's single choice. */
  kind: QuestionKind;
  image: QuestionPicture | null;
  double_points: boolean;
}

/** The live socket's question and a challenge's (over HTTP) share these fields. */
type QuestionFields = Pick<
  QuestionMessage,
  | 'question_id'
  | 'question'
  | 'options'
  | 'question_number'
  | 'total_questions'
  | 'time_limit'
  | 'remaining_ms'
> &
  Partial<Pick<ChallengeQuestion, 'kind' | 'image' | 'double_points'>>;

/** A question as the screen keeps it, its deadline on this device's clock from `now`. */
export const toCurrentQuestion = (message: QuestionFields, now: number): CurrentQuestion => ({
  question_id: message.question_id,
  question: message.question,
  options: message.options,
  question_number: message.question_number,
  total_questions: message.total_questions,
  time_limit: message.time_limit,
  deadline: now + message.remaining_ms,
  remainingAtArrival: message.remaining_ms,
  kind: message.kind ?? 'single',
  image: message.image ?? null,
  double_points: message.double_points ?? false,
});

/** Seconds since the question was sent, to a tenth (the server records it, never scores it). */
export const secondsSinceSent = (question: CurrentQuestion, now = Date.now()) =>
  Math.max(0, Math.round((now - (question.deadline - question.time_limit * 1000)) / 100)) / 10;

export interface Standings {
  /** Teams when `by` is 'teams', else players. */
  entries: LeaderboardEntry[];
  /** This player, always: in team mode too they see their own points. */
  you: LeaderboardEntry | null;
  by: 'players' | 'teams';
  yourTeam: LeaderboardEntry | null;
}

export interface QuizState {
  step: QuizStep;
  code: string;
  info: GameStatusAnswer | null;
  player: { player_id: string; name: string } | null;
  joinMessage: string;
  score: number;
  /** The player's team in team mode (issue 31). */
  team: string | null;
  totalPlayers: number | null;
  /** The newest news from the game, read out by screen readers. */
  latest: string;
  question: CurrentQuestion | null;
  /** The answer given to the current question (an option, options, text or order): being sent, or accepted. */
  selection: QuizAnswerValue | null;
  /** The server's answer to this player's submission for the current question. */
  submission: SubmitAnswerAnswer | null;
  submitError: string | null;
  /** The last question's results; kept after the question so the joined view can show them. */
  result: QuestionResult | null;
  leaderboard: Standings | null;
  podium: Standings | null;
}

export const WAITING_FOR_HOST = 'Waiting for the host to start the game…';
export const GAME_STARTED = 'The game has started! Get ready for the first question.';
export const GAME_OVER = 'The game is over. Thanks for playing!';

export type QuizAction =
  | { type: 'codeFound'; code: string; info: GameStatusAnswer }
  | { type: 'codeNotFound'; code: string }
  | { type: 'backToCode' }
  | { type: 'validated'; player: { player_id: string; name: string } }
  | { type: 'backToEmail' }
  | { type: 'joined'; answer: JoinGameAnswer }
  | { type: 'server'; message: QuizServerMessage; now: number }
  | { type: 'selected'; answer: QuizAnswerValue }
  | { type: 'submitted'; questionId: string; answer: SubmitAnswerAnswer }
  | { type: 'submitFailed'; questionId: string; message: string }
  | { type: 'timeUp'; questionId: string }
  | { type: 'reset' };

const blank: QuizState = {
  step: 'code',
  code: '',
  info: null,
  player: null,
  joinMessage: '',
  score: 0,
  team: null,
  totalPlayers: null,
  latest: '',
  question: null,
  selection: null,
  submission: null,
  submitError: null,
  result: null,
  leaderboard: null,
  podium: null,
};

/** A stored player for this code resumes the game (a refreshed page); otherwise code entry. */
export function initialQuizState(code: string, stored: StoredPlayer | null): QuizState {
  if (stored && (code === '' || code === stored.code)) {
    return {
      ...blank,
      step: 'joined',
      code: stored.code,
      player: { player_id: stored.player_id, name: stored.name },
      latest: 'Reconnecting to the game…',
    };
  }
  return { ...blank, code };
}

export const inGame = (step: QuizStep) =>
  step === 'joined' || step === 'question' || step === 'answered';

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'codeFound':
      return { ...state, step: 'email', code: action.code, info: action.info };
    case 'codeNotFound':
      return { ...state, step: 'notFound', code: action.code, info: null };
    case 'backToCode':
      return { ...blank, code: state.code };
    case 'validated':
      return { ...state, step: 'welcome', player: action.player };
    case 'backToEmail':
      return { ...state, step: 'email', player: null };
    case 'joined':
      return {
        ...state,
        step: 'joined',
        joinMessage: action.answer.message,
        score: action.answer.score,
        team: action.answer.team ?? null,
        totalPlayers: action.answer.total_players,
        latest: WAITING_FOR_HOST,
      };
    case 'server':
      return inGame(state.step) ? onServerMessage(state, action.message, action.now) : state;
    case 'selected':
      return { ...state, selection: action.answer, submitError: null };
    case 'submitted':
      // An answer to an earlier question that arrives late changes nothing on screen.
      if (state.question?.question_id !== action.questionId) return state;
      return {
        ...state,
        step: state.step === 'question' ? 'answered' : state.step,
        submission: action.answer,
        score: action.answer.score_earned,
      };
    case 'submitFailed':
      if (state.question?.question_id !== action.questionId) return state;
      // The pick is released so the player can try again while time is left.
      return { ...state, selection: null, submitError: action.message };
    case 'timeUp':
      return state.step === 'question' && state.question?.question_id === action.questionId
        ? { ...state, step: 'answered' }
        : state;
    case 'reset':
      return blank;
  }
}

function onServerMessage(state: QuizState, message: QuizServerMessage, now: number): QuizState {
  switch (message.type) {
    case 'connected':
      return {
        ...state,
        player: state.player && { ...state.player, name: message.name },
        score: message.score,
        team: message.team ?? state.team,
        totalPlayers: message.total_players,
        latest:
          message.status === 'lobby'
            ? WAITING_FOR_HOST
            : message.status === 'finished'
              ? GAME_OVER
              : 'Connected to the game.',
      };
    case 'player_joined':
      return { ...state, totalPlayers: message.total_players };
    case 'game_started':
      return { ...state, latest: GAME_STARTED, leaderboard: null, podium: null };
    case 'question':
      return onQuestion(state, message, now);
    case 'question_results':
      if (state.question && state.question.question_id !== message.question_id) return state;
      return {
        ...state,
        step: state.step === 'question' ? 'answered' : state.step,
        result: message,
        score: message.total_score,
        selection: message.your_answer ?? state.selection,
      };
    case 'leaderboard':
      return {
        ...state,
        leaderboard: standingsOf(message.top, message),
        latest: message.you
          ? `Leaderboard: you are #${message.you.rank} with ${message.you.score} points.`
          : 'Leaderboard updated.',
      };
    case 'game_finished':
      return {
        ...state,
        step: state.step === 'question' ? 'answered' : state.step,
        podium: standingsOf(message.podium, message),
        score: message.you?.score ?? state.score,
        latest: GAME_OVER,
      };
    case 'error':
      return { ...state, latest: message.message };
    case 'pong':
    case 'host_state':
      return state;
  }
}

const standingsOf = (
  entries: LeaderboardEntry[],
  message: Pick<Extract<QuizServerMessage, { type: 'leaderboard' }>, 'you' | 'by' | 'your_team'>,
): Standings => ({
  entries,
  you: message.you,
  by: message.by ?? 'players',
  yourTeam: message.your_team ?? null,
});

function onQuestion(state: QuizState, message: QuestionMessage, now: number): QuizState {
  const yourAnswer = message.your_answer ?? null;
  // The same question again (a reconnect): what this page knows stands; the server's record of
  // an answer fills in a pick this page lost.
  if (state.question?.question_id === message.question_id) {
    if (yourAnswer === null || state.selection !== null) return state;
    return {
      ...state,
      selection: yourAnswer,
      step: state.step === 'question' ? 'answered' : state.step,
    };
  }
  return {
    ...state,
    step: yourAnswer !== null || message.remaining_ms <= 0 ? 'answered' : 'question',
    question: toCurrentQuestion(message, now),
    selection: yourAnswer,
    submission: null,
    submitError: null,
    result: null,
    leaderboard: null,
    podium: null,
  };
}
