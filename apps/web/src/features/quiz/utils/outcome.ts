import { QUIZ_MESSAGES, QUIZ_PLAY_MESSAGES, type AnswerState } from '@alumnet/contract';

export type OutcomeTone = 'correct' | 'partial' | 'wrong' | 'none' | 'voted' | 'waiting';

export interface Outcome {
  tone: OutcomeTone;
  /** The headline (member-portal.md §8 where the spec has one). */
  message: string;
  /** The short state label under it. */
  label: string;
}

/**
 * What the player is told about a question once they can no longer answer it: how it was marked
 * when that is known (`answerState`), else whether they answered at all. The live game and the
 * self-paced challenge both use it, so a result reads the same in either.
 */
export function outcomeOf(answerState: AnswerState | null | undefined, answered: boolean): Outcome {
  switch (answerState) {
    case 'correct':
      return { tone: 'correct', message: QUIZ_MESSAGES.correct, label: 'Your answer was correct.' };
    case 'partial':
      return {
        tone: 'partial',
        message: QUIZ_PLAY_MESSAGES.partly,
        label: 'Part of your answer was right.',
      };
    case 'wrong':
      return { tone: 'wrong', message: QUIZ_MESSAGES.wrong, label: QUIZ_MESSAGES.oops };
    case 'voted':
      return { tone: 'voted', message: QUIZ_PLAY_MESSAGES.voted, label: 'Your vote was counted.' };
    case 'none':
      return { tone: 'none', message: QUIZ_MESSAGES.noAnswer, label: QUIZ_MESSAGES.tooLate };
    default:
      break;
  }
  if (answered) {
    return {
      tone: 'waiting',
      message: 'Answer submitted! Waiting for the results…',
      label: 'Answer submitted',
    };
  }
  return { tone: 'none', message: QUIZ_MESSAGES.timesUp, label: QUIZ_MESSAGES.tooLate };
}
