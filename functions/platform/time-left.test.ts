import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { timeLeftMs, withTimeLeft } from './time-left.ts';

describe('timeLeftMs', () => {
  it('is undefined outside an invocation', () => {
    expect(timeLeftMs()).toBeUndefined();
  });

  it('counts down inside one, across awaits, and each concurrent invocation keeps its own', async () => {
    const [long, short] = await Promise.all([
      withTimeLeft(10_000, async () => {
        await sleep(20);
        return timeLeftMs();
      }),
      withTimeLeft(1_000, async () => {
        await sleep(20);
        return timeLeftMs();
      }),
    ]);
    expect(long).toBeLessThanOrEqual(9_980);
    expect(long).toBeGreaterThan(5_000);
    expect(short).toBeLessThanOrEqual(980);
    expect(timeLeftMs()).toBeUndefined();
  });
});
