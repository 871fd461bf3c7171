import { mutate } from 'swr';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prefetchInto } from './prefetch.ts';

// SWR's preload does nothing where there is no window (a server render): this file plays a browser tab,
// from before SWR is imported.
vi.hoisted(() => Object.assign(globalThis, { window: globalThis }));
afterAll(() => void Reflect.deleteProperty(globalThis, 'window'));

/** What SWR's cache holds for `key`, read without asking again. */
const cached = (key: string) => mutate(key, (current: unknown) => current, { revalidate: false });

describe('prefetchInto', () => {
  it("puts the answer in SWR's cache as soon as it arrives, so a page's first render shows it", async () => {
    const key = `/game/prefetched-${crypto.randomUUID()}`;
    const fetcher = vi.fn(() => Promise.resolve(['Hostel Premier League']));
    expect(await prefetchInto(key, fetcher)).toEqual(['Hostel Premier League']);
    expect(await cached(key)).toEqual(['Hostel Premier League']);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('leaves the cache empty when the request fails', async () => {
    const key = `/game/prefetched-${crypto.randomUUID()}`;
    await expect(prefetchInto(key, async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await cached(key)).toBeUndefined();
  });
});
