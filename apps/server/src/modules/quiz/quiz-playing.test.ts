import { describe, expect, it } from 'vitest';
import { question, quizBench } from './test-support';

const bench = quizBench();
const { newGame, join, act } = bench;

// ops/memory-return.ts asks this before a memory-reducing collection: a pause is harmless in a
// lobby or after the podium, not while a question's broadcasts and answers are due.
describe('whether a game is in play', () => {
  it('is so from the first question through its results, and not in the lobby or once finished', async () => {
    const playing = () => bench.t.app.quiz.playing();
    const code = await newGame([question('Only?', 1)]);
    await join(code, 'member@demo.alumnet.dev');
    expect(playing()).toBe(false);

    expect((await act(code, 'start')).json().status).toBe('question');
    expect(playing()).toBe(true);
    // The host closes the question before its time: its results are up.
    expect((await act(code, 'next')).json().status).toBe('results');
    expect(playing()).toBe(true);

    expect((await act(code, 'next')).json().status).toBe('finished');
    expect(playing()).toBe(false);
  });
});
