// Code that no first paint needs (a dialog that opens on a click, the account menu's panel) lives in its
// own chunk: it loads when it is first wanted, or earlier when the user shows the intent or the browser
// is idle, and from then on renders at once. Unlike React.lazy there is no Suspense boundary: the caller
// decides what shows while the chunk is on its way, and a module that has arrived renders synchronously
// (a dialog opened after its preload appears in the same frame as the click).
import { useEffect, useEffectEvent, useState } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants.ts';
import * as MSG from '#shared/shell-messages.ts';
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
  /** Preloads when the browser is idle after the page's start, once the caller has mounted (for code likely to be wanted soon). */
  usePreloadWhenIdle: () => void;
}

/**
 * How long after the page's load event a preload waits before it looks for idle time. Preloading means
 * evaluating a chunk (the account menu's is ~10 KB with its imports): in the first seconds on a slow phone
 * that competes with the page's own start and the user's first taps, the Lighthouse traces showed it as
 * long tasks (docs/benchmarks.md). A tap that comes sooner loads it at once (or at the press: the callers'
 * intent preloads).
 */
const AFTER_START_MS = 5000;

/** Runs `run` when the browser is idle once the page's start is over; returns a cancel. */
const whenIdleAfterStart = (run: () => void): (() => void) => {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const timer = setTimeout(run, 500); // Safari has no requestIdleCallback
      cancel = () => clearTimeout(timer);
    }
  };
  const wait = () => {
    const timer = setTimeout(idle, AFTER_START_MS);
    cancel = () => clearTimeout(timer);
  };
  if (document.readyState === 'complete') wait();
  else {
    window.addEventListener('load', wait, { once: true });
    cancel = () => window.removeEventListener('load', wait);
  }
  return () => cancel();
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
      // Only `wanted` starts a load: a new `onFailed` (a new closure each render) does not.
      const failed = useEffectEvent(onFailed);
      useEffect(() => {
        if (!wanted || loaded) return;
        let current = true;
        preload().then(
          (module) => current && setArrived(() => module),
          () => {
            if (!current) return;
            toast.error(MSG.somethingWentWrong);
            failed();
          },
        );
        return () => {
          current = false;
        };
      }, [wanted]);
      return loaded;
    },
    usePreloadWhenIdle() {
      useEffect(() => whenIdleAfterStart(() => void preload().catch(() => {})), []);
    },
  };
}
