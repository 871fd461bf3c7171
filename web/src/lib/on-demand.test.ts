import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('onDemand', () => {
  it('loads the module once, however often it is asked for', async () => {
    const module = { answer: 42 };
    const load = vi.fn(() => Promise.resolve(module));
    const dialog = onDemand(load);
    const [first, second] = await Promise.all([dialog.preload(), dialog.preload()]);
    expect(first).toBe(module);
    expect(second).toBe(module);
    await dialog.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ answer: 42 });
    const dialog = onDemand(load);
    await expect(dialog.preload()).rejects.toThrow('offline');
    await expect(dialog.preload()).resolves.toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
