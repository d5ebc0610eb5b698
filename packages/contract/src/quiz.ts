import { z } from 'zod';
import { idSchema } from './common';

// ---------------------------------------------------------------- live quiz (member-portal.md quiz parts)

/** member-portal.md §9. */
export const QUIZ = {
  codeLength: 6,
  pingSeconds: 30,
  reconnectMs: 5_000,
  tickMs: 100,
  /** Timer colour: green above the first share of time left, yellow above the second, else red. */
  greenAbove: 0.5,
  yellowAbove: 0.25,
  minOptions: 2,
  maxOptions: 6,
  minTimeLimit: 5,
  maxTimeLimit: 120,
  maxQuestions: 100,
  /** Answers this late after the deadline still count: network latency, not a second chance. */
  graceMs: 500,
  leaderboardSize: 5,
} as const;

export const QUIZ_CODE_PATTERN = /^[A-Z0-9]{6}$/;
/** What the code input keeps of what is typed: upper case, letters and digits, six at most. */
export const normalizeQuizCode = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, QUIZ.codeLength);

/** member-portal.md §5 and §8, word for word. */
export const QUIZ_MESSAGES = {
  heading: 'Join Quiz',
  codeRequired: 'Please enter a quiz code',
  emailInvalid: 'Please enter a valid email address',
  notFoundTitle: 'Quiz Not Found',
  notFound:
    "Quiz Not Found - The quiz code you entered is incorrect or the quiz doesn't exist. Please check the code and try again.",
  tryAgain: 'Try Again',
  validateEmail: 'Validate Email',
  joinGame: 'Join Game',
  back: 'Back',
  connectFailed: 'Failed to connect to game. Please try again.',
  validateFailed: 'Email validation failed. Please check your email and try again.',
  joinFailed: 'Failed to join game. Please try again.',
  submitFailed: (reason: string) => `Failed to submit answer: ${reason} Please try again.`,
  correct: 'Correct! Well done!',
  wrong: 'Wrong answer. Better luck next time!',
  noAnswer: 'No answer submitted - Time ran out!',
  timesUp: "Time's Up! Time limit exceeded and no answer was submitted.",
  oops: 'Oops! Your answer was incorrect.',
  tooLate: "You didn't answer in time.",
} as const;
/** member-portal.md "Question N of M", with the numbers filled in. */
export const questionOfText = (n: number, m: number) => `Question ${n} of ${m}`;

export const quizCode = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(QUIZ_CODE_PATTERN, 'A quiz code is 6 letters or digits'));
export const gameStatuses = ['lobby', 'question', 'results', 'finished'] as const;
export type GameStatus = (typeof gameStatuses)[number];

// ---------------------------------------------------------------- the spec's calls (snake_case)

export const gameCodeParams = z.object({ code: quizCode });
export const submitAnswerParams = z.object({
  code: quizCode,
  playerId: z.string().min(1).max(200),
});

/** GET /api/kahoot/game-status/{code}; 404 when no game has the code. */
export const gameStatusAnswer = z.object({
  status: z.enum(gameStatuses),
  total_questions: z.number().int(),
  players_count: z.number().int(),
  /** Ours: the quiz's title, for the e-mail step. */
  title: z.string(),
});
export type GameStatusAnswer = z.infer<typeof gameStatusAnswer>;

/** How a visitor proves an e-mail address is theirs before playing as its member (issue 25). */
export const QUIZ_EMAIL_CODE = {
  digits: 6,
  minutes: 10,
  tries: 5,
  /** A new code for the same address is sent at most this often. */
  resendSeconds: 60,
} as const;

/** Ours (not the spec's): the words of the e-mail code step. */
export const QUIZ_IDENTITY_MESSAGES = {
  /** The same for every address, member or not: the answer must not tell who is an alumnus. */
  codeSent: 'If this address belongs to a member, a code is on its way.',
  codeInvalid: `The code is ${QUIZ_EMAIL_CODE.digits} digits.`,
  codeNeeded: 'Enter the code we sent to this address, or ask for one.',
  codeExpired: 'This code has expired. Ask for a new one.',
  codeExhausted: 'Too many wrong codes. Ask for a new one.',
  gameCodeNeeded: 'Enter the quiz code first.',
  otherMember:
    'You are signed in as another member. Play with your own e-mail address, or sign out first.',
} as const;

