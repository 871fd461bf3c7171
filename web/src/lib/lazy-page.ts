// Route-level code splitting: each page is its own chunk, loaded on first visit. The same for a part of a
// page that its first paint does not need (the Fixtures screen's planner): a chunk of its own, with props.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants.ts';

interface PageModule<P = object> {
  default: ComponentType<P>;
  /** Readies the page's first render once its code is in (its data is the route's `firstData`); called when the app opens on this page (see preloadPageOf). */
  prefetch?: (search: URLSearchParams) => void;
}

export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the page's chunk ahead of rendering it (the render then reuses this load). */
  preload: () => Promise<PageModule<P>>;
};

/** React.lazy with the spec's chunk-load timeout, so a stalled download ends in the error boundary. */
export function lazyPage<P = object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loading: Promise<PageModule<P>> | undefined;
  const start = () =>
    (loading ??= new Promise<PageModule<P>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Page chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    }).catch((error: unknown) => {
      loading = undefined; // a later attempt downloads again
      throw error;
    }));
  return Object.assign(lazy(start), { preload: start });
}
