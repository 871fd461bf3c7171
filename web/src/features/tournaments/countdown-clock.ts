// A card's live countdown to its own match: re-rendered every second, and exactly at the start time,
// so 'Place bid' turns into the closed state at that second without a reload.
import { useEffect, useState } from 'react';

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

/** The current time, moved on at every whole second before `startTime` and at `startTime` itself. */
export function useClockUntil(startTime: string): number {
  const [now, setNow] = useState(Date.now);
  const start = Date.parse(startTime);
  useEffect(() => {
    if (now >= start) return;
    // The next whole second of the countdown, or the start itself if sooner.
    const next = Math.min(start, now + (((start - now) % SECOND_MS) || SECOND_MS));
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [now, start]);
  return now;
}
