import { QUIZ } from '@alumnet/contract';

/** member-portal.md Quiz player screen: "m:ss" from one minute up, else "Ns" (whole seconds, rounded up). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Green above half the time left, yellow above a quarter, else red (§9 thresholds). */
export function timerColor(remainingMs: number, totalMs: number): 'green' | 'yellow' | 'red' {
  const share = totalMs > 0 ? remainingMs / totalMs : 0;
  if (share > QUIZ.greenAbove) return 'green';
  if (share > QUIZ.yellowAbove) return 'yellow';
  return 'red';
}
