// Code that no first paint needs (a dialog that opens on a click, the account menu's panel) lives in its
// own chunk: it loads when it is first wanted, or earlier when the user shows the intent or the browser
// is idle, and from then on renders at once. Unlike React.lazy there is no Suspense boundary: the caller
// decides what shows while the chunk is on its way, and a module that has arrived renders synchronously
// (a dialog opened after its preload appears in the same frame as the click).
import { useEffect, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { toast } from './toast.ts';

export interface OnDemand<M> {
  /** Starts loading the module (once; a failed or stalled load is tried again at the next call). */
  preload: () => Promise<M>;
  /**
   * The module once it has arrived, else undefined. While `wanted`, it is loaded and the caller re-renders
   * when it arrives. A failed load shows an error toast and calls `onFailed`, which should withdraw the
   * wish (close the dialog), so the next attempt loads again.
   */
  useModule: (wanted: boolean, onFailed: () => void) => M | undefined;
  /** Preloads once the browser is idle after the caller has mounted (for code likely to be wanted soon). */
  usePreloadWhenIdle: () => void;
}

const whenIdle = (run: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 500); // Safari has no requestIdleCallback
  return () => clearTimeout(timer);
};

export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= new Promise<M>((resolve, reject) => {
      // The pages' chunk-load timeout (lib/lazy-page.ts): a stalled download ends as a failure.
      const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(resolve, reject).finally(() => clearTimeout(timer));
    }).then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  return {
    preload,
    useModule(wanted, onFailed) {
      const [, setArrived] = useState<M>();
      useEffect(() => {
        if (!wanted || loaded) return;
        let current = true;
        preload().then(
          (module) => current && setArrived(() => module),
          () => {
            if (!current) return;
            toast.error(MSG.somethingWentWrong);
            onFailed();
          },
        );
        return () => {
          current = false;
        };
        // Only `wanted` starts a load; `onFailed` is the one of the render that started it.
      }, [wanted]);
      return loaded;
    },
    usePreloadWhenIdle() {
      useEffect(() => whenIdle(() => void preload().catch(() => {})), []);
    },
  };
}
