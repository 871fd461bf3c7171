/// <reference lib="webworker" />
// The service worker: the app shell from its precache, so a second visit and the installed app open
// without the network, and the API's GET answers kept for when the network is gone. Rules (also in
// docs/architecture.md, "The service worker"):
// - the build's files are precached under their hashed names (index.html by a revision of its content):
//   a new build's worker fills a new copy while the old one still serves, and takes over only when the
//   page says so (its 'A new version is ready' prompt), so a tab never mixes old and new chunks;
// - API answers are network-first: the cached copy is used only when the network fails, marked with
//   OFFLINE_COPY_HEADER so the page says it is offline. Public lists also fall back when the network
//   stalls; per-user answers (session, wallet, bets, notifications: anything not listed public) never
//   do, and the page drops them when the session ends;
// - never cached: anything but GET, the GETs that change state (logout, refresh), a referee's (its answer
//   depends on the scorer link in its header), and /_local/*.
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_BASE_PATH } from '#shared/constants.ts';
import { routePattern, routes } from '#shared/routes.ts';
import { KEEP_ANSWERS_MESSAGE, OFFLINE_COPY_HEADER, PRIVATE_API_CACHE, PUBLIC_API_CACHE } from './lib/offline/cache-names.ts';
import './sw-push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The page's Reload (workbox-window's messageSkipWaiting) lets a waiting worker take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first worker controls the page that installed it, so the answers it fetches next are kept.
clientsClaim();

// Every client route opens the precached index.html; server paths go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/_local\//, /^\/ws/, /^\/avatars\//] }));

const apiPath = (path: string) => `${API_BASE_PATH}${path}`;
/** The same for every visitor: a copy may stand in when the network stalls too. */
const PUBLIC_LISTS = new Set(['/game/tournament-list', '/game/event-list', '/game/team-leaderboard', '/game/bettor-leaderboard'].map(apiPath));
// Never kept: the GETs that change state, and a referee's (its answer depends on the scorer link's header, not the address).
const NEVER_KEPT = new Set(routes.filter((route) => route.changesState || route.path.startsWith('/scorer/')).map((route) => apiPath(route.path)));
/** How long a public list's request may take before its copy is shown (the request goes on and refreshes the copy). */
const PUBLIC_LIST_TIMEOUT_SECONDS = 4;

/** Marks a cached answer as an offline copy for the page. */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: ({ cachedResponse }) => {
    if (!cachedResponse) return Promise.resolve(null);
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? 'unknown');
    return Promise.resolve(new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers }));
  },
};
const DAY_SECONDS = 24 * 60 * 60;
const apiStrategy = (cacheName: string, maxEntries: number, networkTimeoutSeconds?: number) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds,
    // One browser's own requests: the preload and the app's fetch of check-auth differ only in headers.
    matchOptions: { ignoreVary: true },
    plugins: [markOfflineCopy, new ExpirationPlugin({ maxEntries, maxAgeSeconds: 7 * DAY_SECONDS })],
  });

const isApiGet = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith(`${API_BASE_PATH}/`) && !NEVER_KEPT.has(url.pathname);
const publicAnswers = apiStrategy(PUBLIC_API_CACHE, 40, PUBLIC_LIST_TIMEOUT_SECONDS);
const privateAnswers = apiStrategy(PRIVATE_API_CACHE, 60);
registerRoute(({ url }) => isApiGet(url) && PUBLIC_LISTS.has(url.pathname), publicAnswers);
registerRoute(({ url }) => isApiGet(url) && !PUBLIC_LISTS.has(url.pathname), privateAnswers);

/** The API's GETs that change nothing: the only addresses a page's handover (below) may name. */
const READ_PATHS = routes.filter((route) => route.method === 'GET' && !route.changesState).map((route) => routePattern(route).pattern);

// What the page read before this worker controlled it (KEEP_ANSWERS_MESSAGE): fetched again through the
// same strategies, so only what they would keep is kept; anything else handed over is ignored.
self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; urls?: unknown } | null;
  if (message?.type !== KEEP_ANSWERS_MESSAGE || !Array.isArray(message.urls)) return;
  const kept = message.urls.flatMap((address) => {
    if (typeof address !== 'string' || !URL.canParse(address)) return [];
    const url = new URL(address);
    if (!isApiGet(url) || !READ_PATHS.some((path) => path.test(url.pathname))) return [];
    const request = new Request(url, { credentials: 'same-origin' });
    return (PUBLIC_LISTS.has(url.pathname) ? publicAnswers : privateAnswers).handle({ event, request }).catch(() => undefined);
  });
  event.waitUntil(Promise.all(kept));
});
