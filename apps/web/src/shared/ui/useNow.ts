import { useEffect, useState } from 'react';

/** `Date.now()` refreshed every `ms` (countdowns, "2 s ago" lines, the wall's clock); one timer, cleared on leave. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
