/**
 * What bench/mentoring.ts and its load generators (bench/mentoring-clients.ts) say to each other:
 * apart, so the bench reads these types without running a generator's code.
 */

/** One call: member `n` (an index of the bench's caller list) at `startAt + offsetMs`. */
export interface MentoringCall {
  n: number;
  token: string;
  method: 'GET' | 'POST';
  path: string;
  /** A POST's JSON body. */
  body?: unknown;
  offsetMs: number;
  /** Which mix of the suggestions the call is (an index of the bench's list), for the table. */
  kind: number;
}

/**
 * [member n, kind, due (wall ms), answered (wall ms, 0: none), HTTP status (0: none, -1: network
 * error)].
 */
export type MentoringRecord = [number, number, number, number, number];

/** bench/mentoring.ts -> generator. */
export type ToMentoringClients = {
  type: 'call';
  url: string;
  startAt: number;
  calls: MentoringCall[];
  /**
   * At most this many calls in flight over as many keep-alive connections (the rest wait for a
   * free one); without it, one connection per call in flight.
   */
  connections?: number;
};
/** Generator -> bench/mentoring.ts. */
export type FromMentoringClients =
  | { type: 'ready' }
  | {
      type: 'called';
      records: MentoringRecord[];
      /** `request.id` of each 2xx answer that carried one, by member n (POST /requests). */
      ids: [number, string][];
      /** The first few answers that were not 2xx, for the table. */
      failures: string[];
      cpuPercent: number;
    };
