import {
  QUIZ,
  QUIZ_MESSAGES,
  QUIZ_PLAY_MESSAGES,
  imageUrl,
  type ChallengeAnswerAnswer,
  type ChallengeQuestion,
  type ChallengeState,
  type StartChallengeBody,
} from '@alumnet/contract';
import {
  kindOf,
  markAnswer,
  rightOrderShown,
  scoreAnswer,
  shownOptions,
  type QuizQuestion,
} from '@alumnet/quiz-engine';
import { randomInt } from 'node:crypto';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/repository';
import * as challenges from './challenge-repository';
import { toEngineQuestion } from './presenter';
import { settingsOf, stateOf } from './report';
import { findPlayableMember, findQuiz, quizQuestionsOf } from './repository';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const QUIZ_NOT_FOUND = 'Quiz not found.';
/** Those who finished, shown on the challenge's leaderboard. */
export const CHALLENGE_BOARD_SIZE = QUIZ.maxPodium;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const CHALLENGE_MESSAGES = {
  deadlineTooSoon: `A challenge closes at least ${QUIZ.challengeMinMinutes} minutes from now.`,
  deadlineTooLate: `A challenge closes at most ${QUIZ.challengeMaxDays} days from now.`,
  notCurrent: 'This is not the question out now.',
  answeredAlready: 'You have already answered this question.',
  notStarted: 'Start the challenge first.',
  membersOnly: 'Only approved members of the college can play its challenges.',
} as const;

