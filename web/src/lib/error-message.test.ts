import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessage, serverErrorMessage } from './error-message.ts';

describe('errorMessage', () => {
  const byStatus = { 402: 'Incorrect password', 403: 'User not registered' };

  it('maps a known status to its message', () => {
    expect(errorMessage(new ApiError(402, 'server text'), byStatus)).toBe('Incorrect password');
  });

  it("shows the server's throttling message", () => {
    expect(errorMessage(new ApiError(429, 'Try again in 15 minutes'), byStatus)).toBe('Try again in 15 minutes');
  });

  it('falls back for other statuses and non-API errors', () => {
    expect(errorMessage(new ApiError(500, 'x'), byStatus, 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), byStatus)).toBe('Something went wrong');
  });

  it('stays silent when the server was unreachable (already toasted)', () => {
    expect(errorMessage(new ApiError(0, 'Connection with server failed '), byStatus)).toBeNull();
  });
});

describe('serverErrorMessage', () => {
  it("prefers the spec's message, else shows the server's own", () => {
    expect(serverErrorMessage(new ApiError(404, 'x'), { 404: 'You have not enough coins' })).toBe('You have not enough coins');
    expect(serverErrorMessage(new ApiError(400, 'Betting is closed for this event'), {})).toBe('Betting is closed for this event');
    expect(serverErrorMessage(new Error('boom'), {})).toBe('Something went wrong');
  });
});
