import {
  QUIZ,
  type GameStatusAnswer,
  type HostState,
  type JoinGameAnswer,
  type QuizBody,
  type QuizDetail,
  type QuizSummary,
  type SubmitAnswerAnswer,
  type ValidateUserAnswer,
} from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import { neutralizeFormula } from '../dispatch';
import { GAME_NOT_FOUND, type GameHost, type HostAction, type PlayerConnection } from './game-host';
import { playerToken, userOfPlayerToken } from './player-token';
import { presentQuizDetail, presentQuizSummary } from './presenter';
import * as repo from './repository';
import { appSecret } from '../../db/app-secret';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const QUIZ_NOT_FOUND = 'Quiz not found.';
const NOT_A_PLAYER = 'We could not recognise this player. Please validate your e-mail again.';

/** A fresh game code: six characters from a cryptographic source, so codes cannot be predicted. */
const drawCode = () =>
  Array.from(
    { length: QUIZ.codeLength },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');

/** College admins act on their own college's quizzes; super admins on every college's. */
const scopeOf = (user: SessionUser) => (user.isSuperAdmin ? null : user.collegeId);

/** The quiz calls of players and hosts. Live game operations run on the game's host process. */
export function createQuizService(db: Database, host: GameHost) {
  let secret: string | undefined;
  const getSecret = async () => (secret ??= await appSecret(db));

  /** The member id a player_id names, or a 401 for anything we did not sign. */
  async function userOf(token: string) {
    const userId = userOfPlayerToken(await getSecret(), token);
    if (!userId) throw unauthorized(NOT_A_PLAYER);
    return userId;
  }

  /** The member a player_id names, still approved. */
  async function memberOf(token: string) {
    const member = await repo.findPlayableMember(db, { id: await userOf(token) });
    if (!member) throw unauthorized(NOT_A_PLAYER);
    return member;
  }

  async function gameForHost(user: SessionUser, code: string) {
    // The routes check this before anything else; the socket's host_connected comes here.
    if (!policy.isAdmin(user)) throw forbidden('Admins only.');
    const game = await repo.findGame(db, code, scopeOf(user));
    if (!game) throw notFound(GAME_NOT_FOUND);
    return game;
  }

  async function quizForHost(user: SessionUser, quizId: string) {
    const quiz = await repo.findQuiz(db, quizId, scopeOf(user));
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    return quiz;
  }

  async function detail(quizId: string, scope: string | null): Promise<QuizDetail> {
    const quiz = await repo.findQuiz(db, quizId, scope);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    return presentQuizDetail(quiz, await repo.quizQuestionsOf(db, quizId));
  }

  return {
    // ---------------------------------------------------------- players

    async status(code: string): Promise<GameStatusAnswer> {
      const game = await repo.gameOverview(db, code);
      if (!game) throw notFound(GAME_NOT_FOUND);
      return {
        status: game.status,
        total_questions: game.totalQuestions,
        players_count: game.playersCount,
        title: game.title,
      };
    },

    async validateUser(email: string): Promise<ValidateUserAnswer> {
      const member = await repo.findPlayableMember(db, { email });
      if (!member?.collegeId)
        throw notFound('No approved member has this e-mail address. Check it and try again.');
      return { name: member.fullName, player_id: playerToken(await getSecret(), member.id) };
    },

    async join(code: string, token: string): Promise<JoinGameAnswer> {
      const member = await memberOf(token);
      const game = await repo.findGame(db, code);
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (member.collegeId !== game.collegeId)
        throw forbidden('This quiz is for the members of another college.');
      if (game.status === 'finished') throw conflict('This game is over.');
      const joined = await host.call('join', code, { userId: member.id, name: member.fullName });
      return { message: 'You have joined the game.', ...joined };
    },

    async submit(
      code: string,
      token: string,
      answer: { submitter_answer: number; time_taken: number },
    ): Promise<SubmitAnswerAnswer> {
      // No database read before the game's host: the signature says who it is, and only a
      // member who joined (approved, of the right college) is a player of the game.
      return host.call('submit', code, {
        userId: await userOf(token),
        option: answer.submitter_answer,
        timeTakenMs: Math.round(answer.time_taken * 1000),
      });
    },

    /** A player's socket says who it is: their state and the question running, if any. */
    async connectPlayer(code: string, token: string): Promise<PlayerConnection> {
      return host.call('connect', code, { userId: await userOf(token) });
    },

    // ---------------------------------------------------------- hosts

    async listQuizzes(user: SessionUser, collegeId?: string): Promise<QuizSummary[]> {
      const rows = await repo.listQuizzes(db, adminCollegeId(user, collegeId));
      return rows.map(presentQuizSummary);
    },

    async createQuiz(user: SessionUser, body: QuizBody): Promise<QuizDetail> {
      const collegeId = adminCollegeId(user, body.collegeId);
      const quizId = await db.transaction(async (tx) => {
        const id = await repo.insertQuiz(tx, { collegeId, createdBy: user.id, title: body.title });
        await repo.writeQuestions(tx, id, body.questions);
        return id;
      });
      return detail(quizId, collegeId);
    },

    readQuiz: (user: SessionUser, quizId: string) => detail(quizId, scopeOf(user)),

    async replaceQuiz(user: SessionUser, quizId: string, body: QuizBody): Promise<QuizDetail> {
      await quizForHost(user, quizId);
      if (await repo.hasUnfinishedGame(db, quizId))
        throw conflict('A game of this quiz is still running. End it before editing the quiz.');
      await db.transaction(async (tx) => {
        await repo.renameQuiz(tx, quizId, body.title);
        await repo.writeQuestions(tx, quizId, body.questions);
      });
      return detail(quizId, scopeOf(user));
    },

    async deleteQuiz(user: SessionUser, quizId: string) {
      await quizForHost(user, quizId);
      if (await repo.hasUnfinishedGame(db, quizId))
        throw conflict('A game of this quiz is still running. End it before deleting the quiz.');
      await repo.deleteQuiz(db, quizId);
      return { message: 'Quiz deleted.' };
    },

    async startGame(user: SessionUser, quizId: string) {
      await quizForHost(user, quizId);
      // 36^6 codes: a collision is rare, and the unique index catches the one that happens.
      for (let attempt = 0; attempt < 10; attempt++) {
        const game = await repo.insertGame(db, quizId, drawCode());
        if (game) return { code: game.code, gameId: game.id };
      }
      throw new Error('no free game code after 10 draws');
    },

    async hostState(user: SessionUser, code: string): Promise<HostState> {
      await gameForHost(user, code);
      return host.call('hostState', code, null);
    },

    async act(user: SessionUser, code: string, action: HostAction): Promise<HostState> {
      await gameForHost(user, code);
      return host.call('action', code, { action });
    },

    /** The results as CSV: per player name, e-mail, correct answers, score and rank. */
    async resultsCsv(user: SessionUser, code: string) {
      const game = await gameForHost(user, code);
      const rows = await repo.gameResults(db, game.id);
      const cells = rows.map((row, i) => [
        neutralizeFormula(row.name),
        neutralizeFormula(row.email),
        row.correctAnswers,
        row.score,
        i + 1,
      ]);
      return {
        fileName: `quiz-${game.code}-results.csv`,
        csv: stringify([['Name', 'E-mail', 'Correct answers', 'Score', 'Rank'], ...cells]),
      };
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
