import {
  gameSettings,
  type GameSettings,
  type GameStatus,
  type QuizAnswerValue,
  type QuizBody,
} from '@alumnet/contract';
import { and, asc, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import {
  answers,
  colleges,
  games,
  players,
  quizEmailCodes,
  quizQuestions,
  quizzes,
  users,
} from '../../db/schema';

// ---------------------------------------------------------------- quizzes (the host's side)

/** College admins see their college's quizzes only; super admins (null) see every one. */
const inScope = (collegeId: string | null) =>
  collegeId === null ? undefined : eq(quizzes.collegeId, collegeId);

// Written out in full: in a one-table select Drizzle leaves columns unqualified, and the inner
// query's own "id" would win.
const questionCount = sql<number>`(
  select count(*)::int from quiz_questions qq where qq.quiz_id = "quizzes"."id"
)`;
const liveCode = sql<string | null>`(
  select g.code from games g
  where g.quiz_id = "quizzes"."id" and g.status <> 'finished'
  order by g.created_at desc limit 1
)`;
const summaryColumns = {
  id: quizzes.id,
  title: quizzes.title,
  collegeId: quizzes.collegeId,
  createdAt: quizzes.createdAt,
  questionCount,
  liveCode,
};
export type QuizSummaryRow = Awaited<ReturnType<typeof listQuizzes>>[number];
export type QuestionRow = typeof quizQuestions.$inferSelect;

export function listQuizzes(db: Executor, collegeId: string) {
  return db
    .select(summaryColumns)
    .from(quizzes)
    .where(eq(quizzes.collegeId, collegeId))
    .orderBy(desc(quizzes.createdAt), asc(quizzes.id));
}

export async function findQuiz(db: Executor, quizId: string, scope: string | null) {
  const [quiz] = await db
    .select(summaryColumns)
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), inScope(scope)));
  return quiz;
}

export function quizQuestionsOf(db: Executor, quizId: string) {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position));
}

export async function insertQuiz(
  db: Executor,
  quiz: { collegeId: string; createdBy: string; title: string },
) {
  const [row] = await db.insert(quizzes).values(quiz).returning({ id: quizzes.id });
  return row!.id;
}

export async function renameQuiz(db: Executor, quizId: string, title: string) {
  await db.update(quizzes).set({ title }).where(eq(quizzes.id, quizId));
}

/**
 * Writes the questions in play order. Each position keeps its row (an upsert, not delete and
 * insert) so the answers of earlier games, which point at these rows, survive an edit.
 */
export async function writeQuestions(
  db: Executor,
  quizId: string,
  questions: QuizBody['questions'],
) {
  await db
    .insert(quizQuestions)
    .values(
      questions.map((q, position) => ({
        quizId,
        position,
        question: q.question,
        options: q.options,
        correctOption: q.correctOption,
        timeLimit: q.timeLimit,
        kind: q.kind,
        correctOptions: q.correctOptions,
        partialCredit: q.partialCredit,
        acceptedAnswers: q.acceptedAnswers,
        doublePoints: q.doublePoints,
        imageName: q.image?.name ?? null,
        imageAlt: q.image?.alt ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [quizQuestions.quizId, quizQuestions.position],
      set: {
        question: sql`excluded.question`,
        options: sql`excluded.options`,
        correctOption: sql`excluded.correct_option`,
        timeLimit: sql`excluded.time_limit`,
        kind: sql`excluded.kind`,
        correctOptions: sql`excluded.correct_options`,
        partialCredit: sql`excluded.partial_credit`,
        acceptedAnswers: sql`excluded.accepted_answers`,
        doublePoints: sql`excluded.double_points`,
        imageName: sql`excluded.image_name`,
        imageAlt: sql`excluded.image_alt`,
      },
    });
  await db
    .delete(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), gte(quizQuestions.position, questions.length)));
}

export async function deleteQuiz(db: Executor, quizId: string) {
  await db.delete(quizzes).where(eq(quizzes.id, quizId));
}

/**
 * What stops the quiz from being edited or deleted: a live game not finished, or a challenge
 * before its deadline (members are answering its questions as they stand). Undefined if none.
 */
export async function openGameOf(db: Executor, quizId: string) {
  const [row] = await db
    .select({ kind: games.kind, deadline: games.deadline })
    .from(games)
    .where(
      and(
        eq(games.quizId, quizId),
        or(
          ne(games.status, 'finished'),
          and(eq(games.kind, 'challenge'), sql`${games.deadline} > now()`),
        ),
      ),
    )
    .limit(1);
  return row;
}

