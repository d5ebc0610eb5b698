import { QUIZ, type GameStatus, type LeaderboardEntry } from '@alumnet/contract';
import { pointsFor, type QuizQuestion } from './scoring';

export interface Player {
  id: string;
  name: string;
  score: number;
  /** When the player first joined, counted from 0: it breaks ties on the leaderboard. */
  joinOrder: number;
}

/** An accepted answer to the current question. */
export interface Answer {
  playerId: string;
  option: number;
  isCorrect: boolean;
  points: number;
  /** Server-measured time from the question's start. */
  elapsedMs: number;
}

export type AnswerRejection =
  'unknown_player' | 'not_in_question' | 'already_answered' | 'too_late' | 'bad_option';

export type AnswerOutcome =
  | { accepted: true; isCorrect: boolean; points: number; total: number; elapsedMs: number }
  | { accepted: false; reason: AnswerRejection };

/** What one player did in the question that was closed last (or is running). */
export interface PlayerResult {
  option: number | null;
  points: number;
  total: number;
  state: 'correct' | 'wrong' | 'none';
}

export interface QuestionSummary {
  questionId: string;
  /** 0-based. */
  index: number;
  correctOption: number;
  /** How many players chose each option. */
  distribution: number[];
  answered: number;
}

export interface PlayerSnapshot {
  player: Player;
  status: GameStatus;
  totalPlayers: number;
  /** The question running now, as a player reconnecting must see it. */
  question: {
    index: number;
    question: QuizQuestion;
    remainingMs: number;
    yourAnswer: number | null;
  } | null;
}

/** What the database keeps of a game: enough to resume it on another process. */
export interface GameRecord {
  status: GameStatus;
  /** 0-based; null in the lobby. */
  currentIndex: number | null;
  /** Milliseconds since the epoch, on the clock the game runs on. */
  questionStartedAt: number | null;
  /** In the order they joined. */
  players: { id: string; name: string; score: number }[];
  /** The answers to the current question. */
  answers: Answer[];
}

export interface GameOptions {
  questions: readonly QuizQuestion[];
  clock: () => number;
  /** How long after the deadline an answer still counts (network latency). */
  graceMs?: number;
}

/** A move the game's state does not allow (start twice, next in the lobby...). */
export class QuizStateError extends Error {
  constructor(
    readonly status: GameStatus,
    message: string,
  ) {
    super(message);
    this.name = 'QuizStateError';
  }
}

/**
 * One game as a state machine: lobby → question → results → question … → finished. Pure: time
 * comes from the injected clock, nothing is read or written elsewhere; the caller persists what
 * changed and tells the players.
 *
 * Leaderboard order: higher score first; equal scores in the order the players first joined (the
 * earlier joiner ranks higher), so every rank is a distinct position.
 */
export class QuizGame {
  readonly questions: readonly QuizQuestion[];
  private readonly clock: () => number;
  private readonly graceMs: number;
  private state: GameStatus = 'lobby';
  private index = -1;
  private startedAt: number | null = null;
  private readonly players = new Map<string, Player>();
  private answers = new Map<string, Answer>();
  /** The standings, sorted; null once a score or the roster changed. */
  private sorted: Player[] | null = null;
  private ranks: Map<string, number> | null = null;

  constructor(options: GameOptions) {
    if (options.questions.length === 0) throw new Error('A game needs at least one question');
    this.questions = options.questions;
    this.clock = options.clock;
    this.graceMs = options.graceMs ?? QUIZ.graceMs;
  }

