// Public avatar URLs (`${ASSET_BASE_URL}/avatars/...`, same origin locally) served from s3rver,
// the way CloudFront serves them from the bucket in the cloud. The bucket holds private prefixes too
// (exports/), so only a plain key under avatars/ is ever read: s3rver would resolve a `..` still
// percent-encoded in the path.
import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { safeDecode, sendError } from './http-util.ts';

export const AVATARS_PREFIX = '/avatars/';

/** One segment of a plain key: letters, digits, `_` and `-`, dots only between them (never `.` or `..`). */
const PLAIN_SEGMENT = /^[\w-]+(\.[\w-]+)*$/;

/**
 * The object key a request path names, decoded once; undefined unless it is a plain key under avatars/
 * (no dot segment, backslash, or encoded character left to decode again).
 */
export function avatarKeyOf(pathname: string): string | undefined {
  const key = safeDecode(pathname).slice(1);
  const [prefix, ...rest] = key.split('/');
  return prefix === 'avatars' && rest.length > 0 && rest.every((segment) => PLAIN_SEGMENT.test(segment)) ? key : undefined;
}

export function avatarsHandler(s3Endpoint: string, bucket: string) {
  return (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> =>
    new Promise((resolve) => {
      // Answered, or the client went away (a closed tab): either way the request is over.
      res.once('close', () => resolve());
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method not allowed');
      const key = avatarKeyOf(url.pathname);
      if (!key) return sendError(res, 404, 'Not found');
      // Plain segments need no encoding.
      const upstream = request(`${s3Endpoint}/${bucket}/${key}`, { method: req.method }, (s3) => {
        if (s3.statusCode !== 200) {
          s3.resume();
          return sendError(res, 404, 'Not found');
        }
        res.writeHead(200, {
          'content-type': s3.headers['content-type'] ?? 'application/octet-stream',
          ...(s3.headers['content-length'] && { 'content-length': s3.headers['content-length'] }),
          ...(s3.headers.etag && { etag: s3.headers.etag }),
          // Every upload gets a new key, so a key's bytes never change.
          'cache-control': 'public, max-age=31536000, immutable',
        });
        // A client gone mid-download must not leave the read from s3rver open (it would hold s3rver's
        // connection, and its shutdown, for ever).
        res.once('close', () => {
          if (!s3.complete) s3.destroy();
        });
        s3.pipe(res);
      });
      upstream.on('error', (error) => {
        console.error('[gateway] avatar read from s3rver failed:', error);
        if (res.headersSent) res.destroy();
        else sendError(res, 502, 'Bad gateway');
      });
      upstream.end();
    });
}
