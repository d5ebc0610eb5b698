import {
  QUIZ,
  TEAM_NAMES,
  defaultGameSettings,
  gameSettings,
  type AnswerState,
  type GameKind,
  type GameSettings,
  type GameStatus,
  type QuestionKind,
  type QuizAnswerValue,
  type QuizGameSummary,
  type QuizReport,
} from '@alumnet/contract';
import { displayOrder, kindOf, normalizeTyped, type QuizQuestion } from '@alumnet/quiz-engine';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { neutralizeFormula } from '../dispatch';
import { toEngineQuestion } from './presenter';
import { quizQuestionsOf, type QuestionRow } from './repository';
import * as reports from './report-repository';

const GAME_NOT_FOUND = 'Quiz not found.';
/** A typed answer's or an order's distinct answers shown one by one; the rest are lumped. */
const DISTINCT_SHOWN = 10;

/** A game's stored settings, read with today's rules for what is missing (old games: '{}'). */
export function settingsOf(stored: unknown): GameSettings {
  const parsed = gameSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultGameSettings();
}

/**
 * A challenge's row stays `finished` for the live machinery (see challenge.ts); to hosts it is
 * running until its deadline.
 */
export const shownStatus = (
  game: { kind: GameKind; status: GameStatus; deadline: Date | null },
  now: number,
): GameStatus =>
  game.kind === 'challenge'
    ? game.deadline && game.deadline.getTime() > now
      ? 'question'
      : 'finished'
    : game.status;

export const teamName = (team: number | null) =>
  team === null ? null : (TEAM_NAMES[team] ?? `Team ${team + 1}`);

export function presentGameSummary(row: reports.GameListRow, now: number): QuizGameSummary {
  const status = shownStatus(row, now);
  const teams = settingsOf(row.settings).teams !== null;
  // A live game has a winner once it is over; a challenge's leader is its best finished attempt.
  const over = row.kind === 'challenge' || status === 'finished';
  return {
    code: row.code,
    gameId: row.id,
    quizId: row.quizId,
    title: row.title,
    kind: row.kind,
    status,
    playedAt: row.createdAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    players: row.players,
    winner: !over ? null : teams && row.kind === 'live' ? teamName(row.bestTeam) : row.bestPlayer,
  };
}

// ---------------------------------------------------------------- the figures

/** How an answer was marked; rows older than issue 31 have no state and read is_correct. */
export const stateOf = (a: {
  state: Exclude<AnswerState, 'none'> | null;
  isCorrect: boolean;
}): Exclude<AnswerState, 'none'> => a.state ?? (a.isCorrect ? 'correct' : 'wrong');

/** The answer as the player gave it: option kinds kept the index in `option`, others `value`. */
const valueOf = (a: { option: number | null; value: unknown }): QuizAnswerValue | null =>
  (a.value as QuizAnswerValue | null) ?? a.option;

type Distribution = QuizReport['questions'][number]['distribution'];

