import { useEffect, useState } from 'react';

/** Whether `at` (a time on this device's clock) has passed; turns true by itself when it does. */
export function useGraceOver(at: number): boolean {
  // The last `at` seen to pass: a new, later `at` is not over until its own time.
  const [passed, setPassed] = useState<number | null>(() => (Date.now() >= at ? at : null));
  useEffect(() => {
    const timer = setTimeout(() => setPassed(at), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
  return passed === at;
}
