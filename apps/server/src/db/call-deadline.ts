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

type Checkout = (
  error: Error | undefined,
  client?: pg.PoolClient,
  release?: (error?: Error | boolean) => void,
) => void;

/**
 * Makes the pool's checkouts spend the calling API call's budget (withWaitBudget): a checkout
 * that would take longer fails with PastCallDeadline. Outside a call (sockets, jobs, startup)
 * checkouts are the pool's own. The checkout given up on stays in the pool's queue; the
 * connection it gets later goes straight back.
 */
export function boundWaitsByCall(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (done: Checkout) => void;

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
    if (!budget) return (connect as (done?: Checkout) => unknown)(done);
    if (done) return checkOut(budget, done);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      checkOut(budget, (error, client) => (error ? reject(error) : resolve(client!))),
    );
  }) as typeof pool.connect;
}
