import type { QuizDetail, QuizSummary } from '@alumnet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { disconnectRealtime } from '../../../../lib/realtime';
import { ADMIN, COLLEGE, json, renderRoute, serve } from '../testing/render-route';
import { QuizHostPage } from './quiz-host-page';

// The member layout opens the chat connection; these tests are not about it.
vi.mock('socket.io-client', () => import('../../../../testing/fake-socket'));

const QUIZ_ID = '00000000-0000-4000-8000-0000000000a1';
const LIVE_ID = '00000000-0000-4000-8000-0000000000a2';
const summary = (over: Partial<QuizSummary>): QuizSummary => ({
  _id: QUIZ_ID,
  title: 'Alumni Day trivia',
  collegeId: COLLEGE,
  questionCount: 2,
  createdAt: '2025-03-04T10:30:00.000Z',
  liveCode: null,
  ...over,
});
const trivia = summary({});
const live = summary({
  _id: LIVE_ID,
  title: 'Campus history',
  questionCount: 1,
  liveCode: 'K7Q2XZ',
});
const detail: QuizDetail = {
  ...trivia,
  questions: [
    {
      _id: '00000000-0000-4000-8000-0000000000b1',
      question: 'Founded in?',
      options: ['1950', '1962'],
      correctOption: 1,
      timeLimit: 20,
    },
    {
      _id: '00000000-0000-4000-8000-0000000000b2',
      question: 'Mascot?',
      options: ['Owl', 'Lion', 'Fox'],
      correctOption: 2,
      timeLimit: 30,
    },
  ],
};

function serveQuizzes() {
  let list = [trivia, live];
  return serve((method, path) => {
    if (method === 'GET' && path.split('?')[0] === '/api/quizzes') return json(200, list);
    if (method === 'POST' && path === '/api/quizzes')
      return json(201, summary({ title: 'New one' }));
    if (method === 'GET' && path === `/api/quizzes/${QUIZ_ID}`) return json(200, detail);
    if (method === 'PUT' && path === `/api/quizzes/${QUIZ_ID}`) return json(200, trivia);
    if (method === 'DELETE' && path === `/api/quizzes/${QUIZ_ID}`) {
      list = [live];
      return json(200, { ok: true, message: 'Deleted' });
    }
    if (method === 'POST' && path === `/api/quizzes/${QUIZ_ID}/games`) {
      return json(201, { code: 'AB12CD', gameId: '00000000-0000-4000-8000-0000000000c1' });
    }
    return undefined;
  });
}

const renderPage = (user = ADMIN) =>
  renderRoute(paths.quizHost, paths.quizHost, <QuizHostPage />, user);
const card = (title: string) => screen.getByRole('listitem', { name: title });
const address = () => screen.getByRole('status', { name: 'Current address' });

afterEach(() => {
  disconnectRealtime();
  vi.unstubAllGlobals();
});

