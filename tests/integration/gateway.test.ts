// The local gateway in-process, with stand-in handlers: event translation, the SPA, avatars, the
// local SES and mailbox, the WebSocket API and @connections, checked with the real AWS SDK clients.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { RouteDef } from '../../shared/routes.ts';
import { localCredentials, LOCAL_REGION } from '../../infra/local/env.ts';
import { createGateway, type Gateway } from '../../infra/local/gateway.ts';
import type { LambdaHandler } from '../../infra/local/handlers.ts';
import { Mailbox } from '../../infra/local/mailbox.ts';
import { startS3, type LocalS3 } from '../../infra/local/s3.ts';
import { staticSpa } from '../../infra/local/spa.ts';
import { DATA_CONTENT_SECURITY_POLICY, SPA_CONTENT_SECURITY_POLICY, securityHeaders } from '../../infra/security-headers.ts';
import { createClient } from '../helpers/api.ts';

interface WsEvent {
  headers?: Record<string, string | undefined>;
  body?: string;
  requestContext: { connectionId: string; eventType: string; routeKey: string };
}

const route = (method: RouteDef['method'], path: string, handler: string): RouteDef => ({ method, path, handler, auth: 'public', body: 'json' });
const routes = [
  route('GET', '/things/{thingId}', 'echo'),
  route('POST', '/things', 'echo'),
  route('GET', '/no-status', 'no-status'),
  route('GET', '/text', 'text'),
  route('GET', '/image', 'image'),
  route('GET', '/boom', 'boom'),
];
const wsRoutes = [
  { routeKey: '$connect', handler: 'identity/handlers/connect' },
  { routeKey: '$disconnect', handler: 'notifications/handlers/disconnect' },
  { routeKey: 'join', handler: 'notifications/handlers/join' },
];
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
const disconnected: WsEvent[] = [];
const handlers: Record<string, LambdaHandler> = {
  // Async handlers, as ours are: each answers a promise.
  echo: (event: APIGatewayProxyEventV2) =>
    Promise.resolve({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Echo': 'yes' },
      cookies: ['first=1; Path=/; HttpOnly; Secure', 'second=2; Path=/api/v1/things; Max-Age=60'],
      body: JSON.stringify(event),
    }),
  'no-status': () => Promise.resolve({ hello: 'world' }),
  text: () => Promise.resolve('plain string'),
  image: () => Promise.resolve({ statusCode: 200, headers: { 'content-type': 'image/png' }, body: PNG_BYTES.toString('base64'), isBase64Encoded: true }),
  boom: () => Promise.reject(new Error('handler bug')),
  'identity/handlers/connect': (event: WsEvent) => Promise.resolve({ statusCode: event.headers?.cookie?.includes('accessToken=') ? 200 : 401 }),
  'notifications/handlers/disconnect': (event: WsEvent) => {
    disconnected.push(event);
    return Promise.resolve({ statusCode: 200 });
  },
  'notifications/handlers/join': (event: WsEvent) =>
    Promise.resolve({
      statusCode: 200,
      body: JSON.stringify({ joined: JSON.parse(event.body ?? '{}').userId, connectionId: event.requestContext.connectionId }),
    }),
};

/**
 * Sends `head` on a raw connection and hangs up, as a closed tab does: 100 ms later (mid-body), or once
 * the first bytes of the answer arrive (mid-download).
 */
async function sendAndHangUp(url: string, head: string, when: 'mid-body' | 'mid-download' = 'mid-body') {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(head);
  await (when === 'mid-body' ? new Promise((resolve) => setTimeout(resolve, 100)) : new Promise((resolve) => socket.once('data', resolve)));
  socket.destroy();
}

let dir: string;
let s3: LocalS3;
let gateway: Gateway;
let baseUrl: string;
let mailbox: Mailbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bpw-gateway-'));
  await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
  await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(dir, 'dist', 'assets', 'app-3f9a.js'), 'console.log(1)');
  s3 = await startS3(dir, 'test-avatars');
  mailbox = await Mailbox.open(join(dir, 'mail.json'));
  gateway = await createGateway({
    routes,
    wsRoutes,
    loadHandler: (modulePath) => {
      const handler = handlers[modulePath] as LambdaHandler | undefined;
      return handler ? Promise.resolve(handler) : Promise.reject(new Error(`no stand-in for ${modulePath}`));
    },
    mailbox,
    avatars: { s3Endpoint: s3.endpoint, bucket: 'test-avatars' },
    spa: () => staticSpa(join(dir, 'dist')),
    logRequests: false,
  });
  baseUrl = `http://localhost:${await gateway.listen(0)}`;
});

