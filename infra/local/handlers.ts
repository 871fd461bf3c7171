// Loads the Lambda handler modules under functions/ and invokes them the way the Lambda runtime does.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './env.ts';

export type LambdaHandler = (event: never, context: Context) => unknown;
/** Module path under functions/ (e.g. "user/login-user") to its exported `handler`. */
export type HandlerLoader = (modulePath: string) => Promise<LambdaHandler>;

/** API Gateway gives up on an integration after 30 s; HTTP handlers see the same deadline. */
const HTTP_TIMEOUT_MS = 30_000;

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

export async function invoke(handler: LambdaHandler, event: object, modulePath: string, memoryMb = 128, timeoutMs = HTTP_TIMEOUT_MS): Promise<unknown> {
  return handler(event as never, lambdaContext(modulePath.replaceAll('/', '-'), memoryMb, timeoutMs));
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
