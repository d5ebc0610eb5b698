import type { QuizQuestionInput } from '@alumnet/contract';
import type { Executor } from '../client';
import { quizQuestions, quizzes } from '../schema';

export const DEMO_QUIZ_TITLE = 'Campus Life and Alumni Trivia';

/** Ten general-knowledge questions about campus life and alumni, each with its real answer. */
export const DEMO_QUIZ_QUESTIONS: QuizQuestionInput[] = [
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
];

/** The demo admin's quiz, ready to host: call it once, from the demo seed's transaction. */
export async function seedDemoQuiz(tx: Executor, collegeId: string, adminId: string) {
  const [quiz] = await tx
    .insert(quizzes)
    .values({ collegeId, createdBy: adminId, title: DEMO_QUIZ_TITLE })
    .returning({ id: quizzes.id });
  await tx.insert(quizQuestions).values(
    DEMO_QUIZ_QUESTIONS.map((q, position) => ({
      quizId: quiz!.id,
      position,
      question: q.question,
      options: q.options,
      correctOption: q.correctOption,
      timeLimit: q.timeLimit,
    })),
  );
  return quiz!.id;
}