const quizEmail = z
  .string({ error: QUIZ_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[^\s@]+@[^\s@]+$/, QUIZ_MESSAGES.emailInvalid);
export const emailCodeDigits = z
  .string({ error: QUIZ_IDENTITY_MESSAGES.codeInvalid })
  .trim()
  .regex(/^\d{6}$/, QUIZ_IDENTITY_MESSAGES.codeInvalid);

/** POST {API.quiz.emailCode} (ours): a visitor asks for a code; the answer is always the same. */
export const emailCodeBody = z.object({ email_id: quizEmail });
export const emailCodeAnswer = z.object({ message: z.string() });
export type EmailCodeAnswer = z.infer<typeof emailCodeAnswer>;

/**
 * POST {API.quiz.validateUser}: the spec's `email_id`, plus ours: the game the player_id is for
 * (it works in that game only) and, for a visitor without a session, the code e-mailed to them.
 * A signed-in member names their own address and needs no code.
 */
export const validateUserBody = z.object({
  email_id: quizEmail,
  game_code: z.string({ error: QUIZ_IDENTITY_MESSAGES.gameCodeNeeded }).pipe(quizCode),
  code: emailCodeDigits.optional(),
});
export type ValidateUserBody = z.output<typeof validateUserBody>;
/** The player_id is unguessable: it is the player's credential in the one game it was made for. */
export const validateUserAnswer = z.object({ name: z.string(), player_id: z.string() });
export type ValidateUserAnswer = z.infer<typeof validateUserAnswer>;

export const joinGameBody = z.object({ player_id: z.string().min(1).max(200) });
export const joinGameAnswer = z.object({
  message: z.string(),
  name: z.string(),
  total_players: z.number().int(),
  /** The player's score so far: a player joining again keeps it. */
  score: z.number().int(),
});
export type JoinGameAnswer = z.infer<typeof joinGameAnswer>;

export const submitAnswerBody = z.object({
  submitter_answer: z
    .number()
    .int()
    .min(0)
    .max(QUIZ.maxOptions - 1),
  /** Seconds as the client counted them: recorded, never used for scoring. */
  time_taken: z.number().min(0).max(3600),
});
export const submitAnswerAnswer = z.object({
  is_correct: z.boolean(),
  score_added: z.number().int(),
  /** The player's total after this answer. */
  score_earned: z.number().int(),
});
export type SubmitAnswerAnswer = z.infer<typeof submitAnswerAnswer>;

// ---------------------------------------------------------------- the socket /api/kahoot/ws/{code}

/** From the player. Anything else (or not JSON) is ignored; the socket stays open. */
export const quizClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('player_connected'),
    player_id: z.string().max(200),
    game_code: z.string().max(12),
  }),
  z.object({ type: z.literal('ping'), player_id: z.string().max(200).optional() }),
  /** The host's console on the same socket; the session cookie says who may. */
  z.object({ type: z.literal('host_connected') }),
]);
export type QuizClientMessage = z.infer<typeof quizClientMessage>;

export interface LeaderboardEntry {
  rank: number;
  name: string;
  score: number;
}

/** To players (and the host's console, which also gets `host_state`). */
export type QuizServerMessage =
  | { type: 'pong' }
  /** The answer to player_connected: who they are and where the game stands. */
  | {
      type: 'connected';
      name: string;
      score: number;
      status: GameStatus;
      total_players: number;
    }
  | { type: 'player_joined'; total_players: number }
  | { type: 'game_started'; total_questions: number }
  | {
      type: 'question';
      question_id: string;
      question: string;
      options: string[];
      question_number: number;
      total_questions: number;
      time_limit: number;
      /** Milliseconds left when this was sent: less than the limit for a player who reconnects. */
      remaining_ms: number;
      /** Set when the player already answered this question (a reconnect). */
      your_answer?: number | null;
    }
  | {
      type: 'question_results';
      question_id: string;
      correct_answer: number;
      /** This player's points for the question (0: wrong or none). */
      score_earned_by_player: number;
      total_score: number;
      /** What the player did: answered right, wrong, or not at all. */
      answer_state: 'correct' | 'wrong' | 'none';
      your_answer: number | null;
    }
  | { type: 'leaderboard'; top: LeaderboardEntry[]; you: LeaderboardEntry | null }
  | { type: 'game_finished'; podium: LeaderboardEntry[]; you: LeaderboardEntry | null }
  | { type: 'host_state'; state: HostState }
  | { type: 'error'; message: string };

