import {
  QUIZ,
  type AnswerState,
  type GameSettings,
  type QuestionKind,
  type QuizAnswerValue,
} from '@alumnet/contract';

/** The most a correct answer earns: one given the instant the question appears. */
export const MAX_POINTS = QUIZ.fullPoints;

/** One question as the engine plays it; `options` of an order question are in the right order. */
export interface QuizQuestion {
  id: string;
  /** Absent: single choice (the spec's kind). */
  kind?: QuestionKind;
  question: string;
  options: string[];
  /** single and true_false. */
  correctOption: number;
  /** multiple. */
  correctOptions?: readonly number[];
  /** multiple: credit for each right option ticked, less each wrong one, instead of all or none. */
  partialCredit?: boolean;
  /** typed. */
  acceptedAnswers?: readonly string[];
  doublePoints?: boolean;
  image?: { name: string; alt: string } | null;
  /** Seconds. */
  timeLimit: number;
}

/** The scoring rules of one game (GameSettings without what is not about points). */
export type Scoring = Pick<GameSettings, 'speedScoring' | 'streakBonus'>;
export const DEFAULT_SCORING: Scoring = { speedScoring: true, streakBonus: false };

export const kindOf = (question: QuizQuestion): QuestionKind => question.kind ?? 'single';

/**
 * Kahoot-style points for a correct answer: 1000 at once, falling linearly to 500 at the time
 * limit. An answer inside the grace after the deadline scores as one at the deadline: the grace
 * covers network latency, it is not worth less than being on time.
 */
export function pointsFor(elapsedMs: number, timeLimitMs: number): number {
  const share = Math.min(1, Math.max(0, elapsedMs / timeLimitMs));
  return Math.round(MAX_POINTS * (1 - share / 2));
}

/** Typed answers match after trimming, folding case and width, and collapsing inner spaces. */
export const normalizeTyped = (text: string) =>
  text.normalize('NFKC').trim().toLocaleLowerCase('en').replace(/\s+/g, ' ');

/**
 * The order an order question's items are shown in: a shuffle fixed by the question's id, so
 * every player, the host's screen, a reconnect and another process all see the same one. Never
 * the right order itself (that would give the answer away).
 */
export function displayOrder(question: QuizQuestion): number[] {
  const n = question.options.length;
  const order = Array.from({ length: n }, (_, i) => i);
  if (kindOf(question) !== 'order' || n < 2) return order;
  let seed = 2166136261;
  for (const char of question.id) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  const random = () => {
    // mulberry32: small, and the same on every platform
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (order.every((item, i) => item === i)) order.push(order.shift()!);
  return order;
}

/** The options as players see them (an order question's shuffled), in display order. */
export const shownOptions = (question: QuizQuestion) =>
  displayOrder(question).map((i) => question.options[i]!);

export interface Marking {
  state: Exclude<AnswerState, 'none'>;
  /** 0 to 1: the share of the question's points the answer earns before speed and doubling. */
  credit: number;
}

const isIndex = (value: unknown, count: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < count;

/**
 * How an answer is marked, or null when it does not fit the question (a number for a typed
 * answer, an index past the options, an order that is not every item once...): the caller
 * refuses it as malformed.
 */
export function markAnswer(question: QuizQuestion, value: QuizAnswerValue): Marking | null {
  const count = question.options.length;
  const right = { state: 'correct', credit: 1 } as const;
  const wrong = { state: 'wrong', credit: 0 } as const;
  switch (kindOf(question)) {
    case 'single':
    case 'true_false':
      if (!isIndex(value, count)) return null;
      return value === question.correctOption ? right : wrong;
    case 'poll':
      return isIndex(value, count) ? { state: 'voted', credit: 0 } : null;
    case 'multiple': {
      const ticked = Array.isArray(value) ? value : isIndex(value, count) ? [value] : null;
      if (!ticked || ticked.length === 0 || !ticked.every((i) => isIndex(i, count))) return null;
      if (new Set(ticked).size !== ticked.length) return null;
      const correct = new Set(question.correctOptions ?? []);
      const hits = ticked.filter((i) => correct.has(i)).length;
      const misses = ticked.length - hits;
      if (hits === correct.size && misses === 0) return right;
      if (!question.partialCredit) return wrong;
      // Kahoot-style partial credit: each right option is worth its share, each wrong one takes
      // a share back, so ticking everything earns nothing.
      const credit = Math.max(0, (hits - misses) / correct.size);
      return credit > 0 ? { state: 'partial', credit } : wrong;
    }
    case 'typed': {
      if (typeof value !== 'string') return null;
      const given = normalizeTyped(value);
      if (given === '') return null;
      const accepted = (question.acceptedAnswers ?? []).map(normalizeTyped);
      return accepted.includes(given) ? right : wrong;
    }
    case 'order': {
      if (!Array.isArray(value) || value.length !== count) return null;
      if (new Set(value).size !== count || !value.every((i) => isIndex(i, count))) return null;
      const shown = displayOrder(question);
      return value.every((i, position) => shown[i] === position) ? right : wrong;
    }
  }
}

/**
 * The bonus for a right answer given with `streak` right answers in a row before it (polls
 * neither count nor break a streak): +100 for the second in a row, +200 for the third... up to
 * +500. Kahoot's rule; a partly right answer neither earns nor keeps a streak.
 */
export const streakBonus = (streakBefore: number) =>
  Math.min(QUIZ.streakMax, QUIZ.streakStep * Math.max(0, streakBefore));

export interface Score {
  /** Before the streak bonus: credit x (speed or full points) x (2 on double points). */
  base: number;
  bonus: number;
  points: number;
  /** The player's streak after this answer. */
  streak: number;
}

/**
 * The points an answer earns, from the server's own measure of its time. A poll earns nothing
 * and leaves the streak as it was; a wrong or partly right answer ends it.
 */
export function scoreAnswer(
  question: QuizQuestion,
  marking: Marking,
  elapsedMs: number,
  streakBefore: number,
  scoring: Scoring = DEFAULT_SCORING,
): Score {
  if (marking.state === 'voted') return { base: 0, bonus: 0, points: 0, streak: streakBefore };
  const full = scoring.speedScoring ? pointsFor(elapsedMs, question.timeLimit * 1000) : MAX_POINTS;
  const base = Math.round(full * marking.credit * (question.doublePoints ? 2 : 1));
  if (marking.state !== 'correct') return { base, bonus: 0, points: base, streak: 0 };
  const bonus = scoring.streakBonus ? streakBonus(streakBefore) : 0;
  return { base, bonus, points: base + bonus, streak: streakBefore + 1 };
}

/** An order question's right answer in the indices players see (what a right answer sends). */
export function rightOrderShown(question: QuizQuestion): number[] {
  const shown = displayOrder(question);
  return question.options.map((_, position) => shown.indexOf(position));
}
