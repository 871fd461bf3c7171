// Route-level code splitting: each page is its own chunk, loaded on first visit.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants.ts';

interface PageModule {
  default: ComponentType;
  /** Readies the page's first render once its code is in (its data is the route's `firstData`); called when the app opens on this page (see preloadPageOf). */
  prefetch?: (search: URLSearchParams) => void;
}

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's chunk ahead of rendering it (the render then reuses this load). */
  preload: () => Promise<PageModule>;
};

/** React.lazy with the spec's chunk-load timeout, so a stalled download ends in the error boundary. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const start = () =>
    (loading ??= new Promise<PageModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Page chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    }).catch((error: unknown) => {
      loading = undefined; // a later attempt downloads again
      throw error;
    }));
  return Object.assign(lazy(start), { preload: start });
}
