// The middy middlewares every HTTP handler shares (composed by apiHandler in api.ts).
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import { ACCESS_COOKIE } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { findRouteByKey, type RouteDef } from '#shared/routes.ts';
import { DomainError, type DomainErrorCode } from '#functions/platform/errors.ts';
import { authenticate, authenticateLater } from '#functions/identity/sessions.ts';
import type { AccessClaims } from '#functions/identity/tokens.ts';
import { parseBody } from './body.ts';
import { parseCookies } from './cookies.ts';
import { lostTransactionRace, type ItemRead } from '#functions/platform/dynamodb.ts';
import { DOMAIN_ERROR_ANSWERS, LOST_RACE_ANSWER, type ErrorAnswer } from './error-map.ts';
import { HttpError } from './http-error.ts';
import { errorFields, log, logger } from '#functions/platform/logger.ts';
import { flushMetrics } from '#functions/platform/metrics.ts';
import { fromAnotherSite } from './request-origin.ts';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;
type Middleware = MiddlewareObj<Event, Result>;

/** What the middlewares learn about a request, for the handler. Keyed by the event object. */
export interface RequestState {
  startedAt: number;
  route?: RouteDef;
  cookies: Record<string, string>;
  caller?: AccessClaims;
  /** The caller's session read, when the handler makes it (apiHandler's sessionReadByHandler). */
  sessionOpen?: ItemRead<boolean>;
  /** Whether the handler took that read (it must, before it writes anything). */
  sessionOpenTaken?: boolean;
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

const states = new WeakMap<Event, RequestState>();

export function requestState(event: Event): RequestState {
  let state = states.get(event);
  if (!state) {
    state = { startedAt: Date.now(), cookies: parseCookies(event.cookies) };
    states.set(event, state);
  }
  return state;
}

export const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function errorResponse({ statusCode, message }: ErrorAnswer): Result {
  return {
    statusCode,
    headers: JSON_HEADERS,
    body: JSON.stringify({ statusCode, message, success: false }),
    isBase64Encoded: false,
  };
}

/**
 * One log line per request, with the API's request id as correlation id on it and on every line the
 * request writes before; unexpected errors with their stack. Use first (after the Lambda context), so it
 * sees the final answer.
 */
export const requestLogging = (): Middleware => {
  const write = (request: Request<Event, Result>) => {
    const { event, response, error } = request;
    const statusCode = response?.statusCode ?? 500;
    const state = requestState(event);
    // Top-level fields: the stack's metric filters read statusCode and routeKey (infra/constructs/alarm.ts).
    const fields = {
      routeKey: event.routeKey,
      path: event.rawPath,
      statusCode,
      durationMs: Date.now() - state.startedAt,
      userId: state.caller?.userId,
    };
    if (statusCode >= 500) log('error', 'request failed', { ...fields, ...errorFields(error) });
    else log('info', error ? `request refused: ${error.message}` : 'request done', fields);
  };
  return {
    before: ({ event }) => {
      requestState(event);
      if (event.requestContext.requestId) logger.setCorrelationId(event.requestContext.requestId);
    },
    after: write,
    onError: write,
  };
};

/** Writes the metrics the request counted (functions/platform/metrics.ts), whatever its outcome. */
export const metricsFlush = (): Middleware => ({
  after: flushMetrics,
  onError: flushMetrics,
});

/**
 * HttpError and DomainError answer their status and message; a write that kept losing races with other
 * transactions past the client's retries (nothing written) is a 409 to try again; anything else is a
 * 500 that says nothing.
 */
export const errorEnvelope = (messageOverrides: Partial<Record<DomainErrorCode, string>> = {}): Middleware => ({
  onError: (request) => {
    const { error } = request;
    if (error instanceof HttpError) {
      request.response = errorResponse({ statusCode: error.statusCode, message: error.message });
    } else if (error instanceof DomainError) {
      const answer = DOMAIN_ERROR_ANSWERS[error.code];
      const message = messageOverrides[error.code] ?? answer.message;
      const about = error.about ?? '';
      const text = typeof message === 'function' ? message(about) : about ? MSG.aboutItem(about, message) : message;
      request.response = errorResponse({ statusCode: answer.statusCode, message: text });
    } else if (lostTransactionRace(error)) {
      request.response = errorResponse(LOST_RACE_ANSWER);
    } else {
      request.response = errorResponse({ statusCode: 500, message: MSG.internal });
    }
  },
});

const MUTATING_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Finds the manifest entry of this request; every other middleware reads it. */
export const routeLookup = (): Middleware => ({
  before: ({ event }) => {
    const route = findRouteByKey(event.routeKey);
    if (!route) throw new Error(`No manifest route for routeKey ${event.routeKey}`);
    requestState(event).route = route;
  },
});

/**
 * A state-changing request (a mutating method, or a GET the manifest marks `changesState`) from another
 * site's page is refused (CSRF defence on top of SameSite).
 */
export const originCheck = (): Middleware => ({
  before: ({ event }) => {
    const { route } = requestState(event);
    const method = event.requestContext.http.method;
    if ((MUTATING_METHODS.has(method) || route?.changesState) && fromAnotherSite(event.headers)) {
      throw new HttpError(403, MSG.forbiddenOrigin);
    }
  },
});

/**
 * Enforces the manifest's `auth`: a valid access token of an open session, and the operator role where
 * asked. 'organiser' routes only need a session here: the domain checks the tournament's organisers.
 * With `sessionReadByHandler`, only the token is checked here, and the session's read is left to the
 * handler's first batched read (`sessionOpen`).
 */
export const authentication = (sessionReadByHandler = false): Middleware => ({
  before: async ({ event }) => {
    const state = requestState(event);
    const required = state.route?.auth ?? 'public';
    if (required === 'public') return;
    const token = state.cookies[ACCESS_COOKIE];
    let caller: AccessClaims | null;
    if (sessionReadByHandler) {
      const later = await authenticateLater(token);
      state.sessionOpen = later?.sessionOpen;
      caller = later?.claims ?? null;
    } else caller = await authenticate(token);
    if (!caller) throw new HttpError(401, MSG.unauthorized);
    if (required === 'operator' && caller.role !== 'operator') throw new HttpError(403, MSG.forbidden);
    state.caller = caller;
  },
});

export const bodyParsing = (): Middleware => ({
  before: async ({ event }) => {
    const state = requestState(event);
    state.body = await parseBody(state.route?.body ?? 'none', event);
  },
});

export interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

function validate(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? MSG.invalidRequest);
  return result.data;
}

/** Validates body, query and path parameters; bad input is a 400 with the first problem's message. */
export const validation = (schemas: Schemas): Middleware => ({
  before: ({ event }) => {
    const state = requestState(event);
    state.body = validate(schemas.body, state.body ?? {});
    state.query = validate(schemas.query, event.queryStringParameters ?? {});
    state.params = validate(schemas.params, event.pathParameters ?? {});
  },
});