const drawCode = () =>
  Array.from(
    { length: QUIZ.codeLength },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');

/** Gone: the deadline passed, nothing more is played or counted. */
const closed = () => new AppError(410, QUIZ_PLAY_MESSAGES.challengeClosed);

/**
 * A member's streak before the question at `index`: right answers in a row before it (a poll
 * neither counts nor breaks it; a wrong, partly right or missing answer ends it).
 */
export function streakBefore(
  questions: QuizQuestion[],
  index: number,
  stateAt: (questionId: string) => ReturnType<typeof stateOf> | undefined,
) {
  let streak = 0;
  for (const question of questions.slice(0, index)) {
    const state = stateAt(question.id);
    if (state === 'voted' || (state === undefined && kindOf(question) === 'poll')) continue;
    streak = state === 'correct' ? streak + 1 : 0;
  }
  return streak;
}

/**
 * Self-paced challenges: a quiz a host assigns with a deadline, played alone by each member of
 * its college, once, at their own pace with each question's own timer. The server's clock
 * (`clock`, injectable) times every question from when the member was given it: reloading the
 * page gives the same question with less time, never a fresh timer.
 *
 * An attempt is a players row: `current_question` is the question out now, given at
 * `question_started_at`; `finished_at` is set once the last question is over. The row is locked
 * while an answer or a move is decided, so a double submit counts once.
 */
export function createChallengeService(db: Database, clock: () => number = Date.now) {
  const isOpen = (challenge: challenges.ChallengeRow) =>
    challenge.deadline !== null && challenge.deadline.getTime() > clock();

  const questionsOf = async (quizId: string) =>
    (await quizQuestionsOf(db, quizId)).map(toEngineQuestion);

  /** The challenge, for a signed-in approved member of its college; 404 for anyone else's. */
  async function challengeFor(user: SessionUser, code: string) {
    const challenge = await challenges.findChallenge(db, code);
    if (!challenge || user.collegeId !== challenge.collegeId)
      throw notFound(QUIZ_PLAY_MESSAGES.challengeNotFound);
    const member = await findPlayableMember(db, { id: user.id });
    if (!member || member.collegeId !== challenge.collegeId)
      throw forbidden(CHALLENGE_MESSAGES.membersOnly);
    return { challenge, member };
  }

  const msLeft = (question: QuizQuestion, startedAt: Date | null) =>
    Math.max(0, (startedAt?.getTime() ?? clock()) + question.timeLimit * 1000 - clock());

  /** Over for the member: their time (and the grace for latency) ran out. */
  const timedOut = (question: QuizQuestion, startedAt: Date | null) =>
    clock() > (startedAt?.getTime() ?? clock()) + question.timeLimit * 1000 + QUIZ.graceMs;

  function questionOut(
    questions: QuizQuestion[],
    index: number,
    startedAt: Date | null,
  ): ChallengeQuestion {
    const question = questions[index]!;
    return {
      question_id: question.id,
      question: question.question,
      options: shownOptions(question),
      question_number: index + 1,
      total_questions: questions.length,
      time_limit: question.timeLimit,
      remaining_ms: msLeft(question, startedAt),
      kind: kindOf(question),
      image: question.image
        ? { url: imageUrl(question.image.name, 'medium'), alt: question.image.alt }
        : null,
      double_points: question.doublePoints ?? false,
    };
  }

  async function stateOfAttempt(
    user: SessionUser,
    challenge: challenges.ChallengeRow,
    questions: QuizQuestion[],
    attempt: challenges.AttemptRow | undefined,
  ): Promise<ChallengeState> {
    const open = isOpen(challenge);
    const board = await challenges.challengeBoard(
      db,
      challenge.id,
      user.id,
      CHALLENGE_BOARD_SIZE,
      // Once closed, every attempt counts, finished or cut short by the deadline.
      !open,
    );
    const playing =
      open && attempt && !attempt.finishedAt && attempt.currentQuestion !== null
        ? attempt.currentQuestion
        : null;
    return {
      code: challenge.code,
      title: challenge.title,
      deadline: challenge.deadline!.toISOString(),
      total_questions: questions.length,
      open,
      // An attempt the deadline cut short is over too: nothing more of it counts.
      attempt: !attempt ? 'none' : playing === null ? 'done' : 'playing',
      score: attempt?.score ?? 0,
      question:
        playing === null ? null : questionOut(questions, playing, attempt!.questionStartedAt),
      leaderboard: board.top,
      you: attempt?.finishedAt || (!open && attempt) ? board.you : null,
      players: board.players,
    };
  }

  return {
    /** POST API.quizHost.challenge(quizId): the host assigns the quiz until the deadline. */
    async create(user: SessionUser, quizId: string, body: StartChallengeBody) {
      const quiz = await findQuiz(db, quizId, user.isSuperAdmin ? null : user.collegeId);
      if (!quiz || (!user.isSuperAdmin && !user.collegeId)) throw notFound(QUIZ_NOT_FOUND);
      const deadline = new Date(body.deadline);
      const ahead = deadline.getTime() - clock();
      if (ahead < QUIZ.challengeMinMinutes * MINUTE)
        throw badRequest(CHALLENGE_MESSAGES.deadlineTooSoon);
      if (ahead > QUIZ.challengeMaxDays * DAY) throw badRequest(CHALLENGE_MESSAGES.deadlineTooLate);
      // Teams are for live games: a challenge stores none whatever it was sent.
      const settings = { ...body.settings, teams: null };
      for (let attempt = 0; attempt < 10; attempt++) {
        const game = await challenges.insertChallenge(db, {
          quizId,
          code: drawCode(),
          deadline,
          settings,
        });
        if (game) return { code: game.code, gameId: game.id };
      }
      throw new Error('no free game code after 10 draws');
    },

    /** GET API.quiz.challenge(code): where the member stands (a reload resumes the question). */
    async state(user: SessionUser, code: string): Promise<ChallengeState> {
      const { challenge } = await challengeFor(user, code);
      const [questions, attempt] = await Promise.all([
        questionsOf(challenge.quizId),
        challenges.findAttempt(db, challenge.id, user.id),
      ]);
      return stateOfAttempt(user, challenge, questions, attempt);
    },

    /**
     * POST API.quiz.challengeNext(code): starts the attempt, or gives the next question once the
     * one out now is answered or its time is over (then it counts as unanswered). While the
     * question out now still runs unanswered, nothing moves: a second press is harmless. After
     * the last question the attempt is finished.
     */
    async next(user: SessionUser, code: string): Promise<ChallengeState> {
      const { challenge, member } = await challengeFor(user, code);
      if (!isOpen(challenge)) {
        const attempt = await challenges.findAttempt(db, challenge.id, user.id);
        if (attempt?.finishedAt) throw conflict(QUIZ_PLAY_MESSAGES.challengeDone);
        throw closed();
      }
      const questions = await questionsOf(challenge.quizId);
      const attempt = await db.transaction(async (tx) => {
        const mine = await challenges.findAttempt(tx, challenge.id, user.id, true);
        if (!mine) {
          // Two first presses at once: the unique (game, member) index keeps one attempt.
          const started = await challenges.insertAttempt(tx, {
            gameId: challenge.id,
            userId: user.id,
            name: member.fullName,
            startedAt: new Date(clock()),
          });
          return started ?? (await challenges.findAttempt(tx, challenge.id, user.id));
        }
        if (mine.finishedAt || mine.currentQuestion === null)
          throw conflict(QUIZ_PLAY_MESSAGES.challengeDone);
        const index = mine.currentQuestion;
        const question = questions[index];
        const answered =
          question !== undefined &&
          (await challenges.attemptAnswers(tx, mine.id)).some((a) => a.questionId === question.id);
        if (question && !answered && !timedOut(question, mine.questionStartedAt)) return mine;
        const now = new Date(clock());
        const to =
          index + 1 < questions.length
            ? { currentQuestion: index + 1, questionStartedAt: now }
            : { finishedAt: now };
        await challenges.moveAttempt(tx, mine.id, to);
        return { ...mine, ...to };
      });
      return stateOfAttempt(user, challenge, questions, attempt);
    },

    /**
     * POST API.quiz.challengeAnswer(code): the answer to the question out now, once, timed by the
     * server from when it was given. Marked and scored with the game's settings and the member's
     * streak; stored and added to the score in one transaction with the attempt locked.
     */
    async answer(
      user: SessionUser,
      code: string,
      body: { question_id: string; submitter_answer: unknown; time_taken: number },
    ): Promise<ChallengeAnswerAnswer> {
      const { challenge } = await challengeFor(user, code);
      if (!isOpen(challenge)) throw closed();
      const questions = await questionsOf(challenge.quizId);
      const scoring = settingsOf(challenge.settings);
      const outcome = await db.transaction(async (tx) => {
        const mine = await challenges.findAttempt(tx, challenge.id, user.id, true);
        if (!mine) throw conflict(CHALLENGE_MESSAGES.notStarted);
        if (mine.finishedAt || mine.currentQuestion === null)
          throw conflict(QUIZ_PLAY_MESSAGES.challengeDone);
        const index = mine.currentQuestion;
        const question = questions[index];
        if (!question || question.id !== body.question_id)
          throw conflict(CHALLENGE_MESSAGES.notCurrent);
        const elapsedMs = Math.max(0, clock() - (mine.questionStartedAt?.getTime() ?? clock()));
        if (elapsedMs > question.timeLimit * 1000 + QUIZ.graceMs)
          throw conflict(QUIZ_MESSAGES.tooLate);
        const given = await challenges.attemptAnswers(tx, mine.id);
        if (given.some((a) => a.questionId === question.id))
          throw conflict(CHALLENGE_MESSAGES.answeredAlready);
        const value = body.submitter_answer as Parameters<typeof markAnswer>[1];
        const marking = markAnswer(question, value);
        if (!marking) throw badRequest(QUIZ_PLAY_MESSAGES.badAnswer);
        const states = new Map(given.map((a) => [a.questionId, stateOf(a)]));
        const streak = streakBefore(questions, index, (id) => states.get(id));
        const score = scoreAnswer(question, marking, elapsedMs, streak, scoring);
        const stored = await challenges.insertChallengeAnswer(tx, {
          playerId: mine.id,
          questionId: question.id,
          option: typeof value === 'number' ? value : null,
          value: typeof value === 'number' ? null : value,
          timeTakenMs: Math.round(body.time_taken * 1000),
          isCorrect: marking.state === 'correct',
          score: score.points,
          state: marking.state,
          elapsedMs,
          bonus: score.bonus,
        });
        if (!stored) throw conflict(CHALLENGE_MESSAGES.answeredAlready);
        return { question, marking, score, total: mine.score + score.points };
      });
      const { question, marking, score, total } = outcome;
      return {
        is_correct: marking.state === 'correct',
        answer_state: marking.state,
        score_added: score.points,
        score_earned: total,
        streak_bonus: score.bonus,
        reveal: await revealOf(db, challenge.id, question),
      };
    },
  };
}
export type ChallengeService = ReturnType<typeof createChallengeService>;

/** What was right, as the player sees the options (an order question's shown shuffled). */
async function revealOf(
  db: Executor,
  gameId: string,
  question: QuizQuestion,
): Promise<ChallengeAnswerAnswer['reveal']> {
  const kind = kindOf(question);
  switch (kind) {
    case 'single':
    case 'true_false':
      return { kind, correct_options: [question.correctOption] };
    case 'multiple':
      return { kind, correct_options: [...(question.correctOptions ?? [])] };
    case 'typed':
      return { kind, accepted_answers: [...(question.acceptedAnswers ?? [])] };
    case 'order':
      return { kind, correct_order: rightOrderShown(question) };
    case 'poll': {
      const counts = await challenges.optionCounts(db, gameId, question.id);
      const distribution = question.options.map(
        (_, i) => counts.find((c) => c.option === i)?.count ?? 0,
      );
      return { kind, distribution };
    }
  }
}