afterAll(async () => {
  // Undefined when beforeAll failed before starting them.
  await (gateway as typeof gateway | undefined)?.close();
  await (s3 as typeof s3 | undefined)?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('HTTP API events (payload format 2.0)', () => {
  it('carries route key, path and query parameters, headers and cookies', async () => {
    const api = createClient(baseUrl);
    api.cookies.set('accessToken', 'token-1');
    api.cookies.set('theme', 'dark');
    const { status, body: event, headers, setCookies } = await api.get<APIGatewayProxyEventV2>('/things/a%20b?tag=x&tag=y&q=hello%20world', {
      headers: { 'X-Custom': 'Value', 'User-Agent': 'vitest' },
    });

    expect(status).toBe(201);
    expect(headers.get('x-echo')).toBe('yes');
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/v1/things/{thingId}',
      rawPath: '/api/v1/things/a%20b',
      rawQueryString: 'tag=x&tag=y&q=hello%20world',
      queryStringParameters: { tag: 'x,y', q: 'hello world' },
      pathParameters: { thingId: 'a b' },
      cookies: ['accessToken=token-1', 'theme=dark'],
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'GET', path: '/api/v1/things/a%20b', sourceIp: '127.0.0.1', userAgent: 'vitest' },
        routeKey: 'GET /api/v1/things/{thingId}',
        stage: '$default',
      },
    });
    expect(event.headers['x-custom']).toBe('Value');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.body).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.timeEpoch).toBeGreaterThan(Date.now() - 60_000);
    // Each `cookies` entry is its own Set-Cookie header, and the jar keeps Secure cookies on localhost.
    expect(setCookies).toEqual(['first=1; Path=/; HttpOnly; Secure', 'second=2; Path=/api/v1/things; Max-Age=60']);
    expect(api.cookies.get('first')).toBe('1');
  });

  it('passes a JSON body as text and a multipart body as base64', async () => {
    const api = createClient(baseUrl);
    const json = await api.post<APIGatewayProxyEventV2>('/things', { name: 'ünïcode' });
    expect(json.body).toMatchObject({ body: '{"name":"ünïcode"}', isBase64Encoded: false });
    expect(json.body.headers.origin).toBe(baseUrl);

    const form = new FormData();
    form.append('userName', 'Alice');
    form.append('avatar', new Blob([PNG_BYTES], { type: 'image/png' }), 'a.png');
    const multipart = await api.post<APIGatewayProxyEventV2>('/things', form);
    expect(multipart.body.isBase64Encoded).toBe(true);
    expect(multipart.body.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const raw = Buffer.from(multipart.body.body ?? '', 'base64');
    expect(raw.includes(PNG_BYTES)).toBe(true);
    expect(raw.toString('latin1')).toContain('name="userName"');
  });

  it('answers 404 with the error envelope for an unknown route or method', async () => {
    const api = createClient(baseUrl);
    for (const response of [await api.get('/nothing-here'), await api.post('/things/1'), await api.get('/things')]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: 'Not found', success: false });
    }
  });

  it('refuses a body over 10 MB with 413', async () => {
    const response = await createClient(baseUrl).post('/things', new Uint8Array(10 * 1024 * 1024 + 1), {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ statusCode: 413, success: false });
  });

  it('applies API Gateway defaults to results without a statusCode', async () => {
    const api = createClient(baseUrl);
    expect(await api.get('/no-status')).toMatchObject({ status: 200, body: { hello: 'world' } });
    const text = await api.raw('/text');
    expect(text.status).toBe(200);
    expect(await text.text()).toBe('plain string');
  });

  it('decodes base64 results', async () => {
    const response = await createClient(baseUrl).raw('/image');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('answers 500 with the envelope when a handler throws, and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await createClient(baseUrl).get('/boom');
    expect(response).toMatchObject({ status: 500, body: { statusCode: 500, message: 'Internal Server Error', success: false } });
    expect(logged).toHaveBeenCalledWith('[gateway] functions/boom failed:', expect.any(Error));
    logged.mockRestore();
  });

  it('logs a request whose client went away mid-body as one info line without a stack, not as an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {});
    await sendAndHangUp(baseUrl, 'POST /api/v1/things HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":');

    await expect.poll(() => infos.mock.calls.length).toBe(1);
    expect(infos.mock.calls[0]).toEqual(['[gateway] POST /api/v1/things: the client closed the connection before the request ended']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    infos.mockRestore();
  });
});

