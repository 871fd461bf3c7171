// The SPA: the built files from web/dist, or Vite's dev middleware (hot reload) with --dev.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { safeDecode, sendError } from './http-util.ts';
import { viteConfigFile } from './paths.ts';

export interface Spa {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Whether a WebSocket upgrade belongs to the SPA (Vite's HMR socket) rather than the API. */
  ownsUpgrade(req: IncomingMessage): boolean;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function staticSpa(distDir: string): Spa {
  const root = normalize(distDir + sep);
  return {
    async handle(req, res, url) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method not allowed');
      const file = normalize(join(root, safeDecode(url.pathname)));
      const found = file.startsWith(root) ? await stat(file).catch(() => undefined) : undefined;
      if (found?.isFile()) {
        // Vite puts content-hashed files under /assets: their bytes never change.
        return sendFile(req, res, file, found.size, url.pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      }
      // A missing hashed asset (a tab older than the last build) must not get index.html as JavaScript.
      if (url.pathname.startsWith('/assets/')) return sendError(res, 404, 'Not found');
      const index = join(root, 'index.html');
      const built = await stat(index).catch(() => undefined);
      if (!built) return sendError(res, 503, 'The SPA is not built: run `npm run build:web` or `npm start`');
      sendFile(req, res, index, built.size, 'no-cache');
    },
    ownsUpgrade: () => false,
    close: async () => {},
  };
}

/** Vite in middleware mode; its HMR socket shares the gateway's server (and so its port). */
export async function viteSpa(server: Server): Promise<Spa> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: viteConfigFile,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server } },
  });
  return {
    handle: (req, res) =>
      new Promise((resolve) => {
        res.once('close', resolve);
        vite.middlewares(req, res, () => {
          sendError(res, 404, 'Not found');
          resolve();
        });
      }),
    ownsUpgrade: (req) => (req.headers['sec-websocket-protocol'] ?? '').startsWith('vite-'),
    close: () => vite.close(),
  };
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, size: number, cacheControl: string): void {
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': cacheControl,
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}
