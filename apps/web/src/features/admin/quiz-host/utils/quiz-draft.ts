import {
  QUIZ,
  TRUE_FALSE_OPTIONS,
  quizBody,
  type QuestionKind,
  type QuizBody,
  type QuizDetail,
} from '@alumnet/contract';

export interface QuestionDraft {
  /** Stable across reorders, so React keeps each question's inputs with it. */
  key: string;
  kind: QuestionKind;
  question: string;
  /** single, multiple, poll: the options; order: the items in their right order. */
  options: string[];
  /** single, true_false: null until the host marks one. */
  correctOption: number | null;
  /** multiple: the options ticked as right. */
  correctOptions: number[];
  partialCredit: boolean;
  /** typed: what counts as right. */
  acceptedAnswers: string[];
  doublePoints: boolean;
  /** A stored picture's name and its description. */
  image: { name: string; alt: string } | null;
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
  kind: 'single',
  question: '',
  options: ['', ''],
  correctOption: null,
  correctOptions: [],
  partialCredit: false,
  acceptedAnswers: [''],
  doublePoints: false,
  image: null,
  timeLimit: DEFAULT_TIME_LIMIT,
});

export const emptyDraft = (): QuizDraft => ({ title: '', questions: [emptyQuestion()] });

/** A stored question of any kind; an old quiz's questions come back as single choice. */
export const draftFromQuiz = (quiz: QuizDetail): QuizDraft => ({
  title: quiz.title,
  questions: quiz.questions.map((q) => ({
    key: newKey(),
    kind: q.kind,
    question: q.question,
    options: q.kind === 'typed' && q.options.length === 0 ? ['', ''] : [...q.options],
    correctOption: q.correctOption,
    correctOptions: [...q.correctOptions],
    partialCredit: q.partialCredit,
    acceptedAnswers: q.acceptedAnswers.length > 0 ? [...q.acceptedAnswers] : [''],
    doublePoints: q.doublePoints,
    image: q.image ? { ...q.image } : null,
    timeLimit: q.timeLimit,
  })),
});

const usesOptions = (kind: QuestionKind) => kind !== 'typed' && kind !== 'true_false';

/**
 * One question as typed, for the contract to judge: only the fields its kind reads, so what the
 * host typed for another kind before switching cannot raise a message they cannot see. An
 * unmarked correct option points past the options and an empty time limit is 0, so the
 * contract's own messages name what is missing.
 */
function questionFromDraft(q: QuestionDraft): Record<string, unknown> {
  const timeLimit = typeof q.timeLimit === 'number' ? q.timeLimit : Number(q.timeLimit) || 0;
  const body: Record<string, unknown> = q.kind === 'single' ? {} : { kind: q.kind };
  body.question = q.question;
  if (usesOptions(q.kind)) body.options = q.options;
  if (q.kind === 'single') body.correctOption = q.correctOption ?? q.options.length;
  if (q.kind === 'true_false') body.correctOption = q.correctOption ?? TRUE_FALSE_OPTIONS.length;
  if (q.kind === 'multiple') {
    body.correctOptions = q.correctOptions;
    body.partialCredit = q.partialCredit;
  }
  if (q.kind === 'typed') body.acceptedAnswers = q.acceptedAnswers;
  body.timeLimit = timeLimit;
  // A poll earns nothing, doubled or not.
  if (q.doublePoints && q.kind !== 'poll') body.doublePoints = true;
  if (q.image) body.image = q.image;
  return body;
}

export const bodyFromDraft = (draft: QuizDraft, collegeId?: string): unknown => ({
  title: draft.title,
  ...(collegeId ? { collegeId } : {}),
  questions: draft.questions.map(questionFromDraft),
});

/**
 * What is sent: the contract's parse (trimmed), less the defaults it filled in. A single-choice
 * question without a picture or double points goes out in the spec's four fields, as before.
 */
