import { QUIZ } from '@alumnet/contract';
import { describe, expect, it } from 'vitest';
import { QuizGame, QuizInputError, QuizStateError, streakOf, type QuizQuestion } from './game';
import { pointsFor, rightOrderShown } from './scoring';

const QUESTIONS: QuizQuestion[] = [
  {
    id: 'q1',
    question: 'Two plus two?',
    options: ['3', '4', '5'],
    correctOption: 1,
    timeLimit: 10,
  },
  {
    id: 'q2',
    question: 'Capital of France?',
    options: ['Paris', 'Rome'],
    correctOption: 0,
    timeLimit: 20,
  },
];

/** A game on a clock the test moves by hand. */
function setup(questions = QUESTIONS) {
  let now = 1_000_000;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  const game = new QuizGame({ questions, clock: clock.now });
  return { game, clock };
}

describe('scoring', () => {
  it.each([
    [0, 1000],
    [2_500, 875],
    [5_000, 750],
    [7_500, 625],
    [10_000, 500],
    // Inside the grace: as if on time at the deadline.
    [10_400, 500],
  ])('a correct answer after %i ms of 10 s earns %i', (elapsed, points) => {
    expect(pointsFor(elapsed, 10_000)).toBe(points);
  });

  it('rounds to whole points', () => {
    expect(pointsFor(1, 3_000)).toBe(1000);
    expect(pointsFor(1_000, 3_000)).toBe(833);
  });

  it('scores by the server clock: correct, wrong, and totals that add up', () => {
    const { game, clock } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    game.start();
    clock.advance(5_000);
    expect(game.answer('a', 1)).toEqual({
      accepted: true,
      isCorrect: true,
      state: 'correct',
      points: 750,
      bonus: 0,
      total: 750,
      streak: 1,
      elapsedMs: 5_000,
    });
    expect(game.answer('b', 0)).toMatchObject({ accepted: true, isCorrect: false, points: 0 });
    game.closeQuestion();
    game.next();
    expect(game.answer('a', 0)).toMatchObject({ points: 1000, total: 1750 });
    clock.advance(20_000);
    expect(game.answer('b', 0)).toMatchObject({ points: 500, total: 500 });
  });
});

