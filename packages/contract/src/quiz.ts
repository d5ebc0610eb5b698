import { z } from 'zod';
import { idSchema } from './common';
import { IMAGE_NAME } from './images';

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
  /** Issue 31. */
  maxAltLength: 200,
  maxTypedLength: 100,
  maxAcceptedAnswers: 10,
  /** Points for a right answer with speed scoring off; with it on, the most a right answer earns. */
  fullPoints: 1000,
  /** Streak bonus: this much per right answer in a row after the first, up to streakMax. */
  streakStep: 100,
  streakMax: 500,
  minPodium: 3,
  maxPodium: 10,
  minTeams: 2,
  maxTeams: 8,
  /** Self-paced challenges: the deadline is at least this far ahead and at most maxDays. */
  challengeMinMinutes: 5,
  challengeMaxDays: 90,
} as const;

/** Issue 31: the kinds of question. `single` is the spec's one kind. */
export const QUESTION_KINDS = [
  'single',
  'true_false',
  'multiple',
  'poll',
  'typed',
  'order',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'Single choice',
  true_false: 'True or false',
  multiple: 'Several right answers',
  poll: 'Poll',
  typed: 'Typed answer',
  order: 'Put in order',
};
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;
/** Teams are named, not numbered: a name is easier to shout across a hall. */
export const TEAM_NAMES = [
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Purple',
  'Orange',
  'Teal',
  'Pink',
] as const;

/** Issue 31: the editor's and the players' words for the new kinds (ours, not the spec's). */
export const QUIZ_EDITOR_MESSAGES = {
  altRequired: 'Describe the picture for players who cannot see it',
  markSomeRight: 'Mark at least one of the options as right',
  acceptedNeeded: 'Give at least one accepted answer',
  acceptedEmpty: 'An accepted answer cannot be empty',
  acceptedTooMany: `At most ${QUIZ.maxAcceptedAnswers} accepted answers`,
} as const;
export const QUIZ_PLAY_MESSAGES = {
  partly: 'Partly right!',
  voted: 'Thanks for voting!',
  typePlaceholder: 'Type your answer',
  submit: 'Submit',
  chooseAll: 'Choose every right answer',
  putInOrder: 'Put these in order',
  pickTeam: 'Pick a team',
  teamNeeded: 'Pick a team to join.',
  badAnswer: 'This answer does not fit the question.',
  challengeClosed: 'This challenge has closed.',
  challengeDone: 'You have already played this challenge.',
  challengeNotFound: 'Challenge not found.',
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
  /** Ours (issue 31): the teams' names in team mode, and whether players pick theirs. */
  teams: z.array(z.string()).nullable().optional(),
  choose_team: z.boolean().optional(),
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

export const joinGameBody = z.object({
  player_id: z.string().min(1).max(200),
  /** Ours (issue 31): the team picked, 0-based, when the game lets players pick. */
  team: z
    .number()
    .int()
    .min(0)
    .max(QUIZ.maxTeams - 1)
    .optional(),
});
export const joinGameAnswer = z.object({
  message: z.string(),
  name: z.string(),
  total_players: z.number().int(),
  /** The player's score so far: a player joining again keeps it. */
  score: z.number().int(),
  /** Ours (issue 31): the player's team, in team mode. */
  team: z.string().nullable().optional(),
});
export type JoinGameAnswer = z.infer<typeof joinGameAnswer>;

/**
 * A player's answer: the spec's option index for single choice, true/false and polls; the indices
 * ticked for several right answers; the indices as shown, in the player's order, for an order
 * question; the text for a typed answer. Which shape fits is the question's to say: one that does
 * not fit is a 400 (QUIZ_PLAY_MESSAGES.badAnswer).
 */
export const quizAnswerValue = z.union([
  z
    .number()
    .int()
    .min(0)
    .max(QUIZ.maxOptions - 1),
  z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(QUIZ.maxOptions - 1),
    )
    .min(1)
    .max(QUIZ.maxOptions),
  z.string().max(QUIZ.maxTypedLength),
]);
export type QuizAnswerValue = z.infer<typeof quizAnswerValue>;

