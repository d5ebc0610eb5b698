import { describe, expect, it } from 'vitest';
import { QUIZ_EDITOR_MESSAGES } from '@alumnet/contract';
import {
  addAccepted,
  addOption,
  draftFromQuiz,
  emptyQuestion,
  moveOption,
  moveQuestion,
  removeAccepted,
  removeOption,
  setKind,
  toggleCorrect,
  validateDraft,
  type QuestionDraft,
} from './quiz-draft';

const COLLEGE = '00000000-0000-4000-8000-00000000c011';
const question = (over: Partial<QuestionDraft> = {}): QuestionDraft => ({
  ...emptyQuestion(),
  question: 'Capital of France?',
  options: ['Paris', 'Lyon', 'Nice'],
  correctOption: 0,
  timeLimit: 20,
  ...over,
});

describe('validateDraft', () => {
  it('passes a complete quiz as the contract body', () => {
    const result = validateDraft({ title: ' Geography ', questions: [question()] }, COLLEGE);
    expect(result.errors).toBeNull();
    expect(result.body).toEqual({
      title: 'Geography',
      collegeId: COLLEGE,
      questions: [
        {
          question: 'Capital of France?',
          options: ['Paris', 'Lyon', 'Nice'],
          correctOption: 0,
          timeLimit: 20,
        },
      ],
    });
  });

  it("keys the contract's messages by field", () => {
    const { errors } = validateDraft({
      title: '',
      questions: [question({ question: ' ', options: ['Paris', ''], timeLimit: '' })],
    });
    expect(errors).toEqual({
      title: 'Give the quiz a title',
      'questions.0.question': 'Each question needs its text',
      'questions.0.options.1': 'An option cannot be empty',
      'questions.0.timeLimit': 'A time limit is 5 to 120 seconds',
    });
  });

  it('asks for a correct option when none is marked', () => {
    const { errors } = validateDraft({
      title: 'Q',
      questions: [question({ correctOption: null })],
    });
    expect(errors).toEqual({
      'questions.0.correctOption': 'Mark one of the options as the correct one',
    });
  });

  it('refuses a quiz without questions', () => {
    expect(validateDraft({ title: 'Q', questions: [] }).errors).toEqual({
      questions: 'A quiz needs at least one question',
    });
  });
});

describe('question edits', () => {
  it('keeps the mark on its option when an earlier one is removed, and clears it with its own', () => {
    const q = question({ correctOption: 2 });
    expect(removeOption(q, 0)).toMatchObject({ options: ['Lyon', 'Nice'], correctOption: 1 });
    expect(removeOption(q, 2)).toMatchObject({ options: ['Paris', 'Lyon'], correctOption: null });
  });

  it('holds between 2 and 6 options', () => {
    const two = question({ options: ['a', 'b'] });
    expect(removeOption(two, 0)).toBe(two);
    let six = two;
    for (let i = 0; i < 6; i++) six = addOption(six);
    expect(six.options).toHaveLength(6);
  });

  it('moves a question up and down within the list', () => {
    const [a, b, c] = [question({ key: 'a' }), question({ key: 'b' }), question({ key: 'c' })];
    expect(moveQuestion([a, b, c], 2, 1).map((q) => q.key)).toEqual(['a', 'c', 'b']);
    expect(moveQuestion([a, b, c], 0, -1).map((q) => q.key)).toEqual(['a', 'b', 'c']);
  });
});

const one = (q: QuestionDraft) => validateDraft({ title: 'Q', questions: [q] });

