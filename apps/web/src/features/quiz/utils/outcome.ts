import { QUIZ_MESSAGES } from '@alumnet/contract';
import type { QuizState } from './quiz-state';

export type OutcomeTone = 'correct' | 'wrong' | 'none' | 'waiting';

export interface Outcome {
  tone: OutcomeTone;
  /** The headline (member-portal.md §8 where the spec has one). */
  message: string;
  /** The short state label under it. */
  label: string;
}

/** What the player is told about the current question once they can no longer answer it. */
export function outcomeOf(state: Pick<QuizState, 'result' | 'selection'>): Outcome {
  const { result, selection } = state;
  if (result?.answer_state === 'correct') {
    return { tone: 'correct', message: QUIZ_MESSAGES.correct, label: 'Your answer was correct.' };
  }
  if (result?.answer_state === 'wrong') {
    return { tone: 'wrong', message: QUIZ_MESSAGES.wrong, label: QUIZ_MESSAGES.oops };
  }
  if (result?.answer_state === 'none') {
    return { tone: 'none', message: QUIZ_MESSAGES.noAnswer, label: QUIZ_MESSAGES.tooLate };
  }
  if (selection !== null) {
    return {
      tone: 'waiting',
      message: 'Answer submitted! Waiting for the results…',
      label: 'Answer submitted',
    };
  }
  return { tone: 'none', message: QUIZ_MESSAGES.timesUp, label: QUIZ_MESSAGES.tooLate };
}
