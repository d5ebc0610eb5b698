import {
  PerformanceObserver,
  constants,
  type NodeGCPerformanceDetail,
  type PerformanceEntry,
} from 'node:perf_hooks';
import v8 from 'node:v8';
import type { BaseLogger } from 'pino';

/** How often the process's resident memory is read. */
export const MEMORY_RETURN_INTERVAL_MS = 10_000;
/**
 * No round before this long after the start, and none sooner than this after the last: a
 * starting portal's heap grows to what its load needs, and each round costs a full collection.
 */
export const MEMORY_RETURN_GAP_MS = 120_000;
/**
 * A round that has seen no full collection ends after this long: V8's memory reducer looks every
 * 8 s (--gc-memory-reducer-start-delay-ms), so it has had three chances.
 */
export const MEMORY_RETURN_ROUND_MS = 30_000;
/**
 * Growth of what the RSS holds beyond V8's heap that starts a round: this share of the RSS, and
 * at least the minimum (what held moves by in quiet minutes is 2-3 MB). At a twentieth, the
 * pool a finished game's unloading left (9-10 MB in bench:soak) was never given back.
 */
const GROWTH_SHARE = 0.02;
const GROWTH_MIN_BYTES = 8 * 1024 * 1024;

export type MemoryReturnState =
  | {
      phase: 'watching';
      floor: number | undefined;
      lastRoundEnd: number;
      /** The growth held at the last reading too. */
      armed?: boolean;
    }
  | { phase: 'returning'; until: number; from: number };

export type MemoryReturnStep =
  | { state: MemoryReturnState; action: 'none' }
  | { state: MemoryReturnState; action: 'start'; rss: number; held: number; floor: number }
  | { state: MemoryReturnState; action: 'end'; rss: number; from: number };

/** As if a round had ended at the start. */
export const initialMemoryReturn: MemoryReturnState = {
  phase: 'watching',
  floor: undefined,
  lastRoundEnd: 0,
};

export interface MemoryReading {
  /** The process's resident memory. */
  rss: number;
  /** What V8's heap holds from the system (its committed pages). */
  heap: number;
  now: number;
  /** A full collection has ended since the last reading. */
  collected?: boolean;
  /** A round would get in the way now (a quiz question's broadcast). */
  busy?: boolean;
}

/**
 * One reading. What the RSS holds beyond the heap is watched: the pages the heap freed and V8
 * pooled are there, with malloc's memory and buffers. While watching, its floor is the lowest since
 * the gap after the last round ended, and a round starts once it stands a fiftieth of the RSS (at
 * least 8 MB) above that floor at two readings in a row. A burst raises the heap and the RSS
 * together; it is the full collection after it that moves the burst's pages from the heap to the
 * pool, so the round comes once the burst is over. A short burst can still lift what is held for
 * one reading (the RSVP rush's 5 s did, and a round's collection then fell on its presses): the
 * second reading, 10 s on, is past it. A round ends with its first full collection, or after its
 * time; the floor is then read afresh, so growth a round could not give back becomes the floor.
 */
export function memoryReturnStep(
  state: MemoryReturnState,
  { rss, heap, now, collected = false, busy = false }: MemoryReading,
  { roundMs = MEMORY_RETURN_ROUND_MS, gapMs = MEMORY_RETURN_GAP_MS } = {},
): MemoryReturnStep {
  if (state.phase === 'returning') {
    if (!collected && now < state.until) return { state, action: 'none' };
    return {
      state: { phase: 'watching', floor: undefined, lastRoundEnd: now },
      action: 'end',
      rss,
      from: state.from,
    };
  }
  if (now - state.lastRoundEnd < gapMs) return { state, action: 'none' };
  const held = rss - heap;
  const floor = Math.min(state.floor ?? held, held);
  const grown = held - floor >= Math.max(GROWTH_MIN_BYTES, rss * GROWTH_SHARE);
  if (grown && state.armed && !busy) {
    return {
      state: { phase: 'returning', until: now + roundMs, from: rss },
      action: 'start',
      rss,
      held,
      floor,
    };
  }
  return { state: { ...state, floor, armed: grown }, action: 'none' };
}

