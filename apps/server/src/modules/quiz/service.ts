import {
  QUIZ,
  QUIZ_EMAIL_CODE,
  QUIZ_IDENTITY_MESSAGES,
  QUIZ_MESSAGES,
  TEAM_NAMES,
  type EmailCodeAnswer,
  type GameSettings,
  type GameStatusAnswer,
  type HostState,
  type JoinGameAnswer,
  type QuizAnswerValue,
  type QuizBody,
  type QuizDetail,
  type QuizSummary,
  type SubmitAnswerAnswer,
  type ValidateUserAnswer,
  type ValidateUserBody,
} from '@alumnet/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { adminCollegeId, policy } from '../../lib/policy';
import type { SessionUser } from '../auth/repository';
import type { Transport } from '../../mail/transports';
import { quizCodeEmail } from '../../mail/templates';
import {
  GAME_NOT_FOUND,
  NOT_A_PLAYER,
  type GameHost,
  type HostAction,
  type HostStep,
  type PlayerConnection,
} from './game-host';
import { claimedUserOf, playerToken } from './player-token';
import { presentQuizDetail, presentQuizSummary } from './presenter';
import { resultsTable } from './report';
import * as repo from './repository';
import { appSecret } from '../../db/app-secret';
import { recordAudit, type AuditActor } from '../audit/record';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const QUIZ_NOT_FOUND = 'Quiz not found.';
const GAME_OVER = 'This game is over.';

