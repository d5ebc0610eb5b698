import type { GameSettingsInput } from '@alumnet/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { answers, games, players, quizzes } from '../../db/schema';

/**
 * A new challenge; undefined when the code is taken (the caller draws another). Stored with the
 * status `finished`: to the live game's calls (join, answer, the host's console) it is a game
 * that is over, so none of them can act on it. Whether it is open is its deadline's to say.
 */
export async function insertChallenge(
  db: Executor,
  challenge: { quizId: string; code: string; deadline: Date; settings: GameSettingsInput },
) {
  const [row] = await db
    .insert(games)
    .values({ ...challenge, kind: 'challenge', status: 'finished' })
    .onConflictDoNothing({ target: games.code })
    .returning({ id: games.id, code: games.code });
  return row;
}

/** A challenge by its code, with its quiz's title and college. */
export async function findChallenge(db: Executor, code: string) {
  const [row] = await db
    .select({
      id: games.id,
      code: games.code,
      quizId: games.quizId,
      settings: games.settings,
      deadline: games.deadline,
      title: quizzes.title,
      collegeId: quizzes.collegeId,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(and(eq(games.code, code), eq(games.kind, 'challenge')));
  return row;
}
export type ChallengeRow = NonNullable<Awaited<ReturnType<typeof findChallenge>>>;

const attemptColumns = {
  id: players.id,
  name: players.name,
  score: players.score,
  currentQuestion: players.currentQuestion,
  questionStartedAt: players.questionStartedAt,
  finishedAt: players.finishedAt,
};

/** The member's attempt; `lock` holds its row until the transaction ends (one change at once). */
export async function findAttempt(db: Executor, gameId: string, userId: string, lock = false) {
  const query = db
    .select(attemptColumns)
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}
export type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** Starts the member's attempt on the first question; undefined when one exists already. */
export async function insertAttempt(
  db: Executor,
  attempt: { gameId: string; userId: string; name: string; startedAt: Date },
) {
  const [row] = await db
    .insert(players)
    .values({
      gameId: attempt.gameId,
      userId: attempt.userId,
      name: attempt.name,
      currentQuestion: 0,
      questionStartedAt: attempt.startedAt,
    })
    .onConflictDoNothing({ target: [players.gameId, players.userId] })
    .returning(attemptColumns);
  return row;
}

export async function moveAttempt(
  db: Executor,
  playerId: string,
  to: { currentQuestion: number; questionStartedAt: Date } | { finishedAt: Date },
) {
  await db.update(players).set(to).where(eq(players.id, playerId));
}

/** The attempt's answers, to know which questions it answered and to carry its streak. */
export function attemptAnswers(db: Executor, playerId: string) {
  return db
    .select({ questionId: answers.questionId, state: answers.state, isCorrect: answers.isCorrect })
    .from(answers)
    .where(eq(answers.playerId, playerId));
}

export async function insertChallengeAnswer(
  db: Executor,
  row: typeof answers.$inferInsert,
): Promise<boolean> {
  const stored = await db
    .insert(answers)
    .values(row)
    .onConflictDoNothing({ target: [answers.playerId, answers.questionId] })
    .returning({ id: answers.id });
  if (stored.length === 0) return false;
  await db
    .update(players)
    .set({ score: sql`${players.score} + ${row.score}` })
    .where(eq(players.id, row.playerId));
  return true;
}

/** How many chose each option of a question in this challenge (a poll's result). */
export async function optionCounts(db: Executor, gameId: string, questionId: string) {
  return db
    .select({ option: answers.option, count: sql<number>`count(*)::int` })
    .from(answers)
    .innerJoin(players, eq(players.id, answers.playerId))
    .where(
      and(
        eq(players.gameId, gameId),
        eq(answers.questionId, questionId),
        isNotNull(answers.option),
      ),
    )
    .groupBy(answers.option);
}

/**
 * The leaderboard: the best `size` attempts (finished ones; every one with `all`), best score
 * first, then who finished first, then who started first; the member's own place on it; and how
 * many attempts were started.
 */
export async function challengeBoard(
  db: Executor,
  gameId: string,
  userId: string,
  size: number,
  all: boolean,
) {
  const [ranked, counted] = await Promise.all([
    db.execute<{ rank: number; name: string; score: number; user_id: string }>(sql`
      with ranked as (
        select p.user_id, p.name, p.score,
               row_number() over (
                 order by p.score desc, p.finished_at asc nulls last, p.created_at asc, p.id asc
               )::int as rank
          from ${players} p
         where p.game_id = ${gameId} and (${all}::boolean or p.finished_at is not null)
      )
      select * from ranked where rank <= ${size} or user_id = ${userId} order by rank`),
    db.execute<{ players: number }>(
      sql`select count(*)::int as players from ${players} p where p.game_id = ${gameId}`,
    ),
  ]);
  const entry = (r: { rank: number; name: string; score: number }) => ({
    rank: r.rank,
    name: r.name,
    score: r.score,
  });
  const you = ranked.rows.find((r) => r.user_id === userId);
  return {
    top: ranked.rows.filter((r) => r.rank <= size).map(entry),
    you: you ? entry(you) : null,
    players: counted.rows[0]?.players ?? 0,
  };
}
