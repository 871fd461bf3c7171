// A tiny HTTP client for tests: paths under /api/v1, a browser-like cookie jar, JSON in and out.
import { API_BASE_PATH } from '../../shared/constants.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export type Body = object | FormData | string | Uint8Array | undefined;

export interface ClientOptions {
  /** The Origin header sent on mutations: the app's origin by default, `false` to send none. */
  origin?: string | false;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt?: number;
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cookies as a browser keeps them for one host: keyed by name and path, sent on matching paths
 * (longest path first), deleted by Max-Age<=0 or a past Expires. Secure cookies are kept on
 * http://localhost, as browsers do.
 */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  /** Applies the Set-Cookie headers of a response to a request for `requestPath`. */
  store(setCookies: string[], requestPath: string): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: StoredCookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: defaultPath(requestPath) };
      for (const attribute of attributes) {
        const [key, value = ''] = attribute.split('=', 2);
        const name = key.toLowerCase();
        if (name === 'path' && value.startsWith('/')) cookie.path = value;
        if (name === 'max-age') cookie.expiresAt = Date.now() + Number(value) * 1000;
        if (name === 'expires' && cookie.expiresAt === undefined) cookie.expiresAt = Date.parse(value);
      }
      const key = `${cookie.name};${cookie.path}`;
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  /** The Cookie header for a request to `path`, or undefined if no cookie applies. */
  header(path: string): string | undefined {
    const applicable = this.live()
      .filter((c) => pathMatches(path, c.path))
      .sort((a, b) => b.path.length - a.path.length);
    return applicable.length > 0 ? applicable.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** The value of a cookie (the one with the longest path when several share the name). */
  get(name: string): string | undefined {
    return this.live()
      .filter((c) => c.name === name)
      .sort((a, b) => b.path.length - a.path.length)[0]?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(`${name};${path}`, { name, value, path });
  }

  clear(): void {
    this.cookies.clear();
  }

  private live(): StoredCookie[] {
    const now = Date.now();
    return [...this.cookies.values()].filter((c) => c.expiresAt === undefined || c.expiresAt > now);
  }
}

export function createClient(baseUrl: string, options: ClientOptions = {}) {
  const cookies = new CookieJar();
  const origin = options.origin ?? new URL(baseUrl).origin;

  /** Any request (path relative to /api/v1); the jar is updated, the Response is returned unread. */
  async function raw(path: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(`${API_BASE_PATH}${path}`, baseUrl);
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    const cookie = cookies.header(url.pathname);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    if (origin && MUTATIONS.has(method) && !headers.has('origin')) headers.set('origin', origin);
    const response = await fetch(url, { ...init, method, headers, redirect: 'manual' });
    cookies.store(response.headers.getSetCookie(), url.pathname);
    return response;
  }

  async function request<T>(method: string, path: string, body?: Body, init: RequestInit = {}): Promise<ApiResponse<T>> {
    const headers = new Headers(init.headers);
    let payload: BodyInit | undefined;
    if (body instanceof FormData || typeof body === 'string') payload = body;
    else if (body instanceof Uint8Array) payload = body as BodyInit; // a Buffer's ArrayBufferLike defeats the DOM typing
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await raw(path, { ...init, method, headers, body: payload });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      headers: response.headers,
      setCookies: response.headers.getSetCookie(),
    };
  }

  return {
    cookies,
    raw,
    get: <T = any>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
    post: <T = any>(path: string, body?: Body, init?: RequestInit) => request<T>('POST', path, body, init),
    put: <T = any>(path: string, body?: Body, init?: RequestInit) => request<T>('PUT', path, body, init),
    patch: <T = any>(path: string, body?: Body, init?: RequestInit) => request<T>('PATCH', path, body, init),
    delete: <T = any>(path: string, init?: RequestInit) => request<T>('DELETE', path, undefined, init),
  };
}

export type ApiClient = ReturnType<typeof createClient>;

/** RFC 6265's default-path: the request path up to its last slash. */
function defaultPath(requestPath: string): string {
  const slash = requestPath.lastIndexOf('/');
  return slash > 0 ? requestPath.slice(0, slash) : '/';
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
