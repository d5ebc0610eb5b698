import {
  QUIZ,
  defaultGameSettings,
  imageUrl,
  type AnswerReveal,
  type AnswerState,
  type GameSettings,
  type HostState,
  type LeaderboardEntry,
  type QuestionPicture,
  type QuizAnswerValue,
  type QuizDetail,
  type QuizServerMessage,
  type QuizSummary,
} from '@alumnet/contract';
import {
  kindOf,
  rightOrderShown,
  shownOptions,
  type QuestionSummary,
  type QuizGame,
  type QuizQuestion,
} from '@alumnet/quiz-engine';
import type { QuestionRow, QuizSummaryRow } from './repository';

/**
 * One player's part of a question's results: points for the question, total, the answer given
 * (null: none), rank, how it was marked, streak after it, and team (index, or null).
 */
export type PlayerResultTuple = [
  number,
  number,
  QuizAnswerValue | null,
  number,
  AnswerState,
  number,
  number | null,
];

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
      /** What was right, for the kinds after the spec's single choice (issue 31). */
      reveal?: AnswerReveal;
      /** The streak goes to players when the game gives a streak bonus. */
      streaks?: boolean;
      /** Players, or teams in team mode (`by`). */
      top: LeaderboardEntry[];
      by?: 'teams';
      /** Team mode: each team's place by team index (null: a team nobody is in). */
      teams?: (LeaderboardEntry | null)[];
      players: Record<string, PlayerResultTuple>;
    }
  | {
      kind: 'finished';
      code: string;
      podium: LeaderboardEntry[];
      by?: 'teams';
      teams?: (LeaderboardEntry | null)[];
      /** Per player id: [rank, score, team index or null]. */
      players: Record<string, [number, number, (number | null)?]>;
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
  questions: questions.map(({ id, ...q }) => ({ _id: id, ...questionFields(q) })),
});

/** A stored question's fields, every kind's, as the editor and the engine both read them. */
const questionFields = (q: Omit<QuestionRow, 'id'>) => ({
  kind: q.kind,
  question: q.question,
  options: q.options,
  correctOption: q.correctOption,
  correctOptions: q.correctOptions,
  partialCredit: q.partialCredit,
  acceptedAnswers: q.acceptedAnswers,
  doublePoints: q.doublePoints,
  image: q.imageName ? { name: q.imageName, alt: q.imageAlt ?? '' } : null,
  timeLimit: q.timeLimit,
});

export const toEngineQuestion = ({ id, ...q }: QuestionRow): QuizQuestion => ({
  id,
  ...questionFields(q),
});

const pictureOf = (question: QuizQuestion): QuestionPicture | null =>
  question.image ? { url: imageUrl(question.image.name), alt: question.image.alt } : null;

/**
 * What issue 31 adds to a question as players and the host see it. Left out for a single choice
 * question without picture or double points: the spec's message, byte for byte, for old quizzes.
 */
function questionExtras(question: QuizQuestion) {
  const kind = kindOf(question);
  const image = pictureOf(question);
  return {
    ...(kind === 'single' ? {} : { kind }),
    ...(image ? { image } : {}),
    ...(question.doublePoints ? { double_points: true } : {}),
  };
}

/** The one right option of single choice and true/false; -1 for the kinds without one. */
const correctAnswerOf = (question: QuizQuestion) => {
  const kind = kindOf(question);
  return kind === 'single' || kind === 'true_false' ? question.correctOption : -1;
};

export function questionMessage(
  game: QuizGame,
  yourAnswer?: QuizAnswerValue | null,
): Extract<QuizServerMessage, { type: 'question' }> {
  const question = game.currentQuestion!;
  return {
    type: 'question',
    question_id: question.id,
    question: question.question,
    // An order question's items go out shuffled (the same shuffle for everyone).
    options: shownOptions(question),
    question_number: game.currentIndex + 1,
    total_questions: game.questions.length,
    time_limit: question.timeLimit,
    remaining_ms: game.remainingMs(),
    ...(yourAnswer === undefined ? {} : { your_answer: yourAnswer }),
    ...questionExtras(question),
  };
}

/** What was right in a closed question, per kind (indices as players saw the options). */
export function revealOf(question: QuizQuestion, summary: QuestionSummary): AnswerReveal {
  const kind = kindOf(question);
  switch (kind) {
    case 'single':
    case 'true_false':
      return {
        kind,
        correct_options: [question.correctOption],
        distribution: summary.distribution,
      };
    case 'multiple':
      return {
        kind,
        correct_options: [...(question.correctOptions ?? [])],
        distribution: summary.distribution,
      };
    case 'poll':
      return { kind, distribution: summary.distribution };
    case 'typed':
      return { kind, accepted_answers: [...(question.acceptedAnswers ?? [])] };
    case 'order':
      return {
        kind,
        correct_order: rightOrderShown(question),
        distribution: summary.distribution,
      };
  }
}