/** A fresh game code: six characters from a cryptographic source, so codes cannot be predicted. */
const drawCode = () =>
  Array.from(
    { length: QUIZ.codeLength },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');

/** Six digits, every one of the million equally likely. */
const drawEmailCode = () =>
  String(randomInt(10 ** QUIZ_EMAIL_CODE.digits)).padStart(QUIZ_EMAIL_CODE.digits, '0');

type Game = NonNullable<Awaited<ReturnType<typeof repo.findGame>>>;

/** College admins act on their own college's quizzes; super admins on every college's. */
const scopeOf = (user: SessionUser) => (user.isSuperAdmin ? null : user.collegeId);

/**
 * The quiz calls of players and hosts. Live game operations run on the game's host process.
 * `mail` sends visitors their e-mail codes (the outbox when no SMTP is configured).
 */
export function createQuizService(
  db: Database,
  host: GameHost,
  mail: Transport,
  log: FastifyBaseLogger,
) {
  let secret: string | undefined;
  const getSecret = async () => (secret ??= await appSecret(db));

  // Keyed with the installation's secret: the table alone does not give the code away (a
  // six-digit code's plain hash would be undone by trying the million).
  const hashEmailCode = async (email: string, code: string) =>
    createHmac('sha256', await getSecret())
      .update(`quiz-email-code:${email}:${code}`)
      .digest('hex');

  /**
   * A game's row for the players' calls (validate-user, join), kept 2 s: as a game opens, its
   * thousands of players ask for the same row within seconds, and each ask was a query on the
   * database the rest of the portal waits on (in bench:soak the quiz's joins pushed the embedded
   * database past its knee). The host's actions through this process drop the row; one another
   * process has kept is at most 2 s old, and the game's host checks its own state at each join,
   * so it lets no one into a game that is over.
   */
  const playersGames = new LRUCache<string, Game>({ max: 1_000, ttl: 2_000 });
  async function gameForPlayers(code: string) {
    const cached = playersGames.get(code);
    if (cached) return cached;
    const game = await repo.findGame(db, code);
    if (game) playersGames.set(code, game);
    return game;
  }

  /**
   * The member a player_id claims to be, still allowed to play. The signature, which binds the
   * credential to its game, is checked where the game lives (game-host.ts).
   */
  async function claimedMember(token: string) {
    const userId = claimedUserOf(token);
    const member = userId ? await repo.findPlayableMember(db, { id: userId }) : undefined;
    if (!member) throw unauthorized(NOT_A_PLAYER);
    return member;
  }

  /** Spends a try of the visitor's code; a 401 (or 429 once they are spent) unless it is right. */
  async function checkEmailCode(email: string, code: string | undefined) {
    if (code === undefined) throw unauthorized(QUIZ_IDENTITY_MESSAGES.codeNeeded);
    const spent = await repo.spendEmailCodeTry(db, email, QUIZ_EMAIL_CODE.tries);
    if (spent === 'expired') throw unauthorized(QUIZ_IDENTITY_MESSAGES.codeExpired);
    if (spent === 'exhausted') throw new AppError(429, QUIZ_IDENTITY_MESSAGES.codeExhausted);
    if (spent === 'none') throw unauthorized(QUIZ_MESSAGES.validateFailed);
    const given = Buffer.from(await hashEmailCode(email, code));
    const expected = Buffer.from(spent.codeHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw unauthorized(QUIZ_MESSAGES.validateFailed);
    // Used once: a code seen over a shoulder is worth nothing after.
    await repo.deleteEmailCode(db, email, spent.codeHash);
  }

  async function gameForHost(user: SessionUser, code: string) {
    // The routes check this before anything else; the socket's host_connected comes here.
    if (!policy.isAdmin(user)) throw forbidden('Admins only.');
    const game = await repo.findGame(db, code, scopeOf(user));
    if (!game) throw notFound(GAME_NOT_FOUND);
    return game;
  }

  /** Quizzes made, edited or deleted by an admin go in the audit log with the change. */
  const auditQuiz = (
    tx: Executor,
    actor: AuditActor,
    quiz: { id: string; collegeId: string; title: string },
    change: 'create' | 'edit' | 'delete',
  ) =>
    recordAudit(tx, actor, {
      action: 'quiz.change',
      collegeId: quiz.collegeId,
      targetType: 'quiz',
      targetId: quiz.id,
      targetLabel: quiz.title,
      details: { change },
    });

  /** A quiz being played (live, or as a challenge before its deadline) keeps its questions. */
  async function refuseWhileOpen(quizId: string, doing: 'editing' | 'deleting') {
    const open = await repo.openGameOf(db, quizId);
    if (!open) return;
    if (open.kind === 'challenge')
      throw conflict(
        `A challenge of this quiz is open until ${open.deadline!.toISOString().slice(0, 16).replace('T', ' ')} UTC. Wait for it to close before ${doing} the quiz.`,
      );
    throw conflict(`A game of this quiz is still running. End it before ${doing} the quiz.`);
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
      const { teams } = game.settings;
      return {
        status: game.status,
        total_questions: game.totalQuestions,
        players_count: game.playersCount,
        title: game.title,
        // Team mode only: the join screen offers the teams when players pick theirs.
        ...(teams
          ? { teams: TEAM_NAMES.slice(0, teams.count), choose_team: teams.choose === 'players' }
          : {}),
      };
    },

    /**
     * A visitor asks for a code to prove the address is theirs. Every address gets the same
     * answer and a row of its own (an unknown one a code nobody receives), so neither the answer
     * nor the tries that follow tell who is a member. A code already younger than
     * QUIZ_EMAIL_CODE.resendSeconds stays: the address is not flooded with e-mails.
     */
    async sendEmailCode(email: string): Promise<EmailCodeAnswer> {
      const answer = { message: QUIZ_IDENTITY_MESSAGES.codeSent };
      const member = await repo.findPlayableMember(db, { email });
      const code = drawEmailCode();
      const codeHash = await hashEmailCode(email, code);
      const expiresAt = new Date(Date.now() + QUIZ_EMAIL_CODE.minutes * 60_000);
      await repo.pruneEmailCodes(db);
      const fresh = await repo.replaceEmailCode(
        db,
        { email, codeHash, expiresAt },
        QUIZ_EMAIL_CODE.resendSeconds,
      );
      if (!fresh || !member?.collegeId) return answer;
      // Sent after the answer, not before it: an SMTP server's seconds would otherwise tell a
      // member's address (mailed) from a stranger's (not).
      const send = mail.send(
        {
          channel: 'email',
          to: member.email,
          ...quizCodeEmail({
            fullName: member.fullName,
            collegeName: member.collegeName ?? 'Alumnet',
            code,
            minutes: QUIZ_EMAIL_CODE.minutes,
          }),
          idempotencyKey: `quiz-code:${randomUUID()}`,
          collegeId: member.collegeId,
        },
        db,
      );
      send.catch(async (error: unknown) => {
        log.error({ err: error }, 'sending a quiz e-mail code failed');
        // Not sent: the visitor may ask again at once instead of waiting out the resend pause.
        await repo.deleteEmailCode(db, email, codeHash).catch(() => {});
      });
      return answer;
    },

    /**
     * Who plays, and their credential for this one game. A signed-in member names their own
     * address; a visitor shows the code e-mailed to the address (sendEmailCode).
     */
    async validateUser(
      user: SessionUser | null,
      body: ValidateUserBody,
    ): Promise<ValidateUserAnswer> {
      const game = await gameForPlayers(body.game_code);
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (game.status === 'finished') throw conflict(GAME_OVER);
      let member: Awaited<ReturnType<typeof repo.findPlayableMember>>;
      if (user) {
        member = await repo.findPlayableMember(db, { id: user.id });
        if (!member || member.email.toLowerCase() !== body.email_id)
          throw forbidden(QUIZ_IDENTITY_MESSAGES.otherMember);
      } else {
        await checkEmailCode(body.email_id, body.code);
        member = await repo.findPlayableMember(db, { email: body.email_id });
        if (!member) throw unauthorized(QUIZ_MESSAGES.validateFailed);
      }
      if (!member.collegeId) throw forbidden('Only members of a college can play its quizzes.');
      return {
        name: member.fullName,
        player_id: playerToken(await getSecret(), game.id, member.id),
      };
    },

    async join(code: string, token: string, team?: number): Promise<JoinGameAnswer> {
      const member = await claimedMember(token);
      const game = await gameForPlayers(code);
      if (!game) throw notFound(GAME_NOT_FOUND);
      if (member.collegeId !== game.collegeId)
        throw forbidden('This quiz is for the members of another college.');
      if (game.status === 'finished') throw conflict(GAME_OVER);
      const joined = await host.call(
        'join',
        code,
        team === undefined
          ? { token, name: member.fullName }
          : { token, name: member.fullName, team },
      );
      return { message: 'You have joined the game.', ...joined };
    },

    async submit(
      code: string,
      token: string,
      answer: { submitter_answer: QuizAnswerValue; time_taken: number },
    ): Promise<SubmitAnswerAnswer> {
      // No database read before the game's host: the signature (checked there) says who it is,
      // only a member who joined is a player of the game, and the answer's INSERT itself
      // refuses a member rejected or deleted since.
      if (!claimedUserOf(token)) throw unauthorized(NOT_A_PLAYER);
      return host.call('submit', code, {
        token,
        option: answer.submitter_answer,
        timeTakenMs: Math.round(answer.time_taken * 1000),
      });
    },

    /** A player's socket says who it is: their state and the question running, if any. */
    async connectPlayer(code: string, token: string): Promise<PlayerConnection> {
      // No database read: thousands connect at once. The host checks the signature; a member
      // rejected since joining may still watch, but no answer of theirs is stored.
      if (!claimedUserOf(token)) throw unauthorized(NOT_A_PLAYER);
      return host.call('connect', code, { token });
    },

    // ---------------------------------------------------------- hosts

    async listQuizzes(user: SessionUser, collegeId?: string): Promise<QuizSummary[]> {
      const rows = await repo.listQuizzes(db, adminCollegeId(user, collegeId));
      return rows.map(presentQuizSummary);
    },

    async createQuiz(user: SessionUser, body: QuizBody, actor: AuditActor): Promise<QuizDetail> {
      const collegeId = adminCollegeId(user, body.collegeId);
      const quizId = await db.transaction(async (tx) => {
        const id = await repo.insertQuiz(tx, { collegeId, createdBy: user.id, title: body.title });
        await repo.writeQuestions(tx, id, body.questions);
        await auditQuiz(tx, actor, { id, collegeId, title: body.title }, 'create');
        return id;
      });
      return detail(quizId, collegeId);
    },

    readQuiz: (user: SessionUser, quizId: string) => detail(quizId, scopeOf(user)),

    async replaceQuiz(
      user: SessionUser,
      quizId: string,
      body: QuizBody,
      actor: AuditActor,
    ): Promise<QuizDetail> {
      const quiz = await quizForHost(user, quizId);
      await refuseWhileOpen(quizId, 'editing');
      await db.transaction(async (tx) => {
        await repo.renameQuiz(tx, quizId, body.title);
        await repo.writeQuestions(tx, quizId, body.questions);
        await auditQuiz(tx, actor, { ...quiz, title: body.title }, 'edit');
      });
      return detail(quizId, scopeOf(user));
    },

    async deleteQuiz(user: SessionUser, quizId: string, actor: AuditActor) {
      const quiz = await quizForHost(user, quizId);
      await refuseWhileOpen(quizId, 'deleting');
      await db.transaction(async (tx) => {
        await repo.deleteQuiz(tx, quizId);
        await auditQuiz(tx, actor, quiz, 'delete');
      });
      return { message: 'Quiz deleted.' };
    },

    /** A live game in the lobby, on the scoring and teams the host chose (defaults: today's). */
    async startGame(user: SessionUser, quizId: string, settings?: GameSettings) {
      await quizForHost(user, quizId);
      // 36^6 codes: a collision is rare, and the unique index catches the one that happens.
      for (let attempt = 0; attempt < 10; attempt++) {
        const game = await repo.insertGame(db, quizId, drawCode(), settings);
        if (game) return { code: game.code, gameId: game.id };
      }
      throw new Error('no free game code after 10 draws');
    },

    async hostState(user: SessionUser, code: string): Promise<HostState> {
      await gameForHost(user, code);
      return host.call('hostState', code, null);
    },

    async act(
      user: SessionUser,
      code: string,
      action: HostAction,
      from?: HostStep,
    ): Promise<HostState> {
      await gameForHost(user, code);
      const state = await host.call('action', code, from ? { action, from } : { action });
      // An action may have ended the game: this process's players hear so at once.
      playersGames.delete(code);
      return state;
    },

    /** The results as CSV: per player name, e-mail, correct answers, score and rank. */
    async resultsCsv(user: SessionUser, code: string, actor: AuditActor) {
      const game = await gameForHost(user, code);
      await recordAudit(db, actor, {
        action: 'export.download',
        collegeId: game.collegeId,
        targetType: 'quiz_game',
        targetId: game.id,
        targetLabel: `${game.title} (game ${game.code}) results`,
      });
      // The spec's columns, then the report's (issue 31): wrong, unanswered, team.
      const { header, rows } = await resultsTable(db, game.code);
      return { fileName: `quiz-${game.code}-results.csv`, csv: stringify([header, ...rows]) };
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
