// apiHandler: the one way to write an HTTP handler. It composes the shared middlewares (the Lambda
// context on the logs, metrics, logging, error envelope, manifest lookup, Origin check, auth, body
// parsing, validation), so a handler only maps a validated request to the domain and names its answer.
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { DomainErrorCode } from '#functions/platform/errors.ts';
import type { ItemRead } from '#functions/platform/dynamodb.ts';
import type { AccessClaims } from '#functions/identity/tokens.ts';
import { HttpError } from './http-error.ts';
import { logger } from '#functions/platform/logger.ts';
import { withTimeLeft } from '#functions/platform/time-left.ts';
import { MSG } from '#shared/messages.ts';
import {
  authentication,
  bodyParsing,
  errorEnvelope,
  JSON_HEADERS,
  metricsFlush,
  originCheck,
  requestLogging,
  requestState,
  routeLookup,
  validation,
  type Schemas,
} from './middleware.ts';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface ApiRequest<S extends Schemas> {
  body: Parsed<S['body']>;
  query: Parsed<S['query']>;
  params: Parsed<S['params']>;
  /** Cookie values by name. */
  cookies: Record<string, string>;
  /** The logged-in caller; only routes whose manifest `auth` is not 'public' have one. */
  readonly caller: AccessClaims;
  /**
   * With `sessionReadByHandler`: the caller's session, to read in the handler's first batched read
   * (true: still open) and refuse as 'unauthorized' unless it is, before anything is written.
   */
  readonly sessionOpen: ItemRead<boolean>;
  /** Or, with `sessionReadByHandler`, the session to check is still open in the handler's one transaction (a ConditionCheck). */
  readonly sessionToCheck: Pick<AccessClaims, 'sessionId' | 'userId'>;
  event: APIGatewayProxyEventV2;
}

export interface ApiAnswer<T> {
  data: T;
  message?: string;
  statusCode?: number;
  /** Full Set-Cookie values. */
  cookies?: string[];
}

export interface ApiOptions {
  /** Messages that differ from the catalogue for this endpoint (e.g. reset-password's 'Invalid otp'). */
  errorMessages?: Partial<Record<DomainErrorCode, string>>;
  /**
   * The handler reads the caller's session itself, in the BatchGetItem of its own first read (a bet:
   * one round trip fewer on the hottest path). It must take `sessionOpen`: a handler that does not
   * fails every request (500), so no test of the route passes without it.
   */
  sessionReadByHandler?: boolean;
}

function successResponse<T>({ data, message = 'Success', statusCode = 200, cookies = [] }: ApiAnswer<T>): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: JSON_HEADERS,
    cookies,
    body: JSON.stringify({ statusCode, data: data ?? null, message, success: true }),
    isBase64Encoded: false,
  };
}

export function apiHandler<S extends Schemas, T>(
  schemas: S,
  run: (request: ApiRequest<S>) => Promise<ApiAnswer<T>>,
  options: ApiOptions = {},
) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush())
    .use(requestLogging())
    .use(errorEnvelope(options.errorMessages))
    .use(routeLookup())
    .use(originCheck())
    .use(authentication(options.sessionReadByHandler))
    .use(bodyParsing())
    .use(validation(schemas))
    .handler(async (event, context) => {
      const state = requestState(event);
      const request: ApiRequest<S> = {
        body: state.body as Parsed<S['body']>,
        query: state.query as Parsed<S['query']>,
        params: state.params as Parsed<S['params']>,
        cookies: state.cookies,
        get caller() {
          if (!state.caller) throw new HttpError(401, MSG.unauthorized);
          return state.caller;
        },
        get sessionOpen() {
          if (!state.sessionOpen) throw new Error('sessionOpen: the route does not read the session in its handler (apiHandler sessionReadByHandler)');
          state.sessionOpenTaken = true;
          return state.sessionOpen;
        },
        get sessionToCheck() {
          if (!state.sessionOpen || !state.caller) throw new Error('sessionToCheck: the route does not read the session in its handler (apiHandler sessionReadByHandler)');
          state.sessionOpenTaken = true;
          return { sessionId: state.caller.sessionId, userId: state.caller.userId };
        },
        event,
      };
      // As middy does: a context without the runtime's clock (a test calling the handler) means no deadline.
      const answer = typeof context.getRemainingTimeInMillis === 'function' ? await withTimeLeft(context.getRemainingTimeInMillis(), () => run(request)) : await run(request);
      if (state.sessionOpen && !state.sessionOpenTaken) throw new Error('the handler never read the caller\'s session (apiHandler sessionReadByHandler)');
      return successResponse(answer);
    });
}