describe('SPA and avatars', () => {
  it('serves index.html for unknown paths and hashed assets with a long cache', async () => {
    const page = await fetch(`${baseUrl}/profile/some/deep/link?x=1`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');

    const asset = await fetch(`${baseUrl}/assets/app-3f9a.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${baseUrl}/assets/app-gone.js`)).status).toBe(404);
  });

  it('sends the security headers CloudFront sends (infra/security-headers.ts): the SPA policy on pages and assets, the data policy on the API', async () => {
    const headersOf = async (path: string) => {
      const response = await fetch(`${baseUrl}${path}`);
      return Object.fromEntries(Object.keys(securityHeaders('')).map((name) => [name, response.headers.get(name)]));
    };
    for (const path of ['/', '/wallet', '/assets/app-3f9a.js', '/assets/app-gone.js']) {
      expect(await headersOf(path), path).toEqual(securityHeaders(SPA_CONTENT_SECURITY_POLICY));
    }
    for (const path of ['/api/v1/things/1', '/api/v1/nothing-here']) {
      expect(await headersOf(path), path).toEqual(securityHeaders(DATA_CONTENT_SECURITY_POLICY));
    }
  });

  it('compresses text files as CloudFront does: Brotli, else gzip, else none; small files as they are', async () => {
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
    await writeFile(join(dir, 'dist', 'assets', 'big-77aa.js'), script);
    // The bytes on the wire (fetch would decode them itself).
    const raw = (path: string, acceptEncoding: string, method = 'GET') =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = httpRequest(`${baseUrl}${path}`, { method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });

    const br = await raw('/assets/big-77aa.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gzip = await raw('/assets/big-77aa.js', 'gzip;q=1.0, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await raw('/assets/big-77aa.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // HEAD: the same headers, no body.
    const head = await raw('/assets/big-77aa.js', 'gzip', 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(gzip.body.length);
    expect(head.body.length).toBe(0);

    // Under 1,000 bytes (CloudFront's threshold too): as it is.
    const small = await raw('/assets/app-3f9a.js', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('console.log(1)');
  });

  it('serves avatars from the bucket, with nosniff and the data policy as CloudFront does', async () => {
    const client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: LOCAL_REGION, credentials: localCredentials });
    await client.send(new PutObjectCommand({ Bucket: 'test-avatars', Key: 'avatars/u1/a1.png', Body: PNG_BYTES, ContentType: 'image/png' }));
    client.destroy();

    const avatar = await fetch(`${baseUrl}/avatars/u1/a1.png`);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Never read as anything but the type it was stored with (an "image" holding HTML or script).
    expect(avatar.headers.get('x-content-type-options')).toBe('nosniff');
    expect(avatar.headers.get('content-security-policy')).toBe(DATA_CONTENT_SECURITY_POLICY);
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG_BYTES);
    const missing = await fetch(`${baseUrl}/avatars/u1/missing.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('stops reading from the bucket when the client abandons an avatar download', async () => {
    // A stand-in bucket whose objects never end, noting when its reader hangs up.
    let bucketReadClosed = false;
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const writing = setInterval(() => res.write(Buffer.alloc(64 * 1024)), 5);
      res.once('close', () => {
        clearInterval(writing);
        bucketReadClosed = true;
      });
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const other = await createGateway({
      routes: [],
      wsRoutes: [],
      loadHandler: () => Promise.resolve(handlers.echo),
      mailbox,
      avatars: { s3Endpoint: `http://127.0.0.1:${(endless.address() as AddressInfo).port}`, bucket: 'endless' },
      spa: () => staticSpa(join(dir, 'dist')),
      logRequests: false,
    });
    const otherUrl = `http://localhost:${await other.listen(0)}`;

    await sendAndHangUp(otherUrl, 'GET /avatars/u1/huge.jpg HTTP/1.1\r\nHost: localhost\r\n\r\n', 'mid-download');
    await expect.poll(() => bucketReadClosed).toBe(true);
    await other.close();
    await new Promise((resolve) => endless.close(resolve));
  });
});