describe('the game flow', () => {
  it('goes lobby → question → results → … → finished, refusing moves out of turn', () => {
    const { game } = setup();
    expect(game.status).toBe('lobby');
    expect(() => game.next()).toThrow(QuizStateError);
    expect(() => game.closeQuestion()).toThrow(QuizStateError);
    expect(game.start().id).toBe('q1');
    expect(() => game.start()).toThrow('The game has already started.');
    expect(game.status).toBe('question');
    expect(() => game.next()).toThrow('Close the current question first.');
    game.closeQuestion();
    expect(game.status).toBe('results');
    expect(game.next()?.id).toBe('q2');
    game.closeQuestion();
    expect(game.next()).toBeNull();
    expect(game.status).toBe('finished');
    expect(() => game.join('late', 'Late')).toThrow('The game is over.');
  });

  it('refuses answers outside a question, from strangers and for options that do not exist', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    expect(game.answer('a', 1)).toEqual({ accepted: false, reason: 'not_in_question' });
    game.start();
    expect(game.answer('nobody', 1)).toEqual({ accepted: false, reason: 'unknown_player' });
    expect(game.answer('a', 3)).toEqual({ accepted: false, reason: 'bad_option' });
    expect(game.answer('a', -1)).toEqual({ accepted: false, reason: 'bad_option' });
    game.closeQuestion();
    expect(game.answer('a', 1)).toEqual({ accepted: false, reason: 'not_in_question' });
  });

  it('takes one answer per player per question', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    game.start();
    expect(game.answer('a', 0)).toMatchObject({ accepted: true, isCorrect: false });
    expect(game.answer('a', 1)).toEqual({ accepted: false, reason: 'already_answered' });
    expect(game.player('a')?.score).toBe(0);
  });

  it('counts an answer inside the grace and refuses one after it', () => {
    const { game, clock } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    game.start();
    clock.advance(10_000 + QUIZ.graceMs);
    expect(game.answer('a', 1)).toMatchObject({ accepted: true, points: 500 });
    clock.advance(1);
    expect(game.answer('b', 1)).toEqual({ accepted: false, reason: 'too_late' });
    expect(game.msUntilClose()).toBe(0);
    expect(game.remainingMs()).toBe(0);
  });

  it('tells when the question is due to close and when everyone answered', () => {
    const { game, clock } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    expect(game.msUntilClose()).toBeNull();
    game.start();
    clock.advance(4_000);
    expect(game.remainingMs()).toBe(6_000);
    expect(game.msUntilClose()).toBe(6_000 + QUIZ.graceMs);
    game.answer('a', 1);
    expect(game.everyoneAnswered()).toBe(false);
    game.answer('b', 2);
    expect(game.everyoneAnswered()).toBe(true);
  });

  it('sums up a closed question: distribution and each player’s result', () => {
    const { game } = setup();
    for (const id of ['a', 'b', 'c', 'd']) game.join(id, id.toUpperCase());
    game.start();
    game.answer('a', 1);
    game.answer('b', 1);
    game.answer('c', 2);
    expect(game.closeQuestion()).toEqual({
      questionId: 'q1',
      index: 0,
      correctOption: 1,
      distribution: [0, 2, 1],
      typed: [],
      answered: 3,
    });
    const result = { bonus: 0, total: 0, streak: 0 };
    expect(game.resultFor('a')).toEqual({
      ...result,
      value: 1,
      points: 1000,
      total: 1000,
      state: 'correct',
      streak: 1,
    });
    expect(game.resultFor('c')).toEqual({ ...result, value: 2, points: 0, state: 'wrong' });
    expect(game.resultFor('d')).toEqual({ ...result, value: null, points: 0, state: 'none' });
  });

  it('ends early from a running question, counting the answers given', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    game.start();
    game.answer('a', 1);
    expect(game.finish()).toMatchObject({ questionId: 'q1', answered: 1 });
    expect(game.status).toBe('finished');
    expect(game.podium()).toEqual([{ rank: 1, name: 'Asha', score: 1000 }]);
  });

  it('withdraws an answer that could not be stored, so the player may answer again', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    game.start();
    game.answer('a', 1);
    game.withdrawAnswer('a');
    expect(game.player('a')?.score).toBe(0);
    expect(game.answerCount).toBe(0);
    expect(game.answer('a', 1)).toMatchObject({ accepted: true, total: 1000 });
  });
});

describe('the leaderboard', () => {
  it('ranks by score; equal scores by who joined first', () => {
    const { game, clock } = setup();
    game.join('z', 'Zara');
    game.join('a', 'Anil');
    game.join('m', 'Mona');
    game.join('k', 'Kiran');
    game.start();
    game.answer('m', 0); // wrong: 0
    game.answer('z', 1); // 1000
    game.answer('a', 1); // 1000, joined after Zara
    clock.advance(5_000);
    game.answer('k', 1); // 750
    expect(game.leaderboard()).toEqual([
      { rank: 1, name: 'Zara', score: 1000 },
      { rank: 2, name: 'Anil', score: 1000 },
      { rank: 3, name: 'Kiran', score: 750 },
      { rank: 4, name: 'Mona', score: 0 },
    ]);
    expect(game.leaderboard(2)).toHaveLength(2);
    expect(game.podium().map((e) => e.name)).toEqual(['Zara', 'Anil', 'Kiran']);
    expect(game.rankOf('m')).toEqual({ rank: 4, name: 'Mona', score: 0 });
    expect(game.rankOf('nobody')).toBeNull();
  });

  it('gives the best few in the standings’ order while answers move the scores', () => {
    const { game, clock } = setup();
    // 60 players; many end on equal scores, so the joining order decides between them.
    for (let i = 0; i < 60; i++) game.join(`p${i}`, `Player ${i}`);
    game.start();
    for (let i = 0; i < 60; i++) {
      if (i % 3 === 0) clock.advance(1_000);
      if (i % 4 !== 3) game.answer(`p${i}`, i % 5 === 0 ? 0 : 1);
      // Read before the full sort below, which `best` would reuse: what the host's console reads
      // as answers come in.
      const names = (n: number) => game.best(n).map((p) => p.name);
      const [ten, all] = [names(10), names(500)];
      const expected = game.standings().map((p) => p.name);
      expect(ten).toEqual(expected.slice(0, 10));
      expect(all).toEqual(expected);
    }
    expect(game.best(0)).toEqual([]);
    // Right at 1 s: players 1 and 2 (0 was wrong); at 2 s player 4 (3 did not answer).
    expect(game.playerLeaderboard(3)).toEqual([
      { rank: 1, name: 'Player 1', score: 950 },
      { rank: 2, name: 'Player 2', score: 950 },
      { rank: 3, name: 'Player 4', score: 900 },
    ]);
  });

  it('keeps a rejoining player’s score and place', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    game.start();
    game.answer('b', 1);
    expect(game.join('b', 'Bala K')).toEqual({
      player: { id: 'b', name: 'Bala K', score: 1000, joinOrder: 1, streak: 1, team: null },
      rejoined: true,
    });
    expect(game.playerCount).toBe(2);
    expect(game.rankOf('b')).toEqual({ rank: 1, name: 'Bala K', score: 1000 });
  });
});

