/**
 * The load generator of `npm run bench:quiz` (bench/quiz.ts forks it; it is not run by hand).
 * One process plays a slice of the game's players the way the player screen does: validate-user,
 * join-game, the WebSocket with player_connected, then per question an answer through
 * submit-answer at a random moment. It reports when each `question` arrived on the shared wall
 * clock (performance.timeOrigin + performance.now(): the same clock in every process of the
 * machine), so the host can subtract its own send time.
 *
 * Every player's HTTP calls and socket leave from a loopback address of its own group
 * (127.x.y.z): validate-user allows 30 calls a minute per client address.
 */
import {
  API,
  type AnswerState,
  type QuizServerMessage,
  type SubmitAnswerAnswer,
} from '@alumnet/contract';
import { Agent, request } from 'node:http';
import { connect as netConnect, type NetConnectOpts } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { BENCH_TYPED_ANSWER, playerSessionToken } from './quiz-sessions';
import { seededRandom } from './seeded-random';

export interface PlayersSlice {
  url: string;
  code: string;
  /** What the players' session tokens are derived from (quiz-sessions.ts). */
  runSecret: string;
  /** Players `first`..`last` (1-based) of the seeded members quiz-player-<n>@bench.example. */
  first: number;
  last: number;
  questions: number;
  /** Players joined with their socket already open hear every later join (player_joined). */
  liveLobby: boolean;
  /** Share of the time limit within which every answer is sent. */
  answerWithin: number;
  /** Every this many-th player sends a second answer, which must be refused. */
  duplicateEvery: number;
  /** Players in flight at once while joining. */
  concurrency: number;
}

/** Host -> load generator. */
export type ToPlayers =
  { type: 'start'; slice: PlayersSlice } | { type: 'connect' } | { type: 'report' };
/** Load generator -> host. */
export type FromPlayers =
  | { type: 'ready' }
  | { type: 'joined'; joined: number; failed: Record<string, number>; seconds: number }
  | { type: 'connected'; connected: number; failed: Record<string, number>; seconds: number }
  | { type: 'question-done'; index: number; results: number }
  | { type: 'finished'; finished: number }
  | { type: 'report'; report: PlayersReport };

export interface PlayersReport {
  players: number;
  /** Per question: the wall-clock times at which players received it. */
  questionAt: number[][];
  /** Request to answer of every first submit, in ms. */
  answerMs: number[];
  /** Per question: first submits answered 200, and the others by status or error. */
  accepted: number[];
  refused: Record<string, number>[];
  duplicates: { sent: number; refused409: number; accepted: number; other: number };
  /** Per question: players who received question_results. */
  results: number[];
  /** question_results whose answer_state contradicts what submit-answer said. */
  resultsMismatch: number;
  finished: number;
  playerJoinedHeard: number;
  socketErrors: number;
  /** Joining calls pressed again after a 503 (the portal shedding load, bench:soak). */
  busyRetries: number;
  socketsClosed: number;
  /** This process's own load: a saturated generator delays what it measures. */
  cpuPercent: number;
  eventLoopBusy: number;
}

interface Player {
  n: number;
  email: string;
  address: string;
  id: string | null;
  ws: WebSocket | null;
  /** Index of the question on screen, -1 before the first. */
  current: number;
  /** Per question: what submit-answer said, for checking question_results. */
  outcome: AnswerState[];
  results: boolean[];
  /** Per question: the answer_state question_results gave. */
  told: AnswerState[];
  finished: boolean;
  /** performance.now() of the socket's latest read, before ws decodes what it carried. */
  readAt: number;
}

/** The group of 20 players sharing a source address: 20 validate-user calls, under the 30 allowed. */
const PLAYERS_PER_ADDRESS = 20;
const addressOf = (n: number) => {
  const group = Math.floor((n - 1) / PLAYERS_PER_ADDRESS);
  return `127.${10 + Math.floor(group / (254 * 254))}.${1 + (Math.floor(group / 254) % 254)}.${1 + (group % 254)}`;
};
const bump = (counts: Record<string, number>, key: string) =>
  (counts[key] = (counts[key] ?? 0) + 1);

// Joins and answers share a few kept-alive connections, as a proxy in front of many phones would;
// validate-user opens one per call from the player's own address.
const keptAlive = new Agent({ keepAlive: true, maxSockets: 256 });
const oneShot = new Agent({ keepAlive: false, maxSockets: 8 });

