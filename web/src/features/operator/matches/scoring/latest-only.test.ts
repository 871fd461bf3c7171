import { describe, expect, it } from 'vitest';
import { latestOnly } from './latest-only.ts';

/** A send whose requests the test answers one by one. */
function manualSend() {
  const calls: { value: number; answer: () => void; fail: () => void }[] = [];
  const send = (value: number) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ value, answer: resolve, fail: () => reject(new Error('refused')) });
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestOnly', () => {
  it('sends at once when idle, and only the newest of the values pushed meanwhile after it', async () => {
    const { calls, send } = manualSend();
    const idle: unknown[] = [];
    const sender = latestOnly(send, (failure) => idle.push(failure));
    sender.push(1);
    sender.push(2);
    sender.push(3);
    expect(calls.map((call) => call.value)).toEqual([1]);
    expect(sender.busy).toBe(true);
    calls[0].answer();
    await settle();
    expect(calls.map((call) => call.value)).toEqual([1, 3]);
    expect(idle).toEqual([]);
    calls[1].answer();
    await settle();
    expect(sender.busy).toBe(false);
    expect(idle).toEqual([undefined]);
  });

  it('reports the last request failing, not an earlier one a newer value got past', async () => {
    const { calls, send } = manualSend();
    const idle: unknown[] = [];
    const sender = latestOnly(send, (failure) => idle.push(failure));
    sender.push(1);
    sender.push(2);
    calls[0].fail();
    await settle();
    calls[1].answer();
    await settle();
    expect(idle).toEqual([undefined]);
    sender.push(3);
    calls[2].fail();
    await settle();
    expect(idle).toHaveLength(2);
    expect(idle[1]).toBeInstanceOf(Error);
    expect(sender.busy).toBe(false);
  });
});
