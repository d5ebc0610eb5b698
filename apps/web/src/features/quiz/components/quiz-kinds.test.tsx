import { QUIZ, QUIZ_MESSAGES, QUIZ_PLAY_MESSAGES, type QuizServerMessage } from '@alumnet/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeSocket,
  INFO,
  JOIN,
  PLAYER,
  SUBMIT,
  joinAsMeera,
  question,
  reachWelcome,
  serve,
  type Call,
} from '../testing/quiz-kit';

type Results = Extract<QuizServerMessage, { type: 'question_results' }>;
const results = (over: Partial<Results>): QuizServerMessage => ({
  type: 'question_results',
  question_id: 'q1',
  correct_answer: -1,
  score_earned_by_player: 0,
  total_score: 0,
  answer_state: 'wrong',
  your_answer: null,
  ...over,
});

const submitted = (calls: Call[]) =>
  calls.filter((c) => c.path.startsWith('/api/kahoot/submit-answer/')).map((c) => c.body);
const answers = () => within(screen.getByRole('list', { name: 'Answers' }));
const rowOf = (text: string) => answers().getByText(text).closest('li')?.textContent ?? '';

beforeEach(() => {
  FakeSocket.all = [];
  sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('QuizPage: the kinds of question (issue 31)', { timeout: 20_000 }, () => {
  it('true or false: two big buttons; the answer is the index, the result names the right one', async () => {
    const { calls, socket } = await joinAsMeera();
    socket.push(
      question({ kind: 'true_false', options: ['True', 'False'], question: 'Founded in 1950?' }),
    );
    const options = within(screen.getByRole('group', { name: 'Options' })).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toEqual(['True', 'False']);
    fireEvent.click(screen.getByRole('button', { name: 'False' }));
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(submitted(calls)).toMatchObject([{ submitter_answer: 1 }]);

    socket.push(
      results({
        answer_state: 'correct',
        correct_answer: 1,
        your_answer: 1,
        score_earned_by_player: 1000,
        total_score: 1000,
        reveal: { kind: 'true_false', correct_options: [1] },
      }),
    );
    expect(screen.getByText(QUIZ_MESSAGES.correct)).toBeTruthy();
    expect(rowOf('B. False')).toContain('Your answer · Correct answer');
    expect(screen.getByText('Correct answer', { selector: 'p' }).nextSibling?.textContent).toBe(
      'B. False',
    );
  });

  it('several right answers: ticks send nothing until Submit, which sends the ticked indices', async () => {
    const { calls, socket } = await joinAsMeera();
    socket.push(question({ kind: 'multiple' }));
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.chooseAll)).toBeTruthy();
    const submit = screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit });
    expect(submit).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Delhi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chennai' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pune' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pune' }));
    expect(screen.getByRole('button', { name: 'Chennai' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Pune' }).getAttribute('aria-pressed')).toBe('false');
    expect(submitted(calls)).toEqual([]);
    fireEvent.click(submit);
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(submitted(calls)).toMatchObject([{ submitter_answer: [0, 2] }]);

    socket.push(
      results({
        answer_state: 'partial',
        your_answer: [0, 2],
        score_earned_by_player: 500,
        total_score: 2600,
        reveal: { kind: 'multiple', correct_options: [0, 1] },
        streak: 3,
      }),
    );
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.partly)).toBeTruthy();
    expect(rowOf('A. Chennai')).toContain('Your answer · Correct answer');
    expect(rowOf('B. Pune')).toContain('Correct answer');
    expect(rowOf('B. Pune')).not.toContain('Your answer');
    expect(rowOf('C. Delhi')).toContain('Your answer');
    expect(rowOf('C. Delhi')).not.toContain('Correct answer');
    expect(screen.getByText('Correct answers').nextSibling?.textContent).toBe('A, B');
    expect(screen.getByText('+500')).toBeTruthy();
    expect(screen.getByText('3 in a row')).toBeTruthy();
  });

  it('poll: a tap votes; the result thanks the player and shows the votes, without points', async () => {
    const { calls, socket } = await joinAsMeera();
    socket.push(question({ kind: 'poll', question: 'Best reunion city?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Kochi' }));
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(submitted(calls)).toMatchObject([{ submitter_answer: 3 }]);

    socket.push(
      results({
        answer_state: 'voted',
        your_answer: 3,
        reveal: { kind: 'poll', distribution: [2, 0, 1, 3] },
      }),
    );
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.voted)).toBeTruthy();
    expect(rowOf('D. Kochi')).toContain('Your vote');
    expect(rowOf('D. Kochi')).toContain('3 votes');
    expect(rowOf('C. Delhi')).toContain('1 vote');
    expect(screen.queryByText('Correct answer')).toBeNull();
    expect(screen.queryByText('Points for this question')).toBeNull();
  });

  it('typed answer: sends the text trimmed, at most the longest allowed; the result lists what was accepted', async () => {
    const { calls, socket } = await joinAsMeera();
    socket.push(question({ kind: 'typed', options: [] }));
    const input = screen.getByPlaceholderText(QUIZ_PLAY_MESSAGES.typePlaceholder);
    expect(input.getAttribute('maxlength')).toBe(String(QUIZ.maxTypedLength));
    const submit = screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit });
    fireEvent.change(input, { target: { value: '   ' } });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '  Kochi ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(submitted(calls)).toMatchObject([{ submitter_answer: 'Kochi' }]);

    socket.push(
      results({
        answer_state: 'wrong',
        your_answer: 'Kochi',
        reveal: { kind: 'typed', accepted_answers: ['Chennai', 'Madras'] },
      }),
    );
    expect(screen.getByText(QUIZ_MESSAGES.wrong)).toBeTruthy();
    const region = within(screen.getByRole('region', { name: 'Answers' }));
    expect(region.getByText('Kochi')).toBeTruthy();
    expect(region.getByText('Chennai / Madras')).toBeTruthy();
  });

  it('order: up and down buttons move the items; Submit sends the shown indices in that order', async () => {
    const { calls, socket } = await joinAsMeera();
    socket.push(
      question({ kind: 'order', question: 'Oldest first', options: ['1990s', '1970s', '2010s'] }),
    );
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.putInOrder)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move 1990s up' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move 1970s up' }));
    const items = () =>
      within(screen.getByRole('list', { name: 'Your order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual(['11970s', '21990s', '32010s']);
    fireEvent.click(screen.getByRole('button', { name: 'Move 2010s up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move 2010s down' }));
    fireEvent.click(screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }));
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(submitted(calls)).toMatchObject([{ submitter_answer: [1, 0, 2] }]);

    socket.push(
      results({
        answer_state: 'wrong',
        your_answer: [1, 0, 2],
        reveal: { kind: 'order', correct_order: [1, 2, 0] },
      }),
    );
    const yours = within(screen.getByRole('list', { name: 'Your order' }));
    expect(yours.getByLabelText('In place')).toBeTruthy();
    expect(yours.getAllByLabelText('Out of place')).toHaveLength(2);
    expect(
      within(screen.getByRole('list', { name: 'Right order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. 1970s', '2. 2010s', '3. 1990s']);
  });

  it('shows the picture with its description and the double points badge', async () => {
    const { socket } = await joinAsMeera();
    socket.push(
      question({
        image: { url: '/v1/1718_campus.webp', alt: 'The main gate at dusk' },
        double_points: true,
      }),
    );
    const picture = screen.getByRole('img', { name: 'The main gate at dusk' });
    expect(picture.getAttribute('src')).toBe('/v1/1718_campus.webp');
    expect(screen.getByText('Double points')).toBeTruthy();
  });

  it('teams: the leaderboard and podium show teams, and the player still sees their own points', async () => {
    const { socket } = await joinAsMeera();
    socket.push(question());
    socket.push(results({ answer_state: 'none', correct_answer: 0 }));
    socket.push({
      type: 'leaderboard',
      by: 'teams',
      top: [
        { rank: 1, name: 'Blue', score: 1200 },
        { rank: 2, name: 'Red', score: 850 },
      ],
      you: { rank: 5, name: PLAYER.name, score: 900 },
      your_team: { rank: 2, name: 'Red', score: 850 },
    });
    const board = within(screen.getByRole('region', { name: 'Leaderboard' }));
    expect(board.getByText('Team leaderboard')).toBeTruthy();
    expect(board.getByText('#2 Red (your team)')).toBeTruthy();
    expect(board.getByText('Your team: Red · #2 · 850 points')).toBeTruthy();
    expect(board.getByText('Your points: 900 (#5 of the players)')).toBeTruthy();

    socket.push({
      type: 'game_finished',
      by: 'teams',
      podium: ['Blue', 'Red', 'Green', 'Yellow', 'Purple'].map((name, i) => ({
        rank: i + 1,
        name,
        score: 1500 - i * 100,
      })),
      you: { rank: 5, name: PLAYER.name, score: 1300 },
      your_team: { rank: 2, name: 'Red', score: 1400 },
    });
    const podium = within(screen.getByRole('region', { name: 'Final results' }));
    expect(podium.getByText('1st')).toBeTruthy();
    // Past the third place, the places the host chose to show are listed under the podium.
    expect(podium.getByText('#5 Purple')).toBeTruthy();
    expect(podium.getByText('Your team: Red · #2 · 1400 points')).toBeTruthy();
    expect(podium.getByText('Your points: 1300 (#5 of the players)')).toBeTruthy();
  });

  it('a game where players pick their team: the team is asked for, sent on joining and shown', async () => {
    const calls = await reachWelcome(
      { ...INFO, teams: ['Red', 'Blue', 'Green'], choose_team: true },
      {
        [JOIN]: [
          200,
          {
            message: 'Joined the game successfully',
            name: PLAYER.name,
            total_players: 5,
            score: 0,
            team: 'Blue',
          },
        ],
      },
    );
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.pickTeam)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.joinGame }));
    expect(screen.getByText(QUIZ_PLAY_MESSAGES.teamNeeded)).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/kahoot/join-game/'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Blue' }));
    expect(screen.getByRole('button', { name: 'Blue' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(QUIZ_PLAY_MESSAGES.teamNeeded)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.joinGame }));
    await screen.findByText('Joined the game successfully');
    expect(calls.find((c) => c.path.startsWith('/api/kahoot/join-game/'))?.body).toEqual({
      player_id: PLAYER.player_id,
      team: 1,
    });
    expect(screen.getByText('Team Blue')).toBeTruthy();
    expect(screen.getByText('Team').nextSibling?.textContent).toBe('Blue');
  });

  it('a game that places players in teams asks nothing and sends no team', async () => {
    const calls = await reachWelcome({ ...INFO, teams: ['Red', 'Blue'], choose_team: false });
    expect(screen.queryByText(QUIZ_PLAY_MESSAGES.pickTeam)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Red' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.joinGame }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.startsWith('/api/kahoot/join-game/'))?.body).toEqual({
        player_id: PLAYER.player_id,
      }),
    );
  });

  it('a malformed answer refused by the server releases the answer to try again', async () => {
    const { socket } = await joinAsMeera();
    const calls = serve({
      [SUBMIT]: [
        [400, { statusCode: 400, error: 'Bad Request', message: QUIZ_PLAY_MESSAGES.badAnswer }],
        [200, { is_correct: true, score_added: 1000, score_earned: 1000, answer_state: 'correct' }],
      ],
    });
    socket.push(question({ kind: 'typed', options: [] }));
    const input = screen.getByPlaceholderText(QUIZ_PLAY_MESSAGES.typePlaceholder);
    fireEvent.change(input, { target: { value: 'Kochi' } });
    fireEvent.click(screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }));
    expect(
      await screen.findByText(QUIZ_MESSAGES.submitFailed(QUIZ_PLAY_MESSAGES.badAnswer)),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Chennai' } });
    fireEvent.click(screen.getByRole('button', { name: QUIZ_PLAY_MESSAGES.submit }));
    await screen.findByText('Answer submitted! Waiting for the results…');
    expect(calls.map((c) => c.body)).toMatchObject([
      { submitter_answer: 'Kochi' },
      { submitter_answer: 'Chennai' },
    ]);
  });
});
