// A page's first data, asked for while the app starts (app/router.tsx, preloadPageOf).
import { mutate, preload, type Key } from 'swr';

/**
 * Starts the request ahead of the page's render and puts its answer in SWR's cache as soon as it
 * arrives, so the page's first render already shows it. (An answer only preloaded reaches a hook after
 * it has mounted: the page first rendered its skeleton, then everything again in one long, uninterruptible
 * task.) A hook that mounts before the answer takes this same request.
 */
export function prefetchInto<K extends Key, Data>(key: K, fetcher: (key: K) => Promise<Data>): Promise<Data> {
  return preload(key, fetcher).then((data: Data) => {
    void mutate(key, data, { revalidate: false });
    return data;
  });
}