/** A new game in the lobby; undefined when the code is taken (the caller draws another). */
export async function insertGame(
  db: Executor,
  quizId: string,
  code: string,
  settings?: GameSettings,
) {
  const [row] = await db
    .insert(games)
    .values({ quizId, code, ...(settings ? { settings } : {}) })
    .onConflictDoNothing({ target: games.code })
    .returning({ id: games.id, code: games.code });
  return row;
}

// ---------------------------------------------------------------- games

/**
 * A game with its quiz's title and college: what every call about a game checks first. With a
 * scope (a college admin's college), only that college's games are found.
 */
export async function findGame(db: Executor, code: string, scope: string | null = null) {
  const [row] = await db
    .select({
      id: games.id,
      code: games.code,
      quizId: games.quizId,
      status: games.status,
      currentQuestion: games.currentQuestion,
      questionStartedAt: games.questionStartedAt,
      title: quizzes.title,
      collegeId: quizzes.collegeId,
      kind: games.kind,
      settings: games.settings,
      deadline: games.deadline,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(and(eq(games.code, code), inScope(scope)));
  // '{}' (every game before issue 31) and any field left out read as today's rules.
  return row && { ...row, settings: parseSettings(row.settings) };
}

/** A stored game's settings with the defaults filled in; unreadable ones read as the defaults. */
function parseSettings(stored: unknown): GameSettings {
  const parsed = gameSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : gameSettings.parse({});
}
export type GameRow = NonNullable<Awaited<ReturnType<typeof findGame>>>;

/** What game-status shows: the state, the quiz's size and how many joined. */
export async function gameOverview(db: Executor, code: string) {
  const [row] = await db
    .select({
      status: games.status,
      title: quizzes.title,
      settings: games.settings,
      totalQuestions: sql<number>`(
        select count(*)::int from quiz_questions qq where qq.quiz_id = "games"."quiz_id"
      )`,
      playersCount: sql<number>`(
        select count(*)::int from players p where p.game_id = "games"."id"
      )`,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(eq(games.code, code));
  return row && { ...row, settings: parseSettings(row.settings) };
}

/** The players in the order they joined: the leaderboard's tie-break. */
export function gamePlayers(db: Executor, gameId: string) {
  return db
    .select({
      id: players.id,
      userId: players.userId,
      name: players.name,
      score: players.score,
      team: players.team,
    })
    .from(players)
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.joinedAt), asc(players.id));
}

/** The answers given to one question of a game, with their server-measured time. */
export function answersTo(
  db: Executor,
  gameId: string,
  questionId: string,
  questionStartedAt: Date,
) {
  return db
    .select({
      playerId: answers.playerId,
      option: answers.option,
      value: answers.value,
      state: answers.state,
      isCorrect: answers.isCorrect,
      points: answers.score,
      bonus: answers.bonus,
      elapsedMs: sql<number>`greatest(0, (extract(epoch from ${answers.createdAt} - ${questionStartedAt.toISOString()}::timestamptz) * 1000)::int)`,
    })
    .from(answers)
    .innerJoin(players, eq(players.id, answers.playerId))
    .where(and(eq(players.gameId, gameId), eq(answers.questionId, questionId)));
}

/**
 * Every mark the game's players got, oldest question first: what their streaks are rebuilt from
 * when another process takes the game over (the database keeps marks, not streaks).
 */
export function gameMarks(db: Executor, gameId: string) {
  return db
    .select({
      playerId: answers.playerId,
      questionId: answers.questionId,
      state: answers.state,
      isCorrect: answers.isCorrect,
    })
    .from(answers)
    .innerJoin(players, eq(players.id, answers.playerId))
    .where(eq(players.gameId, gameId));
}

/** The game's state; the first write of `finished` also stamps when it finished. */
export async function saveGameState(
  db: Executor,
  gameId: string,
  state: { status: GameStatus; currentQuestion: number | null; questionStartedAt: Date | null },
) {
  await db
    .update(games)
    .set({
      ...state,
      ...(state.status === 'finished'
        ? { finishedAt: sql`coalesce(${games.finishedAt}, now())` }
        : {}),
    })
    .where(eq(games.id, gameId));
}

/** A member who may play: approved, not rejected. */
export async function findPlayableMember(db: Executor, where: { email: string } | { id: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      collegeId: users.collegeId,
      collegeName: colleges.name,
    })
    .from(users)
    .leftJoin(colleges, eq(colleges.id, users.collegeId))
    .where(
      and(
        'email' in where ? eq(users.email, where.email) : eq(users.id, where.id),
        eq(users.isApproved, true),
        eq(users.isRejected, false),
      ),
    );
  return row;
}

/**
 * Joins a player, or finds the one this member already is in the game (score kept, and the team
 * kept: a team once given is never changed by joining again).
 */
export async function upsertPlayer(
  db: Executor,
  gameId: string,
  userId: string,
  name: string,
  team: number | null = null,
) {
  const [row] = await db
    .insert(players)
    .values({ gameId, userId, name, team })
    .onConflictDoUpdate({
      target: [players.gameId, players.userId],
      set: { name, team: sql`coalesce(${players.team}, excluded.team)` },
    })
    .returning({ id: players.id, score: players.score, team: players.team });
  return row!;
}

/** The team the game placed a new player in (team mode, placed by the game). */
export async function setPlayerTeam(db: Executor, playerId: string, team: number) {
  await db.update(players).set({ team }).where(eq(players.id, playerId));
}

// ---------------------------------------------------------------- e-mail codes (visitors)

/**
 * Stores the code (its hash) asked for this address, replacing an older one, unless the one
 * there is younger than `resendSeconds`: then nothing changes and the answer is false (no
 * e-mail goes out). A new code starts with no tries spent.
 */
export async function replaceEmailCode(
  db: Executor,
  row: { email: string; codeHash: string; expiresAt: Date },
  resendSeconds: number,
) {
  const written = await db
    .insert(quizEmailCodes)
    .values(row)
    .onConflictDoUpdate({
      target: quizEmailCodes.email,
      set: {
        codeHash: row.codeHash,
        expiresAt: row.expiresAt,
        tries: 0,
        createdAt: sql`now()`,
      },
      setWhere: lt(quizEmailCodes.createdAt, sql`now() - make_interval(secs => ${resendSeconds})`),
    })
    .returning({ email: quizEmailCodes.email });
  return written.length > 0;
}

/**
 * Forgets codes expired an hour ago and more: strangers' addresses leave rows too (so that they
 * behave as members' do), and nothing else would remove them.
 */
export async function pruneEmailCodes(db: Executor) {
  await db
    .delete(quizEmailCodes)
    .where(lt(quizEmailCodes.expiresAt, sql`now() - interval '1 hour'`));
}

/** Takes back a code whose e-mail could not be sent, so the visitor may ask again at once. */
export async function deleteEmailCode(db: Executor, email: string, codeHash?: string) {
  await db
    .delete(quizEmailCodes)
    .where(
      and(
        eq(quizEmailCodes.email, email),
        codeHash === undefined ? undefined : eq(quizEmailCodes.codeHash, codeHash),
      ),
    );
}

/**
 * Spends one try of the address's code and answers its hash; `expired` or `exhausted` (or
 * `none`) when no try is left to spend. The count goes up in the same statement that reads it,
 * so parallel guesses cannot share a try.
 */
export async function spendEmailCodeTry(
  db: Executor,
  email: string,
  maxTries: number,
): Promise<{ codeHash: string } | 'none' | 'expired' | 'exhausted'> {
  const [spent] = await db
    .update(quizEmailCodes)
    .set({ tries: sql`${quizEmailCodes.tries} + 1` })
    .where(
      and(
        eq(quizEmailCodes.email, email),
        sql`${quizEmailCodes.expiresAt} > now()`,
        lt(quizEmailCodes.tries, maxTries),
      ),
    )
    .returning({ codeHash: quizEmailCodes.codeHash });
  if (spent) return spent;
  const [row] = await db
    .select({
      expired: sql<boolean>`${quizEmailCodes.expiresAt} <= now()`,
    })
    .from(quizEmailCodes)
    .where(eq(quizEmailCodes.email, email));
  if (!row) return 'none';
  return row.expired ? 'expired' : 'exhausted';
}

export interface AnswerRow {
  playerId: string;
  questionId: string;
  /** The option chosen (single choice, true/false, poll); null for the other kinds' answers. */
  option: number | null;
  timeTakenMs: number;
  isCorrect: boolean;
  score: number;
  /** Issue 31: the answer as given, its mark, the server's time and the streak bonus in `score`. */
  value?: QuizAnswerValue | null;
  state?: 'correct' | 'partial' | 'wrong' | 'voted' | null;
  elapsedMs?: number | null;
  bonus?: number;
}

/** What became of one answer: kept, already there, or refused (the member may no longer play). */
export type StoreOutcome = 'stored' | 'duplicate' | 'not_member';

/**
 * The text of storeAnswers' statement, rendered from Drizzle's schema once (parameters $1-$10:
 * players, questions, options, times taken, marks, scores, values as JSON text, states, elapsed
 * times, bonuses). Building and rendering the SQL object on every call cost about 2 KB per
 * answer, and with most answers in a group commit of one, a 10,000-player question's answers
 * filled the old generation by about 40 MB (a sampling heap profile of bench:quiz).
 */
const storeAnswersStatement = new PgDialect().sqlToQuery(sql`
    with given as (
      select * from unnest(${sql.placeholder('playerIds')}::uuid[],
                           ${sql.placeholder('questionIds')}::uuid[],
                           ${sql.placeholder('options')}::smallint[],
                           ${sql.placeholder('timesTakenMs')}::int[],
                           ${sql.placeholder('marks')}::boolean[],
                           ${sql.placeholder('scores')}::int[],
                           ${sql.placeholder('values')}::text[],
                           ${sql.placeholder('states')}::text[],
                           ${sql.placeholder('elapsedMs')}::int[],
                           ${sql.placeholder('bonuses')}::int[])
        with ordinality as g(player_id, question_id, option, time_taken_ms, is_correct, score,
                             value, state, elapsed_ms, bonus, n)
    ), playable as (
      -- a pair given twice: the first one given is the one that counts
      select distinct on (g.player_id, g.question_id) g.* from given g
        join ${players} p on p.id = g.player_id
        join ${users} u on u.id = p.user_id
       where u.is_approved and not u.is_rejected
       order by g.player_id, g.question_id, g.n
    ), stored as (
      insert into ${answers} (player_id, question_id, option, time_taken_ms, is_correct, score,
                              value, state, elapsed_ms, bonus)
      select player_id, question_id, option, time_taken_ms, is_correct, score,
             value::jsonb, state, elapsed_ms, bonus from playable
      on conflict (player_id, question_id) do nothing
      returning player_id, question_id, score
    ), scored as (
      -- summed: one batch may hold a player's answers to two questions
      update ${players} set score = ${players.score} + added.points
        from (select player_id, sum(score)::int as points from stored group by player_id) added
       where ${players.id} = added.player_id
    )
    select player_id, question_id, true as stored from stored
    union all
    select distinct player_id, question_id, false from playable`);
const STORE_ANSWERS = storeAnswersStatement.sql;

/**
 * Stores answers and adds their points to the players' scores in one statement (arrays unnested,
 * so a batch of any size is one round trip and one commit). Only members who may still play
 * (approved, not rejected, not deleted) have their answers stored: a member rejected or deleted
 * during the game stops scoring at once, at no extra round trip. The unique index on (player,
 * question) is the final word on "one answer each": an answer the database already holds stores
 * nothing and answers `duplicate`, in the order given.
 */
export async function storeAnswers(db: Database, rows: AnswerRow[]): Promise<StoreOutcome[]> {
  const column = <K extends keyof AnswerRow>(key: K) => rows.map((r) => r[key] ?? null);
  const result = await db.$client.query<{
    player_id: string;
    question_id: string;
    stored: boolean;
  }>(STORE_ANSWERS, [
    column('playerId'),
    column('questionId'),
    column('option'),
    column('timeTakenMs'),
    column('isCorrect'),
    column('score'),
    // jsonb[] does not travel as a parameter: each value goes as its JSON text, cast in the query.
    rows.map((r) => (r.value == null ? null : JSON.stringify(r.value))),
    column('state'),
    column('elapsedMs'),
    rows.map((r) => r.bonus ?? 0),
  ]);
  const stored = new Set<string>();
  const playable = new Set<string>();
  for (const r of result.rows)
    (r.stored ? stored : playable).add(`${r.player_id}:${r.question_id}`);
  // A pair given twice in one batch is stored once: only its first row counts as stored.
  return rows.map((r) => {
    const key = `${r.playerId}:${r.questionId}`;
    if (stored.delete(key)) return 'stored';
    return playable.has(key) ? 'duplicate' : 'not_member';
  });
}

/** One row per player for the results CSV, best first (ties: earlier joiner first). */
export function gameResults(db: Executor, gameId: string) {
  return db
    .select({
      name: players.name,
      email: users.email,
      score: players.score,
      correctAnswers: sql<number>`(
        select count(*)::int from answers a where a.player_id = "players"."id" and a.is_correct
      )`,
    })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.gameId, gameId))
    .orderBy(desc(players.score), asc(players.joinedAt), asc(players.id));
}
