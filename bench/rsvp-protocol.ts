/**
 * What bench/rsvp.ts and its load generators (bench/rsvp-clients.ts) say to each other: apart, so
 * the bench can read STATUS_CODES without running a generator's code.
 */

/** One press: member `n` (an index of the bench's member list) at `startAt + offsetMs`. */
export interface RsvpPress {
  n: number;
  token: string;
  offsetMs: number;
}

/** What the answer said about the RSVP's status. */
export const STATUS_CODES = { going: 1, waitlisted: 2, not_going: 3 } as const;

/**
 * [member n, due (wall ms), answered (wall ms, 0: none), HTTP status (0: none, -1: network
 * error), STATUS_CODES of the answer's status (0: none), the answer's position (0: none)].
 */
export type RsvpRecord = [number, number, number, number, number, number];

/** bench/rsvp.ts -> generator. */
export type ToRsvpClients = {
  type: 'press';
  url: string;
  eventId: string;
  status: 'going' | 'not_going';
  startAt: number;
  presses: RsvpPress[];
};
/** Generator -> bench/rsvp.ts. */
export type FromRsvpClients =
  | { type: 'ready' }
  | {
      type: 'pressed';
      records: RsvpRecord[];
      /** The first few answers that were not 200, for the table. */
      failures: string[];
      cpuPercent: number;
    };
