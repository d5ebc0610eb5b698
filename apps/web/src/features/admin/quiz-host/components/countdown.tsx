import { QUIZ } from '@alumnet/contract';
import { RingProgress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

const colourFor = (share: number) =>
  share > QUIZ.greenAbove ? 'green' : share > QUIZ.yellowAbove ? 'yellow' : 'red';

/**
 * Counts down from what the server said was left when the state arrived. Mount it with a key
 * per state received: each fresh `remaining_ms` restarts it, so it never drifts from the server.
 */
export function Countdown({
  remainingMs,
  limitSeconds,
}: {
  remainingMs: number;
  limitSeconds: number;
}) {
  const [left, setLeft] = useState(remainingMs);

  useEffect(() => {
    const deadline = Date.now() + remainingMs;
    const tick = setInterval(() => setLeft(Math.max(0, deadline - Date.now())), QUIZ.tickMs);
    return () => clearInterval(tick);
  }, [remainingMs]);

  const share = limitSeconds > 0 ? left / (limitSeconds * 1000) : 0;
  const seconds = Math.ceil(left / 1000);
  return (
    <RingProgress
      size={120}
      thickness={10}
      roundCaps
      sections={[{ value: Math.min(100, share * 100), color: colourFor(share) }]}
      label={
        <Text ta="center" fw={700} fz={seconds > 0 ? 32 : 16} role="timer" aria-label="Time left">
          {seconds > 0 ? `${seconds}s` : "Time's up"}
        </Text>
      }
    />
  );
}