describe('reconnecting and restoring', () => {
  it('gives a reconnecting player the running question, the time left and their answer', () => {
    const { game, clock } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    expect(game.snapshotFor('a')).toMatchObject({ status: 'lobby', question: null });
    game.start();
    clock.advance(3_000);
    game.answer('a', 1);
    clock.advance(1_000);
    expect(game.snapshotFor('a')).toEqual({
      player: { id: 'a', name: 'Asha', score: 1000 - 150, joinOrder: 0, streak: 1, team: null },
      status: 'question',
      totalPlayers: 2,
      question: { index: 0, question: QUESTIONS[0], remainingMs: 6_000, yourAnswer: 1 },
    });
    expect(game.snapshotFor('b')?.question?.yourAnswer).toBeNull();
    expect(game.snapshotFor('stranger')).toBeNull();
    game.closeQuestion();
    expect(game.snapshotFor('a')).toMatchObject({ status: 'results', question: null });
  });

  it('resumes a game from what the database kept', () => {
    const { clock } = setup();
    const startedAt = clock.now();
    clock.advance(4_000);
    const game = QuizGame.restore(
      { questions: QUESTIONS, clock: clock.now },
      {
        status: 'question',
        currentIndex: 1,
        questionStartedAt: startedAt,
        players: [
          { id: 'a', name: 'Asha', score: 1900 },
          { id: 'b', name: 'Bala', score: 1900 },
          { id: 'c', name: 'Chitra', score: 0 },
        ],
        answers: [{ playerId: 'a', option: 0, isCorrect: true, points: 900, elapsedMs: 4_000 }],
      },
    );
    expect(game.status).toBe('question');
    expect(game.currentQuestion?.id).toBe('q2');
    expect(game.remainingMs()).toBe(16_000);
    // Restored answers still count as given, and the join order still breaks the tie.
    expect(game.answer('a', 0)).toEqual({ accepted: false, reason: 'already_answered' });
    expect(game.leaderboard(2).map((e) => e.name)).toEqual(['Asha', 'Bala']);
    expect(game.answer('b', 0)).toMatchObject({ accepted: true, points: 900, total: 2800 });
    expect(game.closeQuestion().distribution).toEqual([2, 0]);
    expect(game.next()).toBeNull();
    expect(game.status).toBe('finished');
  });

  it('refuses a record that contradicts the quiz', () => {
    const { clock } = setup();
    const base = { players: [], answers: [], questionStartedAt: null };
    expect(() =>
      QuizGame.restore(
        { questions: QUESTIONS, clock: clock.now },
        { ...base, status: 'question', currentIndex: 5 },
      ),
    ).toThrow();
    expect(() =>
      QuizGame.restore(
        { questions: QUESTIONS, clock: clock.now },
        { ...base, status: 'question', currentIndex: 0 },
      ),
    ).toThrow('start time');
  });
});

