import {
  API,
  type JoinGameAnswer,
  type QuizQuestionInput,
  type QuizServerMessage,
  type quizQuestionInput,
} from '@alumnet/contract';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, listenOnLoopback, loginAs } from '../../test/build';

type Message = QuizServerMessage;
/** A question as a host's client sends it: the fields a kind does not use may be left out. */
export type QuestionIn = z.input<typeof quizQuestionInput>;
type OfType<T extends Message['type']> = Extract<Message, { type: T }>;

/** A test's quiz socket (the `ws` client) that remembers every message it heard. */
export class QuizSocket {
  readonly messages: Message[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Message);
      this.waiters.forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  static open(baseUrl: string, code: string, headers: Record<string, string> = {}) {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${API.quiz.socket(code)}`, {
      headers,
    });
    const socket = new QuizSocket(ws);
    return new Promise<QuizSocket>((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  send(message: object | string | Buffer) {
    this.ws.send(
      typeof message === 'object' && !Buffer.isBuffer(message) ? JSON.stringify(message) : message,
    );
  }

  /** Resolves with the first message of this type (heard already or coming) that `check` accepts. */
  next<T extends Message['type']>(
    type: T,
    check: (m: OfType<T>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<OfType<T>> {
    const find = () =>
      this.messages.find((m): m is OfType<T> => m.type === type && check(m as OfType<T>));
    return new Promise((resolve, reject) => {
      const wake = () => {
        const found = find();
        if (!found) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        reject(new Error(`timed out waiting for ${type}; heard ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      this.waiters.push(wake);
      wake();
    });
  }

  /** Forgets what was heard, to wait for the next message of a type again. */
  clear() {
    this.messages.length = 0;
  }

  close() {
    this.ws.close();
  }
}

export const question = (
  text: string,
  correctOption = 1,
  timeLimit = 30,
  options = ['Red', 'Green', 'Blue'],
): QuizQuestionInput => ({
  question: text,
  options,
  correctOption,
  timeLimit,
  // The rest as the contract fills them in: a spec client leaves them out (see quiz-kinds.test).
  kind: 'single',
  correctOptions: [],
  partialCredit: false,
  acceptedAnswers: [],
  doublePoints: false,
  image: null,
});

/**
 * The quiz's API test bench: the app listening on a port of its own (for the sockets), the demo
 * college's admin signed in, and the calls a test makes as host and players. Registers its hooks.
 */
export function quizBench() {
  const state = {} as {
    t: Awaited<ReturnType<typeof buildTestApp>>;
    baseUrl: string;
    adminCookie: string;
  };
  const sockets: QuizSocket[] = [];
  const sessions = new Map<string, string>();

  beforeAll(async () => {
    state.t = await buildTestApp();
    state.baseUrl = await listenOnLoopback(state.t.app);
    state.adminCookie = (await loginAs(state.t.app, 'admin@demo.alumnet.dev')).cookie;
  });
  afterEach(() => {
    sockets.splice(0).forEach((socket) => socket.close());
  });
  afterAll(() => state.t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
    state.t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  /** The member's session cookie, signed in once per test file. */
  async function sessionOf(email: string) {
    let cookie = sessions.get(email);
    if (!cookie) {
      cookie = (await loginAs(state.t.app, email)).cookie;
      sessions.set(email, cookie);
    }
    return cookie;
  }

  /** The member's player_id for this game, as their signed-in player screen gets it. */
  async function playerId(email: string, code: string) {
    const response = await call(
      'POST',
      API.quiz.validateUser,
      { email_id: email, game_code: code },
      await sessionOf(email),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ player_id: string }>().player_id;
  }

  return {
    get t() {
      return state.t;
    },
    get baseUrl() {
      return state.baseUrl;
    },
    get adminCookie() {
      return state.adminCookie;
    },
    call,
    sessionOf,
    playerId,

    /** A quiz of the demo college and a fresh game of it, as its admin makes them. */
    async newGame(questions: QuestionIn[], title = 'Test quiz', settings?: object) {
      const quiz = await call(
        'POST',
        API.quizHost.quizzes,
        { title, questions },
        state.adminCookie,
      );
      expect(quiz.statusCode, quiz.body).toBe(200);
      const game = await call(
        'POST',
        API.quizHost.startGame(quiz.json<{ _id: string }>()._id),
        settings ? { settings } : {},
        state.adminCookie,
      );
      expect(game.statusCode, game.body).toBe(200);
      return game.json<{ code: string }>().code;
    },

    /** Validates the member's e-mail for the game and joins it. */
    async join(code: string, email: string) {
      const id = await playerId(email, code);
      const response = await call('POST', API.quiz.joinGame(code), { player_id: id });
      expect(response.statusCode, response.body).toBe(200);
      return { id, joined: response.json<JoinGameAnswer>() };
    },

    /** A socket to the game, said to be this player's when `id` is given; closed after the test. */
    async connect(code: string, id?: string, headers: Record<string, string> = {}) {
      const socket = await QuizSocket.open(state.baseUrl, code, headers);
      sockets.push(socket);
      if (id) {
        socket.send({ type: 'player_connected', player_id: id, game_code: code });
        await socket.next('connected');
      }
      return socket;
    },

    submit: (code: string, id: string, option: number, timeTaken = 1) =>
      call('POST', API.quiz.submitAnswer(code, id), {
        submitter_answer: option,
        time_taken: timeTaken,
      }),

    act: (code: string, action: 'start' | 'next' | 'end', from?: object) =>
      call('POST', API.quizHost.action(code), { action, from }, state.adminCookie),
  };
}