export const submitAnswerBody = z.object({
  submitter_answer: quizAnswerValue,
  /** Seconds as the client counted them: recorded, never used for scoring. */
  time_taken: z.number().min(0).max(3600),
});
/** How an answer was marked. `partial`: some credit on several right answers; `voted`: a poll. */
export const answerStates = ['correct', 'partial', 'wrong', 'none', 'voted'] as const;
export type AnswerState = (typeof answerStates)[number];
export const submitAnswerAnswer = z.object({
  is_correct: z.boolean(),
  score_added: z.number().int(),
  /** The player's total after this answer. */
  score_earned: z.number().int(),
  /** Ours (issue 31): how it was marked, and the streak bonus within score_added. */
  answer_state: z.enum(answerStates).optional(),
  streak_bonus: z.number().int().optional(),
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

/** A question's picture as players get it: where to load it and what it shows. */
export interface QuestionPicture {
  url: string;
  alt: string;
}

/** What was right, sent with a question's results (issue 31). */
export interface AnswerReveal {
  kind: QuestionKind;
  /** single, true_false: one; multiple: every right one (indices as shown). */
  correct_options?: number[];
  /** typed: what was accepted. */
  accepted_answers?: string[];
  /** order: the indices as shown, in the right order. */
  correct_order?: number[];
  /** poll (and every option kind): how many chose each option. */
  distribution?: number[];
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
      /** Issue 31: the player's team in team mode. */
      team?: string | null;
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
      your_answer?: QuizAnswerValue | null;
      /** Issue 31; absent means single choice. For `order`, `options` are shown shuffled. */
      kind?: QuestionKind;
      image?: QuestionPicture | null;
      double_points?: boolean;
    }
  | {
      type: 'question_results';
      question_id: string;
      correct_answer: number;
      /** This player's points for the question (0: wrong or none). */
      score_earned_by_player: number;
      total_score: number;
      /** What the player did: answered right, wrong, or not at all (issue 31: and the rest). */
      answer_state: AnswerState;
      your_answer: QuizAnswerValue | null;
      /** Issue 31: what was right, per kind (correct_answer is -1 for kinds without one option). */
      reveal?: AnswerReveal;
      streak?: number;
    }
  | {
      type: 'leaderboard';
      /** Teams in team mode (`by`), else players. */
      top: LeaderboardEntry[];
      you: LeaderboardEntry | null;
      by?: 'players' | 'teams';
      your_team?: LeaderboardEntry | null;
    }
  | {
      type: 'game_finished';
      podium: LeaderboardEntry[];
      you: LeaderboardEntry | null;
      by?: 'players' | 'teams';
      your_team?: LeaderboardEntry | null;
    }
  | { type: 'host_state'; state: HostState }
  | { type: 'error'; message: string };

// ---------------------------------------------------------------- the host's side (ours)

const questionImage = z.object({
  /** A name the image pipeline gave (PUT /v1/{filename}): type checked from bytes, resized. */
  name: z.string().min(1).max(300).regex(IMAGE_NAME, 'Invalid image name.'),
  alt: z
    .string({ error: QUIZ_EDITOR_MESSAGES.altRequired })
    .trim()
    .min(1, QUIZ_EDITOR_MESSAGES.altRequired)
    .max(QUIZ.maxAltLength),
});
export type QuestionImage = z.infer<typeof questionImage>;

const optionsMessage = `A question needs ${QUIZ.minOptions} to ${QUIZ.maxOptions} options`;
const timeLimitMessage = `A time limit is ${QUIZ.minTimeLimit} to ${QUIZ.maxTimeLimit} seconds`;

/**
 * One question of any kind, flat: the fields a kind does not use are ignored (the editor keeps
 * them while the host switches kinds). A question without `kind` is the spec's single choice, so
 * old quizzes and old clients read and write as before, with the same messages.
 *
 * - single: `options`, `correctOption`.
 * - true_false: `correctOption` 0 (True) or 1 (False); the options are always TRUE_FALSE_OPTIONS.
 * - multiple: `options`, `correctOptions` (one or more), `partialCredit`.
 * - poll: `options`; no right answer, no points.
 * - typed: `acceptedAnswers` (compared after trimming and case-folding).
 * - order: `options`, the items in their right order (shown to players shuffled).
 */
export const quizQuestionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS).default('single'),
    question: z.string().trim().min(1, 'Each question needs its text').max(500),
    options: z
      .array(z.string().trim().min(1, 'An option cannot be empty').max(200))
      .max(QUIZ.maxOptions, optionsMessage)
      .default([]),
    correctOption: z.number().int().min(0).default(0),
    correctOptions: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(QUIZ.maxOptions - 1),
      )
      .default([]),
    partialCredit: z.boolean().default(false),
    acceptedAnswers: z
      .array(z.string().trim().min(1, QUIZ_EDITOR_MESSAGES.acceptedEmpty).max(QUIZ.maxTypedLength))
      .max(QUIZ.maxAcceptedAnswers, QUIZ_EDITOR_MESSAGES.acceptedTooMany)
      .default([]),
    /** Kahoot's "double points" on this question. */
    doublePoints: z.boolean().default(false),
    image: questionImage.nullable().default(null),
    timeLimit: z
      .number()
      .int()
      .min(QUIZ.minTimeLimit, timeLimitMessage)
      .max(QUIZ.maxTimeLimit, timeLimitMessage),
  })
  .transform((q) => (q.kind === 'true_false' ? { ...q, options: [...TRUE_FALSE_OPTIONS] } : q))
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.kind !== 'typed' && q.options.length < QUIZ.minOptions) {
      issue('options', optionsMessage);
      return;
    }
    if ((q.kind === 'single' || q.kind === 'true_false') && q.correctOption >= q.options.length)
      issue('correctOption', 'Mark one of the options as the correct one');
    if (q.kind === 'multiple') {
      if (q.correctOptions.length === 0)
        issue('correctOptions', QUIZ_EDITOR_MESSAGES.markSomeRight);
      else if (
        q.correctOptions.some((i) => i >= q.options.length) ||
        new Set(q.correctOptions).size !== q.correctOptions.length
      )
        issue('correctOptions', QUIZ_EDITOR_MESSAGES.markSomeRight);
    }
    if (q.kind === 'typed' && q.acceptedAnswers.length === 0)
      issue('acceptedAnswers', QUIZ_EDITOR_MESSAGES.acceptedNeeded);
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
/** A stored question as the editor reads it back: every field filled. */
export const quizQuestionDetail = z.object({
  _id: idSchema,
  kind: z.enum(QUESTION_KINDS),
  question: z.string(),
  options: z.array(z.string()),
  correctOption: z.number().int(),
  correctOptions: z.array(z.number().int()),
  partialCredit: z.boolean(),
  acceptedAnswers: z.array(z.string()),
  doublePoints: z.boolean(),
  image: questionImage.nullable(),
  timeLimit: z.number().int(),
});
export type QuizQuestionDetail = z.infer<typeof quizQuestionDetail>;
export const quizDetail = quizSummary.extend({ questions: z.array(quizQuestionDetail) });
export type QuizDetail = z.infer<typeof quizDetail>;
/** GET {API.quizHost.quizzes}: the college's quizzes, newest first. */
export const quizListAnswer = z.array(quizSummary);
export type QuizListAnswer = z.infer<typeof quizListAnswer>;
export const quizIdParams = z.object({ quizId: idSchema });
export const quizListQuery = z.object({ collegeId: idSchema.optional() });

