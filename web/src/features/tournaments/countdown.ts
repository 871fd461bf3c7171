import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The home card's countdown (spec §2): 'Starts in DD days, HH hours, MM minutes' to `startTime`, whole
 * minutes rounded down; zeros once it has passed or when no match is scheduled (null).
 */
export function startsInText(startTime: string | null, now: number): string {
  const left = startTime ? Math.max(0, Date.parse(startTime) - now) : 0;
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  return `Starts in ${twoDigits(days)} days, ${twoDigits(hours)} hours, ${twoDigits(minutes)} minutes`;
}

/** The current time, re-read every `intervalMs` so a countdown on screen moves on. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
