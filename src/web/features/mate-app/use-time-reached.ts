import { useEffect, useState } from "react";

/** setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether the clock has reached `at`, turning true by itself at that moment: a screen left open
 * offers a step as soon as it is allowed, without a reload.
 */
export function useTimeReached(at: number): boolean {
  const [reached, setReached] = useState(() => Date.now() >= at);
  useEffect(() => {
    if (Date.now() >= at) {
      setReached(true);
      return undefined;
    }
    setReached(false);
    let timer: number | undefined;
    const wait = () => {
      const left = at - Date.now();
      if (left <= 0) setReached(true);
      else timer = window.setTimeout(wait, Math.min(left, LONGEST_DELAY_MS));
    };
    wait();
    return () => window.clearTimeout(timer);
  }, [at]);
  return reached;
}
