import {
  QUIZ,
  TEAM_NAMES,
  type GameSettings,
  type GameStatus,
  type LeaderboardEntry,
  type QuizAnswerValue,
} from '@alumnet/contract';
import {
  DEFAULT_SCORING,
  displayOrder,
  kindOf,
  markAnswer,
  normalizeTyped,
  scoreAnswer,
  type Marking,
  type QuizQuestion,
  type Scoring,
} from './scoring';

export type { QuizQuestion } from './scoring';

export type MarkedState = Marking['state'];

export interface Player {
  id: string;
  name: string;
  score: number;
  /** When the player first joined, counted from 0: it breaks ties on the leaderboard. */
  joinOrder: number;
  /** Right answers in a row (polls neither count nor break it). */
  streak: number;
  /** 0-based index into TEAM_NAMES in team mode, else null. */
  team: number | null;
}

/** An accepted answer to the current question. */
export interface Answer {
  playerId: string;
  /** As given: the option index, the indices ticked, the order (indices as shown) or the text. */
  value: QuizAnswerValue;
  state: MarkedState;
  /** Right (`correct`); a partly right answer is not. */
  isCorrect: boolean;
  /** Everything the answer earned, the streak bonus included. */
  points: number;
  /** The streak bonus within `points`. */
  bonus: number;
  /** Server-measured time from the question's start. */
  elapsedMs: number;
  /** The player's streak before this answer: what a withdrawn answer puts back. */
  streakBefore: number;
}

/**
 * An answer as the database keeps it. Rows written before question kinds existed have only
 * `option` and `isCorrect`; they read as a single choice marked correct or wrong.
 */
export interface RecordedAnswer {
  playerId: string;
  value?: QuizAnswerValue | null;
  option?: number | null;
  state?: MarkedState | null;
  isCorrect: boolean;
  points: number;
  bonus?: number | null;
  elapsedMs: number;
}

export type AnswerRejection =
  | 'unknown_player'
  | 'not_in_question'
  | 'already_answered'
  | 'too_late'
  | 'bad_option'
  | 'bad_answer';

export type AnswerOutcome =
  | {
      accepted: true;
      isCorrect: boolean;
      state: MarkedState;
      points: number;
      bonus: number;
      total: number;
      streak: number;
      elapsedMs: number;
    }
  | { accepted: false; reason: AnswerRejection };

/** What one player did in the question that was closed last (or is running). */
export interface PlayerResult {
  value: QuizAnswerValue | null;
  points: number;
  bonus: number;
  total: number;
  state: MarkedState | 'none';
  streak: number;
}

/** One distinct typed answer: how many gave it (after normalizeTyped) and whether it counted. */
export interface TypedTally {
  text: string;
  count: number;
  correct: boolean;
}

export interface QuestionSummary {
  questionId: string;
  /** 0-based. */
  index: number;
  /** single and true_false: the right option; -1 for the kinds without one. */
  correctOption: number;
  /**
   * Per option as shown. single, true_false, poll: how many chose it; multiple: how many ticked
   * it; order: how many put that item in its right place; typed: empty (see `typed`).
   */
  distribution: number[];
  /** typed: the answers given, grouped after normalizing, most given first (ties: A to Z). */
  typed: TypedTally[];
  answered: number;
}

/** A team's place in team mode. */
export interface TeamStanding {
  /** 0-based index into TEAM_NAMES. */
  team: number;
  name: string;
  rank: number;
  /** The mean of its members' scores, rounded: team size does not decide the winner. */
  score: number;
  members: number;
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
    yourAnswer: QuizAnswerValue | null;
  } | null;
}

/** What the database keeps of a game: enough to resume it on another process. */
export interface GameRecord {
  status: GameStatus;
  /** 0-based; null in the lobby. */
  currentIndex: number | null;
  /** Milliseconds since the epoch, on the clock the game runs on. */
  questionStartedAt: number | null;
  /** In the order they joined; streak through the answers given so far (see streakOf). */
  players: { id: string; name: string; score: number; team?: number | null; streak?: number }[];
  /** The answers to the current question. */
  answers: RecordedAnswer[];
}

