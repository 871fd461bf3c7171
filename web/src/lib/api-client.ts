// The one HTTP client of the web app: same-origin API under /api/v1 with cookies, the envelope unwrapped
// to `data`, one refresh-and-retry after a 401, and a toast when the server cannot be reached at all.
import { API_BASE_PATH } from '#shared/constants.ts';
import * as MSG from '#shared/shell-messages.ts';
import type { ApiEnvelope } from '#shared/api.ts';
import { noteAnswer } from './offline/connectivity.ts';
import { toast } from './toast.ts';

/** An answer the caller should handle: `status` is the HTTP status (0 when no answer arrived). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** HTTP status of an error thrown by the client, 0 for anything else. */
export const errorStatus = (error: unknown) => (isApiError(error) ? error.status : 0);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, string | undefined>;
  /**
   * Some public endpoints answer 401 as a business result (e.g. "already registered"), not an expired
   * session: those pass `refreshOn401: false` so no refresh/logout round trip happens.
   */
  refreshOn401?: boolean;
}

const REFRESH_PATH = '/user/refresh-token';
const LOGOUT_PATH = '/user/logout-user';

let onSessionEnded: () => void = () => {};
/** The session provider registers how to mark the user logged out when a refresh fails. */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return `${API_BASE_PATH}${path}${search ? `?${search}` : ''}`;
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const { method = 'GET', body, query } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      headers: body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    toast.error(MSG.connectionFailed);
    throw new ApiError(0, MSG.connectionFailed);
  }
  noteAnswer(response);
  const envelope = (await response.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
  if (!response.ok) throw new ApiError(response.status, envelope?.message || MSG.somethingWentWrong);
  return envelope?.data as T;
}

// A refresh token is single use. Concurrent 401s of this tab share one refresh, and the tabs of this
// browser take turns (a Web Lock), each sending the cookie the previous refresh left: two tabs sending
// the same token at once would look like a stolen copy (the server forgives that only for seconds).
const REFRESH_LOCK = 'bet-play-win:session-refresh';
let refreshing: Promise<boolean> | null = null;

/** Runs `task` while no other tab of this app refreshes; at once where Web Locks are missing. */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  // Missing outside a secure context and in older browsers, whatever the DOM types say.
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task();
}

/** Renews the session with the refresh cookie: true when it worked. */
export function renewSession(): Promise<boolean> {
  refreshing ??= oneTabAtATime(() => send(REFRESH_PATH, {}).then(() => true, () => false)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// After a 401: the session is renewed, or else logged out and the app told, once for concurrent 401s.
let recovering: Promise<boolean> | null = null;
function recoverSession(): Promise<boolean> {
  recovering ??= renewSession()
    .then((renewed) => {
      if (!renewed) {
        send(LOGOUT_PATH, {}).catch(() => {});
        onSessionEnded();
      }
      return renewed;
    })
    .finally(() => {
      recovering = null;
    });
  return recovering;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const mayRefresh = options.refreshOn401 !== false && path !== REFRESH_PATH && path !== LOGOUT_PATH;
    if (errorStatus(error) !== 401 || !mayRefresh) throw error;
    if (!(await recoverSession())) throw error;
    return send<T>(path, options);
  }
}

export const apiClient = {
  get: <T>(path: string, query?: RequestOptions['query']) => request<T>(path, { query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
};