const KINDS: QuizQuestion[] = [
  { id: 'k1', question: 'Pick 4', options: ['3', '4'], correctOption: 1, timeLimit: 10 },
  {
    id: 'k2',
    kind: 'multiple',
    question: 'Primes?',
    options: ['2', '3', '4'],
    correctOption: 0,
    correctOptions: [0, 1],
    partialCredit: true,
    timeLimit: 10,
  },
  {
    id: 'k3',
    kind: 'poll',
    question: 'Tea?',
    options: ['Tea', 'Coffee'],
    correctOption: 0,
    timeLimit: 10,
  },
  {
    id: 'k4',
    kind: 'typed',
    question: 'Capital?',
    options: [],
    correctOption: 0,
    acceptedAnswers: ['Delhi', 'New Delhi'],
    doublePoints: true,
    timeLimit: 10,
  },
  {
    id: 'k5',
    kind: 'order',
    question: 'Count',
    options: ['1', '2', '3'],
    correctOption: 0,
    timeLimit: 10,
  },
  { id: 'k6', question: 'Again 4', options: ['3', '4'], correctOption: 1, timeLimit: 10 },
];

function setupWith(
  settings: Partial<ConstructorParameters<typeof QuizGame>[0]['settings'] & object> = {},
  questions = KINDS,
) {
  let now = 5_000_000;
  const game = new QuizGame({
    questions,
    clock: () => now,
    settings: { speedScoring: false, streakBonus: true, podiumSize: 3, teams: null, ...settings },
  });
  return { game, advance: (ms: number) => (now += ms) };
}

/** Plays the question running now with the answers given, then closes it. */
function play(game: QuizGame, answers: Record<string, Parameters<QuizGame['answer']>[1]>) {
  for (const [id, value] of Object.entries(answers)) {
    const outcome = game.answer(id, value);
    if (!outcome.accepted) throw new Error(`${id}: ${outcome.reason}`);
  }
  const summary = game.closeQuestion();
  if (game.currentIndex + 1 < game.questions.length) game.next();
  return summary;
}

describe('question kinds in a game', () => {
  it('marks and scores every kind, with partial credit, double points and a tally for each', () => {
    const { game } = setupWith({ streakBonus: false });
    for (const id of ['a', 'b', 'c']) game.join(id, id.toUpperCase());
    game.start();
    play(game, { a: 1, b: 0 });
    expect(game.answer('a', 'two')).toEqual({ accepted: false, reason: 'bad_answer' });
    expect(game.answer('a', [0, 0])).toEqual({ accepted: false, reason: 'bad_answer' });
    expect(game.answer('a', [0, 1])).toMatchObject({
      accepted: true,
      state: 'correct',
      points: 1000,
    });
    expect(game.answer('b', [0])).toMatchObject({
      state: 'partial',
      points: 500,
      isCorrect: false,
    });
    expect(game.answer('c', [0, 2])).toMatchObject({ state: 'wrong', points: 0 });
    expect(game.closeQuestion()).toMatchObject({
      correctOption: -1,
      distribution: [3, 1, 1],
      answered: 3,
    });
    game.next();
    expect(game.answer('a', 1)).toMatchObject({ state: 'voted', points: 0, isCorrect: false });
    expect(play(game, { b: 1, c: 0 }).distribution).toEqual([1, 2]);
    expect(game.answer('a', '')).toEqual({ accepted: false, reason: 'bad_answer' });
    expect(game.answer('a', ' new DELHI ')).toMatchObject({ state: 'correct', points: 2000 });
    game.answer('b', 'delhi');
    game.answer('c', 'Mumbai');
    expect(game.closeQuestion()).toMatchObject({
      distribution: [],
      typed: [
        { text: 'delhi', count: 1, correct: true },
        { text: 'mumbai', count: 1, correct: false },
        { text: 'new delhi', count: 1, correct: true },
      ],
    });
    game.next();
    const right = rightOrderShown(KINDS[4]!);
    expect(game.answer('a', right)).toMatchObject({ state: 'correct', points: 1000 });
    // Two items swapped: the third one is still in its place.
    expect(game.answer('b', [right[1]!, right[0]!, right[2]!])).toMatchObject({ state: 'wrong' });
    expect(game.answer('c', [0, 1])).toEqual({ accepted: false, reason: 'bad_answer' });
    const tally = game.closeQuestion().distribution;
    expect(tally[right[0]!]).toBe(1);
    expect(tally[right[2]!]).toBe(2);
    expect(game.resultFor('a')).toMatchObject({ value: right, state: 'correct' });
    expect(game.resultFor('c')).toMatchObject({ value: null, state: 'none' });
  });

  it('keeps the spec’s refusal of an option that does not exist for single choice', () => {
    const { game } = setupWith();
    game.join('a', 'A');
    game.start();
    expect(game.answer('a', 2)).toEqual({ accepted: false, reason: 'bad_option' });
    expect(game.answer('a', 'x')).toEqual({ accepted: false, reason: 'bad_answer' });
  });
});

