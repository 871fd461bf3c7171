import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { apiClient, ApiError, setSessionEndedHandler } from './api-client.ts';

const envelope = (statusCode: number, data?: unknown, message = '') =>
  new Response(JSON.stringify({ statusCode, data, message, success: statusCode < 400 }), { status: statusCode });

/** A fake server: answers each request from the queue and records what was asked. */
function fakeServer(...answers: (Response | Error)[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      const answer = answers.shift();
      if (!answer || answer instanceof Error) return Promise.reject(answer ?? new Error('no answer queued'));
      return Promise.resolve(answer);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndedHandler(() => {});
});

describe('apiClient', () => {
  it('unwraps the envelope to its data and sends cookies', async () => {
    fakeServer(envelope(200, { isAuthenticated: true }));
    await expect(apiClient.get('/user/check-auth')).resolves.toEqual({ isAuthenticated: true });
    expect(vi.mocked(fetch).mock.calls[0][1]).toMatchObject({ credentials: 'include', method: 'GET' });
  });

  it('sends JSON bodies and query strings', async () => {
    const calls = fakeServer(envelope(200, null));
    await apiClient.post('/user/verify-email', { a: 1 }, { query: { token: 't', otpCode: 'c' } });
    expect(calls).toEqual(['POST /api/v1/user/verify-email?token=t&otpCode=c']);
    expect(vi.mocked(fetch).mock.calls[0][1]?.body).toBe('{"a":1}');
  });

  it('refreshes once after a 401 and retries the original request once', async () => {
    const calls = fakeServer(envelope(401), envelope(200), envelope(200, { _id: 'u1' }));
    await expect(apiClient.get('/user/current-user')).resolves.toEqual({ _id: 'u1' });
    expect(calls).toEqual(['GET /api/v1/user/current-user', 'GET /api/v1/user/refresh-token', 'GET /api/v1/user/current-user']);
  });

  it('does not loop when the retry answers 401 again', async () => {
    const calls = fakeServer(envelope(401), envelope(200), envelope(401, undefined, 'Unauthorized request'));
    await expect(apiClient.get('/user/current-user')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
  });

  it('logs out and ends the session when the refresh fails, passing the 401 on', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    const calls = fakeServer(envelope(401, undefined, 'Unauthorized request'), envelope(401), envelope(200));
    await expect(apiClient.get('/user/current-user')).rejects.toMatchObject({ status: 401, message: 'Unauthorized request' });
    expect(calls).toEqual(['GET /api/v1/user/current-user', 'GET /api/v1/user/refresh-token', 'GET /api/v1/user/logout-user']);
    expect(ended).toHaveBeenCalledOnce();
  });

  it('takes turns with the other tabs to refresh (a Web Lock), so two tabs never send one refresh token at once', async () => {
    // Two tabs: two instances of the module, one browser's lock manager and cookie jar.
    let queue = Promise.resolve<unknown>(undefined);
    const locks = { request: vi.fn((_name: string, task: () => Promise<unknown>) => (queue = queue.then(task))) };
    vi.stubGlobal('navigator', { locks });
    let refreshesInFlight = 0;
    let mostAtOnce = 0;
    let unauthorized = 2;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.endsWith('/user/refresh-token')) return unauthorized-- > 0 ? envelope(401) : envelope(200, { _id: 'u1' });
        mostAtOnce = Math.max(mostAtOnce, ++refreshesInFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        refreshesInFlight--;
        return envelope(200);
      }),
    );
    const tab = async () => {
      vi.resetModules();
      return (await import('./api-client.ts')).apiClient;
    };
    const [first, second] = [await tab(), await tab()];
    await expect(Promise.all([first.get('/user/current-user'), second.get('/user/current-user')])).resolves.toEqual([{ _id: 'u1' }, { _id: 'u1' }]);
    expect(locks.request).toHaveBeenCalledTimes(2);
    expect(locks.request.mock.calls.map(([name]) => name)).toEqual(['bet-play-win:session-refresh', 'bet-play-win:session-refresh']);
    expect(mostAtOnce).toBe(1);
  });

  it('skips the refresh where a 401 is a business answer', async () => {
    const calls = fakeServer(envelope(401, undefined, MSG.userAlreadyRegistered));
    await expect(apiClient.post('/user/create-user', {}, { refreshOn401: false })).rejects.toMatchObject({
      status: 401,
      message: MSG.userAlreadyRegistered,
    });
    expect(calls).toHaveLength(1);
  });

  it('passes other errors to the caller with status and message', async () => {
    fakeServer(envelope(402, undefined, MSG.incorrectPassword));
    const error = await apiClient.post('/user/login-user', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, message: MSG.incorrectPassword });
  });

  it('reports status 0 when no answer arrives at all', async () => {
    fakeServer(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/user/check-auth')).rejects.toMatchObject({ status: 0, message: MSG.connectionFailed });
  });
});