/**
 * Gives back to the system the memory a burst left behind (an RSVP rush, a quiz's broadcasts, an
 * overload). V8 keeps the pages its heap freed in a pool of its own, resident, and releases them
 * only in a memory-reducing collection, which its memory reducer starts when the program allocates
 * little: never, on a portal serving a steady load. In bench:soak the RSS kept each burst's peak to
 * the end (docs/performance.md). So when what the RSS holds beyond the heap has grown by a fiftieth
 * of the RSS (at least 8 MB) at two readings in a row, and `busy` does not say no, V8 is told to
 * optimize for size until its next full collection, which the memory reducer then starts and makes
 * a memory-reducing one; then the flag, and the young generation's limit it implies, are set back
 * at once: left on, every collection shrinks the heap to what is live and full collections come one
 * after another. A second later, `trim` gives back malloc's free pages. Answers a stop.
 */
export function startMemoryReturn(
  log: Pick<BaseLogger, 'info'>,
  {
    intervalMs = MEMORY_RETURN_INTERVAL_MS,
    roundMs = MEMORY_RETURN_ROUND_MS,
    gapMs = MEMORY_RETURN_GAP_MS,
    busy = () => false,
    trim,
  }: {
    intervalMs?: number;
    roundMs?: number;
    gapMs?: number;
    busy?: () => boolean;
    /** Gives malloc's free pages back (ops/malloc-trim.ts), where the C library can. */
    trim?: () => void;
  } = {},
) {
  let state = initialMemoryReturn;
  let pauseMs = 0;
  const collections = new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      // A 'gc' entry's detail (@types/node leaves it off PerformanceEntry).
      .filter((entry) => (entry as GcEntry).detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full.length === 0) return;
    pauseMs = Math.max(...full.map((entry) => entry.duration));
    advance(true);
  });
  const advance = (collected: boolean) => {
    const step = memoryReturnStep(
      state,
      {
        rss: process.memoryUsage.rss(),
        heap: v8.getHeapStatistics().total_heap_size,
        now: performance.now(),
        collected,
        busy: state.phase === 'watching' && busy(),
      },
      { roundMs, gapMs },
    );
    state = step.state;
    if (step.action === 'start') {
      v8.setFlagsFromString('--optimize-for-size');
      collections.observe({ entryTypes: ['gc'] });
      log.info(
        { rssMb: mb(step.rss), beyondHeapMb: mb(step.held), floorMb: mb(step.floor) },
        'returning memory: the RSS holds more beyond the heap than before',
      );
    } else if (step.action === 'end') {
      end();
      const pause = Math.round(pauseMs);
      pauseMs = 0;
      // The pool's pages are given back by V8's own threads after the collection, and malloc's
      // holes only once it has freed the buffers around them: the trim and the reading wait.
      setTimeout(() => {
        const before = process.memoryUsage.rss();
        const trimStart = performance.now();
        trim?.();
        const trimMs = Math.round(performance.now() - trimStart);
        const rss = process.memoryUsage.rss();
        log.info(
          {
            fromMb: mb(step.from),
            toMb: mb(rss),
            pauseMs: pause,
            ...(trim ? { trimmedMb: mb(before - rss), trimMs } : {}),
          },
          collected ? 'returned memory' : 'returning memory: no full collection came',
        );
      }, 1_000).unref();
    }
  };
  const end = () => {
    collections.disconnect();
    v8.setFlagsFromString('--no-optimize-for-size --max-semi-space-size=0');
  };
  const timer = setInterval(() => advance(false), intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (state.phase === 'returning') end();
  };
}

type GcEntry = PerformanceEntry & { detail: NodeGCPerformanceDetail };

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
