// The local cloud's test push service, standing in for FCM, Mozilla's and Apple's push services (which a
// local cloud cannot reach, nor a test read): `POST /_local/push/{id}` captures each Web Push request as it
// arrives (its headers and encrypted body, base64) and answers 201 as a push service does; ids starting
// `gone-` answer 410, as a push service does for a subscription the browser dropped, ids starting
// `refused-` 403, as a push service does for good (a subscription made with another VAPID key), and ids
// starting `busy-` 503, as an overloaded push service does (worth trying again). `GET /_local/push`
// lists what arrived, newest first, as JSON `[{ id, headers, body, receivedAt }]`; tests decrypt the
// bodies with the keys of the subscription they made. Kept in memory, the latest MAX_CAPTURED.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUSH_SERVICE_PREFIX } from './env.ts';
import { readBody, sendError, sendJson } from './http-util.ts';

export interface CapturedPush {
  id: string;
  headers: Record<string, string>;
  /** The request body, base64. */
  body: string;
  /** ISO time. */
  receivedAt: string;
}

/** Push services take at most 4 KB of payload; a little more for the encryption header. */
const MAX_PUSH_BYTES = 8 * 1024;
const MAX_CAPTURED = 1000;

export class PushService {
  private readonly captured: CapturedPush[] = [];

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = url.pathname.slice(PUSH_SERVICE_PREFIX.length + 1);
    if (req.method === 'GET' && url.pathname === PUSH_SERVICE_PREFIX) return sendJson(res, 200, this.captured);
    if (req.method !== 'POST' || !/^[\w-]{1,200}$/.test(id)) return sendError(res, 404, 'Not found');
    const body = await readBody(req, MAX_PUSH_BYTES).catch(() => undefined);
    if (!body) return sendError(res, 413, 'Payload Too Large');
    if (id.startsWith('gone-')) return sendError(res, 410, 'push subscription has unsubscribed or expired.');
    if (id.startsWith('refused-')) return sendError(res, 403, 'the VAPID credentials do not match the subscription.');
    if (id.startsWith('busy-')) return sendError(res, 503, 'Service Unavailable');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    this.captured.unshift({ id, headers, body: body.toString('base64'), receivedAt: new Date().toISOString() });
    this.captured.length = Math.min(this.captured.length, MAX_CAPTURED);
    res.writeHead(201, { location: `${PUSH_SERVICE_PREFIX}/${id}` }).end();
  }
}
