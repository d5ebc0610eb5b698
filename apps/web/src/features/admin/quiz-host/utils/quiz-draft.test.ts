import { describe, expect, it } from 'vitest';
import {
  addOption,
  emptyQuestion,
  moveQuestion,
  removeOption,
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
