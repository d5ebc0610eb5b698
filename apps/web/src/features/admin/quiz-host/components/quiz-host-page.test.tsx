import {
  INVALID_IMAGE_TYPE_MESSAGE,
  QUIZ_EDITOR_MESSAGES,
  type QuizDetail,
  type QuizGameSummary,
  type QuizSummary,
} from '@alumnet/contract';
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
/** A stored question as the server reads it back: an old quiz's are single choice. */
const stored = (
  over: Partial<QuizDetail['questions'][number]>,
): QuizDetail['questions'][number] => ({
  _id: '00000000-0000-4000-8000-0000000000b1',
  kind: 'single',
  question: '',
  options: [],
  correctOption: 0,
  correctOptions: [],
  partialCredit: false,
  acceptedAnswers: [],
  doublePoints: false,
  image: null,
  timeLimit: 20,
  ...over,
});
const detail: QuizDetail = {
  ...trivia,
  questions: [
    stored({ question: 'Founded in?', options: ['1950', '1962'], correctOption: 1 }),
    stored({
      _id: '00000000-0000-4000-8000-0000000000b2',
      question: 'Mascot?',
      options: ['Owl', 'Lion', 'Fox'],
      correctOption: 2,
      timeLimit: 30,
    }),
  ],
};
const games: QuizGameSummary[] = [
  {
    code: 'K7Q2XZ',
    gameId: '00000000-0000-4000-8000-0000000000c2',
    quizId: LIVE_ID,
    title: 'Campus history',
    kind: 'live',
    status: 'question',
    playedAt: '2025-03-05T09:00:00.000Z',
    deadline: null,
    players: 12,
    winner: null,
  },
  {
    code: 'CH4LL3',
    gameId: '00000000-0000-4000-8000-0000000000c3',
    quizId: '00000000-0000-4000-8000-0000000000a3',
    title: 'Reunion warm-up',
    kind: 'challenge',
    status: 'finished',
    playedAt: '2025-03-01T09:00:00.000Z',
    deadline: '2025-03-03T18:00:00.000Z',
    players: 1,
    winner: 'Meera Menon',
  },
];

