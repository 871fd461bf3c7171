import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthStatus } from './check-auth.ts';
import { rememberSignedIn, wasSignedIn } from './session-hint.ts';

const answer = (statusCode: number, data?: unknown) =>
  new Response(JSON.stringify({ statusCode, data, message: '', success: statusCode < 400 }), { status: statusCode });

function fakeServer(...answers: Response[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      return Promise.resolve(answers.shift()!);
    }),
  );
  return calls;
}

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('fetchAuthStatus', () => {
  it('trusts a positive check and remembers the session', async () => {
    fakeServer(answer(200, { isAuthenticated: true }));
    await expect(fetchAuthStatus()).resolves.toBe(true);
    expect(wasSignedIn()).toBe(true);
  });

  it('never tries a refresh for a visitor who had no session', async () => {
    const calls = fakeServer(answer(200, { isAuthenticated: false }));
    await expect(fetchAuthStatus()).resolves.toBe(false);
    expect(calls).toEqual(['/api/v1/user/check-auth']);
  });

  it('renews an expired access cookie with the refresh cookie when a session existed', async () => {
    await rememberSignedIn(true);
    const calls = fakeServer(answer(200, { isAuthenticated: false }), answer(200));
    await expect(fetchAuthStatus()).resolves.toBe(true);
    expect(calls).toEqual(['/api/v1/user/check-auth', '/api/v1/user/refresh-token']);
  });

  it('forgets the session when the refresh is refused', async () => {
    await rememberSignedIn(true);
    fakeServer(answer(200, { isAuthenticated: false }), answer(401));
    await expect(fetchAuthStatus()).resolves.toBe(false);
    expect(wasSignedIn()).toBe(false);
  });
});
