// Loads the Lambda handler modules under functions/ and invokes them the way the Lambda runtime does.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';
import type { RouteDef } from '../../shared/routes.ts';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './env.ts';

export type LambdaHandler = (event: never, context: Context) => unknown;
/** Module path under functions/ (e.g. "identity/handlers/login-user") to its exported `handler`. */
export type HandlerLoader = (modulePath: string) => Promise<LambdaHandler>;

/**
 * API Gateway gives up on an integration after 30 s; HTTP handlers see the same deadline, unless
 * LOCAL_ROUTE_TIMEOUT_SECONDS sets another: the test harness's clouds share 2 cores with each other, where
 * a rush of hundreds of bets on one DynamoDB Local outlasts 30 s (a deadline that measured the machine).
 */
const HTTP_TIMEOUT_MS = Number(process.env.LOCAL_ROUTE_TIMEOUT_SECONDS ?? 30) * 1000;

/** The benchmarks' no-op route (LOCAL_NO_OP_ROUTE=1, start.ts): the gateway's work alone, a handler that does nothing. */
export const NO_OP_ROUTE: RouteDef = { method: 'GET', path: '/_local/no-op', handler: '_local/no-op', auth: 'public', body: 'none' };
const noOp: LambdaHandler = () => Promise.resolve({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' });

export const withNoOpRoute =
  (load: HandlerLoader): HandlerLoader =>
  (modulePath) =>
    modulePath === NO_OP_ROUTE.handler ? Promise.resolve(noOp) : load(modulePath);

export function moduleHandlerLoader(functionsDir: string): HandlerLoader {
  const cache = new Map<string, Promise<LambdaHandler>>();
  return (modulePath) => {
    const cached = cache.get(modulePath);
    if (cached) return cached;
    const loading = import(pathToFileURL(join(functionsDir, `${modulePath}.ts`)).href).then((mod: { handler?: unknown }) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/${modulePath}.ts does not export a handler`);
      return mod.handler as LambdaHandler;
    });
    // Not cached on failure: a module being written right now loads on a later request.
    loading.catch(() => cache.delete(modulePath));
    cache.set(modulePath, loading);
    return loading;
  };
}

// Lambda runs one invocation at a time in an execution environment; this process runs every function's
// invocations at once, as Lambda Managed Instances do. Like their runtime, it gives each invocation its
// own InvokeStore context and sets AWS_LAMBDA_MAX_CONCURRENCY, so Powertools keeps the Logger's context
// (request id, correlation id) and the Metrics buffer per invocation, not shared by concurrent ones.
// Metrics (CloudWatch embedded metric format) have no CloudWatch to go to here: off unless asked for
// with POWERTOOLS_METRICS_DISABLED=false.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
const invokeStore = InvokeStore.getInstanceAsync(true).then((store) => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';
  return store;
});

export async function invoke(handler: LambdaHandler, event: object, modulePath: string, memoryMb = 128, timeoutMs = HTTP_TIMEOUT_MS): Promise<unknown> {
  const context = lambdaContext(modulePath.replaceAll('/', '-'), memoryMb, timeoutMs);
  const store = await invokeStore;
  return store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () => handler(event as never, context));
}

function lambdaContext(functionName: string, memoryMb: number, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const legacyCallback = () => {
    throw new Error('context.done/fail/succeed are not supported: return a value or a promise');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: legacyCallback,
    fail: legacyCallback,
    succeed: legacyCallback,
  };
}
