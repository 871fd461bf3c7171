// A card's live countdown to its own match, moved on every second by one clock shared by all cards, and
// the card rendered again exactly at the start time, so 'Place bid' turns into the closed state at that
// second without a reload.
import { useEffect, useReducer, useSyncExternalStore } from 'react';

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const two = (n: number) => String(n).padStart(2, '0');

/** 'Starts in 2d 04h', 'Starts in 04:05:09', 'Starts in 05:09'; null once started. */
export function countdownText(startTime: string, now: number): string | null {
  const left = Date.parse(startTime) - now;
  if (left <= 0) return null;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  const seconds = Math.floor((left % MINUTE_MS) / SECOND_MS);
  if (days > 0) return `Starts in ${days}d ${two(hours)}h`;
  return `Starts in ${hours > 0 ? `${two(hours)}:` : ''}${two(minutes)}:${two(seconds)}`;
}

// One clock for every countdown on screen: a single timer, at each whole second, while any is shown
// (a list of cards each on its own timer re-rendered every card every second).
const clockListeners = new Set<() => void>();
let clockTimer: ReturnType<typeof setTimeout> | undefined;

const nextWholeSecondIn = () => SECOND_MS - (Date.now() % SECOND_MS);

function tick() {
  clockTimer = setTimeout(tick, nextWholeSecondIn());
  clockListeners.forEach((listener) => listener());
}

/** Calls `listener` at every whole second until the returned stop; every watcher shares one timer. */
export function watchClock(listener: () => void): () => void {
  clockListeners.add(listener);
  clockTimer ??= setTimeout(tick, nextWholeSecondIn());
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size > 0) return;
    clearTimeout(clockTimer);
    clockTimer = undefined;
  };
}

function currentWholeSecond() {
  const now = Date.now();
  return now - (now % SECOND_MS);
}

/** The current time to the whole second, moved on at every whole second while the caller is shown. */
export function useSecondClock(): number {
  return useSyncExternalStore(watchClock, currentWholeSecond);
}

/**
 * Renders the caller again when `time` comes, to the millisecond (one timer, not one a second), so a
 * card's 'Place bid' gives way to the closed state at the start time.
 */
export function useRenderAt(time: string): void {
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  const at = Date.parse(time);
  useEffect(() => {
    if (!(at > Date.now())) return;
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      const left = at - Date.now();
      // setTimeout fires at once for more than ~24.8 days: a far match waits a day at a time.
      if (left > 0) timer = setTimeout(wait, Math.min(left, DAY_MS));
      else rendered();
    };
    wait();
    return () => clearTimeout(timer);
  }, [at]);
}
