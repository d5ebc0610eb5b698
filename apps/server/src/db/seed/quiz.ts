import { defaultGameSettings, quizQuestionInput, type QuizAnswerValue } from '@alumnet/contract';
import { markAnswer, rightOrderShown, scoreAnswer, type Scoring } from '@alumnet/quiz-engine';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../client';
import { quizQuestionsOf, writeQuestions } from '../../modules/quiz/repository';
import { answers, games, players, quizzes, users } from '../schema';

const DAY = 24 * 60 * 60_000;

/** A demo question as written here: the contract's input, kind and defaults optional. */
type DemoQuestion = z.input<typeof quizQuestionInput>;

export const DEMO_QUIZ_TITLE = 'Campus Life and Alumni Trivia';

/**
 * General-knowledge questions about campus life and alumni, each with its real answer: ten single
 * choice (one with a picture), then one of each further kind.
 */
export const DEMO_QUIZ_QUESTIONS: DemoQuestion[] = [
  {
    question: 'What does the Latin phrase "alma mater" literally mean?',
    options: ['Nourishing mother', 'Old school', 'Mother tongue', 'Great hall'],
    correctOption: 0,
    timeLimit: 20,
  },
  {
    question: 'What is the singular form of "alumni" for a male graduate?',
    options: ['Alumna', 'Alumnus', 'Alumnae', 'Alumnum'],
    correctOption: 1,
    timeLimit: 15,
  },
  {
    question: 'What is the ceremony at which graduates formally receive their degrees called?',
    options: ['Orientation', 'Matriculation', 'Convocation', 'Induction'],
    correctOption: 2,
    timeLimit: 15,
    image: {
      name: 'demo-convocation.jpg',
      alt: 'Graduates in gowns and caps lined up on a stage in front of the college hall',
    },
  },
  {
    question: 'What does GPA stand for?',
    options: [
      'General Performance Assessment',
      'Grade Point Average',
      'Graduate Placement Aptitude',
      'Grade Percentage Aggregate',
    ],
    correctOption: 1,
    timeLimit: 15,
  },
  {
    question: 'In which year was IIT Kharagpur, the first Indian Institute of Technology, founded?',
    options: ['1947', '1951', '1959', '1961'],
    correctOption: 1,
    timeLimit: 20,
  },
  {
    question:
      'Which ancient university in present-day Bihar is a UNESCO World Heritage Site as the Nalanda Mahavihara?',
    options: ['Takshashila', 'Vikramashila', 'Nalanda', 'Vallabhi'],
    correctOption: 2,
    timeLimit: 20,
  },
  {
    question:
      'Which university, founded in 859 in Fez, Morocco, is recognised by UNESCO as the oldest still operating?',
    options: [
      'University of Bologna',
      'University of al-Qarawiyyin',
      'University of Oxford',
      'Al-Azhar University',
    ],
    correctOption: 1,
    timeLimit: 25,
  },
  {
    question:
      'Which company did Larry Page and Sergey Brin start as a research project while PhD students at Stanford?',
    options: ['Yahoo', 'Netscape', 'Google', 'Cisco'],
    correctOption: 2,
    timeLimit: 20,
  },
  {
    question:
      'Which social network did Harvard students launch in 2004, first for college students?',
    options: ['MySpace', 'Orkut', 'LinkedIn', 'Facebook'],
    correctOption: 3,
    timeLimit: 20,
  },
  {
    question:
      'At many graduation ceremonies, which way do graduates move the tassel on their cap once the degree is conferred?',
    options: ['Left to right', 'Right to left', 'Front to back', 'It is not moved'],
    correctOption: 1,
    timeLimit: 20,
  },
  // Issue 31: one question of each further kind.
  {
    kind: 'true_false',
    question: 'True or false: "alumnae" is the plural used for a group of women graduates.',
    correctOption: 0,
    timeLimit: 15,
  },
  {
    kind: 'multiple',
    question: 'Which of these are Indian Institutes of Technology? Choose every right answer.',
    options: ['IIT Bombay', 'IIM Ahmedabad', 'IIT Madras', 'AIIMS Delhi'],
    correctOptions: [0, 2],
    partialCredit: true,
    timeLimit: 25,
  },
  {
    kind: 'poll',
    question: 'Which alumni event would you most like us to host next?',
    options: ['A batch reunion', 'A career fair', 'A sports day', 'A startup pitch night'],
    timeLimit: 20,
  },
  {
    kind: 'typed',
    question: 'Which city is home to the Indian Institute of Science (IISc)?',
    acceptedAnswers: ['Bengaluru', 'Bangalore'],
    timeLimit: 25,
    doublePoints: true,
  },
  {
    kind: 'order',
    question: 'Put these steps of a degree in the order they happen.',
    options: ['Admission', 'Matriculation', 'Final examinations', 'Convocation'],
    timeLimit: 30,
  },
];

/** The demo admin's quiz, ready to host, with one game played and one challenge open. */
export async function seedDemoQuiz(tx: Executor, collegeId: string, adminId: string) {
  const [quiz] = await tx
    .insert(quizzes)
    .values({ collegeId, createdBy: adminId, title: DEMO_QUIZ_TITLE })
    .returning({ id: quizzes.id });
  const questions = DEMO_QUIZ_QUESTIONS.map((given) => quizQuestionInput.parse(given));
  await writeQuestions(tx, quiz!.id, questions);
  const played = (await quizQuestionsOf(tx, quiz!.id)).map((row, i) => ({
    ...questions[i]!,
    id: row.id,
  }));
  const members = await tx
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.collegeId, collegeId),
        eq(users.isApproved, true),
        eq(users.userType, 'u'),
        eq(users.isSuperAdmin, false),
      ),
    )
    .orderBy(asc(users.email))
    .limit(24);
  await seedPlayedGame(tx, quiz!.id, played, members.slice(0, 12));
  await seedOpenChallenge(tx, quiz!.id, played, members.slice(12, 18));
  return quiz!.id;
}

