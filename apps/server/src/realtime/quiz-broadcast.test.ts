import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, quizWriter, textFrame, type Recipient } from './quiz-broadcast';

/** A socket that records what it was written, open unless told otherwise. */
function recipient(options: { open?: boolean; buffered?: number } = {}) {
  const writes: Buffer[] = [];
  let terminated = false;
  const fake = {
    ws: {
      readyState: options.open === false ? WebSocket.CLOSED : WebSocket.OPEN,
      terminate: () => {
        terminated = true;
      },
    } as unknown as WebSocket,
    socket: {
      writableLength: options.buffered ?? 0,
      write: (chunk: Buffer) => writes.push(chunk) > 0,
    } as unknown as Duplex,
  } satisfies Recipient;
  return { ...fake, writes, terminated: () => terminated };
}
const text = (buffers: Buffer[]) => buffers.map((b) => b.toString('latin1'));

describe('quizWriter', () => {
  it('writes a broadcast to every open socket at once, skipping closed ones', () => {
    const writer = quizWriter();
    const [a, b, closed] = [recipient(), recipient(), recipient({ open: false })];
    writer.broadcast([a, b, closed], Buffer.from('Q1'));
    // In the same turn: nothing waits for the event loop.
    expect(text(a.writes)).toEqual(['Q1']);
    expect(text(b.writes)).toEqual(['Q1']);
    expect(closed.writes).toEqual([]);
  });

  it('sends what one socket is queued in a turn as one write, on the next turn', async () => {
    const writer = quizWriter();
    const a = recipient();
    writer.queue(a, Buffer.from('R1'));
    writer.queue(a, Buffer.from('L1'));
    expect(a.writes).toEqual([]);
    await nextTurn();
    expect(text(a.writes)).toEqual(['R1L1']);
  });

  it('keeps each socket’s order: a broadcast to a socket with queued frames goes after them', async () => {
    const writer = quizWriter();
    const [queued, idle] = [recipient(), recipient()];
    writer.queue(queued, Buffer.from('results'));
    writer.broadcast([queued, idle], Buffer.from('question'));
    expect(text(idle.writes)).toEqual(['question']);
    expect(queued.writes).toEqual([]);
    await nextTurn();
    expect(text(queued.writes)).toEqual(['resultsquestion']);
  });

  it('cuts off a socket that stopped reading instead of buffering more for it', async () => {
    const writer = quizWriter();
    const slow = recipient({ buffered: MAX_BUFFERED_BYTES + 1 });
    writer.broadcast([slow], Buffer.from('Q1'));
    writer.queue(slow, Buffer.from('R1'));
    await nextTurn();
    expect(slow.writes).toEqual([]);
    expect(slow.terminated()).toBe(true);
  });
});

describe('textFrame', () => {
  it('frames a text message unmasked, with the length in the header RFC 6455 gives it', () => {
    const small = textFrame(Buffer.from('hi'));
    expect([...small]).toEqual([0x81, 2, 0x68, 0x69]);
    const medium = textFrame(Buffer.alloc(300, 'x'));
    expect([...medium.subarray(0, 4)]).toEqual([0x81, 126, 300 >> 8, 300 & 0xff]);
    expect(medium.length).toBe(304);
    const large = textFrame(Buffer.alloc(70_000, 'x'));
    expect([...large.subarray(0, 2)]).toEqual([0x81, 127]);
    expect(large.readBigUInt64BE(2)).toBe(70_000n);
    expect(large.length).toBe(70_010);
  });
});