/** Most given first, then the first given; the long tail summed under `other`. */
function tally(
  given: string[],
  correct: (label: string) => boolean,
  other: string,
  first: Distribution = [],
): Distribution {
  const counts = new Map<string, number>();
  for (const label of given) counts.set(label, (counts.get(label) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  const shown = sorted
    .slice(0, DISTINCT_SHOWN)
    .map(([label, count]) => ({ label, count, correct: correct(label) }));
  const rest = sorted.slice(DISTINCT_SHOWN).reduce((sum, [, count]) => sum + count, 0);
  return [...first, ...shown, ...(rest > 0 ? [{ label: other, count: rest, correct: false }] : [])];
}

/**
 * The answers' distribution, per kind:
 * - single, true/false, poll: per option, how many chose it (`correct` null for a poll);
 * - multiple: per option, how many ticked it (`correct`: the option is one of the right ones);
 * - order: "Right order" first, then each wrong order given (its items joined by " → "), most
 *   given first;
 * - typed: per distinct answer after trimming and case-folding, most given first.
 */
export function distributionOf(question: QuizQuestion, values: QuizAnswerValue[]): Distribution {
  const kind: QuestionKind = kindOf(question);
  const perOption = (ticked: (value: QuizAnswerValue, i: number) => boolean) =>
    question.options.map((label, i) => ({
      label,
      count: values.filter((v) => ticked(v, i)).length,
      correct:
        kind === 'poll'
          ? null
          : kind === 'multiple'
            ? (question.correctOptions ?? []).includes(i)
            : i === question.correctOption,
    }));
  switch (kind) {
    case 'single':
    case 'true_false':
    case 'poll':
      return perOption((v, i) => v === i);
    case 'multiple':
      return perOption((v, i) => (Array.isArray(v) ? v.includes(i) : v === i));
    case 'typed': {
      const accepted = new Set((question.acceptedAnswers ?? []).map(normalizeTyped));
      const texts = values.filter((v) => typeof v === 'string').map(normalizeTyped);
      return tally(texts, (label) => accepted.has(label), 'Other answers');
    }
    case 'order': {
      const shown = displayOrder(question);
      const orders = values.filter((v): v is number[] => Array.isArray(v));
      const right = orders.filter((o) => o.every((i, position) => shown[i] === position));
      const wrong = orders
        .filter((o) => !right.includes(o))
        .map((o) => o.map((i) => question.options[shown[i] ?? -1] ?? '?').join(' → '));
      return tally(wrong, () => false, 'Other orders', [
        { label: 'Right order', count: right.length, correct: true },
      ]);
    }
  }
}

/**
 * How many of the quiz's first questions the player was asked: those the live game reached (the
 * one running now is not yet missed by who has not answered it), or those the attempt reached
 * (its current one once answered, timed out, or cut by the deadline).
 */
function askedCount(
  game: reports.ReportGameRow,
  player: reports.ReportPlayerRow,
  total: number,
  answered: (index: number) => boolean,
  timeLimitOf: (index: number) => number,
  now: number,
): number {
  if (game.kind === 'live') {
    if (game.status === 'lobby' || game.currentQuestion === null) return 0;
    return game.status === 'question' ? game.currentQuestion : game.currentQuestion + 1;
  }
  if (player.finishedAt) return total;
  const current = player.currentQuestion;
  if (current === null) return 0;
  const started = player.questionStartedAt?.getTime() ?? now;
  const over =
    answered(current) ||
    now > started + timeLimitOf(current) * 1000 + QUIZ.graceMs ||
    (game.deadline !== null && game.deadline.getTime() <= now);
  return over ? current + 1 : current;
}

/**
 * The game afterwards: per question its figures, per player right, wrong, unanswered, points and
 * rank, and the teams' standings in team mode. Pure: the rows in, the report out.
 */
export function buildReport(
  game: reports.ReportGameRow,
  questionRows: QuestionRow[],
  playerRows: reports.ReportPlayerRow[],
  answerRows: reports.ReportAnswerRow[],
  now: number,
): QuizReport {
  const questions = questionRows.map(toEngineQuestion);
  const indexOf = new Map(questions.map((q, i) => [q.id, i]));
  const byQuestion = questions.map(() => [] as reports.ReportAnswerRow[]);
  const byPlayer = new Map<string, Map<number, reports.ReportAnswerRow>>();
  for (const a of answerRows) {
    const i = indexOf.get(a.questionId);
    if (i === undefined) continue;
    byQuestion[i]!.push(a);
    let mine = byPlayer.get(a.playerId);
    if (!mine) byPlayer.set(a.playerId, (mine = new Map()));
    mine.set(i, a);
  }
  const limitOf = (i: number) => questions[i]?.timeLimit ?? 0;
  const settings = settingsOf(game.settings);
  // A question was asked when the live game reached it, or some attempt did (or it has answers).
  const reached =
    game.kind === 'live'
      ? game.currentQuestion === null || game.status === 'lobby'
        ? 0
        : game.currentQuestion + 1
      : Math.max(
          0,
          ...playerRows.map((p) =>
            p.finishedAt
              ? questions.length
              : p.currentQuestion === null
                ? 0
                : p.currentQuestion + 1,
          ),
        );

  const questionFigures = questions.map((question, i) => {
    const given = byQuestion[i]!;
    const poll = kindOf(question) === 'poll';
    const right = given.filter((a) => stateOf(a) === 'correct').length;
    const times = given.map((a) => a.elapsedMs ?? a.timeTakenMs);
    return {
      number: i + 1,
      question: question.question,
      kind: kindOf(question),
      shareRight: poll || given.length === 0 ? null : right / given.length,
      meanTimeMs:
        times.length === 0 ? null : Math.round(times.reduce((s, t) => s + t, 0) / times.length),
      answered: given.length,
      distribution: distributionOf(
        question,
        given.map(valueOf).filter((v): v is QuizAnswerValue => v !== null),
      ),
      mostMissed: false,
      asked: i < reached || given.length > 0,
    };
  });
  // The one question most got wrong: the lowest share right, the earlier on a tie; none when
  // every question was answered right by all.
  let missed: (typeof questionFigures)[number] | undefined;
  for (const figures of questionFigures)
    if (
      figures.shareRight !== null &&
      figures.shareRight < 1 &&
      (!missed || figures.shareRight < missed.shareRight!)
    )
      missed = figures;
  if (missed) missed.mostMissed = true;

  const reportPlayers = playerRows.map((player, i) => {
    const mine = byPlayer.get(player.id) ?? new Map<number, reports.ReportAnswerRow>();
    let right = 0;
    let wrong = 0;
    for (const a of mine.values()) {
      const state = stateOf(a);
      if (state === 'correct') right++;
      else if (state === 'wrong' || state === 'partial') wrong++;
    }
    let unanswered = 0;
    const asked = askedCount(game, player, questions.length, (q) => mine.has(q), limitOf, now);
    for (let q = 0; q < asked; q++)
      if (kindOf(questions[q]!) !== 'poll' && !mine.has(q)) unanswered++;
    return {
      rank: i + 1,
      name: player.name,
      email: player.email,
      team: teamName(player.team),
      right,
      wrong,
      unanswered,
      points: player.score,
    };
  });

  return {
    code: game.code,
    title: game.title,
    kind: game.kind,
    status: shownStatus(game, now),
    playedAt: game.createdAt.toISOString(),
    deadline: game.deadline?.toISOString() ?? null,
    settings,
    players: reportPlayers,
    teams: settings.teams === null ? null : teamStandings(playerRows),
    questions: questionFigures,
  };
}

/** Teams by the mean of their members' scores (team size does not decide); ties: team order. */
export function teamStandings(playerRows: { team: number | null; score: number }[]) {
  const sums = new Map<number, { total: number; members: number }>();
  for (const p of playerRows) {
    if (p.team === null) continue;
    const team = sums.get(p.team) ?? { total: 0, members: 0 };
    team.total += p.score;
    team.members++;
    sums.set(p.team, team);
  }
  return [...sums]
    .map(([team, { total, members }]) => ({ team, mean: total / members, members }))
    .sort((a, b) => b.mean - a.mean || a.team - b.team)
    .map((t, i) => ({
      rank: i + 1,
      name: teamName(t.team)!,
      score: Math.round(t.mean),
      members: t.members,
    }));
}

// ---------------------------------------------------------------- the calls

async function reportOf(db: Executor, game: reports.ReportGameRow, now: number) {
  const [questionRows, playerRows, answerRows] = await Promise.all([
    quizQuestionsOf(db, game.quizId),
    reports.reportPlayers(db, game.id),
    reports.reportAnswers(db, game.id),
  ]);
  return buildReport(game, questionRows, playerRows, answerRows, now);
}

/**
 * The results CSV of a game the caller may already read (resultsCsv checked): per player, the
 * spec's columns first, then ours; cells a spreadsheet would run as a formula neutralized.
 */
export async function resultsTable(db: Executor, code: string) {
  const game = await reports.findReportGame(db, code, null);
  if (!game) throw notFound(GAME_NOT_FOUND);
  const { players } = await reportOf(db, game, Date.now());
  return {
    header: [
      'Name',
      'E-mail',
      'Correct answers',
      'Score',
      'Rank',
      'Wrong answers',
      'Unanswered',
      'Team',
    ],
    rows: players.map((p) => [
      neutralizeFormula(p.name),
      neutralizeFormula(p.email),
      p.right,
      p.points,
      p.rank,
      p.wrong,
      p.unanswered,
      p.team ?? '',
    ]),
  };
}

/** College admins read their college's games; super admins one college's (?collegeId) or all. */
const listScope = (user: SessionUser, collegeId?: string) =>
  user.isSuperAdmin && collegeId === undefined ? null : adminCollegeId(user, collegeId);

/** The host's list of games and a game's report; `clock` is injectable for tests. */
export function createReportService(db: Executor, clock: () => number = Date.now) {
  return {
    async listGames(
      user: SessionUser,
      query: { collegeId?: string; quizId?: string },
    ): Promise<QuizGameSummary[]> {
      const rows = await reports.listGames(db, listScope(user, query.collegeId), query.quizId);
      const now = clock();
      return rows.map((row) => presentGameSummary(row, now));
    },

    async report(user: SessionUser, code: string): Promise<QuizReport> {
      // A college admin without a college reaches no game (null would mean every college's).
      if (!policy.isAdmin(user) || (!user.isSuperAdmin && !user.collegeId))
        throw notFound(GAME_NOT_FOUND);
      const scope = user.isSuperAdmin ? null : user.collegeId;
      const game = await reports.findReportGame(db, code, scope);
      if (!game) throw notFound(GAME_NOT_FOUND);
      return reportOf(db, game, clock());
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
