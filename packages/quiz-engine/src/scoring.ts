/** The most a correct answer earns: one given the instant the question appears. */
export const MAX_POINTS = 1000;

/**
 * Kahoot-style points for a correct answer: 1000 at once, falling linearly to 500 at the time
 * limit. An answer inside the grace after the deadline scores as one at the deadline: the grace
 * covers network latency, it is not worth less than being on time.
 */
export function pointsFor(elapsedMs: number, timeLimitMs: number): number {
  const share = Math.min(1, Math.max(0, elapsedMs / timeLimitMs));
  return Math.round(MAX_POINTS * (1 - share / 2));
}
