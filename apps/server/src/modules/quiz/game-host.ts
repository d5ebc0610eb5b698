import {
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  TEAM_NAMES,
  type HostState,
  type QuizAnswerValue,
  type QuizServerMessage,
  type SubmitAnswerAnswer,
} from '@alumnet/contract';
import {
  QuizGame,
  QuizInputError,
  QuizStateError,
  kindOf,
  streakOf,
  type AnswerRejection,
  type MarkedState,
  type QuizQuestion,
} from '@alumnet/quiz-engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { appSecret } from '../../db/app-secret';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../../lib/errors';
import { groupCommit } from '../../lib/group-commit';
import { GameMoved, type QuizCluster } from './cluster';
import {
  finishedMessage,
  hostStateOf,
  questionMessage,
  resultMessages,
  revealOf,
  teamPlaces,
  toEngineQuestion,
  type GameEvent,
  type PlayerResultTuple,
} from './presenter';
import { userOfPlayerToken } from './player-token';
import * as repo from './repository';

/** The host's console gets at most this many pushes a second. */
const HOST_PUSH_MS = 250;
/**
 * Joins are announced to the players at most this often, with the count as it then stands: in a
 * lobby filling with sockets open, one player_joined per join went to every socket (N²/2 writes
 * for N players, 50 million for 10,000).
 */
const JOIN_PUSH_MS = 250;

/** A push sent at most every so often, at once when it may be, else once at the end of the wait. */
interface Paced {
  timer: NodeJS.Timeout | null;
  sentAt: number;
}
const paced = (): Paced => ({ timer: null, sentAt: 0 });
/**
 * A finished game stays in memory this long for late readers (a phone waking on the podium), then
 * only the database has it, and a later reader loads it again. Ten minutes held a 2,000-player
 * game's players and answers past the round that gives memory back (bench:soak's RSS at the end).
 */
const FINISHED_KEEP_MS = 2 * 60_000;

export const GAME_NOT_FOUND = 'Quiz not found.';
export const NOT_A_PLAYER =
  'We could not recognise this player. Please validate your e-mail again.';
const NO_LONGER_PLAYING = 'You can no longer play in this game.';

/** A game this process hosts: the engine plus what is needed to persist and announce it. */
interface LiveGame {
  id: string;
  code: string;
  title: string;
  engine: QuizGame;
  /** Player id (players row) of each member who joined. */
  playerOf: Map<string, string>;
  timer: NodeJS.Timeout | null;
  hostPush: Paced;
  joinPush: Paced;
  /** Writes of the games row, one after another, so the last state written is the last one. */
  writes: Promise<void>;
}

export type HostAction = 'start' | 'next' | 'end';
/** The step the host's console stood on when the host pressed: see hostActionBody. */
export interface HostStep {
  status: HostState['status'];
  question_number: number;
}
export interface PlayerConnection {
  playerId: string;
  name: string;
  /** `connected`, then whatever shows the game where it stands (the question running...). */
  messages: QuizServerMessage[];
}

/** The operations that run where the game lives; another process forwards them there. */
interface Operations {
  // Players' calls carry their player_id (`token`): it is checked here, where the game's id is
  // known, so a credential signed for another game is refused without a database read.
  join: (
    game: LiveGame,
    args: { token: string; name: string; team?: number },
  ) => Promise<{ name: string; total_players: number; score: number; team?: string | null }>;
  submit: (
    game: LiveGame,
    args: { token: string; option: QuizAnswerValue; timeTakenMs: number },
  ) => Promise<SubmitAnswerAnswer>;
  connect: (game: LiveGame, args: { token: string }) => Promise<PlayerConnection>;
  hostState: (game: LiveGame, args: null) => Promise<HostState>;
  action: (game: LiveGame, args: { action: HostAction; from?: HostStep }) => Promise<HostState>;
}
type OpName = keyof Operations;
type ArgsOf<K extends OpName> = Parameters<Operations[K]>[1];
type ResultOf<K extends OpName> = Awaited<ReturnType<Operations[K]>>;

const REJECTIONS: Record<AnswerRejection, () => AppError> = {
  unknown_player: () => forbidden('Join the game first.'),
  not_in_question: () => conflict('No question is open right now.'),
  already_answered: () => conflict('You have already answered this question.'),
  too_late: () => conflict(QUIZ_MESSAGES.tooLate),
  bad_option: () => badRequest('Choose one of the options shown.'),
  bad_answer: () => badRequest(QUIZ_PLAY_MESSAGES.badAnswer),
};

/** A player's team as players see it: its name (team mode), else null. */
const teamName = (team: number | null) => (team === null ? null : (TEAM_NAMES[team] ?? null));

