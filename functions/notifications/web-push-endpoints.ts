// Where the server may send a Web Push request: only https URLs of the real push services (an
// allow-list of their hosts), so a subscription can never make the sender call an arbitrary URL
// (server-side request forgery: the cloud's metadata address, our own API, an intranet host). In the
// local cloud its own test push service (`<APP_ORIGIN>/_local/push/…`, PUSH_TEST_SERVICE) is accepted too.

/** Push services' hosts, exact. */
const PUSH_HOSTS = new Set(['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'web.push.apple.com']);
/** Push services whose hosts vary under one domain (Windows: `<region>.notify.windows.com`; Apple's regional web push hosts). */
const PUSH_HOST_SUFFIXES = ['.notify.windows.com', '.push.apple.com'];

export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

/**
 * Whether the server may send pushes to `endpoint`: https on the default port, no user name or password,
 * a push service's host; or, when `testService` (a URL prefix) is given, a URL under it.
 */
export function isAllowedPushEndpoint(endpoint: string, testService?: string): boolean {
  if (endpoint.length > MAX_PUSH_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // url.href is normalised (dot segments resolved), so a path cannot climb out of the prefix.
  if (testService && url.href.startsWith(testService) && url.href.length > testService.length) {
    const test = new URL(testService);
    return url.origin === test.origin;
  }
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.has(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
