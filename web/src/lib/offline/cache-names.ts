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
