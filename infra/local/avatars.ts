// Public avatar URLs (`${ASSET_BASE_URL}/avatars/...`, same origin locally) served from s3rver,
// the way CloudFront serves them from the bucket in the cloud.
import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './http-util.ts';

export const AVATARS_PREFIX = '/avatars/';

export function avatarsHandler(s3Endpoint: string, bucket: string) {
  return (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> =>
    new Promise((resolve) => {
      // Answered, or the client went away (a closed tab): either way the request is over.
      res.once('close', () => resolve());
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method not allowed');
      // The object key is the URL path without its leading slash; keep it percent-encoded.
      const upstream = request(`${s3Endpoint}/${bucket}${url.pathname}`, { method: req.method }, (s3) => {
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
