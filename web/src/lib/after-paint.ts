// Work a page's first frame does not need, started once that frame is on screen. Lighthouse (and a slow
// phone's network) counts every request that starts before the page's largest paint as part of it: the
// hostel board's and the live channel's code, asked for in the same commit as the match cards, made the
// matches page's largest paint wait for their downloads (docs/benchmarks.md).
import { useEffect, useState } from 'react';

/**
 * After the main thread has painted a frame, the screen shows it some tens of milliseconds later (the
 * traces put the largest paint's timestamp 30-50 ms after the paint task on this machine).
 */
const SHOWN_AFTER_MS = 100;

/** Resolves once the frame after this call has been painted and shown (two animation frames, then a moment). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, SHOWN_AFTER_MS))));
}

/** False until the frame that first showed the caller has been painted. */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => mounted && setPainted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
