// Whether the page shows what it last saw rather than live answers: the browser is offline, or the
// latest API answer was the service worker's offline copy (OFFLINE_COPY_HEADER). A live answer, after
// the network returns (SWR revalidates on `online`), ends it. In the entry chunk: the API client reports
// every answer here.
import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_HEADER, PRIVATE_API_CACHE } from './cache-names.ts';

let showingOfflineCopy = false;
const listeners = new Set<() => void>();

/** Called by the API client with every answer it gets. */
export function noteAnswer(response: Response): void {
  const offlineCopy = response.headers.has(OFFLINE_COPY_HEADER);
  if (offlineCopy === showingOfflineCopy) return;
  showingOfflineCopy = offlineCopy;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * 'offline': the browser has no network; 'stale': it says it has, but the latest answer was still an
 * offline copy (the network came back after the `online` event, or answers nothing); 'live' otherwise.
 */
export type Connectivity = 'live' | 'offline' | 'stale';
const connectivity = (): Connectivity => (!navigator.onLine ? 'offline' : showingOfflineCopy ? 'stale' : 'live');

export const useConnectivity = () => useSyncExternalStore(subscribe, connectivity, (): Connectivity => 'live');

/**
 * Drops the service worker's copies of per-user answers (session, wallet, bets, notifications): they
 * live no longer than the session that fetched them, so the next person on this device never sees them.
 */
export async function forgetPrivateAnswers(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PRIVATE_API_CACHE).catch(() => {});
}