export interface GameOptions {
  questions: readonly QuizQuestion[];
  clock: () => number;
  /** How long after the deadline an answer still counts (network latency). */
  graceMs?: number;
  /** The scoring, podium and teams the host chose; absent: the spec's rules. */
  settings?: GameSettings;
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

/** Input the game cannot take (a join without the team the game asks for): the caller's 400. */
export class QuizInputError extends Error {
  constructor(readonly reason: 'team_needed') {
    super('Pick a team to join.');
    this.name = 'QuizInputError';
  }
}

/**
 * A player's streak from their marks, newest question last: right answers in a row back from
 * `lastIndex`, polls skipped. A running question (`running`) the player has not answered yet
 * does not break it. What a restored game's players carry (the database keeps marks, not streaks).
 */
export function streakOf(
  questions: readonly QuizQuestion[],
  stateOf: (questionId: string) => MarkedState | null | undefined,
  lastIndex: number,
  running = false,
): number {
  let streak = 0;
  for (let i = Math.min(lastIndex, questions.length - 1); i >= 0; i--) {
    const question = questions[i]!;
    if (kindOf(question) === 'poll') continue;
    const state = stateOf(question.id);
    if (i === lastIndex && running && !state) continue;
    if (state !== 'correct') break;
    streak++;
  }
  return streak;
}

const optionsTicked = (value: QuizAnswerValue): number[] =>
  typeof value === 'number' ? [value] : Array.isArray(value) ? value : [];

/** The standings' order: more points first, then the earlier joiner. */
const byStanding = (a: Player, b: Player) => b.score - a.score || a.joinOrder - b.joinOrder;

/**
 * One game as a state machine: lobby → question → results → question … → finished. Pure: time
 * comes from the injected clock, nothing is read or written elsewhere; the caller persists what
 * changed and tells the players.
 *
 * Leaderboard order: higher score first; equal scores in the order the players first joined (the
 * earlier joiner ranks higher), so every rank is a distinct position. In team mode the
 * leaderboard and podium list teams (mean of members' scores; equal means: the lower team index
 * first, i.e. TEAM_NAMES order, fixed before the game so nobody can game it); each player keeps
 * their own score and rank.
 */
export class QuizGame {
  readonly questions: readonly QuizQuestion[];
  readonly settings: GameSettings;
  private readonly scoring: Scoring;
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
  private teamsSorted: TeamStanding[] | null = null;
  /** Members per team (team mode): where `auto` places the next player. */
  private readonly teamSizes: number[];

  constructor(options: GameOptions) {
    if (options.questions.length === 0) throw new Error('A game needs at least one question');
    this.questions = options.questions;
    this.clock = options.clock;
    this.graceMs = options.graceMs ?? QUIZ.graceMs;
    this.settings = options.settings ?? {
      ...DEFAULT_SCORING,
      podiumSize: QUIZ.minPodium,
      teams: null,
    };
    this.scoring = {
      speedScoring: this.settings.speedScoring,
      streakBonus: this.settings.streakBonus,
    };
    this.teamSizes = Array.from({ length: this.settings.teams?.count ?? 0 }, () => 0);
  }

