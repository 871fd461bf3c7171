// What the service worker (web/src/sw.ts) and the page agree on about the API answers the worker keeps:
// the page marks what it shows as offline by the header, and forgets the per-user copies when the
// session ends. No imports: the page's entry chunk takes this file.

/** Answers of public lists (tournaments, events, leaderboards): the same for everyone. */
export const PUBLIC_API_CACHE = 'api-public';
/** Answers that carry a session, money or a user's own data: kept only while the session lasts. */
export const PRIVATE_API_CACHE = 'api-private';
/**
 * Set by the worker on an answer it took from its cache because the network failed (or, for a public
 * list, stalled); the value is when the server sent it (its Date header).
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/**
 * The page that installed the worker hands it, once the worker controls the page, the addresses of the
 * API answers it read before (`{ type: KEEP_ANSWERS_MESSAGE, urls }`): the worker fetches them again
 * into its caches, under the rules above, so a visit without network has them.
 */
export const KEEP_ANSWERS_MESSAGE = 'KEEP_ANSWERS';
