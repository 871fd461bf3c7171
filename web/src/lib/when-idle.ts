// Work no first paint needs, done once the browser has a quiet moment (or after a few seconds at most).
import { startTransition, useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 3000;

/** Runs `run` when the browser is next idle; the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 500); // Safari has no requestIdleCallback
  return () => clearTimeout(timer);
}

/**
 * False until the browser has been idle once after the caller mounted: for what to render after the
 * page's first paint (rendered in a transition, which yields to the browser instead of one long task).
 */
export function useIdleReached(): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => whenIdle(() => startTransition(() => setReached(true))), []);
  return reached;
}