describe('local SES and mailbox', () => {
  it('captures SendEmail from the real SES client, newest first, and keeps it across restarts', async () => {
    const ses = new SESClient({ endpoint: `${baseUrl}/_local/ses`, region: LOCAL_REGION, credentials: localCredentials });
    const send = (subject: string) =>
      ses.send(
        new SendEmailCommand({
          Source: 'no-reply@betplaywin.local',
          Destination: { ToAddresses: ['Player@Test.local'] },
          Message: {
            Subject: { Data: subject },
            Body: { Text: { Data: `${subject} text` }, Html: { Data: `<p>${subject} <a href="http://localhost/x?a=1&amp;b=2">link</a></p>` } },
          },
        }),
      );
    expect((await send('First <mail>')).MessageId).toBeTruthy();
    await send('Second');
    ses.destroy();

    const mails = (await (await fetch(`${baseUrl}/_local/mail`)).json()) as { to: string; subject: string; text: string; html: string; sentAt: string }[];
    expect(mails.map((m) => m.subject)).toEqual(['Second', 'First <mail>']);
    expect(mails[1]).toMatchObject({ to: 'Player@Test.local', text: 'First <mail> text' });
    expect(Date.parse(mails[0].sentAt)).toBeGreaterThan(Date.now() - 60_000);

    const view = await (await fetch(`${baseUrl}/_local/mail/view`)).text();
    expect(view).toContain('First &lt;mail&gt;');
    expect(view).toContain('srcdoc="&lt;base target=&quot;_top&quot;&gt;');

    expect((await Mailbox.open(join(dir, 'mail.json'))).list().map((m) => m.subject)).toEqual(['Second', 'First <mail>']);
  });
});

describe('WebSocket API and @connections', () => {
  const wsUrl = () => baseUrl.replace('http', 'ws') + '/ws';
  const management = () => new ApiGatewayManagementApiClient({ endpoint: baseUrl.replace('localhost', '127.0.0.1'), region: LOCAL_REGION, credentials: localCredentials });

  it('refuses the upgrade when $connect answers non-2xx', async () => {
    const socket = new WebSocket(wsUrl());
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      socket.on('open', () => resolve(undefined));
      socket.on('error', () => {});
    });
    expect(status).toBe(401);
  });

  it('routes messages by action, pushes with PostToConnection and closes with DeleteConnection', async () => {
    const socket = new WebSocket(wsUrl(), { headers: { cookie: 'accessToken=abc' } });
    const received: string[] = [];
    socket.on('message', (data) => received.push((data as Buffer).toString()));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let read = 0;
    const next = async () => {
      await expect.poll(() => received.length).toBeGreaterThan(read);
      return received[read++];
    };

    socket.send(JSON.stringify({ action: 'join', userId: 'u1' }));
    const joined = JSON.parse(await next()) as { joined: string; connectionId: string };
    expect(joined.joined).toBe('u1');
    socket.send(JSON.stringify({ action: 'unknown' })); // no $default route: ignored

    const client = management();
    await client.send(new PostToConnectionCommand({ ConnectionId: joined.connectionId, Data: JSON.stringify({ type: 'notification' }) }));
    expect(JSON.parse(await next())).toEqual({ type: 'notification' });
    const info = await client.send(new GetConnectionCommand({ ConnectionId: joined.connectionId }));
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    const closed = new Promise((resolve) => socket.once('close', resolve));
    await client.send(new DeleteConnectionCommand({ ConnectionId: joined.connectionId }));
    await closed;
    await expect.poll(() => disconnected.map((e) => e.requestContext.connectionId)).toContain(joined.connectionId);
    expect(received).toHaveLength(2);

    await expect(client.send(new PostToConnectionCommand({ ConnectionId: joined.connectionId, Data: 'late' }))).rejects.toBeInstanceOf(GoneException);
    client.destroy();
  });

  it('closes the connection with 1009 on a message over 128 KB, as API Gateway does; one of 128 KB is delivered', async () => {
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {});
    const socket = new WebSocket(wsUrl(), { headers: { cookie: 'accessToken=abc' } });
    const replies: string[] = [];
    socket.on('message', (data) => replies.push((data as Buffer).toString()));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const joinOf = (bytes: number) => {
      const message = JSON.stringify({ action: 'join', userId: 'u'.repeat(bytes - JSON.stringify({ action: 'join', userId: '' }).length) });
      expect(Buffer.byteLength(message)).toBe(bytes);
      return message;
    };

    socket.send(joinOf(128 * 1024));
    await expect.poll(() => replies.length).toBe(1);
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(joinOf(128 * 1024 + 1));
    expect(await closed).toBe(1009);
    expect(replies).toHaveLength(1);
    // The connection is gone for the API too: $disconnect ran for it.
    const { connectionId } = JSON.parse(replies[0]) as { connectionId: string };
    await expect.poll(() => disconnected.map((e) => e.requestContext.connectionId)).toContain(connectionId);
    expect(infos).toHaveBeenCalledWith(`[gateway] WebSocket ${connectionId} closed: Max payload size exceeded`);
    infos.mockRestore();
  });

  it('answers GoneException for an unknown connection', async () => {
    const client = management();
    const error = await client.send(new PostToConnectionCommand({ ConnectionId: 'bm90LWEtY29ubj0=', Data: 'x' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneException);
    expect((error as GoneException).$metadata.httpStatusCode).toBe(410);
    client.destroy();
  });
});
