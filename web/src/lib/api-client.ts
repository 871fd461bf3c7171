// The one HTTP client of the web app: same-origin API under /api/v1 with cookies, the envelope unwrapped
// to `data`, one refresh-and-retry after a 401, and a toast when the server cannot be reached at all.
import { API_BASE_PATH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { ApiEnvelope } from '#shared/api.ts';
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

export const REFRESH_PATH = '/user/refresh-token';
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
  const envelope = (await response.json().catch(() => null)) as Partial<ApiEnvelope<T>> | null;
  if (!response.ok) throw new ApiError(response.status, envelope?.message || MSG.somethingWentWrong);
  return envelope?.data as T;
}

// Concurrent 401s share one refresh call (a refresh token is single-use on the server).
let refreshing: Promise<boolean> | null = null;
function refreshSession(): Promise<boolean> {
  refreshing ??= send(REFRESH_PATH, {})
    .then(() => true)
    .catch(() => {
      send(LOGOUT_PATH, {}).catch(() => {});
      onSessionEnded();
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const mayRefresh = options.refreshOn401 !== false && path !== REFRESH_PATH && path !== LOGOUT_PATH;
    if (errorStatus(error) !== 401 || !mayRefresh) throw error;
    if (!(await refreshSession())) throw error;
    return send<T>(path, options);
  }
}

export const apiClient = {
  get: <T>(path: string, query?: RequestOptions['query']) => request<T>(path, { query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
};
