import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, RECONNECT_BASE_MS, RECONNECT_MAX_MS } from './backoff.ts';

describe('reconnectDelayMs', () => {
  const lowest = () => 0;
  const highest = () => 1;

  it('doubles from the base delay', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelayMs(attempt, highest))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('never waits less than half the step, so no retry is immediate', () => {
    expect(reconnectDelayMs(0, lowest)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelayMs(3, lowest)).toBe(4_000);
  });

  it('stays at the cap however many attempts failed', () => {
    expect(reconnectDelayMs(5, highest)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(50, highest)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(1_000, lowest)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('spreads clients out between half and all of the step', () => {
    for (let i = 0; i < 100; i++) {
      const delay = reconnectDelayMs(4);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });
});
