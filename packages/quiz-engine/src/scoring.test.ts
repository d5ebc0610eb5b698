import { QUIZ } from '@alumnet/contract';
import { describe, expect, it } from 'vitest';
import {
  displayOrder,
  markAnswer,
  normalizeTyped,
  rightOrderShown,
  scoreAnswer,
  shownOptions,
  streakBonus,
  type QuizQuestion,
} from './scoring';

const single: QuizQuestion = {
  id: 's',
  question: 'Two plus two?',
  options: ['3', '4', '5'],
  correctOption: 1,
  timeLimit: 10,
};
const trueFalse: QuizQuestion = {
  ...single,
  id: 'tf',
  kind: 'true_false',
  options: ['True', 'False'],
  correctOption: 1,
};
const multiple: QuizQuestion = {
  ...single,
  id: 'm',
  kind: 'multiple',
  options: ['2', '3', '4', '9'],
  correctOption: 0,
  correctOptions: [0, 1],
};
const poll: QuizQuestion = { ...single, id: 'p', kind: 'poll', options: ['Tea', 'Coffee'] };
const typed: QuizQuestion = {
  ...single,
  id: 't',
  kind: 'typed',
  options: [],
  acceptedAnswers: ['New Delhi', 'Delhi'],
};
const order: QuizQuestion = {
  ...single,
  id: 'o-question',
  kind: 'order',
  options: ['one', 'two', 'three', 'four'],
};

describe('marking each kind', () => {
  it('single choice and true/false: the one right option; an index that does not exist is malformed', () => {
    expect(markAnswer(single, 1)).toEqual({ state: 'correct', credit: 1 });
    expect(markAnswer(single, 0)).toEqual({ state: 'wrong', credit: 0 });
    expect(markAnswer(single, 3)).toBeNull();
    expect(markAnswer(single, 'four')).toBeNull();
    expect(markAnswer(single, [1])).toBeNull();
    expect(markAnswer(trueFalse, 1)?.state).toBe('correct');
    expect(markAnswer(trueFalse, 0)?.state).toBe('wrong');
    expect(markAnswer(trueFalse, 2)).toBeNull();
  });

  it('several right answers: all or nothing unless partial credit', () => {
    expect(markAnswer(multiple, [1, 0])).toEqual({ state: 'correct', credit: 1 });
    expect(markAnswer(multiple, [0])).toEqual({ state: 'wrong', credit: 0 });
    expect(markAnswer(multiple, [0, 1, 2])?.state).toBe('wrong');
    expect(markAnswer(multiple, [0, 0])).toBeNull();
    expect(markAnswer(multiple, [4])).toBeNull();
    expect(markAnswer(multiple, 'x')).toBeNull();
  });

  it('partial credit: each right option its share, each wrong one a share back', () => {
    const partly = { ...multiple, partialCredit: true };
    expect(markAnswer(partly, [0, 1])).toEqual({ state: 'correct', credit: 1 });
    expect(markAnswer(partly, [0])).toEqual({ state: 'partial', credit: 0.5 });
    expect(markAnswer(partly, [0, 2])).toEqual({ state: 'wrong', credit: 0 });
    expect(markAnswer(partly, [0, 1, 2, 3])).toEqual({ state: 'wrong', credit: 0 });
    const three = { ...partly, correctOptions: [0, 1, 2] };
    expect(markAnswer(three, [0, 1, 3])).toEqual({ state: 'partial', credit: 1 / 3 });
  });

  it('a poll takes any option and has no right answer', () => {
    expect(markAnswer(poll, 0)).toEqual({ state: 'voted', credit: 0 });
    expect(markAnswer(poll, 1)).toEqual({ state: 'voted', credit: 0 });
    expect(markAnswer(poll, 2)).toBeNull();
  });

  it('a typed answer matches after trimming and folding case; empty is malformed', () => {
    expect(normalizeTyped('  New   DELHI ')).toBe('new delhi');
    expect(markAnswer(typed, ' new delhi')?.state).toBe('correct');
    expect(markAnswer(typed, 'DELHI')?.state).toBe('correct');
    expect(markAnswer(typed, 'Mumbai')?.state).toBe('wrong');
    expect(markAnswer(typed, '   ')).toBeNull();
    expect(markAnswer(typed, 1)).toBeNull();
  });

  it('an order: shown shuffled (never right as shown), right when every item is in place', () => {
    const shown = displayOrder(order);
    expect([...shown].sort()).toEqual([0, 1, 2, 3]);
    expect(shown).not.toEqual([0, 1, 2, 3]);
    expect(displayOrder(order)).toEqual(shown);
    expect(shownOptions(order)).toEqual(shown.map((i) => order.options[i]));
    const right = rightOrderShown(order);
    expect(right.map((i) => shownOptions(order)[i])).toEqual(order.options);
    expect(markAnswer(order, right)?.state).toBe('correct');
    expect(markAnswer(order, [...right].reverse())?.state).toBe('wrong');
    expect(markAnswer(order, [0, 1, 2])).toBeNull();
    expect(markAnswer(order, [0, 1, 2, 2])).toBeNull();
    expect(markAnswer(order, 0)).toBeNull();
  });
});

describe('scoring', () => {
  const right = { state: 'correct', credit: 1 } as const;

  it('speed scoring: 1000 at once down to 500 at the deadline; off: 1000 flat', () => {
    expect(scoreAnswer(single, right, 0, 0).points).toBe(1000);
    expect(scoreAnswer(single, right, 10_000, 0).points).toBe(500);
    const off = { speedScoring: false, streakBonus: false };
    expect(scoreAnswer(single, right, 0, 0, off).points).toBe(QUIZ.fullPoints);
    expect(scoreAnswer(single, right, 9_999, 0, off).points).toBe(QUIZ.fullPoints);
    expect(scoreAnswer(single, { state: 'wrong', credit: 0 }, 0, 0, off).points).toBe(0);
  });

  it('double points double the base, not the streak bonus', () => {
    const double = { ...single, doublePoints: true };
    expect(scoreAnswer(double, right, 5_000, 0).points).toBe(1500);
    const streaks = { speedScoring: false, streakBonus: true };
    expect(scoreAnswer(double, right, 0, 2, streaks)).toEqual({
      base: 2000,
      bonus: 200,
      points: 2200,
      streak: 3,
    });
  });

  it('partial credit scales the points', () => {
    const off = { speedScoring: false, streakBonus: true };
    expect(scoreAnswer(multiple, { state: 'partial', credit: 0.5 }, 0, 3, off)).toEqual({
      base: 500,
      bonus: 0,
      points: 500,
      streak: 0,
    });
  });

  it('streak bonus: +100 a right answer in a row after the first, capped at +500', () => {
    expect([0, 1, 2, 5, 6, 20].map(streakBonus)).toEqual([0, 100, 200, 500, 500, 500]);
    const on = { speedScoring: false, streakBonus: true };
    expect(scoreAnswer(single, right, 0, 7, on)).toMatchObject({ bonus: 500, points: 1500 });
    // Off: no bonus, though the streak is still counted.
    expect(scoreAnswer(single, right, 0, 7)).toMatchObject({ bonus: 0, points: 1000, streak: 8 });
  });

  it('a poll earns nothing and leaves the streak; a wrong answer ends it', () => {
    expect(scoreAnswer(poll, { state: 'voted', credit: 0 }, 0, 4)).toEqual({
      base: 0,
      bonus: 0,
      points: 0,
      streak: 4,
    });
    expect(scoreAnswer(single, { state: 'wrong', credit: 0 }, 0, 4).streak).toBe(0);
  });
});
