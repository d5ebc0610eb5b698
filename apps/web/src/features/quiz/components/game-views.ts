// The in-game views as one lazily loaded chunk of the player's page (see quiz-page.tsx).
export { AnswerView } from './answer-view';
export { QuestionView } from './question-view';
