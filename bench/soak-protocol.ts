/**
 * What bench/soak.ts and its load generators (bench/soak-clients.ts) say to each other: apart, so
 * the bench reads these without running a generator's code.
 */
import type { SoakContext, SoakMember } from './soak-mix';

export const TIMEOUT_MS = 10_000;

export interface SoakPhase {
  startAt: number;
  seconds: number;
  rate: number;
  chatRate: number;
}

/** bench/soak.ts -> generator. */
export type ToSoakClients =
  | {
      type: 'start';
      url: string;
      runSecret: string;
      /** Every signed-in member with a socket; this generator connects those i mod of = k. */
      members: SoakMember[];
      context: SoakContext;
      k: number;
      of: number;
    }
  | { type: 'run'; phases: SoakPhase[] }
  | { type: 'rush'; presses: { member: SoakMember; at: number }[] };

/**
 * Records, flattened: [kind, phase, due (wall ms), latency ms (-1: none), status] each. Status is
 * the HTTP status (or the chat ack's), 0 when given up after TIMEOUT_MS, -1 on a network error.
 */
export const RECORD_FIELDS = 5;
/** The rush's records carry this phase. */
export const RUSH_PHASE = -1;

/** Generator -> bench/soak.ts. */
export type FromSoakClients =
  | { type: 'ready' }
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'records'; data: number[]; failures: string[]; socketsClosed: number }
  | { type: 'done'; cpuPercent: number }
  | { type: 'rushed' };