/**
 * Issue 31: the scoring the host chooses for one game. Every field has today's behaviour as its
 * default, so a start without settings plays as before.
 */
export const gameSettings = z.object({
  /** Off: a right answer earns QUIZ.fullPoints whatever the time. */
  speedScoring: z.boolean().default(true),
  /** +QUIZ.streakStep for each right answer in a row after the first, up to QUIZ.streakMax. */
  streakBonus: z.boolean().default(false),
  podiumSize: z
    .number()
    .int()
    .min(QUIZ.minPodium, `The podium shows ${QUIZ.minPodium} to ${QUIZ.maxPodium} places`)
    .max(QUIZ.maxPodium, `The podium shows ${QUIZ.minPodium} to ${QUIZ.maxPodium} places`)
    .default(QUIZ.minPodium),
  /** Team mode: how many teams, and whether players pick theirs or are placed evenly. */
  teams: z
    .object({
      count: z
        .number()
        .int()
        .min(QUIZ.minTeams, `Play with ${QUIZ.minTeams} to ${QUIZ.maxTeams} teams`)
        .max(QUIZ.maxTeams, `Play with ${QUIZ.minTeams} to ${QUIZ.maxTeams} teams`),
      choose: z.enum(['auto', 'players']),
    })
    .nullable()
    .default(null),
});
export type GameSettings = z.output<typeof gameSettings>;
export type GameSettingsInput = z.input<typeof gameSettings>;
export const defaultGameSettings = (): GameSettings => gameSettings.parse({});

