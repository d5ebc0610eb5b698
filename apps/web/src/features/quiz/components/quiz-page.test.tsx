import { QUIZ, QUIZ_IDENTITY_MESSAGES, QUIZ_MESSAGES } from '@alumnet/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE,
  CODE_SENT,
  EMAIL_CODE,
  FakeSocket,
  INFO,
  JOIN,
  JOINED,
  ME,
  MEERA,
  PLAYER,
  STATUS,
  SUBMIT,
  VALIDATE,
  codeField,
  codeInput,
  enterButton,
  failure,
  joinAsMeera,
  lastSocket,
  question,
  renderAt,
  sendCodeButton,
  serve,
} from '../testing/quiz-kit';

beforeEach(() => {
  FakeSocket.all = [];
  sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Rendering Mantine in jsdom is slow on a busy two-core machine.
describe('QuizPage', { timeout: 20_000 }, () => {
  it('keeps the code to six upper-case letters and digits and submits only a whole code', async () => {
    const calls = serve({ [STATUS]: [200, INFO] });
    renderAt('/quiz');
    expect(screen.getByRole('heading', { name: QUIZ_MESSAGES.heading })).toBeTruthy();

    // An empty code asked for by the Enter key gets the spec's message.
    fireEvent.keyDown(codeInput(), { key: 'Enter' });
    expect(await screen.findByText(QUIZ_MESSAGES.codeRequired)).toBeTruthy();

    fireEvent.change(codeInput(), { target: { value: 'ab-c 1' } });
    expect(codeInput()).toHaveProperty('value', 'ABC1');
    expect(screen.queryByText(QUIZ_MESSAGES.codeRequired)).toBeNull();
    expect(enterButton()).toHaveProperty('disabled', true);
    fireEvent.keyDown(codeInput(), { key: 'Enter' });
    expect(calls).toEqual([]);

    fireEvent.change(codeInput(), { target: { value: 'abc123xyz' } });
    expect(codeInput()).toHaveProperty('value', CODE);
    expect(enterButton()).toHaveProperty('disabled', false);
    fireEvent.keyDown(codeInput(), { key: 'Enter' });

    // The e-mail step shows what game-status said about the game.
    expect(await screen.findByRole('heading', { name: INFO.title })).toBeTruthy();
    expect(screen.getByText(CODE)).toBeTruthy();
    expect(screen.getByText('Waiting to start')).toBeTruthy();
    expect(screen.getByText('Questions').nextSibling?.textContent).toBe('3');
    expect(screen.getByText('Players').nextSibling?.textContent).toBe('4');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([STATUS, ME]);
  });

  it('shows Quiz Not Found for an unknown code and Try Again goes back to code entry', async () => {
    serve({ [`GET /api/kahoot/game-status/ZZZ999`]: failure(404, 'Game not found') });
    renderAt('/quiz/zzz999');
    expect(await screen.findByRole('heading', { name: QUIZ_MESSAGES.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(QUIZ_MESSAGES.notFound)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.tryAgain }));
    expect(screen.getByRole('heading', { name: QUIZ_MESSAGES.heading })).toBeTruthy();
    expect(codeInput()).toHaveProperty('value', 'ZZZ999');
  });

  it('says the connection failed when game-status fails otherwise', async () => {
    serve({ [STATUS]: failure(503, 'Service unavailable') });
    renderAt(`/quiz/${CODE}`);
    expect(await screen.findByText(QUIZ_MESSAGES.connectFailed)).toBeTruthy();
    expect(screen.getByRole('heading', { name: QUIZ_MESSAGES.heading })).toBeTruthy();
  });

  it('sends a visitor a code, checks it, reports failed calls, and Back goes one step back', async () => {
    const calls = serve({
      [ME]: [200, { user: null }],
      [STATUS]: [200, INFO],
      [EMAIL_CODE]: CODE_SENT,
      [VALIDATE]: [
        failure(401, QUIZ_MESSAGES.validateFailed),
        failure(401, QUIZ_IDENTITY_MESSAGES.codeExpired),
        [200, PLAYER],
      ],
      [JOIN]: [failure(500, 'Server error'), JOINED],
    });
    renderAt(`/quiz/${CODE}`);
    const email = await screen.findByLabelText('Your e-mail');
    expect(sendCodeButton()).toHaveProperty('disabled', true);
    expect(email.getAttribute('name')).toBe('email_id');
    expect(email.closest('form')?.getAttribute('method')).toBe('post');

    fireEvent.change(email, { target: { value: 'meera.demo.dev' } });
    await waitFor(() => expect(sendCodeButton().getAttribute('data-loading')).toBeNull());
    fireEvent.click(sendCodeButton());
    expect(await screen.findByText(QUIZ_MESSAGES.emailInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(email, { target: { value: ' Meera@Demo.Alumnet.dev ' } });
    fireEvent.click(sendCodeButton());
    // The same words whether or not the address is a member's; no name until the code is right.
    expect(await screen.findByText(new RegExp(QUIZ_IDENTITY_MESSAGES.codeSent))).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/kahoot/email-code',
      body: { email_id: 'meera@demo.alumnet.dev' },
    });
    const digits = await codeField();
    expect(digits.getAttribute('name')).toBe('code');
    fireEvent.change(digits, { target: { value: '12a34' } });
    expect(digits).toHaveProperty('value', '1234');
    const validate = screen.getByRole('button', { name: QUIZ_MESSAGES.validateEmail });
    fireEvent.click(validate);
    expect(await screen.findByText(QUIZ_IDENTITY_MESSAGES.codeInvalid)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/kahoot/validate-user')).toEqual([]);

    fireEvent.change(digits, { target: { value: '123456' } });
    fireEvent.click(validate);
    expect(await screen.findByText(QUIZ_MESSAGES.validateFailed)).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/kahoot/validate-user',
      body: { email_id: 'meera@demo.alumnet.dev', code: '123456', game_code: CODE },
    });
    fireEvent.click(validate);
    expect(await screen.findByText(QUIZ_IDENTITY_MESSAGES.codeExpired)).toBeTruthy();

    fireEvent.click(validate);
    expect(await screen.findByRole('heading', { name: `Welcome, ${PLAYER.name}!` })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.joinGame }));
    expect(await screen.findByText(QUIZ_MESSAGES.joinFailed)).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ player_id: PLAYER.player_id });

    // Back from the welcome: the code was used, so the visitor starts from the e-mail again.
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.back }));
    expect(screen.getByLabelText('Your e-mail')).toBeTruthy();
    expect(sendCodeButton()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.back }));
    expect(screen.getByRole('heading', { name: QUIZ_MESSAGES.heading })).toBeTruthy();
    expect(FakeSocket.all).toEqual([]);
  });

  it('lets a signed-in member play as themselves: their own e-mail, fixed, and no code', async () => {
    const calls = serve({
      [ME]: [200, { user: MEERA, mfa: null }],
      [STATUS]: [200, INFO],
      [VALIDATE]: [200, PLAYER],
    });
    renderAt(`/quiz/${CODE}`);
    // Until the session is known the visitor's form waits; then the member's replaces it.
    await waitFor(() =>
      expect(screen.getByLabelText('Your e-mail')).toHaveProperty('value', MEERA.email),
    );
    const email = screen.getByLabelText('Your e-mail');
    expect(email).toHaveProperty('readOnly', true);
    expect(email.getAttribute('name')).toBe('email_id');
    fireEvent.change(email, { target: { value: 'someone@else.dev' } });
    expect(email).toHaveProperty('value', MEERA.email);
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();

    const validate = screen.getByRole('button', { name: QUIZ_MESSAGES.validateEmail });
    await waitFor(() => expect(validate.getAttribute('data-loading')).toBeNull());
    fireEvent.click(validate);
    expect(await screen.findByRole('heading', { name: `Welcome, ${PLAYER.name}!` })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/kahoot/validate-user',
        body: { email_id: MEERA.email, game_code: CODE },
      },
    ]);
  });

  it('plays a game: joins, connects, answers, sees the results, the leaderboard and the podium', async () => {
    const { calls, socket } = await joinAsMeera();
    expect(socket.url).toBe(`ws://${window.location.host}/api/kahoot/ws/${CODE}`);
    expect(socket.sent).toEqual([
      { type: 'player_connected', player_id: PLAYER.player_id, game_code: CODE },
    ]);
    expect(screen.getByText('Connected')).toBeTruthy();
    expect(screen.getByText(PLAYER.player_id)).toBeTruthy();

    socket.push({ type: 'game_started', total_questions: 3 });
    expect(
      screen.getByText('The game has started! Get ready for the first question.'),
    ).toBeTruthy();

    socket.push(question());
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Which city hosts the campus?' })).toBeTruthy();
    expect(screen.getByText('20s')).toBeTruthy();
    const options = within(screen.getByRole('group', { name: 'Options' })).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual(['AChennai', 'BPune', 'CDelhi', 'DKochi']);

    fireEvent.click(screen.getByRole('button', { name: 'Pune' }));
    expect(await screen.findByText('Answer submitted! Waiting for the results…')).toBeTruthy();
    const submitted = calls.find((c) => c.path.startsWith('/api/kahoot/submit-answer/'));
    expect(submitted?.path).toBe(`/api/kahoot/submit-answer/${CODE}/${PLAYER.player_id}`);
    expect(submitted?.body).toMatchObject({ submitter_answer: 1 });
    const { time_taken } = submitted?.body as { time_taken: number };
    expect(time_taken).toBeGreaterThanOrEqual(0);
    expect(time_taken).toBeLessThan(5);

    socket.push({
      type: 'question_results',
      question_id: 'q1',
      correct_answer: 0,
      score_earned_by_player: 0,
      total_score: 0,
      answer_state: 'wrong',
      your_answer: 1,
    });
    expect(screen.getByText(QUIZ_MESSAGES.wrong)).toBeTruthy();
    expect(screen.getByText(QUIZ_MESSAGES.oops)).toBeTruthy();
    // Marked in words as well as in colour.
    expect(
      within(screen.getByRole('list', { name: 'Answers' })).getByText('A. Chennai').parentElement
        ?.textContent,
    ).toContain('Correct answer');
    expect(
      within(screen.getByRole('list', { name: 'Answers' })).getByText('B. Pune').parentElement
        ?.textContent,
    ).toContain('Your answer');

    socket.push({
      type: 'leaderboard',
      top: [
        { rank: 1, name: 'Rahul Verma', score: 950 },
        { rank: 2, name: 'Anita Rao', score: 800 },
      ],
      you: { rank: 4, name: PLAYER.name, score: 0 },
    });
    const board = screen.getByRole('region', { name: 'Leaderboard' });
    expect(within(board).getByText('#1 Rahul Verma')).toBeTruthy();
    expect(within(board).getByText('Your rank: #4 · 0 points')).toBeTruthy();

    socket.push(question({ question_id: 'q2', question: 'Founded in?', question_number: 2 }));
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();
    socket.push({
      type: 'game_finished',
      podium: [
        { rank: 1, name: 'Rahul Verma', score: 1900 },
        { rank: 2, name: 'Anita Rao', score: 1700 },
        { rank: 3, name: PLAYER.name, score: 900 },
      ],
      you: { rank: 3, name: PLAYER.name, score: 900 },
    });
    const podium = screen.getByRole('region', { name: 'Final results' });
    expect(within(podium).getByText('1st')).toBeTruthy();
    expect(within(podium).getByText('Rahul Verma')).toBeTruthy();
    expect(within(podium).getByText('3rd')).toBeTruthy();
    expect(within(podium).getByText('Your rank: #3 · 900 points')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    expect(screen.getByRole('heading', { name: QUIZ_MESSAGES.heading })).toBeTruthy();
    expect(codeInput()).toHaveProperty('value', '');
    expect(socket.closedWith).toBe(1000);
    expect(sessionStorage.length).toBe(0);
  });

  it('releases the pick when the answer cannot be sent, so the player can retry', async () => {
    const { socket } = await joinAsMeera();
    const calls = serve({
      [SUBMIT]: [
        failure(409, 'The question is not open'),
        [200, { is_correct: true, score_added: 950, score_earned: 950 }],
      ],
    });
    socket.push(question());
    fireEvent.click(screen.getByRole('button', { name: 'Delhi' }));
    // While it is sent, no second pick; the pick is marked in words for assistive technology.
    expect(screen.getByRole('button', { name: 'Chennai' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delhi' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      await screen.findByText(QUIZ_MESSAGES.submitFailed('The question is not open.')),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Chennai' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Chennai' }));
    expect(await screen.findByText('Answer submitted! Waiting for the results…')).toBeTruthy();
    expect(calls.map((c) => c.body)).toMatchObject([
      { submitter_answer: 2 },
      { submitter_answer: 0 },
    ]);

    socket.push({
      type: 'question_results',
      question_id: 'q1',
      correct_answer: 0,
      score_earned_by_player: 950,
      total_score: 950,
      answer_state: 'correct',
      your_answer: 0,
    });
    expect(screen.getByText(QUIZ_MESSAGES.correct)).toBeTruthy();
    expect(screen.getByText('+950')).toBeTruthy();
  });

  it('tells the player time is up when the countdown ends without an answer', async () => {
    const { socket } = await joinAsMeera();
    socket.push(question({ remaining_ms: 300 }));
    expect(await screen.findByText(QUIZ_MESSAGES.timesUp)).toBeTruthy();
    expect(screen.getByText(QUIZ_MESSAGES.tooLate)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Options' })).toBeNull();

    socket.push({
      type: 'question_results',
      question_id: 'q1',
      correct_answer: 2,
      score_earned_by_player: 0,
      total_score: 0,
      answer_state: 'none',
      your_answer: null,
    });
    expect(screen.getByText(QUIZ_MESSAGES.noAnswer)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Answers' })).getByText('C. Delhi').parentElement
        ?.textContent,
    ).toContain('Correct answer');
  });

  it('a refreshed page keeps the player, reconnects and honours remaining_ms and your_answer', async () => {
    await joinAsMeera();
    // A fresh page in the same tab: only sessionStorage survives.
    cleanup();
    FakeSocket.all = [];
    const calls = serve({});
    renderAt('/quiz');

    const socket = lastSocket();
    socket.accept();
    expect(socket.sent[0]).toEqual({
      type: 'player_connected',
      player_id: PLAYER.player_id,
      game_code: CODE,
    });
    socket.push({
      type: 'connected',
      name: PLAYER.name,
      score: 1200,
      status: 'question',
      total_players: 5,
    });
    expect(screen.getByText('Quiz ABC123 · Score 1200')).toBeTruthy();

    socket.push(question({ time_limit: 90, remaining_ms: 65_000 }));
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Time left' })).toBeTruthy();

    // The server remembers an answer the page lost: the screen shows it as submitted.
    socket.push(question({ question_id: 'q2', question_number: 2, your_answer: 3 }));
    expect(screen.getByText('Answer submitted! Waiting for the results…')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Answers' })).getByText('D. Kochi').parentElement
        ?.textContent,
    ).toContain('Your answer');
    expect(calls).toEqual([]);
  });

  it('pings every 30 s and reconnects 5 s after an unclean close', async () => {
    const { socket } = await joinAsMeera();
    // The socket opened before fake time began; a drop and reconnect run on fake time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    socket.drop();
    expect(screen.getByText('Disconnected')).toBeTruthy();
    act(() => vi.advanceTimersByTime(QUIZ.reconnectMs - 100));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    expect(FakeSocket.all).toHaveLength(2);

    const again = lastSocket();
    again.accept();
    expect(screen.getByText('Connected')).toBeTruthy();
    act(() => vi.advanceTimersByTime(QUIZ.pingSeconds * 1000));
    expect(again.sent).toEqual([
      { type: 'player_connected', player_id: PLAYER.player_id, game_code: CODE },
      { type: 'ping', player_id: PLAYER.player_id },
    ]);
  });
});
