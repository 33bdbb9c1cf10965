import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that starts when the component mounts, one tick per `tickMs`
 * (e.g. a Save disabled for 10 seconds, showing "Wait Ns").
 */
export function useCountdown(seconds: number, tickMs = 1_000): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), tickMs);
    return () => clearTimeout(t);
  }, [left, tickMs]);
  return left;
}
