// The shared middleware in-process, for what the local cloud cannot easily stage: an expired link
// token, and an unexpected error that must not leak.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas.ts';
import { expiredVerificationToken, useTestEnv } from '../../tests/helpers/test-env.ts';

useTestEnv();
const { apiHandler } = await import('./api.ts');
// The suite silences Powertools (vitest.config.ts); these tests read its lines.
(await import('#functions/platform/logger.ts')).logger.setLogLevel('INFO');
const verifyEmail = await import('#functions/identity/handlers/verify-email.ts');

function event(routeKey: string, overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  const [method, rawPath] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { http: { method, path: rawPath }, requestId: 'test' } as APIGatewayProxyEventV2['requestContext'],
    ...overrides,
  };
}

const invoke = async (handler: (e: APIGatewayProxyEventV2, c: Context) => Promise<unknown>, e: APIGatewayProxyEventV2) => {
  const result = (await handler(e, {} as Context)) as { statusCode: number; body: string };
  return { statusCode: result.statusCode, body: JSON.parse(result.body) };
};

describe('apiHandler', () => {
  const LOGIN = 'POST /api/v1/user/login-user';

  it('answers an unexpected error with a bare 500 and logs the stack', async () => {
    // Powertools' logger writes errors to stderr itself (not through the global console): see logger.ts.
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const handler = apiHandler({}, () => Promise.reject(new Error('secret table name in this message')));
    const answer = await invoke(handler, event(LOGIN));
    const written = errors.mock.calls.map(([chunk]) => String(chunk));
    errors.mockRestore();
    expect(answer).toEqual({ statusCode: 500, body: { statusCode: 500, message: MSG.internal, success: false } });
    const line = JSON.parse(written[0]);
    expect(line).toMatchObject({ level: 'ERROR', message: 'request failed', statusCode: 500, error: { message: 'secret table name in this message', stack: expect.any(String) } });
  });

  it('answers a write that kept losing races with other transactions (nothing written) with a 409 to try again, not a 500', async () => {
    const { TransactionCanceledException } = await import('@aws-sdk/client-dynamodb');
    const lostRace = new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }],
    });
    const handler = apiHandler({}, () => Promise.reject(lostRace));
    expect(await invoke(handler, event(LOGIN))).toEqual({ statusCode: 409, body: { statusCode: 409, message: MSG.busyTryAgain, success: false } });
    // A condition that failed is the domain's to name: unmapped, it stays a 500.
    const refused = new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'TransactionConflict' }] });
    const refusedHandler = apiHandler({}, () => Promise.reject(refused));
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect((await invoke(refusedHandler, event(LOGIN))).statusCode).toBe(500);
    errors.mockRestore();
  });

  it('validates before the handler runs: the first issue message, status 400', async () => {
    const run = vi.fn();
    const handler = apiHandler({ body: loginSchema }, run);
    const answer = await invoke(handler, event(LOGIN, { body: '{"email":"a@b.co"}', headers: { 'content-type': 'application/json' } }));
    expect(answer.body).toEqual({ statusCode: 400, message: MSG.emailPasswordRequired, success: false });
    expect(run).not.toHaveBeenCalled();
  });

  it('reads base64 JSON bodies and wraps the answer in the envelope', async () => {
    const handler = apiHandler({ body: loginSchema }, ({ body }) => Promise.resolve({ data: body.email, statusCode: 201 }));
    const body = Buffer.from('{"email":" A@B.co ","password":"x"}').toString('base64');
    const answer = await invoke(handler, event(LOGIN, { body, isBase64Encoded: true, headers: { 'content-type': 'application/json; charset=utf-8' } }));
    expect(answer).toEqual({ statusCode: 201, body: { statusCode: 201, data: 'a@b.co', message: 'Success', success: true } });
  });
});

describe('verify-email', () => {
  it('answers 401 Token expired for an expired link token', async () => {
    const expired = await expiredVerificationToken();
    const answer = await invoke(
      verifyEmail.handler,
      event('POST /api/v1/user/verify-email', { queryStringParameters: { token: expired, otpCode: 'anything' } }),
    );
    expect(answer.body).toEqual({ statusCode: 401, message: MSG.tokenExpired, success: false });
  });
});
