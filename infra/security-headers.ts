// The security headers of every answer a browser gets from the app, defined once: CloudFront's
// response-headers policies (infra/constructs/site.ts) and the local gateway (infra/local/) send these
// same values, so a policy that breaks the app breaks it locally and in the browser tests first.

/** `directive sources…; …`, from a list of directives. */
const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');

/**
 * The SPA's pages and assets (ASVS 3.4.3, 3.4.6). Nothing is allowed unless listed, and each source is
 * one the app was seen to need (every screen in Chromium, tests/e2e/every-screen.test.ts):
 * - scripts only from our origin (the Vite build's /assets files; index.html has no inline script);
 * - style sheets from our origin, and inline styles: notistack (goober) and react-easy-crop write
 *   <style> elements at run time, whose text no hash or nonce can name;
 * - images from our origin (icons, demo images, avatars at /avatars), tournament images from any https
 *   host (shared/schemas.ts takes only https URLs or our own paths), and blob: for the photo picked in
 *   the avatar dialog;
 * - fetches and the WebSocket to our origin only ('self' covers ws: and wss: on the same host and port);
 * - the web app manifest and the service worker (/sw.js) only from our origin;
 * - no plugins, no <base>, forms post only to us, and no other site may frame the app (clickjacking).
 */
export const SPA_CONTENT_SECURITY_POLICY = policy({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/**
 * Answers that are data, never a page (the API, avatars, the WebSocket handshake): opened directly,
 * they may load nothing, run nothing (sandbox) and be framed by no one (ASVS 3.2.1, 3.4.6).
 */
export const DATA_CONTENT_SECURITY_POLICY = policy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  sandbox: [],
});

/** HSTS for a year, subdomains included (ASVS 3.4.1); browsers ignore it on plain-http localhost. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/**
 * Full URLs (which may hold a verification token) only to our own origin, nothing to other sites
 * (ASVS 3.4.5). Not 'no-referrer': under it a browser sends `Origin: null` with the app's own POSTs,
 * which the API's CSRF check refuses.
 */
export const REFERRER_POLICY = 'same-origin';
/** For browsers older than frame-ancestors. */
export const FRAME_OPTIONS = 'DENY';

/** The header fields, as the local gateway sends them and CloudFront's policies produce them. */
export function securityHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
  };
}
