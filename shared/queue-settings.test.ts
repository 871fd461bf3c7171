import { describe, expect, it } from 'vitest';
import { MAX_RECEIVE_COUNT, redeliveryDelaySeconds, visibilityTimeoutSeconds } from './queue-settings.ts';
import { queues } from './routes.ts';

describe('redeliveryDelaySeconds', () => {
  it('brings a failure back in seconds, three times later each time, up to a fifth more at random', () => {
    expect([1, 2, 3, 4].map((count) => redeliveryDelaySeconds(count, 0))).toEqual([5, 15, 45, 135]);
    expect(redeliveryDelaySeconds(1, 0.999)).toBe(6);
  });

  it("stays within every queue's visibility timeout, for every delivery before the dead-letter queue", () => {
    for (const queue of queues) {
      for (let count = 1; count < MAX_RECEIVE_COUNT; count++) expect(redeliveryDelaySeconds(count, 0.999)).toBeLessThanOrEqual(visibilityTimeoutSeconds(queue.timeoutSeconds));
    }
  });
});
