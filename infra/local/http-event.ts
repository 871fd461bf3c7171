// Translation between node:http and API Gateway HTTP API payload format 2.0 (docs/architecture.md).
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface RouteMatch {
  routeKey: string;
  pathParameters: Record<string, string>;
}

export interface HttpResponse {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

// API Gateway passes these bodies as text; anything else (multipart, images, forms) arrives base64.
const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|xml|javascript)\b|application\/[\w.-]+\+(json|xml)\b)/i;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function toHttpEvent(req: IncomingMessage, url: URL, body: Buffer, match: RouteMatch, requestId: string): APIGatewayProxyEventV2 {
  const now = new Date();
  const sourceIp = clientIp(req);
  const host = req.headers.host ?? 'localhost';
  const domainName = domainOf(req);
  const rawQueryString = url.search.slice(1);
  const headers = requestHeaders(req);
  const cookies = splitCookies(headers.cookie);
  delete headers.cookie;
  Object.assign(headers, {
    'x-forwarded-for': sourceIp,
    'x-forwarded-port': host.match(/:(\d+)$/)?.[1] ?? '80',
    'x-forwarded-proto': 'http',
  });
  const isText = body.length === 0 || TEXT_CONTENT_TYPE.test(headers['content-type'] ?? '');

  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: url.pathname,
    rawQueryString,
    ...(cookies.length > 0 && { cookies }),
    headers,
    ...(rawQueryString && { queryStringParameters: queryParameters(url.searchParams) }),
    ...(Object.keys(match.pathParameters).length > 0 && { pathParameters: match.pathParameters }),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0],
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 && { body: isText ? body.toString('utf8') : body.toString('base64') }),
    isBase64Encoded: !isText,
  };
}

/** Applies API Gateway's rules for a handler's result, including results without a statusCode. */
export function toHttpResponse(result: unknown): HttpResponse {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const { statusCode, headers = {}, cookies = [], body = '', isBase64Encoded = false } = result as {
    statusCode: number;
    headers?: Record<string, string | number | boolean>;
    cookies?: string[];
    body?: string;
    isBase64Encoded?: boolean;
  };
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  const setCookies = [...(out['set-cookie'] ? [String(out['set-cookie'])] : []), ...cookies];
  if (setCookies.length > 0) out['set-cookie'] = setCookies;
  return { statusCode, headers: out, body: Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8') };
}

/** Lower-case names (Node's), repeated headers joined with commas as API Gateway does. */
export function requestHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    if (value) headers[name] = value.join(name === 'cookie' ? '; ' : ',');
  }
  return headers;
}

function splitCookies(header: string | undefined): string[] {
  return (header ?? '').split(';').map((c) => c.trim()).filter(Boolean);
}

function queryParameters(params: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of new Set(params.keys())) result[key] = params.getAll(key).join(',');
  return result;
}

export function domainOf(req: IncomingMessage): string {
  return (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
}

export function clientIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

/** API Gateway's requestContext time format, e.g. "12/Mar/2020:19:03:58 +0000". */
export function apiGatewayTime(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}