/**
 * The games this process hosts, in memory: it runs their engines and question timers, writes
 * every change to the database before announcing it, and hands events to the sockets (its own
 * through `onEvent`, other processes' through the cluster). Calls about a game hosted elsewhere
 * are forwarded there.
 */
export class GameHost {
  private readonly games = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame>>();
  private readonly listeners = new Set<(event: GameEvent) => void>();
  private readonly ops: Operations;
  private closed = false;
  private secret: Promise<string> | undefined;
  /** Answers arriving together (thousands of players) share one INSERT and one commit. */
  private readonly storeAnswer = groupCommit((rows: repo.AnswerRow[]) =>
    repo.storeAnswers(this.db, rows),
  );

  constructor(
    private readonly db: Database,
    private readonly cluster: QuizCluster,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number = Date.now,
  ) {
    this.ops = {
      join: (game, args) => this.join(game, args),
      submit: (game, args) => this.submit(game, args),
      connect: (game, args) => this.connect(game, args),
      hostState: async (game) => hostStateOf(game.engine, game.code, game.title),
      action: (game, args) => this.act(game, args.action, args.from),
    };
  }

  async start() {
    await this.cluster.start({
      execute: (op, code, args) => this.runHere(op as OpName, code, args as never),
      deliver: (event) => this.deliverLocally(event),
      lost: (code) => this.unload(code, false),
    });
  }

  async close() {
    this.closed = true;
    for (const code of [...this.games.keys()]) this.unload(code, false);
    await this.cluster.close();
  }

  /** A game hosted here has a question open or its results up: its broadcasts are due. */
  playing() {
    for (const game of this.games.values())
      if (game.engine.status === 'question' || game.engine.status === 'results') return true;
    return false;
  }