describe('streaks', () => {
  it('grow with right answers, survive a poll, and end with a wrong, partial or missing answer', () => {
    const { game } = setupWith();
    for (const id of ['a', 'b', 'c']) game.join(id, id.toUpperCase());
    game.start();
    play(game, { a: 1, b: 1, c: 1 });
    expect(game.player('a')?.streak).toBe(1);
    expect(game.answer('a', [0, 1])).toMatchObject({ points: 1100, bonus: 100, streak: 2 });
    expect(game.answer('b', [0])).toMatchObject({ state: 'partial', bonus: 0, streak: 0 });
    play(game, {}); // c did not answer: streak lost
    expect(game.player('c')?.streak).toBe(0);
    // The poll: nobody's streak moves, answered or not.
    play(game, { a: 0 });
    expect(game.player('a')?.streak).toBe(2);
    expect(game.answer('a', 'delhi')).toMatchObject({ points: 2200, bonus: 200, streak: 3 });
    expect(game.answer('b', 'delhi')).toMatchObject({ points: 2000, bonus: 0, streak: 1 });
  });

  it('caps the bonus at +500', () => {
    const questions = Array.from({ length: 8 }, (_, i) => ({ ...KINDS[0]!, id: `s${i}` }));
    const { game } = setupWith({}, questions);
    game.join('a', 'A');
    game.start();
    const bonuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const outcome = game.answer('a', 1);
      if (outcome.accepted) bonuses.push(outcome.bonus);
      game.closeQuestion();
      if (i < 7) game.next();
    }
    expect(bonuses).toEqual([0, 100, 200, 300, 400, 500, 500, 500]);
    expect(game.player('a')?.score).toBe(8000 + 2500);
  });

  it('puts the streak back when an answer is withdrawn', () => {
    const { game } = setupWith();
    game.join('a', 'A');
    game.start();
    play(game, { a: 1 });
    game.answer('a', [0, 1]);
    game.withdrawAnswer('a');
    expect(game.player('a')).toMatchObject({ streak: 1, score: 1000 });
  });

  it('is rebuilt from the marks kept (streakOf)', () => {
    const marks = new Map([
      ['k1', 'correct'],
      ['k2', 'correct'],
      ['k3', 'voted'],
      ['k4', 'correct'],
    ] as const);
    const stateOf = (id: string) => marks.get(id as never);
    expect(streakOf(KINDS, stateOf, 3)).toBe(3);
    expect(streakOf(KINDS, stateOf, 4)).toBe(0);
    expect(streakOf(KINDS, stateOf, 4, true)).toBe(3);
    expect(streakOf(KINDS, (id) => (id === 'k1' ? 'wrong' : stateOf(id)), 3)).toBe(2);
  });
});

describe('settings', () => {
  it('speed off gives 1000 for a right answer whenever it comes', () => {
    const { game, advance } = setupWith({ streakBonus: false });
    game.join('a', 'A');
    game.start();
    advance(9_000);
    expect(game.answer('a', 1)).toMatchObject({ points: 1000 });
  });

  it('shows as many podium places as the host chose', () => {
    const { game } = setupWith({ podiumSize: 5 });
    for (const id of 'abcdefg') game.join(id, id);
    expect(game.podium()).toHaveLength(5);
    expect(setup().game.podium()).toHaveLength(0);
  });
});

