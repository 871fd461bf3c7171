import { describe, expect, it } from 'vitest';
import { emptyOtp, enterDigits, eraseDigit, isOtpComplete } from './otp-boxes.ts';

describe('OTP boxes', () => {
  it('a digit fills the box and moves focus to the next', () => {
    expect(enterDigits(emptyOtp(4), 0, '7')).toEqual({ digits: ['7', '', '', ''], focusIndex: 1 });
  });

  it('ignores non-digits', () => {
    const digits = ['1', '', '', ''];
    expect(enterDigits(digits, 1, 'a')).toEqual({ digits, focusIndex: 1 });
  });

  it('replaces the digit of a filled box with the newest one', () => {
    expect(enterDigits(['1', '2', '', ''], 1, '25').digits).toEqual(['1', '5', '', '']);
  });

  it('spreads a pasted code over the boxes and stops at the last', () => {
    expect(enterDigits(emptyOtp(4), 0, '12 34')).toEqual({ digits: ['1', '2', '3', '4'], focusIndex: 3 });
    expect(enterDigits(emptyOtp(4), 2, '987').digits).toEqual(['', '', '9', '8']);
  });

  it('backspace clears a filled box and stays', () => {
    expect(eraseDigit(['1', '2', '3', ''], 2)).toEqual({ digits: ['1', '2', '', ''], focusIndex: 2 });
  });

  it('backspace on an empty box moves to the previous box', () => {
    expect(eraseDigit(['1', '2', '', ''], 2)).toEqual({ digits: ['1', '', '', ''], focusIndex: 1 });
    expect(eraseDigit(emptyOtp(4), 0)).toEqual({ digits: emptyOtp(4), focusIndex: 0 });
  });

  it('is complete only when every box holds a digit', () => {
    expect(isOtpComplete(['1', '2', '3', '4'])).toBe(true);
    expect(isOtpComplete(['1', '2', '', '4'])).toBe(false);
  });
});
