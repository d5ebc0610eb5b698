import { AsyncResource } from 'node:async_hooks';

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: one write at a time, and whatever arrives while it runs goes out together in the
 * next. A lone item is written at once, as before; under load (10,000 quiz players answering)
 * hundreds share one statement and one commit instead of queueing for a connection each, which
 * is where the database's and the event loop's time went.
 *
 * `write` answers one result per item, in order. If it throws, every item of that batch fails
 * with the error and nothing of it may be assumed written (one statement, one transaction).
 */
export function groupCommit<T, R>(write: (items: T[]) => Promise<R[]>, maxBatch = 1_000) {
  let queue: Waiting<T, R>[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (queue.length > 0) {
      let batch = queue;
      if (queue.length > maxBatch) {
        batch = queue.slice(0, maxBatch);
        queue = queue.slice(maxBatch);
      } else queue = [];
      try {
        const results = await write(batch.map((w) => w.item));
        batch.forEach((w, i) => w.resolve(results[i]!));
      } catch (error) {
        batch.forEach((w) => w.reject(error));
      }
    }
    writing = false;
  }
  // A batch is everyone's: it runs where the group commit was made, not inside whichever API
  // call happened to hand in its first item, so no one call's wait budget (db/call-deadline.ts)
  // decides for the rest.
  const drainOutsideCalls = AsyncResource.bind(drain);

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Items handed in during this turn join the first batch.
      if (!writing && queue.length === 1) queueMicrotask(() => void drainOutsideCalls());
    });
}
