import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdownText, watchClock } from './countdown-clock.ts';

const start = '2025-03-01T10:00:00.000Z';
const before = (ms: number) => Date.parse(start) - ms;

describe('countdownText', () => {
  it('counts minutes and seconds in the last hour, hours too within a day, days beyond', () => {
    expect(countdownText(start, before(5_000))).toBe('Starts in 00:05');
    expect(countdownText(start, before(5 * 60_000 + 9_400))).toBe('Starts in 05:09');
    expect(countdownText(start, before(4 * 3_600_000 + 5 * 60_000 + 9_000))).toBe('Starts in 04:05:09');
    expect(countdownText(start, before(2 * 86_400_000 + 4 * 3_600_000))).toBe('Starts in 2d 04h');
  });

  it('is null from the start time on', () => {
    expect(countdownText(start, before(0))).toBeNull();
    expect(countdownText(start, before(-1))).toBeNull();
  });
});

describe('watchClock', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks every watcher at each whole second on one shared timer, and stops when the last one leaves', () => {
    vi.useFakeTimers({ now: Date.parse('2025-03-01T09:59:58.400Z') });
    const ticks: number[][] = [[], [], []];
    const stops = ticks.map((seen) => watchClock(() => seen.push(Date.now())));
    // Three cards on screen, one timer (each card used to keep its own).
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2_000);
    for (const seen of ticks) expect(seen).toEqual([Date.parse('2025-03-01T09:59:59Z'), Date.parse('2025-03-01T10:00:00Z')]);
    stops[0]();
    stops[1]();
    expect(vi.getTimerCount()).toBe(1);
    stops[2]();
    expect(vi.getTimerCount()).toBe(0);
  });
});