/** POST {API.quizHost.startGame(quizId)}: a live game; the body may be absent (today's rules). */
export const startGameBody = z.object({ settings: gameSettings.default(gameSettings.parse({})) });
export const startGameAnswer = z.object({ code: z.string(), gameId: idSchema });

/** POST {API.quizHost.challenge(quizId)}: a self-paced challenge open until the deadline. */
export const startChallengeBody = z.object({
  deadline: z.iso.datetime({ offset: true, error: 'Choose when the challenge closes' }),
  /** Teams are for live games: a challenge's settings have none. */
  settings: gameSettings
    .omit({ teams: true })
    .default(gameSettings.omit({ teams: true }).parse({})),
});
export type StartChallengeBody = z.output<typeof startChallengeBody>;

export const gameKinds = ['live', 'challenge'] as const;
export type GameKind = (typeof gameKinds)[number];

/** GET {API.quizHost.games}: the host's list of games, newest first (issue 31). */
export const quizGamesQuery = z.object({
  collegeId: idSchema.optional(),
  quizId: idSchema.optional(),
});
export const quizGameSummary = z.object({
  code: z.string(),
  gameId: idSchema,
  quizId: idSchema,
  title: z.string(),
  kind: z.enum(gameKinds),
  status: z.enum(gameStatuses),
  /** When the game was started (a challenge: assigned). */
  playedAt: z.iso.datetime(),
  /** A challenge's deadline. */
  deadline: z.iso.datetime().nullable(),
  players: z.number().int(),
  /** The best player (or team, in team mode) once the game is over; null before or if nobody. */
  winner: z.string().nullable(),
});
export type QuizGameSummary = z.infer<typeof quizGameSummary>;
export const quizGamesAnswer = z.array(quizGameSummary);

/** GET {API.quizHost.report(code)}: the game afterwards (issue 31). */
export const quizReport = z.object({
  code: z.string(),
  title: z.string(),
  kind: z.enum(gameKinds),
  status: z.enum(gameStatuses),
  playedAt: z.iso.datetime(),
  deadline: z.iso.datetime().nullable(),
  settings: gameSettings,
  players: z.array(
    z.object({
      rank: z.number().int(),
      name: z.string(),
      email: z.string(),
      team: z.string().nullable(),
      right: z.number().int(),
      wrong: z.number().int(),
      unanswered: z.number().int(),
      points: z.number().int(),
    }),
  ),
  teams: z
    .array(
      z.object({
        rank: z.number().int(),
        name: z.string(),
        score: z.number().int(),
        members: z.number().int(),
      }),
    )
    .nullable(),
  questions: z.array(
    z.object({
      number: z.number().int(),
      question: z.string(),
      kind: z.enum(QUESTION_KINDS),
      /** 0 to 1 of those who answered; null for a poll or when nobody answered. */
      shareRight: z.number().nullable(),
      /** Server-measured, of those who answered. */
      meanTimeMs: z.number().int().nullable(),
      answered: z.number().int(),
      /** Per option (or, for typed answers, per distinct answer, most given first). */
      distribution: z.array(
        z.object({ label: z.string(), count: z.number().int(), correct: z.boolean().nullable() }),
      ),
      /** The question most players got wrong (the lowest share right; one question at most). */
      mostMissed: z.boolean(),
      /** False for questions the game never reached. */
      asked: z.boolean(),
    }),
  ),
});
export type QuizReport = z.infer<typeof quizReport>;