  /** A game as the database left it, e.g. after the process that ran it restarted. */
  static restore(options: GameOptions, record: GameRecord): QuizGame {
    const game = new QuizGame(options);
    for (const p of record.players) {
      const known = p.team ?? -1;
      const team = !game.teamMode
        ? null
        : known >= 0 && known < game.teamSizes.length
          ? known
          : game.fewestMembers();
      if (team !== null) game.teamSizes[team] = (game.teamSizes[team] ?? 0) + 1;
      game.players.set(p.id, {
        id: p.id,
        name: p.name,
        score: p.score,
        joinOrder: game.players.size,
        streak: p.streak ?? 0,
        team,
      });
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
    for (const a of record.answers) {
      const player = game.players.get(a.playerId);
      if (!player) continue;
      const state = a.state ?? (a.isCorrect ? 'correct' : 'wrong');
      game.answers.set(a.playerId, {
        playerId: a.playerId,
        value: a.value ?? a.option ?? -1,
        state,
        isCorrect: state === 'correct',
        points: a.points,
        bonus: a.bonus ?? 0,
        elapsedMs: a.elapsedMs,
        // Unknown once restored; an answer already stored is never withdrawn.
        streakBefore: player.streak,
      });
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
  /** Team mode: the leaderboard and podium list teams. */
  get teamMode(): boolean {
    return this.teamSizes.length > 0;
  }

  player(playerId: string): Player | undefined {
    return this.players.get(playerId);
  }

  /**
   * Whether joining needs a team the caller did not give: a new player of a game whose players
   * pick their team, without a team of the game. Lets the caller refuse before writing anything.
   */
  needsTeam(playerId: string, team?: number | null): boolean {
    if (this.settings.teams?.choose !== 'players' || this.players.has(playerId)) return false;
    return team === undefined || team === null || !(team >= 0 && team < this.teamSizes.length);
  }

  /**
   * A player joining again keeps their score, place and team; a new one starts at 0. In team
   * mode a new player goes to `team` when the players pick (required) or, placed by the game,
   * to the team with the fewest members (the lowest index on ties); a `team` given for a placed
   * game is kept (a restore, or the database's word).
   */
  join(
    playerId: string,
    name: string,
    team?: number | null,
  ): { player: Player; rejoined: boolean } {
    if (this.state === 'finished') throw new QuizStateError(this.state, 'The game is over.');
    const known = this.players.get(playerId);
    if (known) {
      known.name = name;
      return { player: known, rejoined: true };
    }
    if (this.needsTeam(playerId, team)) throw new QuizInputError('team_needed');
    let placed: number | null = null;
    if (this.teamMode) {
      placed =
        team !== undefined && team !== null && team >= 0 && team < this.teamSizes.length
          ? team
          : this.fewestMembers();
      this.teamSizes[placed]! += 1;
    }
    const player: Player = {
      id: playerId,
      name,
      score: 0,
      joinOrder: this.players.size,
      streak: 0,
      team: placed,
    };
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

  /**
   * The question's time ran out, everyone answered, or the host moved on: question → results.
   * Players who did not answer a (non-poll) question lose their streak.
   */
  closeQuestion(): QuestionSummary {
    if (this.state !== 'question') throw new QuizStateError(this.state, 'No question is running.');
    this.state = 'results';
    if (kindOf(this.currentQuestion!) !== 'poll') {
      for (const player of this.players.values())
        if (!this.answers.has(player.id)) player.streak = 0;
    }
    return this.summary();
  }

  /** Ends the game from any state; a running question is closed first so its answers count. */
  finish(): QuestionSummary | null {
    const closed = this.state === 'question' ? this.closeQuestion() : null;
    this.state = 'finished';
    return closed;
  }

  /**
   * Marks and scores an answer by the server's clock. `bad_answer`: a value that does not fit
   * the question's kind (see markAnswer); `bad_option` stays the spec's single choice's refusal
   * of an option that does not exist.
   */
  answer(playerId: string, value: QuizAnswerValue): AnswerOutcome {
    const player = this.players.get(playerId);
    if (!player) return { accepted: false, reason: 'unknown_player' };
    const question = this.currentQuestion;
    if (this.state !== 'question' || !question || this.startedAt === null)
      return { accepted: false, reason: 'not_in_question' };
    if (this.answers.has(playerId)) return { accepted: false, reason: 'already_answered' };
    const marking = markAnswer(question, value);
    if (!marking)
      return {
        accepted: false,
        reason:
          kindOf(question) === 'single' && typeof value === 'number' ? 'bad_option' : 'bad_answer',
      };
    const elapsedMs = Math.max(0, this.clock() - this.startedAt);
    if (elapsedMs > question.timeLimit * 1000 + this.graceMs)
      return { accepted: false, reason: 'too_late' };
    const streakBefore = player.streak;
    const score = scoreAnswer(question, marking, elapsedMs, streakBefore, this.scoring);
    const isCorrect = marking.state === 'correct';
    this.answers.set(playerId, {
      playerId,
      value,
      state: marking.state,
      isCorrect,
      points: score.points,
      bonus: score.bonus,
      elapsedMs,
      streakBefore,
    });
    player.score += score.points;
    player.streak = score.streak;
    if (score.points > 0) this.standingsChanged();
    return {
      accepted: true,
      isCorrect,
      state: marking.state,
      points: score.points,
      bonus: score.bonus,
      total: player.score,
      streak: player.streak,
      elapsedMs,
    };
  }

  /**
   * Takes back an answer `answer` accepted, when storing it failed: the player may try again and
   * the score and streak are as before.
   */
  withdrawAnswer(playerId: string): void {
    const answer = this.answers.get(playerId);
    const player = this.players.get(playerId);
    if (!answer || !player) return;
    this.answers.delete(playerId);
    player.score -= answer.points;
    player.streak = answer.streakBefore;
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

  /** The current (or last closed) question's tally (see QuestionSummary for each kind's). */
  summary(): QuestionSummary {
    const question = this.currentQuestion;
    if (!question) throw new QuizStateError(this.state, 'No question has been asked yet.');
    const kind = kindOf(question);
    const distribution = kind === 'typed' ? [] : question.options.map(() => 0);
    const typed = new Map<string, number>();
    const shown = kind === 'order' ? displayOrder(question) : [];
    for (const { value } of this.answers.values()) {
      if (kind === 'typed') {
        if (typeof value !== 'string') continue;
        const text = normalizeTyped(value);
        typed.set(text, (typed.get(text) ?? 0) + 1);
      } else if (kind === 'order') {
        // value[p] is the shown index the player put at position p: right when that item's
        // place in the right order is p.
        optionsTicked(value).forEach((shownIndex, position) => {
          if (shown[shownIndex] === position) distribution[shownIndex]! += 1;
        });
      } else {
        for (const option of optionsTicked(value))
          if (option >= 0 && option < distribution.length) distribution[option]! += 1;
      }
    }
    const accepted = new Set((question.acceptedAnswers ?? []).map(normalizeTyped));
    return {
      questionId: question.id,
      index: this.index,
      correctOption: kind === 'single' || kind === 'true_false' ? question.correctOption : -1,
      distribution,
      typed: [...typed]
        .map(([text, count]) => ({ text, count, correct: accepted.has(text) }))
        .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0)),
      answered: this.answers.size,
    };
  }

  /** What a player did in the current (or last closed) question. */
  resultFor(playerId: string): PlayerResult | null {
    const player = this.players.get(playerId);
    if (!player) return null;
    const answer = this.answers.get(playerId);
    if (!answer)
      return {
        value: null,
        points: 0,
        bonus: 0,
        total: player.score,
        state: 'none',
        streak: player.streak,
      };
    return {
      value: answer.value,
      points: answer.points,
      bonus: answer.bonus,
      total: player.score,
      state: answer.state,
      streak: player.streak,
    };
  }

  /** Every player, best first (ties: earlier joiner first). */
  standings(): readonly Player[] {
    this.sorted ??= [...this.players.values()].sort(byStanding);
    return this.sorted;
  }

  /**
   * The best `size` players, in the standings' order, without sorting everyone while the scores
   * move: the host's console asks for them every 250 ms as answers come in, and sorting 10,000
   * players for it held the event loop 12 ms each time on a slow machine (bench:quiz's profile).
   */
  best(size: number): readonly Player[] {
    if (this.sorted) return this.sorted.slice(0, size);
    const best: Player[] = [];
    if (size <= 0) return best;
    for (const player of this.players.values()) {
      if (best.length === size && byStanding(player, best[size - 1]!) >= 0) continue;
      // The first place it goes before, by binary search in what is kept sorted.
      let low = 0;
      let high = best.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (byStanding(player, best[mid]!) < 0) high = mid;
        else low = mid + 1;
      }
      best.splice(low, 0, player);
      if (best.length > size) best.pop();
    }
    return best;
  }

  /** Team mode: the teams with at least one member, best mean first (ties: lower index first). */
  teamStandings(): readonly TeamStanding[] {
    if (!this.teamMode) return [];
    if (!this.teamsSorted) {
      const totals = this.teamSizes.map(() => 0);
      for (const p of this.players.values()) if (p.team !== null) totals[p.team]! += p.score;
      this.teamsSorted = this.teamSizes
        .map((members, team) => ({
          team,
          name: TEAM_NAMES[team] ?? `Team ${team + 1}`,
          rank: 0,
          score: members === 0 ? 0 : Math.round(totals[team]! / members),
          members,
        }))
        .filter((t) => t.members > 0)
        .sort((a, b) => b.score - a.score || a.team - b.team)
        .map((t, i) => ({ ...t, rank: i + 1 }));
    }
    return this.teamsSorted;
  }

  /** The best `size` players, or teams in team mode. */
  leaderboard(size: number = QUIZ.leaderboardSize): LeaderboardEntry[] {
    if (this.teamMode)
      return this.teamStandings()
        .slice(0, size)
        .map((t) => ({ rank: t.rank, name: t.name, score: t.score }));
    return this.playerLeaderboard(size);
  }

  /** The best `size` players, in team mode too. */
  playerLeaderboard(size: number = QUIZ.leaderboardSize): LeaderboardEntry[] {
    return this.best(size).map((p, i) => ({ rank: i + 1, name: p.name, score: p.score }));
  }

  /** The places the host chose to show (podiumSize), players or teams. */
  podium(): LeaderboardEntry[] {
    return this.leaderboard(this.settings.podiumSize);
  }

  rankOf(playerId: string): LeaderboardEntry | null {
    const player = this.players.get(playerId);
    if (!player) return null;
    if (!this.ranks) {
      this.ranks = new Map(this.standings().map((p, i) => [p.id, i + 1]));
    }
    return { rank: this.ranks.get(playerId)!, name: player.name, score: player.score };
  }

  /** The player's team's place, in team mode; null otherwise. */
  teamRankOf(playerId: string): LeaderboardEntry | null {
    const team = this.players.get(playerId)?.team;
    if (team === undefined || team === null) return null;
    const standing = this.teamStandings().find((t) => t.team === team);
    return standing ? { rank: standing.rank, name: standing.name, score: standing.score } : null;
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
              yourAnswer: this.answers.get(playerId)?.value ?? null,
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

  /** The team `auto` places the next player in: the fewest members, the lowest index on ties. */
  private fewestMembers(): number {
    let best = 0;
    this.teamSizes.forEach((size, team) => {
      if (size < this.teamSizes[best]!) best = team;
    });
    return best;
  }

  private standingsChanged() {
    this.sorted = null;
    this.ranks = null;
    this.teamsSorted = null;
  }
}
