import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** What is left of one API call's time to wait for database connections, in ms. */
interface WaitBudget {
  leftMs: number;
}

const budgets = new AsyncLocalStorage<WaitBudget>();

/**
 * A call waited for database connections longer, in total, than the load-shedding deadline
 * allows (plugins/load-shedding.ts): it is answered 503 as an overload, not as an outage.
 */
export class PastCallDeadline extends Error {
  constructor() {
    super('the call waited past its deadline for a database connection');
    this.name = 'PastCallDeadline';
  }
}

/** Is the error (or what Drizzle wrapped in it) a call's wait running out? */
export function isPastCallDeadline(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof PastCallDeadline) return true;
    e = e.cause;
  }
  return false;
}

/**
 * Runs `work` (the rest of an API call) with `ms` of waiting for database connections to spend,
 * over all its statements. Without it, each statement of an admitted call could wait the pool's
 * own timeout (DATABASE_CONNECT_TIMEOUT_SECONDS, or without end on the embedded database), so one
 * call could be answered many seconds late in an overload's first moments.
 */
export function withWaitBudget<T>(ms: number, work: () => T): T {
  return budgets.run({ leftMs: ms }, work);
}

/**
 * Runs `work` outside any call's budget: what a call starts and does not wait for (a push
 * after its commit) is the portal's own work, not the call's, and may outlive its deadline.
 */
export function outsideCallBudget<T>(work: () => T): T {
  return budgets.exit(work);
}

/** A pool's checkouts waiting now, and the pace at which it has been handing connections out. */
interface Queue {
  /** When each checkout not yet handed a connection asked for it, oldest first. */
  since: Map<object, number>;
  lastHandoverAt: number;
  /** Mean ms between handovers while someone waited (moving average). */
  gapMs: number;
}

const queues = new WeakMap<pg.Pool, Queue>();

/**
 * About how long a query asking the pool for a connection now would wait, in ms: those waiting
 * times the pace the pool hands connections out (slower still if none was handed out for a
 * while), and never more than the oldest waiting one has waited, since it is served first. A
 * burst that leaves many waiting but is cleared in a few ms reads small; connections stuck on
 * slow queries read as long as they are stuck, however few wait.
 */
export function expectedWaitMs(pool: pg.Pool): number {
  const queue = queues.get(pool);
  const oldest = queue?.since.values().next();
  if (!queue || !oldest || oldest.done) return 0;
  const now = performance.now();
  const gapMs = Math.max(queue.gapMs, now - queue.lastHandoverAt);
  return Math.min(now - oldest.value, queue.since.size * gapMs);
}

type Checkout = (
  error: Error | undefined,
  client?: pg.PoolClient,
  release?: (error?: Error | boolean) => void,
) => void;

/** The pool's own checkout, noting each one's wait for expectedWaitMs. */
function timeWaits(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (done: Checkout) => void;
  const queue: Queue = { since: new Map(), lastHandoverAt: 0, gapMs: 0 };
  queues.set(pool, queue);
  return (done: Checkout) => {
    const key = {};
    const asked = performance.now();
    // The pace's clock runs only while someone waits: idle time is not a slow pool.
    if (queue.since.size === 0) queue.lastHandoverAt = asked;
    queue.since.set(key, asked);
    connect((error, client, release) => {
      const now = performance.now();
      queue.gapMs += 0.2 * (now - queue.lastHandoverAt - queue.gapMs);
      queue.lastHandoverAt = now;
      queue.since.delete(key);
      done(error, client, release);
    });
  };
}

/**
 * Makes the pool's checkouts spend the calling API call's budget (withWaitBudget): a checkout
 * that would take longer fails with PastCallDeadline. Outside a call (sockets, jobs, startup)
 * checkouts are the pool's own. The checkout given up on stays in the pool's queue; the
 * connection it gets later goes straight back.
 */
export function boundWaitsByCall(pool: pg.Pool): void {
  const connect = timeWaits(pool);

  const checkOut = (budget: WaitBudget, done: Checkout) => {
    const start = performance.now();
    let givenUp = false;
    // A free connection is handed over on the next tick: no wait to bound.
    const timer =
      pool.idleCount > 0
        ? undefined
        : setTimeout(
            () => {
              givenUp = true;
              budget.leftMs = 0;
              done(new PastCallDeadline());
            },
            Math.max(0, budget.leftMs),
          );
    connect((error, client, release) => {
      if (givenUp) {
        if (client) release?.();
        return;
      }
      clearTimeout(timer);
      budget.leftMs -= performance.now() - start;
      done(error, client, release);
    });
  };

  pool.connect = ((done?: Checkout) => {
    const budget = budgets.getStore();
    const checkout = (settle: Checkout) => (budget ? checkOut(budget, settle) : connect(settle));
    if (done) return checkout(done);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      checkout((error, client) => (error ? reject(error) : resolve(client!))),
    );
  }) as typeof pool.connect;
}
