import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

/** A client sending faster than this is not a quiz page: it is cut off rather than buffered. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Queued sockets written to before the event loop gets a turn (about 25 ms of writes on loopback). */
const FLUSH_SLICE = 1_000;

/** What a frame is written to: the WebSocket, and the connection under it. */
export interface Recipient {
  ws: WebSocket;
  socket: Duplex;
}

/**
 * One unmasked text frame (RFC 6455 §5.2). Server frames carry no mask, so a broadcast is the
 * same bytes for every player: built once, written 10,000 times, instead of framed per socket.
 */
export function textFrame(payload: Buffer) {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x81, length]);
  else if (length < 65_536) header = Buffer.from([0x81, 126, length >> 8, length & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}
export const frameOf = (message: unknown) => textFrame(Buffer.from(JSON.stringify(message)));

/**
 * How frames reach the quiz's sockets: bytes written straight to the connection, bypassing ws's
 * per-call framing.
 *
 * - `broadcast`: the same frame to every socket, written at once in one plain loop, as
 *   bench:fanout's floor does. It does not yield: every turn given to other work between slices
 *   (answers, the host's console, timers, the collector) was added to the last players' wait.
 *   A loop over 10,000 sockets holds the event loop for 70-85 ms of CPU; the few answers that
 *   arrive meanwhile come from the first players served, and wait that long.
 * - `queue`: per-socket messages (results, each with the player's own score). What one socket is
 *   sent in this turn of the event loop goes out as one write; the writes go in slices of
 *   FLUSH_SLICE with a turn between them, since these are built for each player anyway and no
 *   one is timing them against the others.
 *
 * Order per socket is kept: a broadcast to a socket with queued frames joins its queue.
 */
export function quizWriter() {
  const pending = new Map<Recipient, Buffer[]>();

  /** False when the socket is gone or not reading (then cut off). */
  const writable = ({ ws, socket }: Recipient) => {
    if (ws.readyState !== WebSocket.OPEN) return false;
    if (socket.writableLength > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return false;
    }
    return true;
  };

  const flush = () => {
    let written = 0;
    for (const [recipient, frames] of pending) {
      if (written === FLUSH_SLICE) {
        setImmediate(flush);
        return;
      }
      pending.delete(recipient);
      written += 1;
      if (writable(recipient))
        recipient.socket.write(frames.length === 1 ? frames[0] : Buffer.concat(frames));
    }
  };

  const queue = (recipient: Recipient, frame: Buffer) => {
    const frames = pending.get(recipient);
    if (frames) frames.push(frame);
    else {
      if (pending.size === 0) setImmediate(flush);
      pending.set(recipient, [frame]);
    }
  };

  const broadcast = (recipients: Iterable<Recipient>, frame: Buffer) => {
    if (pending.size === 0) {
      for (const recipient of recipients) if (writable(recipient)) recipient.socket.write(frame);
      return;
    }
    for (const recipient of recipients) {
      const frames = pending.get(recipient);
      if (frames) frames.push(frame);
      else if (writable(recipient)) recipient.socket.write(frame);
    }
  };

  return { queue, broadcast };
}
