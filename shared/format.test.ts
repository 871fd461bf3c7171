import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatTime, maskEmail, normalizeEmail } from './format.ts';

describe('formatDate', () => {
  it('writes D Mon YYYY in UTC with the spec month names', () => {
    expect(formatDate('2024-01-05T10:00:00Z')).toBe('5 Jan 2024');
    expect(formatDate('2024-06-30T23:59:59Z')).toBe('30 June 2024');
    expect(formatDate('2024-07-01T00:00:00Z')).toBe('1 July 2024');
    expect(formatDate('2024-09-15T12:00:00Z')).toBe('15 Sept 2024');
    expect(formatDate(new Date(Date.UTC(2023, 11, 31)))).toBe('31 Dec 2023');
  });

  it('uses UTC, not the local zone, near midnight', () => {
    expect(formatDate('2024-03-01T00:30:00+05:30')).toBe('29 Feb 2024');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('writes HH:MM in UTC with leading zeros', () => {
    expect(formatTime('2024-01-05T04:07:59Z')).toBe('04:07');
    expect(formatTime('2024-01-05T23:00:00+01:00')).toBe('22:00');
  });

  it('throws on an invalid date', () => {
    expect(() => formatTime('')).toThrow(RangeError);
  });

  it('always gives two-digit hours and minutes', () => {
    fc.assert(fc.property(fc.date({ noInvalidDate: true }), (d) => /^\d{2}:\d{2}$/.test(formatTime(d))));
  });
});

describe('maskEmail', () => {
  it('keeps the first and last character of the local part', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
    expect(maskEmail('abc@x.io')).toBe('a*c@x.io');
  });

  it('leaves very short local parts alone', () => {
    expect(maskEmail('ab@x.io')).toBe('ab@x.io');
    expect(maskEmail('a@x.io')).toBe('a@x.io');
  });

  it('keeps length and domain', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email);
        return masked.length === email.length && masked.endsWith(email.slice(email.lastIndexOf('@')));
      }),
    );
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Bob@Example.COM ')).toBe('bob@example.com');
  });
});
