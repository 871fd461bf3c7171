// What a function's log lines look like in CloudWatch under Lambda's JSON log format. The Node.js runtime
// in that format replaces the global console's methods: each call becomes a line of its own,
// {"timestamp","level","requestId","message"}, with what was logged as "message" (a string stays a string).
// What a function writes straight to stdout or stderr is recorded line by line as written. This test
// patches the console the same way, captures both streams, and runs a real handler.
import { format } from 'node:util';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestEnv } from '../../tests/helpers/test-env.ts';

type Line = Record<string, unknown>;

const LEVELS = { debug: 'DEBUG', info: 'INFO', log: 'INFO', warn: 'WARN', error: 'ERROR' } as const;
const CONSOLE_METHODS = Object.keys(LEVELS) as (keyof typeof LEVELS)[];

let written: string[];
let restore: (() => void)[];

/** Every line the function wrote, as CloudWatch would hold it (each must be one JSON object). */
const recorded = (): Line[] =>
  written
    .join('')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

beforeEach(() => {
  written = [];
  restore = [];
  for (const stream of [process.stdout, process.stderr]) {
    const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    restore.push(() => spy.mockRestore());
  }
  // The runtime's console under AWS_LAMBDA_LOG_FORMAT=JSON (Lambda's LogPatch).
  const original = { ...console };
  for (const method of CONSOLE_METHODS) {
    console[method] = (message?: unknown, ...params: unknown[]) => {
      const line = { timestamp: new Date().toISOString(), level: LEVELS[method], requestId: 'lambda-request-1', message: params.length ? format(message, ...params) : message };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    };
  }
  restore.push(() => Object.assign(console, original));
  Object.assign(process.env, {
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_FUNCTION_NAME: 'BetPlayWin-BetCreateNew',
  });
  restore.push(() => {
    delete process.env.AWS_LAMBDA_LOG_FORMAT;
    delete process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
  });
  useTestEnv();
  // The suite silences Powertools (vitest.config.ts); these tests read its lines.
  const silenced = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  restore.push(() => {
    if (silenced === undefined) delete process.env.POWERTOOLS_LOG_LEVEL;
    else process.env.POWERTOOLS_LOG_LEVEL = silenced;
  });
  // A fresh logger per test, as in a new execution environment.
  vi.resetModules();
});

afterEach(() => {
  for (const undo of restore.reverse()) undo();
});

const BET_ROUTE = 'POST /api/v1/bet/create-new';

function betEvent(requestId: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: BET_ROUTE,
    rawPath: '/api/v1/bet/create-new',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/v1/bet/create-new' }, requestId } as APIGatewayProxyEventV2['requestContext'],
  };
}

const lambdaContext = (awsRequestId: string) =>
  ({ awsRequestId, functionName: 'BetPlayWin-BetCreateNew', functionVersion: '$LATEST', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:ap-south-1:123456789012:function:BetPlayWin-BetCreateNew' }) as Context;

describe('log lines under Lambda JSON log format', () => {
  it('the harness records a JSON string logged through the console as a string inside "message" (the old logger\'s lines)', () => {
    console.log(JSON.stringify({ level: 'warn', statusCode: 409 }));
    const [line] = recorded();
    expect(line).toMatchObject({ level: 'INFO', requestId: 'lambda-request-1' });
    expect(typeof line.message).toBe('string');
    expect(line.statusCode).toBeUndefined();
  });

  it('a request writes one line, a JSON object of its own: its level, routeKey and statusCode top-level (the metric filters read them), the Lambda context and the API request id as correlation id', async () => {
    const { handler } = await import('#functions/betting/handlers/create-new.ts');
    const answer = (await handler(betEvent('api-request-1'), lambdaContext('lambda-request-1'))) as { statusCode: number };
    expect(answer.statusCode).toBe(401);
    const lines = recorded();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: expect.stringMatching(/^request refused: /),
      service: 'bet-play-win',
      routeKey: BET_ROUTE,
      statusCode: 401,
      durationMs: expect.any(Number),
      correlation_id: 'api-request-1',
      function_request_id: 'lambda-request-1',
      function_name: 'BetPlayWin-BetCreateNew',
      cold_start: true,
      timestamp: expect.any(String),
    });

    // The next invocation of the same environment: warm, its own ids, none of the last request's.
    await handler(betEvent('api-request-2'), lambdaContext('lambda-request-2'));
    expect(recorded()[1]).toMatchObject({ cold_start: false, correlation_id: 'api-request-2', function_request_id: 'lambda-request-2' });
  });

  it('keeps the level: a warning is WARN, an error ERROR with the error\'s name, message and stack', async () => {
    const { errorFields, log } = await import('./logger.ts');
    log('warn', 'notification push failed', { userId: 'u1' });
    log('error', 'request failed', { statusCode: 500, ...errorFields(new Error('table gone')) });
    const [warning, error] = recorded();
    expect(warning).toMatchObject({ level: 'WARN', message: 'notification push failed', userId: 'u1' });
    expect(error).toMatchObject({ level: 'ERROR', statusCode: 500, error: { name: 'Error', message: 'table gone', stack: expect.stringContaining('table gone') } });
  });
});