describe('QuizHostPage', { timeout: 30_000 }, () => {
  it("lists the college's quizzes and resumes a live game", async () => {
    serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    expect(within(card('Alumni Day trivia')).getByText(/2 questions/)).toBeTruthy();
    expect(
      within(card('Alumni Day trivia')).queryByRole('button', { name: 'Resume game' }),
    ).toBeNull();
    expect(within(card('Campus history')).getByText('Live: K7Q2XZ')).toBeTruthy();
    fireEvent.click(within(card('Campus history')).getByRole('button', { name: 'Resume game' }));
    await waitFor(() => expect(address().textContent).toBe('/dashboard/quiz/game/K7Q2XZ'));
  });

  it('starts a game and opens its console', async () => {
    const { calls } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(within(card('Alumni Day trivia')).getByRole('button', { name: 'Start game' }));
    await waitFor(() => expect(address().textContent).toBe('/dashboard/quiz/game/AB12CD'));
    expect(calls.map((c) => c.call)).toContain(`POST /api/quizzes/${QUIZ_ID}/games`);
  });

  it("shows the contract's messages beside the fields, then posts the whole quiz", async () => {
    const { bodies } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(screen.getByRole('button', { name: 'New quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await within(dialog).findByText('Give the quiz a title');
    within(dialog).getByText('Each question needs its text');
    expect(within(dialog).getAllByText('An option cannot be empty')).toHaveLength(2);
    expect(bodies('POST /api/quizzes')).toHaveLength(0);

    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type('Title', 'Capitals');
    type('Question 1 text', 'Capital of France?');
    type('Question 1, option 1', 'Lyon');
    type('Question 1, option 2', 'Paris');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    type('Question 1, option 3', 'Nice');
    // No option is marked yet: the contract asks for one.
    await within(dialog).findByText('Mark one of the options as the correct one');
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Option 2 of question 1 is correct' }),
    );
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Question 1 time limit (seconds)' }),
      {
        target: { value: '200' },
      },
    );
    await within(dialog).findByText('A time limit is 5 to 120 seconds');
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Question 1 time limit (seconds)' }),
      {
        target: { value: '15' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));

    await waitFor(() => expect(bodies('POST /api/quizzes')).toHaveLength(1));
    expect(bodies('POST /api/quizzes')[0]).toEqual({
      title: 'Capitals',
      questions: [
        {
          question: 'Capital of France?',
          options: ['Lyon', 'Paris', 'Nice'],
          correctOption: 1,
          timeLimit: 15,
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New quiz' })).toBeNull());
  });

  it('edits a stored quiz: reorders questions and puts it back whole', async () => {
    const { bodies } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(within(card('Alumni Day trivia')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit quiz' });
    await within(dialog).findByDisplayValue('Mascot?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    // The marked option follows its text when an option before it goes.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option 1 of question 1' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(bodies(`PUT /api/quizzes/${QUIZ_ID}`)).toHaveLength(1));
    expect(bodies(`PUT /api/quizzes/${QUIZ_ID}`)[0]).toEqual({
      title: 'Alumni Day trivia',
      questions: [
        { question: 'Mascot?', options: ['Lion', 'Fox'], correctOption: 1, timeLimit: 30 },
        { question: 'Founded in?', options: ['1950', '1962'], correctOption: 1, timeLimit: 20 },
      ],
    });
  });

  it('deletes a quiz only after the confirmation', async () => {
    const { calls } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(within(card('Alumni Day trivia')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete quiz' });
    within(dialog).getByText(/Delete the quiz "Alumni Day trivia"/);
    expect(calls.some((c) => c.call.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Alumni Day trivia')).toBeNull());
    expect(calls.map((c) => c.call)).toContain(`DELETE /api/quizzes/${QUIZ_ID}`);
  });

  it("works on the super admin's chosen college", async () => {
    const { calls, bodies } = serveQuizzes();
    renderPage({ ...ADMIN, isSuperAdmin: true });
    await screen.findByText('Alumni Day trivia');
    expect(calls.map((c) => c.call)).toContain(`GET /api/quizzes?collegeId=${COLLEGE}`);
    fireEvent.click(screen.getByRole('button', { name: 'New quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type('Title', 'Capitals');
    type('Question 1 text', 'Capital of Italy?');
    type('Question 1, option 1', 'Rome');
    type('Question 1, option 2', 'Milan');
    fireEvent.click(
      within(dialog).getByRole('radio', { name: 'Option 1 of question 1 is correct' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(bodies('POST /api/quizzes')).toHaveLength(1));
    expect(bodies('POST /api/quizzes')[0]).toMatchObject({ title: 'Capitals', collegeId: COLLEGE });
  });

  it('shows a member the not-authorized screen', async () => {
    serveQuizzes();
    renderPage({ ...ADMIN, userType: 'u' });
    await screen.findByText('Not authorized');
    expect(screen.queryByText('Live Quiz')).toBeNull();
  });
});
