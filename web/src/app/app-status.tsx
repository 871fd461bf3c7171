/// <reference types="vite-plugin-pwa/vanillajs" />
// The installable app's status bars, loaded after the page's load event (off the first render's path):
// registers the service worker (a production build only: in `npm run dev` the plugin's registerSW does
// nothing), offers a waiting new version ('A new version is ready' → Reload: the worker takes over and
// the page reloads once), and says when the page shows what it last saw because the network is gone.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { registerSW } from 'virtual:pwa-register';
import { API_BASE_PATH } from '#shared/constants.ts';
import { Button } from '../components/button.tsx';
import { KEEP_ANSWERS_MESSAGE } from '../lib/offline/cache-names.ts';
import { useConnectivity } from '../lib/offline/connectivity.ts';
import './app-status.css';

type UpdateApp = (reloadPage?: boolean) => Promise<void>;
let registration: { onUpdateReady: () => void; updateApp?: UpdateApp } | undefined;

/** The API addresses this page has read (its fetches and preloads), for the worker to keep. */
function handOverAnswersRead() {
  const api = `${window.location.origin}${API_BASE_PATH}/`;
  const urls = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.startsWith(api) && ['fetch', 'link'].includes((entry as PerformanceResourceTiming).initiatorType))
    .map((entry) => entry.name);
  navigator.serviceWorker.controller?.postMessage({ type: KEEP_ANSWERS_MESSAGE, urls: [...new Set(urls)] });
}

/** Registers the worker once per page; `onUpdateReady` runs when a new version waits to take over. */
function registerOnce(onUpdateReady: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  if (registration) {
    registration.onUpdateReady = onUpdateReady;
    return;
  }
  registration = { onUpdateReady };
  // The first worker takes control of this page (clientsClaim): it fetches what the page read again, into
  // its cache, so that the next visit without network has it. The page's own answers are left alone:
  // revalidating them all, as the page once did, re-rendered it while it was still loading.
  if (!navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', handOverAnswersRead, { once: true });
  registration.updateApp = registerSW({
    immediate: true,
    onNeedRefresh: () => registration?.onUpdateReady(),
    // A phone keeps the app open for days: look for a new version whenever it comes back to the screen.
    onRegisteredSW: (_url, sw) =>
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void sw?.update().catch(() => {});
      }),
  });
}

/** How soon, then at most how often, answers still offline after the network is back are asked again. */
const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

/** While the page shows offline copies though the browser is online, asks for every answer again, less and less often. */
function useRevalidateWhileStale(stale: boolean) {
  useEffect(() => {
    if (!stale) return;
    let delay = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout>;
    const retry = () => {
      void mutate(() => true);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
      timer = setTimeout(retry, delay);
    };
    timer = setTimeout(retry, delay);
    return () => clearTimeout(timer);
  }, [stale]);
}

export default function AppStatus() {
  const connectivity = useConnectivity();
  const offline = connectivity !== 'live';
  useRevalidateWhileStale(connectivity === 'stale');
  const [updateReady, setUpdateReady] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    registerOnce(() => setUpdateReady(true));
  }, []);
  if (!offline && !updateReady) return null;
  return (
    <div className="app-status">
      {offline && (
        <p className="app-status-bar app-status-offline" role="status">
          You’re offline — showing what you last saw
        </p>
      )}
      {updateReady && (
        <div className="app-status-bar" role="status">
          <span>A new version is ready</span>
          <Button
            busy={reloading}
            onClick={() => {
              setReloading(true);
              void registration?.updateApp?.(true); // what registerOnce keeps for the page (none without a worker)
            }}
          >
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
