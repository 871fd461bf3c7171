import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import { isValidUpiId, withdrawLimit, withdrawProblem } from './withdraw-form.ts';

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

describe('withdrawLimit', () => {
  it('allows all the cash once it reaches the minimum, and nothing with a reason below it', () => {
    expect(withdrawLimit(250.5)).toEqual({ max: 250.5, blockedBecause: null });
    expect(withdrawLimit(10)).toEqual({ max: 10, blockedBecause: null });
    expect(withdrawLimit(0)).toEqual({ max: 0, blockedBecause: expect.stringContaining('Withdrawals start at 10 rupees') });
    expect(withdrawLimit(9.99).max).toBe(0);
  });
});