function compactQuestion(q: QuizBody['questions'][number]) {
  const { kind, question, options, timeLimit } = q;
  return {
    ...(kind === 'single' ? {} : { kind }),
    question,
    ...(kind === 'typed' ? {} : { options }),
    ...(kind === 'single' || kind === 'true_false' ? { correctOption: q.correctOption } : {}),
    ...(kind === 'multiple'
      ? { correctOptions: q.correctOptions, partialCredit: q.partialCredit }
      : {}),
    ...(kind === 'typed' ? { acceptedAnswers: q.acceptedAnswers } : {}),
    timeLimit,
    ...(q.doublePoints ? { doublePoints: true } : {}),
    ...(q.image ? { image: q.image } : {}),
  };
}

/** Messages by field path ('title', 'questions.0.options.1', …): the first one for each. */
export type DraftErrors = Record<string, string>;

export function validateDraft(
  draft: QuizDraft,
  collegeId?: string,
): { body: QuizBody; errors: null } | { body: null; errors: DraftErrors } {
  const parsed = quizBody.safeParse(bodyFromDraft(draft, collegeId));
  if (parsed.success) {
    const body = { ...parsed.data, questions: parsed.data.questions.map(compactQuestion) };
    // The compact form is the contract's input: the server's parse fills the same defaults.
    return { body: body as QuizBody, errors: null };
  }
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

/**
 * Another kind keeps what the host typed for the others, so switching back loses nothing. A
 * single choice's mark seeds the ticks of several right answers and the other way round.
 */
export function setKind(q: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (kind === q.kind) return q;
  let { correctOption, correctOptions } = q;
  if (kind === 'multiple' && correctOptions.length === 0 && correctOption !== null)
    correctOptions = [correctOption];
  if (kind === 'single' && correctOption === null && correctOptions.length > 0)
    correctOption = Math.min(...correctOptions);
  if (kind === 'true_false' && correctOption !== null && correctOption >= 2) correctOption = null;
  if (q.kind === 'true_false' && correctOption !== null && correctOption >= q.options.length)
    correctOption = null;
  return { ...q, kind, correctOption, correctOptions };
}

export const addOption = (q: QuestionDraft): QuestionDraft =>
  q.options.length >= QUIZ.maxOptions ? q : { ...q, options: [...q.options, ''] };

/** Marks follow their option; removing a marked option drops its mark. */
export const removeOption = (q: QuestionDraft, index: number): QuestionDraft => {
  if (q.options.length <= QUIZ.minOptions) return q;
  const correct = q.correctOption;
  return {
    ...q,
    options: q.options.filter((_, i) => i !== index),
    correctOption:
      correct === null || correct === index ? null : correct > index ? correct - 1 : correct,
    correctOptions: q.correctOptions.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
  };
};

/** Two options (an order question's items) change places; their marks go with them. */
export const moveOption = (q: QuestionDraft, from: number, to: number): QuestionDraft => {
  if (to < 0 || to >= q.options.length || from === to) return q;
  const options = [...q.options];
  [options[from], options[to]] = [options[to]!, options[from]!];
  const follow = (i: number) => (i === from ? to : i === to ? from : i);
  return {
    ...q,
    options,
    correctOption: q.correctOption === null ? null : follow(q.correctOption),
    correctOptions: q.correctOptions.map(follow).sort((a, b) => a - b),
  };
};

export const toggleCorrect = (q: QuestionDraft, index: number): QuestionDraft => ({
  ...q,
  correctOptions: q.correctOptions.includes(index)
    ? q.correctOptions.filter((i) => i !== index)
    : [...q.correctOptions, index].sort((a, b) => a - b),
});

export const addAccepted = (q: QuestionDraft): QuestionDraft =>
  q.acceptedAnswers.length >= QUIZ.maxAcceptedAnswers
    ? q
    : { ...q, acceptedAnswers: [...q.acceptedAnswers, ''] };

export const removeAccepted = (q: QuestionDraft, index: number): QuestionDraft =>
  q.acceptedAnswers.length <= 1
    ? q
    : { ...q, acceptedAnswers: q.acceptedAnswers.filter((_, i) => i !== index) };
