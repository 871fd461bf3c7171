// Which site sent a request, as the browser says: a state-changing request from another site's page
// is refused (CSRF), over HTTP (middleware.ts) and at the WebSocket upgrade (functions/identity/handlers/connect.ts).
// Clients that are not browsers send neither header and are not affected.
import { config } from '#functions/platform/config.ts';
import { headerValue } from './cookies.ts';

/**
 * An Origin that is not the app's own (`null` included), or a Sec-Fetch-Site saying another site sent
 * it: `cross-site`, or `same-site` (a sibling subdomain is another origin too). `same-origin` and `none`
 * (the user typed the address or followed a bookmark) pass.
 */
export function fromAnotherSite(headers: Record<string, string | undefined> | undefined): boolean {
  const origin = headerValue(headers, 'origin');
  const site = headerValue(headers, 'sec-fetch-site');
  return (origin !== undefined && origin !== config().appOrigin) || site === 'cross-site' || site === 'same-site';
}