// ---------------------------------------------------------------- self-paced challenges (issue 31)

/** A question as a challenge player gets it: the socket's `question`, over HTTP. */
export const challengeQuestion = z.object({
  question_id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  question_number: z.number().int(),
  total_questions: z.number().int(),
  time_limit: z.number().int(),
  remaining_ms: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  double_points: z.boolean(),
});
export type ChallengeQuestion = z.infer<typeof challengeQuestion>;

const leaderboardEntry = z.object({
  rank: z.number().int(),
  name: z.string(),
  score: z.number().int(),
});

/** GET {API.quiz.challenge(code)}: what the challenge is and where the member stands in it. */
export const challengeState = z.object({
  code: z.string(),
  title: z.string(),
  deadline: z.iso.datetime(),
  total_questions: z.number().int(),
  /** open until the deadline, then closed. */
  open: z.boolean(),
  /** not started, playing (a question is out), or done (every question answered or timed out). */
  attempt: z.enum(['none', 'playing', 'done']),
  score: z.number().int(),
  /** The question out now when playing (a reload resumes it, its clock still running). */
  question: challengeQuestion.nullable(),
  /** Those who finished, best first; `you` once the member finished. */
  leaderboard: z.array(leaderboardEntry),
  you: leaderboardEntry.nullable(),
  players: z.number().int(),
});
export type ChallengeState = z.infer<typeof challengeState>;

export const challengeAnswerBody = z.object({
  question_id: z.string().min(1).max(100),
  submitter_answer: quizAnswerValue,
  time_taken: z.number().min(0).max(3600),
});
/** The answer's marking, with what was right (a challenge shows it at once). */
export const challengeAnswerAnswer = z.object({
  is_correct: z.boolean(),
  answer_state: z.enum(answerStates),
  score_added: z.number().int(),
  score_earned: z.number().int(),
  streak_bonus: z.number().int(),
  reveal: z.object({
    kind: z.enum(QUESTION_KINDS),
    correct_options: z.array(z.number().int()).optional(),
    accepted_answers: z.array(z.string()).optional(),
    correct_order: z.array(z.number().int()).optional(),
    distribution: z.array(z.number().int()).optional(),
  }),
});
export type ChallengeAnswerAnswer = z.infer<typeof challengeAnswerAnswer>;

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
      /** Issue 31; `options` of an order question are in the order players see them. */
      kind: z.enum(QUESTION_KINDS).optional(),
      image: z.object({ url: z.string(), alt: z.string() }).nullable().optional(),
      double_points: z.boolean().optional(),
      correct_options: z.array(z.number().int()).optional(),
      accepted_answers: z.array(z.string()).optional(),
      correct_order: z.array(z.number().int()).optional(),
    })
    .nullable(),
  answers_count: z.number().int(),
  /** How many chose each option (shown once the question is over). */
  distribution: z.array(z.number().int()),
  top: z.array(z.object({ rank: z.number().int(), name: z.string(), score: z.number().int() })),
  /** Issue 31: the game's settings; in team mode the teams' standings (mean of members). */
  settings: gameSettings.optional(),
  teams: z
    .array(
      z.object({
        rank: z.number().int(),
        name: z.string(),
        score: z.number().int(),
        members: z.number().int(),
      }),
    )
    .nullable()
    .optional(),
  /** A typed answer's most given answers once the question is over. */
  typed_answers: z
    .array(z.object({ text: z.string(), count: z.number().int(), correct: z.boolean() }))
    .optional(),
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