describe('validateDraft per kind', () => {
  it('true or false: asks for the answer, then sends the two fixed options', () => {
    const q = setKind(question({ correctOption: null, options: ['', ''] }), 'true_false');
    expect(one(q).errors).toEqual({
      'questions.0.correctOption': 'Mark one of the options as the correct one',
    });
    expect(one({ ...q, correctOption: 1 }).body?.questions).toEqual([
      {
        kind: 'true_false',
        question: 'Capital of France?',
        options: ['True', 'False'],
        correctOption: 1,
        timeLimit: 20,
      },
    ]);
  });

  it('several right answers: asks for a tick, then sends the ticks and partial credit', () => {
    const q = { ...question({ correctOption: null }), kind: 'multiple' as const };
    expect(one(q).errors).toEqual({
      'questions.0.correctOptions': QUIZ_EDITOR_MESSAGES.markSomeRight,
    });
    const ticked = { ...toggleCorrect(toggleCorrect(q, 2), 0), partialCredit: true };
    expect(one(ticked).body?.questions).toEqual([
      {
        kind: 'multiple',
        question: 'Capital of France?',
        options: ['Paris', 'Lyon', 'Nice'],
        correctOptions: [0, 2],
        partialCredit: true,
        timeLimit: 20,
      },
    ]);
  });

  it('a poll sends its options and nothing right, never double points', () => {
    const q = { ...question({ correctOption: null, doublePoints: true }), kind: 'poll' as const };
    expect(one(q).body?.questions).toEqual([
      {
        kind: 'poll',
        question: 'Capital of France?',
        options: ['Paris', 'Lyon', 'Nice'],
        timeLimit: 20,
      },
    ]);
    expect(one({ ...q, options: ['Only one'] }).errors).toEqual({
      'questions.0.options': 'A question needs 2 to 6 options',
    });
  });

  it('a typed answer ignores the options typed for another kind and trims its answers', () => {
    const q = setKind(question({ options: ['', ''], acceptedAnswers: [''] }), 'typed');
    expect(one(q).errors).toEqual({
      'questions.0.acceptedAnswers.0': QUIZ_EDITOR_MESSAGES.acceptedEmpty,
    });
    expect(one({ ...q, acceptedAnswers: [] }).errors).toEqual({
      'questions.0.acceptedAnswers': QUIZ_EDITOR_MESSAGES.acceptedNeeded,
    });
    expect(one({ ...q, acceptedAnswers: [' Paris ', 'paris city'] }).body?.questions).toEqual([
      {
        kind: 'typed',
        question: 'Capital of France?',
        acceptedAnswers: ['Paris', 'paris city'],
        timeLimit: 20,
      },
    ]);
  });

  it('an order question sends its items in the order the host put them', () => {
    const q = moveOption({ ...question(), kind: 'order' }, 2, 1);
    expect(one(q).body?.questions).toEqual([
      {
        kind: 'order',
        question: 'Capital of France?',
        options: ['Paris', 'Nice', 'Lyon'],
        timeLimit: 20,
      },
    ]);
  });

  it('a picture needs its description; double points go with the question', () => {
    const q = question({ image: { name: '1700000000_map.png', alt: ' ' }, doublePoints: true });
    expect(one(q).errors).toEqual({ 'questions.0.image.alt': QUIZ_EDITOR_MESSAGES.altRequired });
    expect(
      one({ ...q, image: { name: '1700000000_map.png', alt: 'A map' } }).body?.questions,
    ).toEqual([
      {
        question: 'Capital of France?',
        options: ['Paris', 'Lyon', 'Nice'],
        correctOption: 0,
        timeLimit: 20,
        doublePoints: true,
        image: { name: '1700000000_map.png', alt: 'A map' },
      },
    ]);
  });
});

describe('kind edits', () => {
  it('carries the mark between single choice and several right answers', () => {
    const multiple = setKind(question({ correctOption: 1 }), 'multiple');
    expect(multiple.correctOptions).toEqual([1]);
    expect(setKind({ ...multiple, correctOption: null }, 'single').correctOption).toBe(1);
    expect(setKind(question({ correctOption: 2 }), 'true_false').correctOption).toBeNull();
  });

  it('keeps ticks on their options when options move or go', () => {
    const q = { ...question(), correctOptions: [0, 2] };
    expect(moveOption(q, 0, 1)).toMatchObject({
      options: ['Lyon', 'Paris', 'Nice'],
      correctOptions: [1, 2],
    });
    expect(removeOption(q, 1).correctOptions).toEqual([0, 1]);
    expect(removeOption(q, 0).correctOptions).toEqual([1]);
  });

  it('holds between 1 and 10 accepted answers', () => {
    let q = question({ acceptedAnswers: ['a'] });
    expect(removeAccepted(q, 0)).toBe(q);
    for (let i = 0; i < 12; i++) q = addAccepted(q);
    expect(q.acceptedAnswers).toHaveLength(10);
  });

  it('reads an old quiz back as single choice', () => {
    const draft = draftFromQuiz({
      _id: '00000000-0000-4000-8000-0000000000a1',
      title: 'Old',
      collegeId: COLLEGE,
      questionCount: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      liveCode: null,
      questions: [
        {
          _id: '00000000-0000-4000-8000-0000000000b1',
          kind: 'single',
          question: 'Founded in?',
          options: ['1950', '1962'],
          correctOption: 1,
          correctOptions: [],
          partialCredit: false,
          acceptedAnswers: [],
          doublePoints: false,
          image: null,
          timeLimit: 20,
        },
      ],
    });
    expect(draft.questions[0]).toMatchObject({ kind: 'single', correctOption: 1 });
    expect(validateDraft(draft).body?.questions).toEqual([
      { question: 'Founded in?', options: ['1950', '1962'], correctOption: 1, timeLimit: 20 },
    ]);
  });
});