  /** A game as the database left it, e.g. after the process that ran it restarted. */
  static restore(options: GameOptions, record: GameRecord): QuizGame {
    const game = new QuizGame(options);
    for (const p of record.players) {
      game.players.set(p.id, { ...p, joinOrder: game.players.size });
    }
    game.state = record.status;
    if (record.currentIndex !== null) {
      if (record.currentIndex < 0 || record.currentIndex >= game.questions.length)
        throw new Error(`No question ${record.currentIndex} in this quiz`);
      game.index = record.currentIndex;
    }
    if ((game.state === 'question' || game.state === 'results') && game.index < 0)
      throw new Error(`A game in ${game.state} needs its current question`);
    game.startedAt = record.questionStartedAt;
    if (game.state === 'question' && game.startedAt === null)
      throw new Error('A running question needs its start time');
    for (const answer of record.answers) {
      if (game.players.has(answer.playerId)) game.answers.set(answer.playerId, { ...answer });
    }
    return game;
  }

  get status(): GameStatus {
    return this.state;
  }
  /** 0-based; -1 in the lobby. */
  get currentIndex(): number {
    return this.index;
  }
  get questionStartedAt(): number | null {
    return this.startedAt;
  }
  get playerCount(): number {
    return this.players.size;
  }
  get answerCount(): number {
    return this.answers.size;
  }
  get currentQuestion(): QuizQuestion | null {
    return this.questions[this.index] ?? null;
  }

  player(playerId: string): Player | undefined {
    return this.players.get(playerId);
  }

  /** A player joining again keeps their score and place; a new one starts at 0. */
  join(playerId: string, name: string): { player: Player; rejoined: boolean } {
    if (this.state === 'finished') throw new QuizStateError(this.state, 'The game is over.');
    const known = this.players.get(playerId);
    if (known) {
      known.name = name;
      return { player: known, rejoined: true };
    }
    const player = { id: playerId, name, score: 0, joinOrder: this.players.size };
    this.players.set(playerId, player);
    this.standingsChanged();
    return { player, rejoined: false };
  }

  /** Lobby → the first question. */
  start(): QuizQuestion {
    if (this.state !== 'lobby')
      throw new QuizStateError(this.state, 'The game has already started.');
    return this.openQuestion(0);
  }

  /** Results → the next question, or finished after the last one. */
  next(): QuizQuestion | null {
    if (this.state !== 'results')
      throw new QuizStateError(this.state, 'Close the current question first.');
    if (this.index + 1 >= this.questions.length) {
      this.state = 'finished';
      return null;
    }
    return this.openQuestion(this.index + 1);
  }

  /** The question's time ran out, everyone answered, or the host moved on: question → results. */
  closeQuestion(): QuestionSummary {
    if (this.state !== 'question') throw new QuizStateError(this.state, 'No question is running.');
    this.state = 'results';
    return this.summary();
  }

  /** Ends the game from any state; a running question is closed first so its answers count. */
  finish(): QuestionSummary | null {
    const closed = this.state === 'question' ? this.closeQuestion() : null;
    this.state = 'finished';
    return closed;
  }

  answer(playerId: string, option: number): AnswerOutcome {
    const player = this.players.get(playerId);
    if (!player) return { accepted: false, reason: 'unknown_player' };
    const question = this.currentQuestion;
    if (this.state !== 'question' || !question || this.startedAt === null)
      return { accepted: false, reason: 'not_in_question' };
    if (this.answers.has(playerId)) return { accepted: false, reason: 'already_answered' };
    if (!Number.isInteger(option) || option < 0 || option >= question.options.length)
      return { accepted: false, reason: 'bad_option' };
    const elapsedMs = Math.max(0, this.clock() - this.startedAt);
    const limitMs = question.timeLimit * 1000;
    if (elapsedMs > limitMs + this.graceMs) return { accepted: false, reason: 'too_late' };
    const isCorrect = option === question.correctOption;
    const points = isCorrect ? pointsFor(elapsedMs, limitMs) : 0;
    this.answers.set(playerId, { playerId, option, isCorrect, points, elapsedMs });
    player.score += points;
    if (points > 0) this.standingsChanged();
    return { accepted: true, isCorrect, points, total: player.score, elapsedMs };
  }

