import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { answers, games, players, quizzes, users } from '../../db/schema';

// ---------------------------------------------------------------- the host's list of games

/** The host's list is this long at most: the newest games, enough for a term of quizzes. */
export const GAME_LIST_LIMIT = 200;

/**
 * The college's games newest first (every college's when `scope` is null: a super admin), with
 * how many played and who leads: the best player (a challenge: of the finished attempts), and
 * the best team by its members' mean score. The presenter decides which of the two wins.
 */
export function listGames(db: Executor, scope: string | null, quizId?: string) {
  return db
    .select({
      id: games.id,
      code: games.code,
      quizId: games.quizId,
      title: quizzes.title,
      kind: games.kind,
      status: games.status,
      settings: games.settings,
      createdAt: games.createdAt,
      deadline: games.deadline,
      players: sql<number>`(select count(*)::int from players p where p.game_id = ${games.id})`,
      bestPlayer: sql<string | null>`(
        select p.name from players p
         where p.game_id = ${games.id} and (${games.kind} = 'live' or p.finished_at is not null)
         order by p.score desc, p.finished_at asc nulls last, p.created_at asc, p.id asc limit 1
      )`,
      bestTeam: sql<number | null>`(
        select p.team from players p
         where p.game_id = ${games.id} and p.team is not null
         group by p.team order by avg(p.score) desc, p.team asc limit 1
      )`,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(
      and(
        scope === null ? undefined : eq(quizzes.collegeId, scope),
        quizId === undefined ? undefined : eq(games.quizId, quizId),
      ),
    )
    .orderBy(desc(games.createdAt), desc(games.id))
    .limit(GAME_LIST_LIMIT);
}
export type GameListRow = Awaited<ReturnType<typeof listGames>>[number];

// ---------------------------------------------------------------- one game's report

/** A game of any kind with what its report needs; scoped like findGame. */
export async function findReportGame(db: Executor, code: string, scope: string | null) {
  const [row] = await db
    .select({
      id: games.id,
      code: games.code,
      quizId: games.quizId,
      kind: games.kind,
      status: games.status,
      settings: games.settings,
      currentQuestion: games.currentQuestion,
      createdAt: games.createdAt,
      deadline: games.deadline,
      title: quizzes.title,
      collegeId: quizzes.collegeId,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(and(eq(games.code, code), scope === null ? undefined : eq(quizzes.collegeId, scope)));
  return row;
}
export type ReportGameRow = NonNullable<Awaited<ReturnType<typeof findReportGame>>>;

/** The game's players in rank order: score, then (a tie) who joined first. */
export function reportPlayers(db: Executor, gameId: string) {
  return db
    .select({
      id: players.id,
      name: players.name,
      email: users.email,
      score: players.score,
      team: players.team,
      currentQuestion: players.currentQuestion,
      questionStartedAt: players.questionStartedAt,
      finishedAt: players.finishedAt,
    })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.gameId, gameId))
    .orderBy(desc(players.score), asc(players.joinedAt), asc(players.id));
}
export type ReportPlayerRow = Awaited<ReturnType<typeof reportPlayers>>[number];

/** Every answer given in the game. */
export function reportAnswers(db: Executor, gameId: string) {
  return db
    .select({
      playerId: answers.playerId,
      questionId: answers.questionId,
      option: answers.option,
      value: answers.value,
      state: answers.state,
      isCorrect: answers.isCorrect,
      elapsedMs: answers.elapsedMs,
      timeTakenMs: answers.timeTakenMs,
    })
    .from(answers)
    .innerJoin(players, eq(players.id, answers.playerId))
    .where(eq(players.gameId, gameId));
}
export type ReportAnswerRow = Awaited<ReturnType<typeof reportAnswers>>[number];