describe('teams', () => {
  it('places players evenly (fewest members, lowest index on ties); a rejoin keeps the team', () => {
    const { game } = setupWith({ teams: { count: 3, choose: 'auto' } });
    for (const id of 'abcde') game.join(id, id);
    expect([...'abcde'].map((id) => game.player(id)?.team)).toEqual([0, 1, 2, 0, 1]);
    expect(game.join('a', 'a', 2).player.team).toBe(0);
    expect(game.needsTeam('z')).toBe(false);
  });

  it('makes players pick when the game says so', () => {
    const { game } = setupWith({ teams: { count: 2, choose: 'players' } });
    expect(game.needsTeam('a')).toBe(true);
    expect(() => game.join('a', 'A')).toThrow(QuizInputError);
    expect(() => game.join('a', 'A', 2)).toThrow('Pick a team to join.');
    expect(game.join('a', 'A', 1).player.team).toBe(1);
    expect(game.needsTeam('a')).toBe(false);
    expect(game.join('a', 'A').rejoined).toBe(true);
  });

  it('scores a team by its members’ mean; equal means go to the lower team index', () => {
    const { game } = setupWith({ streakBonus: false, teams: { count: 3, choose: 'players' } });
    game.join('a', 'A', 1);
    game.join('b', 'B', 1);
    game.join('c', 'C', 1);
    game.join('d', 'D', 0);
    game.start();
    play(game, { a: 1, b: 1, c: 0, d: 0 });
    // Blue: (1000 + 1000 + 0) / 3; Red: 0; Green has nobody and is not listed.
    expect(game.teamStandings()).toEqual([
      { team: 1, name: 'Blue', rank: 1, score: 667, members: 3 },
      { team: 0, name: 'Red', rank: 2, score: 0, members: 1 },
    ]);
    expect(game.leaderboard()).toEqual([
      { rank: 1, name: 'Blue', score: 667 },
      { rank: 2, name: 'Red', score: 0 },
    ]);
    expect(game.playerLeaderboard(2).map((e) => e.name)).toEqual(['A', 'B']);
    expect(game.rankOf('d')).toEqual({ rank: 4, name: 'D', score: 0 });
    expect(game.teamRankOf('d')).toEqual({ rank: 2, name: 'Red', score: 0 });
    // Red's one member overtakes Blue's mean (Blue: 2000 + 0 + 500 over 3).
    game.answer('d', [0, 1]);
    game.answer('a', [2]);
    game.answer('b', [2]);
    game.answer('c', [0]); // partial: 500
    game.closeQuestion();
    expect(game.teamStandings().map((t) => [t.name, t.score])).toEqual([
      ['Red', 1000],
      ['Blue', 833],
    ]);
    // Equal means: Red (index 0) before Blue, whoever answered first.
    const tie = setupWith({ streakBonus: false, teams: { count: 2, choose: 'auto' } }).game;
    tie.join('a', 'A');
    tie.join('b', 'B');
    tie.start();
    play(tie, { b: 1, a: 1 });
    expect(tie.podium().map((e) => e.name)).toEqual(['Red', 'Blue']);
    expect(setupWith().game.teamRankOf('a')).toBeNull();
  });

  it('restores teams, streaks and marked answers from the record', () => {
    const game = QuizGame.restore(
      {
        questions: KINDS,
        clock: () => 10_000,
        settings: {
          speedScoring: false,
          streakBonus: true,
          podiumSize: 3,
          teams: { count: 2, choose: 'auto' },
        },
      },
      {
        status: 'question',
        currentIndex: 1,
        questionStartedAt: 9_000,
        players: [
          { id: 'a', name: 'A', score: 1000, team: 1, streak: 2 },
          { id: 'b', name: 'B', score: 0, team: null, streak: 0 },
          { id: 'c', name: 'C', score: 0 },
        ],
        answers: [
          {
            playerId: 'a',
            value: [0],
            state: 'partial',
            isCorrect: false,
            points: 500,
            bonus: 0,
            elapsedMs: 900,
          },
        ],
      },
    );
    expect(['a', 'b', 'c'].map((id) => game.player(id)?.team)).toEqual([1, 0, 0]);
    expect(game.answerOf('a')).toMatchObject({ value: [0], state: 'partial', points: 500 });
    expect(game.answer('b', [0, 1])).toMatchObject({ streak: 1 });
    game.join('d', 'D');
    expect(game.player('d')?.team).toBe(1);
    expect(game.closeQuestion().distribution).toEqual([2, 1, 0]);
  });
});
