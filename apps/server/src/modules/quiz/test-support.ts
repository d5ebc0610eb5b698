import { API, type QuizQuestionInput, type QuizServerMessage } from '@alumnet/contract';
import WebSocket from 'ws';

type Message = QuizServerMessage;
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
): QuizQuestionInput => ({ question: text, options, correctOption, timeLimit });
