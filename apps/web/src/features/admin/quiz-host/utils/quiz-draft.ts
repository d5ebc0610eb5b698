import { QUIZ, quizBody, type QuizBody, type QuizDetail } from '@alumnet/contract';

export interface QuestionDraft {
  /** Stable across reorders, so React keeps each question's inputs with it. */
  key: string;
  question: string;
  options: string[];
  /** null until the host marks one. */
  correctOption: number | null;
  /** What the number input holds: '' while it is empty. */
  timeLimit: number | string;
}

export interface QuizDraft {
  title: string;
  questions: QuestionDraft[];
}

export const DEFAULT_TIME_LIMIT = 20;

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

export const emptyQuestion = (): QuestionDraft => ({
  key: newKey(),
  question: '',
  options: ['', ''],
  correctOption: null,
  timeLimit: DEFAULT_TIME_LIMIT,
});

export const emptyDraft = (): QuizDraft => ({ title: '', questions: [emptyQuestion()] });

export const draftFromQuiz = (quiz: QuizDetail): QuizDraft => ({
  title: quiz.title,
  questions: quiz.questions.map((q) => ({
    key: newKey(),
    question: q.question,
    options: [...q.options],
    correctOption: q.correctOption,
    timeLimit: q.timeLimit,
  })),
});

/**
 * The body as typed, for the contract to judge. An unmarked correct option points past the
 * options and an empty time limit is 0, so the contract's own messages name what is missing.
 */
export const bodyFromDraft = (draft: QuizDraft, collegeId?: string): unknown => ({
  title: draft.title,
  ...(collegeId ? { collegeId } : {}),
  questions: draft.questions.map((q) => ({
    question: q.question,
    options: q.options,
    correctOption: q.correctOption ?? q.options.length,
    timeLimit: typeof q.timeLimit === 'number' ? q.timeLimit : Number(q.timeLimit) || 0,
  })),
});

/** Messages by field path ('title', 'questions.0.options.1', …): the first one for each. */
export type DraftErrors = Record<string, string>;

export function validateDraft(
  draft: QuizDraft,
  collegeId?: string,
): { body: QuizBody; errors: null } | { body: null; errors: DraftErrors } {
  const parsed = quizBody.safeParse(bodyFromDraft(draft, collegeId));
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { body: null, errors };
}

// ---------------------------------------------------------------- edits (pure, one per control)

export const moveQuestion = (questions: QuestionDraft[], from: number, to: number) => {
  if (to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
};

export const addOption = (q: QuestionDraft): QuestionDraft =>
  q.options.length >= QUIZ.maxOptions ? q : { ...q, options: [...q.options, ''] };

/** The mark follows its option; removing the marked option leaves none marked. */
export const removeOption = (q: QuestionDraft, index: number): QuestionDraft => {
  if (q.options.length <= QUIZ.minOptions) return q;
  const correct = q.correctOption;
  return {
    ...q,
    options: q.options.filter((_, i) => i !== index),
    correctOption:
      correct === null || correct === index ? null : correct > index ? correct - 1 : correct,
  };
};