interface Answer {
  status: number;
  body: string;
  /** Seconds, from Retry-After. */
  retryAfter: number;
}
function post(url: string, body: object, localAddress?: string, cookie?: string) {
  const payload = JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: localAddress ? oneShot : keptAlive,
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(cookie ? { cookie } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            retryAfter: Number(res.headers['retry-after'] ?? 1),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A full collection, run while the game waits on this process: once its sockets are open and
 * once it has decoded a question's results, before it says so. Otherwise its collector's
 * concurrent marking came when it would, often during the next broadcast, on the cores the server
 * writes from; 5,000 phones collect on their own. bench/quiz.ts starts this process with
 * --expose-gc; bench:soak's does not, and there it does nothing.
 */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

/** Reads are handed to ws once the sockets have read nothing for this long (`hold`). */
const HOLD_QUIET_MS = 10;
/** ...or once the first of them has waited this long, so a steady trickle cannot hold them all. */
const HOLD_LONGEST_MS = 2_000;

/** Runs `work` on every item with at most `limit` in flight. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

type QuestionMessage = Extract<QuizServerMessage, { type: 'question' }>;

// BENCH ANSWERS: what a player submits to a question, in the shape its kind takes (contract
// quizAnswerValue), chosen at random: right, wrong, partly right, or a vote.
function answerFor(message: QuestionMessage, random: () => number): unknown {
  const shown = message.options.length;
  const pick = () => Math.floor(random() * shown);
  switch (message.kind ?? 'single') {
    case 'multiple':
      return [...new Set([pick(), pick()])].sort((a, b) => a - b);
    case 'order': {
      const order = Array.from({ length: shown }, (_, i) => i);
      for (let i = shown - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      return order;
    }
    // Half type what is accepted, spaced and cased otherwise (the server trims and case-folds).
    case 'typed':
      return random() < 0.5 ? `  ${BENCH_TYPED_ANSWER.toUpperCase()} ` : 'Alumni portal';
    default:
      return pick();
  }
}

async function play(slice: PlayersSlice, tell: (message: FromPlayers) => void) {
  const { url, code, questions } = slice;
  const random = seededRandom(slice.first);
  const players: Player[] = [];
  for (let n = slice.first; n <= slice.last; n++)
    players.push({
      n,
      email: `quiz-player-${n}@bench.example`,
      address: addressOf(n),
      id: null,
      ws: null,
      current: -1,
      outcome: Array<AnswerState>(questions).fill('none'),
      results: Array<boolean>(questions).fill(false),
      told: Array<AnswerState>(questions).fill('none'),
      finished: false,
      readAt: 0,
    });

  const questionAt = Array.from({ length: questions }, () => [] as number[]);
  const answerMs: number[] = [];
  const accepted = Array<number>(questions).fill(0);
  const refused = Array.from({ length: questions }, () => ({}) as Record<string, number>);
  const duplicates = { sent: 0, refused409: 0, accepted: 0, other: 0 };
  const results = Array<number>(questions).fill(0);
  const reported = Array<boolean>(questions).fill(false);
  let finished = 0;
  let playerJoinedHeard = 0;
  let socketErrors = 0;
  let busyRetries = 0;
  let socketsClosed = 0;
  let inFlight = 0;
  let connectedCount = 0;

  const questionDone = (index: number) => {
    if (reported[index]) return;
    reported[index] = true;
    collectGarbage();
    tell({ type: 'question-done', index, results: results[index]! });
  };

  /**
   * `dueAt`: when the player answers. One due before `arrivedBy` (the last read of the burst that
   * brought the question) is sent once the burst is read and decoded (`hold`), where a phone would
   * have sent it at once and waited for the server's write loop to end: its latency counts from
   * its moment up to the burst's end, then from the send. The decoding between is the generator's.
   */
  async function answer(
    player: Player,
    index: number,
    asked: QuestionMessage,
    { shownAt, dueAt, arrivedBy }: { shownAt: number; dueAt: number; arrivedBy: number },
  ) {
    const target = `${url}${API.quiz.submitAnswer(code, player.id!)}`;
    const body = {
      submitter_answer: answerFor(asked, random),
      time_taken: (performance.now() - shownAt) / 1000,
    };
    inFlight++;
    const sent = performance.now();
    const start = sent - Math.max(0, Math.min(arrivedBy, sent) - dueAt);
    try {
      const res = await post(target, body);
      answerMs.push(performance.now() - start);
      if (res.status !== 200) {
        bump(refused[index]!, String(res.status));
        return;
      }
      accepted[index]!++;
      const marked = JSON.parse(res.body) as SubmitAnswerAnswer;
      player.outcome[index] = marked.answer_state ?? (marked.is_correct ? 'correct' : 'wrong');
      if (player.n % slice.duplicateEvery !== 0) return;
      duplicates.sent++;
      const again = await post(target, { ...body, submitter_answer: answerFor(asked, random) });
      if (again.status === 409) duplicates.refused409++;
      else if (again.status === 200) duplicates.accepted++;
      else duplicates.other++;
    } catch (error) {
      bump(refused[index]!, (error as Error).message);
    } finally {
      inFlight--;
    }
  }

  // A broadcast reaches this process's 5,000 sockets over tens to hundreds of milliseconds, a
  // batch of readable sockets per turn of the event loop. Each socket's reads are stamped as they
  // happen and handed to ws only once no socket has read anything for HOLD_QUIET_MS, so no stamp
  // waits behind the decoding of the others (ws decodes a frame and emits its message inside the
  // read's own 'data' event; 5,000 players share this process, where each phone decodes its own),
  // and that decoding does not take the cores the server's write loop is using, as bench:fanout's
  // clients only stamp. Handing over at the first turn that read nothing (as before) decoded in
  // the middle of a slow machine's broadcast, between one of its writes and the next, and the
  // stamps after it came late. Answers keep their moment: their delay counts from the stamp, and
  // one due while the burst was still arriving counts its wait from then (answer()).
  let held: (() => void)[] = [];
  let firstHeldAt = 0;
  let lastHeldAt = 0;
  let releaseTimer: NodeJS.Timeout | null = null;
  /** The last read of the batch being handed to ws now: where its burst ended. */
  let burstEnd = 0;
  function hold(deliver: () => void) {
    lastHeldAt = performance.now();
    if (held.length === 0) firstHeldAt = lastHeldAt;
    if (!releaseTimer) releaseTimer = setTimeout(release, HOLD_QUIET_MS);
    held.push(deliver);
  }
  function release() {
    const now = performance.now();
    const quiet = now - lastHeldAt;
    if (quiet < HOLD_QUIET_MS && now - firstHeldAt < HOLD_LONGEST_MS) {
      releaseTimer = setTimeout(release, HOLD_QUIET_MS - quiet);
      return;
    }
    releaseTimer = null;
    burstEnd = lastHeldAt;
    const due = held;
    held = [];
    for (const deliver of due) deliver();
  }

  /** A message ws decoded from a held read; `player.readAt` is that read's stamp. */
  function received(player: Player, data: WebSocket.RawData) {
    const shownAt = player.readAt;
    const at = performance.timeOrigin + shownAt;
    const message = JSON.parse(data.toString()) as QuizServerMessage;
    switch (message.type) {
      case 'question': {
        const index = message.question_number - 1;
        if (index === player.current) return;
        player.current = index;
        questionAt[index]!.push(at);
        const delay = random() * slice.answerWithin * message.time_limit * 1000;
        const moments = { shownAt, dueAt: shownAt + delay, arrivedBy: burstEnd };
        setTimeout(
          () => void answer(player, index, message, moments),
          Math.max(0, delay - (performance.now() - shownAt)),
        ).unref();
        // Whatever happens to the others, this slice reports the question some time after it.
        if (questionAt[index]!.length === 1)
          setTimeout(() => questionDone(index), (message.time_limit + 15) * 1000).unref();
        return;
      }
      case 'question_results': {
        const index = player.current;
        if (index < 0 || player.results[index]) return;
        player.results[index] = true;
        player.told[index] = message.answer_state;
        if (++results[index]! === connectedCount) questionDone(index);
        return;
      }
      case 'game_finished':
        if (player.finished) return;
        player.finished = true;
        if (++finished === connectedCount) tell({ type: 'finished', finished });
        return;
      case 'player_joined':
        playerJoinedHeard++;
        return;
      case 'error':
        socketErrors++;
        return;
    }
  }

  /** Opens the player's socket and resolves once the server said `connected`. */
  function connect(player: Player) {
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${API.quiz.socket(code)}`, {
        localAddress: player.address,
        perMessageDeflate: false,
        handshakeTimeout: 60_000,
        // The arrival is stamped as the bytes are read, as bench:fanout's clients stamp theirs;
        // what the socket read reaches ws later (`hold`), in order, with its stamp. One process
        // decodes 5,000 players' frames in a row, where each phone decodes its own; that queue is
        // the load generator's, not the broadcast's.
        createConnection: ((options: NetConnectOpts) => {
          const socket = netConnect(options);
          const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean;
          // The end and the close wait behind the reads they follow.
          socket.emit = ((event: string, ...args: unknown[]) => {
            if (event !== 'data' && event !== 'end' && event !== 'close')
              return emit(event, ...args);
            const at = performance.now();
            hold(() => {
              if (event === 'data') player.readAt = at;
              emit(event, ...args);
            });
            return true;
          }) as typeof socket.emit;
          return socket;
        }) as typeof netConnect,
      });
      player.ws = ws;
      let settled = false;
      ws.once('open', () =>
        ws.send(
          JSON.stringify({ type: 'player_connected', player_id: player.id, game_code: code }),
        ),
      );
      ws.on('message', (data) => {
        if (!settled) {
          const first = JSON.parse(data.toString()) as QuizServerMessage;
          settled = true;
          if (first.type === 'connected') resolve();
          else reject(new Error(`socket answered ${first.type}`));
          return;
        }
        received(player, data);
      });
      ws.on('error', (error) => {
        if (!settled) {
          settled = true;
          reject(error);
        }
      });
      ws.on('close', () => {
        socketsClosed++;
        if (!settled) {
          settled = true;
          reject(new Error('socket closed'));
        }
      });
    });
  }

  /** A player told the portal is busy (503) presses again when it says; a few times. */
  async function pressAgainWhenBusy(send: () => Promise<Answer>) {
    for (let attempt = 1; ; attempt++) {
      const answer = await send();
      if (answer.status !== 503 || attempt === 3) return answer;
      busyRetries++;
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfter * 1000));
    }
  }

  async function join(player: Player) {
    // Signed in, as a member on their own phone: the session stands for the e-mail code.
    const validated = await pressAgainWhenBusy(() =>
      post(
        `${url}${API.quiz.validateUser}`,
        { email_id: player.email, game_code: code },
        player.address,
        `${SESSION_COOKIE}=${playerSessionToken(slice.runSecret, player.n)}`,
      ),
    );
    if (validated.status !== 200) throw new Error(`validate-user ${validated.status}`);
    const id = (JSON.parse(validated.body) as { player_id: string }).player_id;
    const joined = await pressAgainWhenBusy(() =>
      post(`${url}${API.quiz.joinGame(code)}`, { player_id: id }),
    );
    if (joined.status !== 200) throw new Error(`join-game ${joined.status}`);
    player.id = id;
  }

  const joinFailed: Record<string, number> = {};
  const connectFailed: Record<string, number> = {};
  const attempt = async (player: Player, steps: ((p: Player) => Promise<void>)[]) => {
    try {
      for (const step of steps) await step(player);
      if (player.ws) connectedCount++;
    } catch (error) {
      bump(player.id ? connectFailed : joinFailed, (error as Error).message);
    }
  };

  const joinStart = performance.now();
  if (slice.liveLobby) {
    await eachLimited(players, slice.concurrency, (p) => attempt(p, [join, connect]));
  } else {
    await eachLimited(players, slice.concurrency, (p) => attempt(p, [join]));
  }
  const joinedCount = players.filter((p) => p.id).length;
  tell({
    type: 'joined',
    joined: joinedCount,
    failed: joinFailed,
    seconds: (performance.now() - joinStart) / 1000,
  });
  if (!slice.liveLobby) {
    await nextCommand('connect');
    const connectStart = performance.now();
    const ready = players.filter((p) => p.id);
    await eachLimited(ready, slice.concurrency, (p) => attempt(p, [connect]));
    collectGarbage();
    tell({
      type: 'connected',
      connected: connectedCount,
      failed: connectFailed,
      seconds: (performance.now() - connectStart) / 1000,
    });
  } else {
    collectGarbage();
    tell({ type: 'connected', connected: connectedCount, failed: connectFailed, seconds: 0 });
  }

  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  const since = performance.now();
  await nextCommand('report');
  // A submit still running is waited for (briefly), so it is counted one way or the other.
  const until = performance.now() + 10_000;
  while (inFlight > 0 && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const cpu = process.cpuUsage(cpuBefore);
  // Compared at the end: the last answer's 200 and the results it triggers race each other.
  const resultsMismatch = players.reduce(
    (sum, p) => sum + p.told.filter((state, i) => p.results[i] && state !== p.outcome[i]).length,
    0,
  );
  tell({
    type: 'report',
    report: {
      players: players.length,
      questionAt,
      answerMs,
      accepted,
      refused,
      duplicates,
      results,
      resultsMismatch,
      finished,
      playerJoinedHeard,
      socketErrors,
      busyRetries,
      // Closes the server caused while the game ran (ours come after the report).
      socketsClosed,
      cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - since)) * 100,
      eventLoopBusy: performance.eventLoopUtilization(loopBefore).utilization,
    },
  });
  return players;
}

function nextCommand(type: ToPlayers['type']) {
  return new Promise<ToPlayers>((resolve) => {
    const listen = (message: ToPlayers) => {
      if (message.type !== type) return;
      process.off('message', listen);
      resolve(message);
    };
    process.on('message', listen);
  });
}

if (process.send) {
  const tell = (message: FromPlayers) => process.send!(message);
  // Without the host there is nobody to report to.
  process.once('disconnect', () => process.exit(1));
  const start = nextCommand('start') as Promise<Extract<ToPlayers, { type: 'start' }>>;
  tell({ type: 'ready' });
  const { slice } = await start;
  const players = await play(slice, tell).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  process.once('SIGTERM', () => {
    players.forEach((p) => p.ws?.terminate());
    keptAlive.destroy();
    process.exit(0);
  });
}