function serveQuizzes() {
  let list = [trivia, live];
  return serve((method, path) => {
    if (method === 'GET' && path.split('?')[0] === '/api/quizzes') return json(200, list);
    if (method === 'GET' && path.split('?')[0] === '/api/quiz-games') return json(200, games);
    if (method === 'POST' && path === `/api/quizzes/${QUIZ_ID}/challenges`)
      return json(201, { code: 'CH4LL3', gameId: '00000000-0000-4000-8000-0000000000c3' });
    if (method === 'PUT' && path.startsWith('/v1/'))
      return json(200, { image: 'quiz-mascot.png', url: '/v1/s3?image=quiz-mascot.png' });
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

  it("starts a game with today's scoring and opens its console", async () => {
    const { bodies } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(within(card('Alumni Day trivia')).getByRole('button', { name: 'Start game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a game' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(address().textContent).toBe('/dashboard/quiz/game/AB12CD'));
    expect(bodies(`POST /api/quizzes/${QUIZ_ID}/games`)).toEqual([
      { settings: { speedScoring: true, streakBonus: false, podiumSize: 3, teams: null } },
    ]);
  });

  it('starts a game with the scoring and teams the host chose', async () => {
    const { bodies } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(within(card('Alumni Day trivia')).getByRole('button', { name: 'Start game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a game' });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Speed scoring/ }));
    fireEvent.click(within(dialog).getByRole('switch', { name: /Streak bonus/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Podium places' }), {
      target: { value: '12' },
    });
    await within(dialog).findByText('The podium shows 3 to 10 places');
    expect(within(dialog).getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Podium places' }), {
      target: { value: '5' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Players pick their team' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Number of teams' }), {
      target: { value: '9' },
    });
    await within(dialog).findByText('Play with 2 to 8 teams');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Number of teams' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(address().textContent).toBe('/dashboard/quiz/game/AB12CD'));
    expect(bodies(`POST /api/quizzes/${QUIZ_ID}/games`)).toEqual([
      {
        settings: {
          speedScoring: false,
          streakBonus: true,
          podiumSize: 5,
          teams: { count: 4, choose: 'players' },
        },
      },
    ]);
  });

  it('assigns a quiz as a challenge and shows the link to share', async () => {
    const { bodies } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(
      within(card('Alumni Day trivia')).getByRole('button', { name: 'Assign as challenge' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign as challenge' });
    expect(within(dialog).queryByText('Teams')).toBeNull();
    const closes = within(dialog).getByLabelText(/Closes at/);
    fireEvent.change(closes, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await within(dialog).findByText('Choose when the challenge closes');
    fireEvent.change(closes, { target: { value: '2020-01-01T10:00' } });
    await within(dialog).findByText('The challenge closes at least 5 minutes from now');
    expect(bodies(`POST /api/quizzes/${QUIZ_ID}/challenges`)).toHaveLength(0);

    const inAFewWeeks = new Date(Date.now() + 20 * 24 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${inAFewWeeks.getFullYear()}-${pad(inAFewWeeks.getMonth() + 1)}-${pad(inAFewWeeks.getDate())}T18:00`;
    fireEvent.change(closes, { target: { value: local } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Speed scoring/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(bodies(`POST /api/quizzes/${QUIZ_ID}/challenges`)).toHaveLength(1));
    const sent = bodies(`POST /api/quizzes/${QUIZ_ID}/challenges`)[0] as {
      deadline: string;
      settings: unknown;
    };
    expect(sent.settings).toEqual({ speedScoring: false, streakBonus: false, podiumSize: 3 });
    expect(new Date(sent.deadline).getTime()).toBe(new Date(local).getTime());
    const link = `${window.location.origin}/quiz/challenge/CH4LL3`;
    expect((await within(dialog).findByRole('link', { name: link })).getAttribute('href')).toBe(
      link,
    );
    within(dialog).getByRole('button', { name: 'Copy the challenge link' });
  });

  it('lists past games with their players and winner, and links to reports', async () => {
    serveQuizzes();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Games' });
    const [running, challenge] = within(list).getAllByRole('listitem');
    within(running!).getByText(/12 players/);
    within(running!).getByText(/Running now/);
    expect(within(running!).getByRole('link', { name: 'Console' }).getAttribute('href')).toBe(
      '/dashboard/quiz/game/K7Q2XZ',
    );
    within(challenge!).getByText('Challenge');
    within(challenge!).getByText(/Closed .* 1 player/);
    within(challenge!).getByText('Winner: Meera Menon');
    expect(within(challenge!).queryByRole('link', { name: 'Console' })).toBeNull();
    fireEvent.click(within(challenge!).getByRole('link', { name: 'Report' }));
    await waitFor(() => expect(address().textContent).toBe('/dashboard/quiz/game/CH4LL3/report'));
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

  it('writes questions of other kinds, with a picture, and posts each in its own shape', async () => {
    const { bodies, calls } = serveQuizzes();
    renderPage();
    await screen.findByText('Alumni Day trivia');
    fireEvent.click(screen.getByRole('button', { name: 'New quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    const kind = (n: number, value: string) =>
      fireEvent.change(within(dialog).getByRole('combobox', { name: `Question ${n} kind` }), {
        target: { value },
      });
    type('Title', 'Mixed');

    // 1: a typed answer, its options from single choice left behind without a message.
    kind(1, 'typed');
    type('Question 1 text', 'Capital of France?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await within(dialog).findByText(QUIZ_EDITOR_MESSAGES.acceptedEmpty);
    expect(within(dialog).queryByText('An option cannot be empty')).toBeNull();
    type('Question 1, accepted answer 1', 'Paris');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add accepted answer' }));
    type('Question 1, accepted answer 2', ' paris, france ');

    // 2: several right answers with partial credit, double points and a picture.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    kind(2, 'multiple');
    type('Question 2 text', 'Which are prime?');
    type('Question 2, option 1', '2');
    type('Question 2, option 2', '4');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Add option' })[0]!);
    type('Question 2, option 3', '5');
    await within(dialog).findByText(QUIZ_EDITOR_MESSAGES.markSomeRight);
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Option 1 of question 2 is right' }),
    );
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Option 3 of question 2 is right' }),
    );
    fireEvent.click(within(dialog).getByRole('switch', { name: /^Partial credit/ }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Question 2 double points' }));
    const pictureInputs = dialog.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const gif = new File(['GIF89a'], 'spin.gif', { type: 'image/gif' });
    fireEvent.change(pictureInputs[1]!, { target: { files: [gif] } });
    await within(dialog).findByText(INVALID_IMAGE_TYPE_MESSAGE);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'primes.png', { type: 'image/png' });
    fireEvent.change(pictureInputs[1]!, { target: { files: [png] } });
    const alt = await within(dialog).findByRole('textbox', {
      name: 'Question 2 picture description',
    });
    expect(calls.filter((c) => c.call.startsWith('PUT /v1/'))).toHaveLength(1);
    await within(dialog).findByText(QUIZ_EDITOR_MESSAGES.altRequired);
    fireEvent.change(alt, { target: { value: 'Numbers on a board' } });

    // 3: true or false; 4: a poll; 5: items to put in order, moved into place.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    kind(3, 'true_false');
    type('Question 3 text', 'The sun is a star.');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Question 3 is True' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    kind(4, 'poll');
    type('Question 4 text', 'Best season?');
    type('Question 4, option 1', 'Summer');
    type('Question 4, option 2', 'Winter');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    kind(5, 'order');
    type('Question 5 text', 'Oldest first');
    type('Question 5, item 1', '1990');
    type('Question 5, item 2', '1970');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move item 2 of question 5 up' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(bodies('POST /api/quizzes')).toHaveLength(1));
    expect(bodies('POST /api/quizzes')[0]).toEqual({
      title: 'Mixed',
      questions: [
        {
          kind: 'typed',
          question: 'Capital of France?',
          acceptedAnswers: ['Paris', 'paris, france'],
          timeLimit: 20,
        },
        {
          kind: 'multiple',
          question: 'Which are prime?',
          options: ['2', '4', '5'],
          correctOptions: [0, 2],
          partialCredit: true,
          timeLimit: 20,
          doublePoints: true,
          image: { name: 'quiz-mascot.png', alt: 'Numbers on a board' },
        },
        {
          kind: 'true_false',
          question: 'The sun is a star.',
          options: ['True', 'False'],
          correctOption: 0,
          timeLimit: 20,
        },
        { kind: 'poll', question: 'Best season?', options: ['Summer', 'Winter'], timeLimit: 20 },
        { kind: 'order', question: 'Oldest first', options: ['1970', '1990'], timeLimit: 20 },
      ],
    });
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
