import { QUIZ } from '@alumnet/contract';
import { describe, expect, it } from 'vitest';
import { QuizGame, QuizStateError, type QuizQuestion } from './game';
import { pointsFor } from './scoring';

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
      points: 750,
      total: 750,
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
      answered: 3,
    });
    expect(game.resultFor('a')).toEqual({ option: 1, points: 1000, total: 1000, state: 'correct' });
    expect(game.resultFor('c')).toEqual({ option: 2, points: 0, total: 0, state: 'wrong' });
    expect(game.resultFor('d')).toEqual({ option: null, points: 0, total: 0, state: 'none' });
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

  it('keeps a rejoining player’s score and place', () => {
    const { game } = setup();
    game.join('a', 'Asha');
    game.join('b', 'Bala');
    game.start();
    game.answer('b', 1);
    expect(game.join('b', 'Bala K')).toEqual({
      player: { id: 'b', name: 'Bala K', score: 1000, joinOrder: 1 },
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
      player: { id: 'a', name: 'Asha', score: 1000 - 150, joinOrder: 0 },
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