// ---------------------------------------------------------------- the host's side (ours)

export const quizQuestionInput = z
  .object({
    question: z.string().trim().min(1, 'Each question needs its text').max(500),
    options: z
      .array(z.string().trim().min(1, 'An option cannot be empty').max(200))
      .min(QUIZ.minOptions, `A question needs ${QUIZ.minOptions} to ${QUIZ.maxOptions} options`)
      .max(QUIZ.maxOptions, `A question needs ${QUIZ.minOptions} to ${QUIZ.maxOptions} options`),
    correctOption: z.number().int().min(0),
    timeLimit: z
      .number()
      .int()
      .min(
        QUIZ.minTimeLimit,
        `A time limit is ${QUIZ.minTimeLimit} to ${QUIZ.maxTimeLimit} seconds`,
      )
      .max(
        QUIZ.maxTimeLimit,
        `A time limit is ${QUIZ.minTimeLimit} to ${QUIZ.maxTimeLimit} seconds`,
      ),
  })
  .refine((q) => q.correctOption < q.options.length, {
    message: 'Mark one of the options as the correct one',
    path: ['correctOption'],
  });
export type QuizQuestionInput = z.infer<typeof quizQuestionInput>;

/** Create or replace a quiz: its title and questions in play order. */
export const quizBody = z.object({
  title: z.string().trim().min(1, 'Give the quiz a title').max(200),
  /** Super admins name the college; a college admin's is their own. */
  collegeId: idSchema.optional(),
  questions: z
    .array(quizQuestionInput)
    .min(1, 'A quiz needs at least one question')
    .max(QUIZ.maxQuestions),
});
export type QuizBody = z.infer<typeof quizBody>;

export const quizSummary = z.object({
  _id: idSchema,
  title: z.string(),
  collegeId: idSchema,
  questionCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The newest game of the quiz still running, to go back to its console. */
  liveCode: z.string().nullable(),
});
export type QuizSummary = z.infer<typeof quizSummary>;
export const quizDetail = quizSummary.extend({
  questions: z.array(quizQuestionInput.safeExtend({ _id: idSchema })),
});
export type QuizDetail = z.infer<typeof quizDetail>;
/** GET {API.quizHost.quizzes}: the college's quizzes, newest first. */
export const quizListAnswer = z.array(quizSummary);
export type QuizListAnswer = z.infer<typeof quizListAnswer>;
export const quizIdParams = z.object({ quizId: idSchema });
export const quizListQuery = z.object({ collegeId: idSchema.optional() });

export const startGameAnswer = z.object({ code: z.string(), gameId: idSchema });

/** What the host's console shows, pushed as `host_state` on the host socket and by GET. */
export const hostState = z.object({
  code: z.string(),
  title: z.string(),
  status: z.enum(gameStatuses),
  players: z.array(z.object({ name: z.string(), score: z.number().int() })),
  total_players: z.number().int(),
  /** 1-based; 0 in the lobby. */
  question_number: z.number().int(),
  total_questions: z.number().int(),
  question: z
    .object({
      question: z.string(),
      options: z.array(z.string()),
      correct_answer: z.number().int(),
      time_limit: z.number().int(),
      remaining_ms: z.number().int(),
    })
    .nullable(),
  answers_count: z.number().int(),
  /** How many chose each option (shown once the question is over). */
  distribution: z.array(z.number().int()),
  top: z.array(z.object({ rank: z.number().int(), name: z.string(), score: z.number().int() })),
});
export type HostState = z.infer<typeof hostState>;
/** POST {API.quizHost.action(code)}: the host moves the game on. */
export const hostActionBody = z.object({
  action: z.enum(['start', 'next', 'end']),
  /**
   * Where the console stood when the host pressed (its last host_state). When given, an action
   * for a step the game already left is ignored: a double press on Next moves the game one step,
   * not two.
   */
  from: z
    .object({ status: z.enum(gameStatuses), question_number: z.number().int().min(0) })
    .optional(),
});
export type HostActionBody = z.infer<typeof hostActionBody>;