const isDefaultSettings = (settings: GameSettings) =>
  JSON.stringify(settings) === JSON.stringify(defaultGameSettings());

/** Team mode: each team's place by team index, null for a team nobody is in. */
export function teamPlaces(game: QuizGame): (LeaderboardEntry | null)[] {
  const places: (LeaderboardEntry | null)[] = Array.from(
    { length: game.settings.teams?.count ?? 0 },
    () => null,
  );
  for (const t of game.teamStandings())
    places[t.team] = { rank: t.rank, name: t.name, score: t.score };
  return places;
}

export function hostStateOf(game: QuizGame, code: string, title: string): HostState {
  const question = game.currentQuestion;
  // The tally would steer answers while the question runs: shown once it is closed.
  const showTally = game.status === 'results' || (game.status === 'finished' && question !== null);
  const summary = showTally ? game.summary() : null;
  return {
    code,
    title,
    status: game.status,
    players: game.best(HOST_PLAYER_LIST).map((p) => ({ name: p.name, score: p.score })),
    total_players: game.playerCount,
    question_number: game.currentIndex + 1,
    total_questions: game.questions.length,
    question: question && game.status !== 'lobby' ? hostQuestion(game, question) : null,
    answers_count: game.status === 'lobby' ? 0 : game.answerCount,
    distribution: summary?.distribution ?? [],
    // Players, in team mode too (the teams come below); at the end as many as the podium shows.
    top: game.playerLeaderboard(
      game.status === 'finished'
        ? Math.max(QUIZ.leaderboardSize, game.settings.podiumSize)
        : QUIZ.leaderboardSize,
    ),
    // A game on today's rules answers as before; one with settings says them, and its teams.
    ...(isDefaultSettings(game.settings) ? {} : { settings: game.settings }),
    ...(game.teamMode
      ? {
          teams: game
            .teamStandings()
            .map((t) => ({ rank: t.rank, name: t.name, score: t.score, members: t.members })),
        }
      : {}),
    ...(summary && kindOf(question!) === 'typed'
      ? { typed_answers: summary.typed.slice(0, HOST_TYPED_LIST) }
      : {}),
  };
}

/** The host's screen lists this many distinct typed answers at most, the most given first. */
const HOST_TYPED_LIST = 20;

function hostQuestion(game: QuizGame, question: QuizQuestion): NonNullable<HostState['question']> {
  const kind = kindOf(question);
  return {
    question: question.question,
    options: shownOptions(question),
    correct_answer: correctAnswerOf(question),
    time_limit: question.timeLimit,
    remaining_ms: game.remainingMs(),
    ...questionExtras(question),
    ...(kind === 'multiple' ? { correct_options: [...(question.correctOptions ?? [])] } : {}),
    ...(kind === 'typed' ? { accepted_answers: [...(question.acceptedAnswers ?? [])] } : {}),
    ...(kind === 'order' ? { correct_order: rightOrderShown(question) } : {}),
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
  const [points, total, value, rank, state, streak, team] = mine;
  return [
    {
      type: 'question_results',
      question_id: event.questionId,
      correct_answer: event.correctAnswer,
      score_earned_by_player: points,
      total_score: total,
      answer_state: state,
      your_answer: value,
      ...(event.reveal ? { reveal: event.reveal } : {}),
      ...(event.streaks ? { streak } : {}),
    },
    {
      type: 'leaderboard',
      top: event.top,
      you: { rank, name, score: total },
      ...(event.by
        ? { by: event.by, your_team: team === null ? null : (event.teams?.[team] ?? null) }
        : {}),
    },
  ];
}

export function finishedMessage(
  event: Extract<GameEvent, { kind: 'finished' }>,
  playerId: string | null,
  name: string,
): QuizServerMessage {
  const mine = playerId === null ? undefined : event.players[playerId];
  const team = mine?.[2];
  return {
    type: 'game_finished',
    podium: event.podium,
    you: mine ? { rank: mine[0], name, score: mine[1] } : null,
    ...(event.by
      ? {
          by: event.by,
          your_team: team === undefined || team === null ? null : (event.teams?.[team] ?? null),
        }
      : {}),
  };
}