  /**
   * Takes back an answer `answer` accepted, when storing it failed: the player may try again and
   * the score is as before.
   */
  withdrawAnswer(playerId: string): void {
    const answer = this.answers.get(playerId);
    const player = this.players.get(playerId);
    if (!answer || !player) return;
    this.answers.delete(playerId);
    player.score -= answer.points;
    if (answer.points > 0) this.standingsChanged();
  }

  answerOf(playerId: string): Answer | undefined {
    return this.answers.get(playerId);
  }

  /** Every player answered the running question: no reason to wait for the clock. */
  everyoneAnswered(): boolean {
    return this.players.size > 0 && this.answers.size >= this.players.size;
  }

  /** Milliseconds until the running question closes (deadline plus grace); null if none runs. */
  msUntilClose(): number | null {
    const deadline = this.deadline();
    return deadline === null ? null : Math.max(0, deadline + this.graceMs - this.clock());
  }

  /** Milliseconds left on the running question's own clock (what players see). */
  remainingMs(): number {
    const deadline = this.deadline();
    return deadline === null ? 0 : Math.max(0, deadline - this.clock());
  }

  /** The current (or last closed) question's tally. */
  summary(): QuestionSummary {
    const question = this.currentQuestion;
    if (!question) throw new QuizStateError(this.state, 'No question has been asked yet.');
    const distribution = question.options.map(() => 0);
    for (const answer of this.answers.values()) {
      distribution[answer.option] = (distribution[answer.option] ?? 0) + 1;
    }
    return {
      questionId: question.id,
      index: this.index,
      correctOption: question.correctOption,
      distribution,
      answered: this.answers.size,
    };
  }

  /** What a player did in the current (or last closed) question. */
  resultFor(playerId: string): PlayerResult | null {
    const player = this.players.get(playerId);
    if (!player) return null;
    const answer = this.answers.get(playerId);
    if (!answer) return { option: null, points: 0, total: player.score, state: 'none' };
    return {
      option: answer.option,
      points: answer.points,
      total: player.score,
      state: answer.isCorrect ? 'correct' : 'wrong',
    };
  }

  /** Every player, best first (ties: earlier joiner first). */
  standings(): readonly Player[] {
    this.sorted ??= [...this.players.values()].sort(
      (a, b) => b.score - a.score || a.joinOrder - b.joinOrder,
    );
    return this.sorted;
  }

  leaderboard(size: number = QUIZ.leaderboardSize): LeaderboardEntry[] {
    return this.standings()
      .slice(0, size)
      .map((p, i) => ({ rank: i + 1, name: p.name, score: p.score }));
  }

  podium(): LeaderboardEntry[] {
    return this.leaderboard(3);
  }

  rankOf(playerId: string): LeaderboardEntry | null {
    const player = this.players.get(playerId);
    if (!player) return null;
    if (!this.ranks) {
      this.ranks = new Map(this.standings().map((p, i) => [p.id, i + 1]));
    }
    return { rank: this.ranks.get(playerId)!, name: player.name, score: player.score };
  }

  /** Everything a player who (re)connects needs: who they are and the question running now. */
  snapshotFor(playerId: string): PlayerSnapshot | null {
    const player = this.players.get(playerId);
    if (!player) return null;
    const question = this.currentQuestion;
    return {
      player,
      status: this.state,
      totalPlayers: this.players.size,
      question:
        this.state === 'question' && question
          ? {
              index: this.index,
              question,
              remainingMs: this.remainingMs(),
              yourAnswer: this.answers.get(playerId)?.option ?? null,
            }
          : null,
    };
  }

  private openQuestion(index: number): QuizQuestion {
    this.index = index;
    this.state = 'question';
    this.startedAt = this.clock();
    this.answers = new Map();
    return this.questions[index]!;
  }

  private deadline(): number | null {
    const question = this.currentQuestion;
    if (this.state !== 'question' || !question || this.startedAt === null) return null;
    return this.startedAt + question.timeLimit * 1000;
  }

  private standingsChanged() {
    this.sorted = null;
    this.ranks = null;
  }
}
