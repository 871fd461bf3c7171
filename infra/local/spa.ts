// The SPA: the built files from web/dist, or Vite's dev middleware (hot reload) with --dev.
// Text files go out compressed (Brotli or gzip, as the browser accepts), as CloudFront compresses them
// in the cloud (infra/constructs/site.ts: CACHING_OPTIMIZED, compression on).
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
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

// What CloudFront compresses: text types, from 1,000 bytes up.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.svg']);
const MIN_COMPRESS_BYTES = 1000;
type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const ENCODERS: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  // Quality 5: close to the best ratio at a fraction of quality 11's time, like an edge compressing on the fly.
  br: (data) => brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: promisify(gzip),
};

export function staticSpa(distDir: string): Spa {
  const root = normalize(distDir + sep);
  // Compressed bodies by file, encoding, size and mtime: each file is compressed once per build.
  const compressed = new Map<string, Promise<Buffer>>();
  const sendFile = async (req: IncomingMessage, res: ServerResponse, file: string, found: Stats, cacheControl: string) => {
    const headers: OutgoingHttpHeaders = {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControl,
    };
    const compressible = COMPRESSIBLE.has(extname(file).toLowerCase()) && found.size >= MIN_COMPRESS_BYTES;
    const encoding = compressible ? acceptedEncoding(req) : undefined;
    if (!encoding) {
      res.writeHead(200, { ...headers, 'content-length': found.size, ...(compressible && { vary: 'Accept-Encoding' }) });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return;
    }
    const key = `${file}\0${encoding}\0${found.size}\0${found.mtimeMs}`;
    let body = compressed.get(key);
    if (!body) {
      body = readFile(file).then(ENCODERS[encoding]);
      compressed.set(key, body);
      body.catch(() => compressed.delete(key));
    }
    const bytes = await body;
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': bytes.length, vary: 'Accept-Encoding' });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };
  return {
    async handle(req, res, url) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Method not allowed');
      const file = normalize(join(root, safeDecode(url.pathname)));
      const found = file.startsWith(root) ? await stat(file).catch(() => undefined) : undefined;
      if (found?.isFile()) {
        // Vite puts content-hashed files under /assets: their bytes never change.
        return sendFile(req, res, file, found, url.pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      }
      // A missing hashed asset (a tab older than the last build) must not get index.html as JavaScript.
      if (url.pathname.startsWith('/assets/')) return sendError(res, 404, 'Not found');
      const index = join(root, 'index.html');
      const built = await stat(index).catch(() => undefined);
      if (!built) return sendError(res, 503, 'The SPA is not built: run `npm run build:web` or `npm start`');
      return sendFile(req, res, index, built, 'no-cache');
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

/** Brotli when the browser takes it, else gzip, else none (as CloudFront chooses); `;q=0` refuses one. */
function acceptedEncoding(req: IncomingMessage): Encoding | undefined {
  const accepted = new Negotiator(req).encodings(['br', 'gzip']);
  return accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
}