type PlayedQuestion = z.output<typeof quizQuestionInput> & { id: string };
type Member = { id: string; fullName: string };

/** A small generator with a fixed seed: the demo is the same on every start. */
function demoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** A plausible answer: right about two times in three, else a wrong one, sometimes none. */
function demoAnswer(question: PlayedQuestion, random: () => number): QuizAnswerValue | null {
  const roll = random();
  if (roll < 0.08) return null;
  const right = roll < 0.7;
  const pick = Math.floor(random() * question.options.length);
  switch (question.kind) {
    case 'single':
    case 'true_false':
      return right
        ? question.correctOption
        : (question.correctOption + 1 + (pick % (question.options.length - 1))) %
            question.options.length;
    case 'poll':
      return pick;
    case 'multiple':
      return right ? [...question.correctOptions] : [question.correctOptions[0]!, 1];
    case 'typed':
      return right
        ? (question.acceptedAnswers[pick % question.acceptedAnswers.length] ?? '')
        : 'Mysuru';
    case 'order': {
      const order = rightOrderShown(question);
      return right ? order : [...order].reverse();
    }
  }
}

/**
 * A live game played last week in two teams, with the streak bonus on: its report and the host's
 * list of past games have something to show. Marked and scored by the engine's own rules.
 */
async function seedPlayedGame(
  tx: Executor,
  quizId: string,
  questions: PlayedQuestion[],
  members: Member[],
) {
  const settings = {
    ...defaultGameSettings(),
    streakBonus: true,
    podiumSize: 3,
    teams: { count: 2, choose: 'auto' as const },
  };
  const playedAt = new Date(Date.now() - 7 * DAY);
  const [game] = await tx
    .insert(games)
    .values({
      quizId,
      code: 'DEMO31',
      status: 'finished',
      currentQuestion: questions.length - 1,
      kind: 'live',
      settings,
      createdAt: playedAt,
      finishedAt: new Date(playedAt.getTime() + 20 * 60_000),
    })
    .returning({ id: games.id });
  const random = demoRandom(31);
  for (const [i, member] of members.entries()) {
    const joinedAt = new Date(playedAt.getTime() + i * 1000);
    const [player] = await tx
      .insert(players)
      .values({ gameId: game!.id, userId: member.id, name: member.fullName, team: i % 2, joinedAt })
      .returning({ id: players.id });
    const { score } = await playDemo(tx, player!.id, questions, settings, random, joinedAt);
    await tx.update(players).set({ score }).where(eq(players.id, player!.id));
  }
}

/**
 * One member's answers to every question, marked and scored by the engine's own rules (the
 * game's settings, their streak), stored as the live game and challenges store theirs; answered
 * one after another from `from`. Answers their score and when they finished.
 */
async function playDemo(
  tx: Executor,
  playerId: string,
  questions: PlayedQuestion[],
  settings: Scoring,
  random: () => number,
  from: Date,
) {
  let score = 0;
  let streak = 0;
  let at = from.getTime();
  const rows: (typeof answers.$inferInsert)[] = [];
  for (const question of questions) {
    const value = demoAnswer(question, random);
    const elapsedMs = Math.round(question.timeLimit * 1000 * (0.15 + random() * 0.7));
    at += elapsedMs + 4_000;
    if (value === null) {
      if (question.kind !== 'poll') streak = 0;
      continue;
    }
    const marking = markAnswer(question, value)!;
    const scored = scoreAnswer(question, marking, elapsedMs, streak, settings);
    streak = scored.streak;
    score += scored.points;
    rows.push({
      playerId,
      questionId: question.id,
      option: typeof value === 'number' ? value : null,
      value: typeof value === 'number' ? null : value,
      state: marking.state,
      isCorrect: marking.state === 'correct',
      score: scored.points,
      bonus: scored.bonus,
      elapsedMs,
      timeTakenMs: elapsedMs + 120,
      createdAt: new Date(at),
    });
  }
  if (rows.length > 0) await tx.insert(answers).values(rows);
  return { score, finishedAt: new Date(at) };
}

/** A challenge open for two more weeks, which a few members have already played. */
async function seedOpenChallenge(
  tx: Executor,
  quizId: string,
  questions: PlayedQuestion[],
  members: Member[],
) {
  const settings = { ...defaultGameSettings(), speedScoring: false };
  const assignedAt = new Date(Date.now() - 2 * DAY);
  const [game] = await tx
    .insert(games)
    .values({
      quizId,
      code: 'CHAL31',
      // A challenge has no live state: 'finished' keeps the live game's calls off it.
      status: 'finished',
      kind: 'challenge',
      settings,
      deadline: new Date(Date.now() + 14 * DAY),
      createdAt: assignedAt,
    })
    .returning({ id: games.id });
  const random = demoRandom(131);
  for (const [i, member] of members.entries()) {
    const startedAt = new Date(assignedAt.getTime() + (i + 1) * 3 * 3_600_000);
    const [player] = await tx
      .insert(players)
      .values({ gameId: game!.id, userId: member.id, name: member.fullName, joinedAt: startedAt })
      .returning({ id: players.id });
    const played = await playDemo(tx, player!.id, questions, settings, random, startedAt);
    await tx.update(players).set(played).where(eq(players.id, player!.id));
  }
}
