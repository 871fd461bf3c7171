// Small HTTP helpers shared by the gateway's routes.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request Entity Too Large');
  }
}

/**
 * Reads the whole body, refusing more than `limit` bytes. An oversized body keeps being drained (not
 * destroyed) so the client can still read the 413.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > limit) {
      req.resume();
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => refused || resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Whether `error` is the client closing the connection before its request was read: its choice, not a failure. */
export const isClientAbort = (req: IncomingMessage, error: unknown) =>
  req.destroyed && error instanceof Error && (error as NodeJS.ErrnoException).code === 'ECONNRESET';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  res.end(json);
}

/** The API's error envelope (docs/architecture.md, "HTTP contract"). */
export function sendError(res: ServerResponse, status: number, message: string, headers: OutgoingHttpHeaders = {}): void {
  sendJson(res, status, { statusCode: status, message, success: false }, headers);
}

/** decodeURIComponent that leaves a malformed escape as it is instead of throwing. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The request's path and query, parsed without trusting the Host header. */
export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://gateway.local');
}
