import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { isValidUpiId, withdrawProblem } from './withdraw-form.ts';

describe('isValidUpiId', () => {
  it('accepts handle@provider', () => {
    for (const id of ['asha@okaxis', 'asha.runner-1@ybl', ' 9876543210@paytm ']) expect(isValidUpiId(id)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const id of ['', 'asha', '@okaxis', 'asha@', 'a@okaxis', 'asha@1bank', 'asha @okaxis', 'asha@ok@axis']) expect(isValidUpiId(id)).toBe(false);
  });
});

describe('withdrawProblem', () => {
  it('warns below the minimum of 10 rupees, whatever the UPI id', () => {
    expect(withdrawProblem(9.99, 'asha@okaxis')).toEqual({ variant: 'warning', message: MSG.minWithdraw });
    expect(withdrawProblem(Number.NaN, '')).toEqual({ variant: 'warning', message: MSG.minWithdraw });
  });

  it('then refuses a missing or invalid UPI id', () => {
    expect(withdrawProblem(10, '')).toEqual({ variant: 'error', message: MSG.invalidUpi });
    expect(withdrawProblem(50, 'not-an-upi')).toEqual({ variant: 'error', message: MSG.invalidUpi });
  });

  it('passes a valid request', () => {
    expect(withdrawProblem(10, 'asha@okaxis')).toBeNull();
  });
});