  /** Every event about every game, for this process's sockets. */
  onEvent(listener: (event: GameEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs an operation where the game lives: here, or on the process that hosts it. */
  async call<K extends OpName>(op: K, code: string, args: ArgsOf<K>): Promise<ResultOf<K>> {
    for (let attempt = 0; ; attempt++) {
      const owner = await this.cluster.ownerOf(code);
      if (owner === 'here') return this.runHere(op, code, args);
      try {
        return (await this.cluster.forward(owner, op, code, args)) as ResultOf<K>;
      } catch (error) {
        if (!(error instanceof GameMoved) || attempt >= 2) throw error;
      }
    }
  }

  private async runHere<K extends OpName>(
    op: K,
    code: string,
    args: ArgsOf<K>,
  ): Promise<ResultOf<K>> {
    if (this.closed) throw new AppError(503, 'The server is restarting. Please try again.');
    if (!this.games.has(code) && (await this.cluster.ownerOf(code)) !== 'here')
      throw new GameMoved();
    const game = await this.live(code);
    const run = this.ops[op] as (game: LiveGame, args: ArgsOf<K>) => Promise<ResultOf<K>>;
    try {
      return await run(game, args);
    } catch (error) {
      if (error instanceof QuizStateError) throw conflict(error.message);
      if (error instanceof QuizInputError) throw badRequest(QUIZ_PLAY_MESSAGES.teamNeeded);
      throw error;
    }
  }

  /** The game in memory, restored from the database on first touch. */
  private live(code: string): Promise<LiveGame> {
    const known = this.games.get(code);
    if (known) return Promise.resolve(known);
    let pending = this.loading.get(code);
    if (!pending) {
      pending = this.restore(code)
        .catch(async (error: unknown) => {
          await this.cluster.release(code).catch(() => {});
          throw error;
        })
        .finally(() => this.loading.delete(code));
      this.loading.set(code, pending);
    }
    return pending;
  }

  private async restore(code: string): Promise<LiveGame> {
    const row = await repo.findGame(this.db, code);
    if (!row) throw notFound(GAME_NOT_FOUND);
    const [rows, roster] = await Promise.all([
      repo.quizQuestionsOf(this.db, row.quizId),
      repo.gamePlayers(this.db, row.id),
    ]);
    const questions = rows.map(toEngineQuestion);
    const current = row.currentQuestion === null ? undefined : rows[row.currentQuestion];
    const answers =
      current && row.questionStartedAt
        ? await repo.answersTo(this.db, row.id, current.id, row.questionStartedAt)
        : [];
    const streaks = await this.streaksOf(row, questions);
    const engine = QuizGame.restore(
      { questions, clock: this.clock, settings: row.settings },
      {
        status: row.status,
        currentIndex: row.currentQuestion,
        questionStartedAt: row.questionStartedAt?.getTime() ?? null,
        players: roster.map((p) => ({ ...p, streak: streaks.get(p.id) ?? 0 })),
        answers,
      },
    );
    const game: LiveGame = {
      id: row.id,
      code: row.code,
      title: row.title,
      engine,
      playerOf: new Map(roster.map((p) => [p.userId, p.id])),
      timer: null,
      hostPush: paced(),
      joinPush: paced(),
      writes: Promise.resolve(),
    };
    this.games.set(code, game);
    if (engine.status === 'question') this.armTimer(game);
    if (engine.status === 'finished') this.forgetLater(game);
    return game;
  }

  /**
   * Each player's streak as the marks stored say: only games that give a streak bonus need it
   * (elsewhere the streak changes no points), so the others skip the read.
   */
  private async streaksOf(row: repo.GameRow, questions: QuizQuestion[]) {
    const streaks = new Map<string, number>();
    if (!row.settings.streakBonus || row.currentQuestion === null) return streaks;
    const marks = new Map<string, Map<string, MarkedState>>();
    for (const m of await repo.gameMarks(this.db, row.id)) {
      let mine = marks.get(m.playerId);
      if (!mine) marks.set(m.playerId, (mine = new Map()));
      mine.set(m.questionId, m.state ?? (m.isCorrect ? 'correct' : 'wrong'));
    }
    const running = row.status === 'question';
    for (const [playerId, mine] of marks)
      streaks.set(
        playerId,
        streakOf(questions, (id) => mine.get(id), row.currentQuestion, running),
      );
    return streaks;
  }

  // ------------------------------------------------------------ operations

  /** The member a player_id names in this game; a 401 for one signed for any other game. */
  private async userOf(game: LiveGame, token: string) {
    this.secret ??= appSecret(this.db).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    const userId = userOfPlayerToken(await this.secret, game.id, token);
    if (!userId) throw unauthorized(NOT_A_PLAYER);
    return userId;
  }

  private async join(
    game: LiveGame,
    { token, name, team }: { token: string; name: string; team?: number },
  ) {
    const userId = await this.userOf(game, token);
    const { engine } = game;
    if (engine.status === 'finished') throw conflict('This game is over.');
    const known = game.playerOf.get(userId);
    // Refused before anything is written: a player of a pick-your-team game names one.
    if (engine.needsTeam(known ?? '', team)) throw badRequest(QUIZ_PLAY_MESSAGES.teamNeeded);
    const picked = engine.settings.teams?.choose === 'players' ? (team ?? null) : null;
    const row = await repo.upsertPlayer(this.db, game.id, userId, name, picked);
    const { player, rejoined } = engine.join(row.id, name, row.team);
    // A team the game placed the player in (not stored by the upsert) is stored now.
    if (player.team !== null && player.team !== row.team)
      await repo.setPlayerTeam(this.db, row.id, player.team);
    game.playerOf.set(userId, row.id);
    if (!rejoined) {
      this.pace(game.joinPush, JOIN_PUSH_MS, () =>
        this.emit({
          kind: 'all',
          code: game.code,
          messages: [{ type: 'player_joined', total_players: game.engine.playerCount }],
        }),
      );
      this.pushHost(game);
    }
    return {
      name: player.name,
      total_players: engine.playerCount,
      score: player.score,
      ...(engine.teamMode ? { team: teamName(player.team) } : {}),
    };
  }

  private async submit(
    game: LiveGame,
    args: { token: string; option: QuizAnswerValue; timeTakenMs: number },
  ): Promise<SubmitAnswerAnswer> {
    const userId = await this.userOf(game, args.token);
    const playerId = game.playerOf.get(userId);
    if (!playerId) throw forbidden('Join the game first.');
    const { engine } = game;
    const question = engine.currentQuestion;
    const outcome = engine.answer(playerId, args.option);
    if (!outcome.accepted) {
      // After the close, "no question" is the player being late for the one that just ended.
      if (outcome.reason === 'not_in_question' && engine.status === 'results')
        throw REJECTIONS.too_late();
      throw REJECTIONS[outcome.reason]();
    }
    let stored: repo.StoreOutcome;
    try {
      stored = await this.storeAnswer({
        playerId,
        questionId: question!.id,
        // The spec's column keeps the option of the one-option kinds; `value` keeps every answer.
        option:
          typeof args.option === 'number' && kindOf(question!) !== 'multiple' ? args.option : null,
        timeTakenMs: args.timeTakenMs,
        isCorrect: outcome.isCorrect,
        score: outcome.points,
        value: args.option,
        state: outcome.state,
        elapsedMs: outcome.elapsedMs,
        bonus: outcome.bonus,
      });
    } catch (error) {
      engine.withdrawAnswer(playerId);
      throw error;
    }
    if (stored === 'not_member') {
      // Rejected or deleted since joining: no more answers, and the socket's reconnect is refused.
      engine.withdrawAnswer(playerId);
      game.playerOf.delete(userId);
      throw forbidden(NO_LONGER_PLAYING);
    }
    if (stored === 'duplicate') {
      // The database already holds an answer (given to a process that hosted the game before).
      engine.withdrawAnswer(playerId);
      throw REJECTIONS.already_answered();
    }
    this.pushHost(game);
    if (engine.status === 'question' && engine.everyoneAnswered()) void this.closeSafely(game);
    const single = kindOf(question!) === 'single' && !engine.settings.streakBonus;
    return {
      is_correct: outcome.isCorrect,
      score_added: outcome.points,
      score_earned: outcome.total,
      // The spec's three fields for its single choice on today's rules; the rest say more.
      ...(single ? {} : { answer_state: outcome.state, streak_bonus: outcome.bonus }),
    };
  }

  private async connect(game: LiveGame, { token }: { token: string }): Promise<PlayerConnection> {
    const playerId = game.playerOf.get(await this.userOf(game, token));
    const snapshot = playerId ? game.engine.snapshotFor(playerId) : null;
    if (!playerId || !snapshot) throw forbidden('Join the game first.');
    const { player } = snapshot;
    const messages: QuizServerMessage[] = [
      {
        type: 'connected',
        name: player.name,
        score: player.score,
        status: snapshot.status,
        total_players: snapshot.totalPlayers,
        ...(game.engine.teamMode ? { team: teamName(player.team) } : {}),
      },
    ];
    if (snapshot.question)
      messages.push(questionMessage(game.engine, snapshot.question.yourAnswer));
    if (snapshot.status === 'results') {
      const results = this.resultsEvent(game);
      messages.push(...resultMessages(results, playerId, player.name));
    }
    if (snapshot.status === 'finished')
      messages.push(finishedMessage(this.finishedEvent(game), playerId, player.name));
    return { playerId, name: player.name, messages };
  }

  private async act(game: LiveGame, action: HostAction, from?: HostStep): Promise<HostState> {
    const { engine } = game;
    // A press made on a step the game has already left (the second click of a double click, or
    // a press crossing the question's own timer) is answered with where the game stands, and
    // moves nothing: one press, one step. Checked before any await, so two presses arriving
    // together cannot both pass.
    const left =
      from !== undefined &&
      (from.status !== engine.status || from.question_number !== engine.currentIndex + 1);
    if (left && action !== 'end') return hostStateOf(engine, game.code, game.title);
    if (action === 'end') await this.finish(game);
    else if (action === 'start') await this.startGame(game);
    else if (engine.status === 'lobby') await this.startGame(game);
    else if (engine.status === 'question') await this.closeQuestion(game);
    else if (engine.status === 'results') await this.nextQuestion(game);
    else throw conflict('The game is over.');
    return hostStateOf(engine, game.code, game.title);
  }

  // ------------------------------------------------------------ transitions

  // A question goes out while its game row is being written, not after: under load that write
  // waited for a pool connection behind the answers' inserts and held every player's question
  // back by it (bench:quiz's 'host action ms'). The host's answer still waits for the write. A
  // process that dies within those milliseconds comes back at the step before, and the host's
  // Next asks the question again.
  private async startGame(game: LiveGame) {
    game.engine.start();
    const written = this.persist(game);
    this.askQuestion(game, {
      type: 'game_started',
      total_questions: game.engine.questions.length,
    });
    await written;
  }

  private async nextQuestion(game: LiveGame) {
    const question = game.engine.next();
    const written = this.persist(game);
    if (question) this.askQuestion(game);
    else this.announceFinish(game);
    await written;
  }

  /** `before`: what the first question follows (game_started), in the same write to each socket. */
  private askQuestion(game: LiveGame, before?: QuizServerMessage) {
    const question = questionMessage(game.engine);
    this.emit({ kind: 'all', code: game.code, messages: before ? [before, question] : [question] });
    this.armTimer(game);
    this.pushHost(game);
  }

  private async closeQuestion(game: LiveGame) {
    if (game.engine.status !== 'question') return;
    this.clearTimer(game);
    game.engine.closeQuestion();
    await this.persist(game);
    this.emit(this.resultsEvent(game));
    this.pushHost(game);
  }

  private async closeSafely(game: LiveGame) {
    try {
      await this.closeQuestion(game);
    } catch (error) {
      this.log.error({ err: error, code: game.code }, 'closing a quiz question failed');
    }
  }

  private async finish(game: LiveGame) {
    if (game.engine.status === 'finished') throw conflict('The game is over.');
    this.clearTimer(game);
    const closed = game.engine.finish();
    await this.persist(game);
    if (closed) this.emit(this.resultsEvent(game));
    this.announceFinish(game);
  }

  private announceFinish(game: LiveGame) {
    this.emit(this.finishedEvent(game));
    this.pushHost(game);
    this.forgetLater(game);
  }

  private resultsEvent(game: LiveGame): Extract<GameEvent, { kind: 'results' }> {
    const { engine } = game;
    const summary = engine.summary();
    const question = engine.currentQuestion!;
    const players: Record<string, PlayerResultTuple> = {};
    engine.standings().forEach((player, i) => {
      const r = engine.resultFor(player.id)!;
      players[player.id] = [r.points, r.total, r.value, i + 1, r.state, r.streak, player.team];
    });
    return {
      kind: 'results',
      code: game.code,
      questionId: summary.questionId,
      correctAnswer: summary.correctOption,
      ...(kindOf(question) === 'single' ? {} : { reveal: revealOf(question, summary) }),
      ...(engine.settings.streakBonus ? { streaks: true } : {}),
      top: engine.leaderboard(),
      ...(engine.teamMode ? { by: 'teams' as const, teams: teamPlaces(engine) } : {}),
      players,
    };
  }

  private finishedEvent(game: LiveGame): Extract<GameEvent, { kind: 'finished' }> {
    const { engine } = game;
    const players: Extract<GameEvent, { kind: 'finished' }>['players'] = {};
    engine.standings().forEach((player, i) => {
      players[player.id] = engine.teamMode
        ? [i + 1, player.score, player.team]
        : [i + 1, player.score];
    });
    return {
      kind: 'finished',
      code: game.code,
      podium: engine.podium(),
      ...(engine.teamMode ? { by: 'teams' as const, teams: teamPlaces(engine) } : {}),
      players,
    };
  }

  // ------------------------------------------------------------ plumbing

  /** Writes the game's state as it is now; resolves once it (and every earlier write) landed. */
  private persist(game: LiveGame) {
    const { engine } = game;
    const state = {
      status: engine.status,
      currentQuestion: engine.currentIndex < 0 ? null : engine.currentIndex,
      questionStartedAt:
        engine.questionStartedAt === null ? null : new Date(engine.questionStartedAt),
    };
    game.writes = game.writes
      .catch(() => {})
      .then(() => repo.saveGameState(this.db, game.id, state));
    return game.writes;
  }

  private armTimer(game: LiveGame) {
    this.clearTimer(game);
    const wait = game.engine.msUntilClose();
    if (wait === null) return;
    game.timer = setTimeout(() => {
      game.timer = null;
      void this.closeSafely(game);
    }, wait);
  }

  private clearTimer(game: LiveGame) {
    if (game.timer) clearTimeout(game.timer);
    game.timer = null;
  }

  /** The host's console hears of changes at most every HOST_PUSH_MS, always with fresh state. */
  private pushHost(game: LiveGame) {
    this.pace(game.hostPush, HOST_PUSH_MS, () =>
      this.emit({
        kind: 'host',
        code: game.code,
        state: hostStateOf(game.engine, game.code, game.title),
      }),
    );
  }

  /** Runs `send` at most every `everyMs`; one asked for meanwhile runs once, after the wait. */
  private pace(push: Paced, everyMs: number, send: () => void) {
    if (push.timer) return;
    push.timer = setTimeout(
      () => {
        push.timer = null;
        push.sentAt = Date.now();
        send();
      },
      Math.max(0, push.sentAt + everyMs - Date.now()),
    );
  }

  private forgetLater(game: LiveGame) {
    setTimeout(() => {
      if (this.games.get(game.code) === game) this.unload(game.code, true);
    }, FINISHED_KEEP_MS).unref();
  }

  private unload(code: string, release: boolean) {
    const game = this.games.get(code);
    if (!game) return;
    this.clearTimer(game);
    for (const push of [game.hostPush, game.joinPush]) if (push.timer) clearTimeout(push.timer);
    this.games.delete(code);
    if (release)
      this.cluster
        .release(code)
        .catch((error: unknown) => this.log.error({ err: error }, 'releasing a quiz game failed'));
  }

  private emit(event: GameEvent) {
    this.deliverLocally(event);
    this.cluster.publish(event);
  }

  private deliverLocally(event: GameEvent) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error }, 'delivering a quiz event failed');
      }
    }
  }
}
