/*
 * Test support for the quiz player's screens (quiz-page, challenge-page): a WebSocket driven by
 * the test, which plays the server's side; the API answered at the fetch boundary; the way from
 * /quiz/{code} into a game.
 */
import {
  QUIZ_IDENTITY_MESSAGES,
  QUIZ_MESSAGES,
  type GameStatusAnswer,
  type QuizClientMessage,
  type QuizServerMessage,
} from '@alumnet/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import { meQuery } from '../../../lib/session';
import { MEMBER } from '../../../testing/member';
import { ChallengePage } from '../components/challenge-page';
import { QuizPage } from '../components/quiz-page';

// The browser's WebSocket, driven by the test: it plays the server's side of the socket.
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: QuizClientMessage[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as QuizClientMessage);
  }
  close(code = 1000) {
    this.readyState = FakeSocket.CLOSED;
    this.closedWith = code;
  }
  // The server's side.
  accept() {
    this.readyState = FakeSocket.OPEN;
    act(() => this.onopen?.(new Event('open')));
  }
  push(message: QuizServerMessage) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    act(() => this.onclose?.(new CloseEvent('close', { wasClean: false, code: 1006 })));
  }
}
export const lastSocket = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
};

export type Reply = [status: number, body: unknown];
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The quiz API at the fetch boundary: each route answers its replies in turn, the last one forever. */
export function serve(routes: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, reply]) => [
      key,
      Array.isArray(reply[0]) ? [...(reply as Reply[])] : [reply as Reply],
    ]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const queue = queues.get(`${method} ${path}`);
      const [status, body] = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? [
        500,
        { message: 'not served' },
      ];
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return calls;
}

/** An error answer as the server shapes every one (apiErrorSchema). */
export const failure = (status: number, message: string): Reply => [
  status,
  { statusCode: status, error: 'Error', message },
];

export const CODE = 'ABC123';
export const INFO: GameStatusAnswer = {
  status: 'lobby',
  total_questions: 3,
  players_count: 4,
  title: 'Alumni Trivia',
};
export const PLAYER = { name: 'Meera Menon', player_id: 'p-7f3a9c' };
export const STATUS = `GET /api/kahoot/game-status/${CODE}`;
export const VALIDATE = 'POST /api/kahoot/validate-user';
export const EMAIL_CODE = 'POST /api/kahoot/email-code';
export const ME = 'GET /api/auth/me';
export const CODE_SENT: Reply = [200, { message: QUIZ_IDENTITY_MESSAGES.codeSent }];
export const MEERA = MEMBER;
export const JOIN = `POST /api/kahoot/join-game/${CODE}`;
export const SUBMIT = `POST /api/kahoot/submit-answer/${CODE}/${PLAYER.player_id}`;
export const JOINED: Reply = [
  200,
  { message: 'Joined the game successfully', name: PLAYER.name, total_players: 5, score: 0 },
];

export const question = (
  overrides: Partial<Extract<QuizServerMessage, { type: 'question' }>> = {},
): QuizServerMessage => ({
  type: 'question',
  question_id: 'q1',
  question: 'Which city hosts the campus?',
  options: ['Chennai', 'Pune', 'Delhi', 'Kochi'],
  question_number: 1,
  total_questions: 3,
  time_limit: 20,
  remaining_ms: 20_000,
  ...overrides,
});

export function renderAt(path: string, { signedIn = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A challenge sits in the member area, whose frame reads who is signed in (the route's guard
  // has made sure someone is).
  if (signedIn) queryClient.setQueryData(meQuery.queryKey, { user: MEMBER, mfa: null });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/quiz" element={<QuizPage />} />
            <Route path="/quiz/:code" element={<QuizPage />} />
            <Route path="/quiz/challenge/:code" element={<ChallengePage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const codeInput = () => screen.getByLabelText('Quiz code');
export const enterButton = () => screen.getByRole('button', { name: 'Enter' });

export const sendCodeButton = () => screen.getByRole('button', { name: 'Send code' });
export const codeField = () => screen.findByLabelText('Code from the e-mail');

/** From /quiz/{code} through e-mail and its code to the welcome step; `routes` adds or replaces replies. */
export async function reachWelcome(
  info: GameStatusAnswer = INFO,
  routes: Record<string, Reply | Reply[]> = {},
) {
  const calls = serve({
    [ME]: [200, { user: null }],
    [STATUS]: [200, info],
    [EMAIL_CODE]: CODE_SENT,
    [VALIDATE]: [200, PLAYER],
    [JOIN]: JOINED,
    [SUBMIT]: [200, { is_correct: false, score_added: 0, score_earned: 0 }],
    ...routes,
  });
  renderAt(`/quiz/${CODE}`);
  fireEvent.change(await screen.findByLabelText('Your e-mail'), {
    target: { value: 'meera@demo.alumnet.dev' },
  });
  await waitFor(() => expect(sendCodeButton().getAttribute('data-loading')).toBeNull());
  fireEvent.click(sendCodeButton());
  fireEvent.change(await codeField(), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.validateEmail }));
  await screen.findByRole('button', { name: QUIZ_MESSAGES.joinGame });
  return calls;
}

/** From /quiz/{code} through e-mail, its code and welcome to the joined view with an open socket. */
export async function joinAsMeera() {
  const calls = await reachWelcome();
  fireEvent.click(screen.getByRole('button', { name: QUIZ_MESSAGES.joinGame }));
  await screen.findByText('Joined the game successfully');
  const socket = lastSocket();
  socket.accept();
  return { calls, socket };
}
