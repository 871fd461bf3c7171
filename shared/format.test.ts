import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  deviceTimeZone,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeWithZone,
  formatZoneName,
  isoToZonedInput,
  maskEmail,
  normalizeEmail,
  zonedInputToIso,
} from './format.ts';

// Every test names its zone: the default is the device's, which differs between machines.
describe('formatDate', () => {
  it('writes D Mon YYYY with the spec month names', () => {
    expect(formatDate('2024-01-05T10:00:00Z', 'UTC')).toBe('5 Jan 2024');
    expect(formatDate('2024-06-30T23:59:59Z', 'UTC')).toBe('30 June 2024');
    expect(formatDate('2024-07-01T00:00:00Z', 'UTC')).toBe('1 July 2024');
    expect(formatDate('2024-09-15T12:00:00Z', 'UTC')).toBe('15 Sept 2024');
    expect(formatDate(new Date(Date.UTC(2023, 11, 31)), 'UTC')).toBe('31 Dec 2023');
  });

  it('takes the day from the zone near midnight: IST is 5 h 30 ahead of UTC', () => {
    expect(formatDate('2024-03-01T00:30:00+05:30', 'Asia/Kolkata')).toBe('1 Mar 2024');
    expect(formatDate('2024-03-01T00:30:00+05:30', 'UTC')).toBe('29 Feb 2024');
    expect(formatDate('2023-12-31T18:30:00Z', 'Asia/Kolkata')).toBe('1 Jan 2024');
  });

  it("defaults to the device's zone", () => {
    expect(deviceTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(formatDate('2024-03-01T12:00:00Z')).toBe(formatDate('2024-03-01T12:00:00Z', deviceTimeZone()));
  });

  it('throws on an invalid date', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatTime', () => {
  it('writes HH:MM with leading zeros in the zone', () => {
    expect(formatTime('2024-01-05T04:07:59Z', 'UTC')).toBe('04:07');
    expect(formatTime('2024-01-05T23:00:00+01:00', 'UTC')).toBe('22:00');
    expect(formatTime('2024-01-05T09:30:00Z', 'Asia/Kolkata')).toBe('15:00');
    expect(formatTime('2024-01-05T18:30:00Z', 'Asia/Kolkata')).toBe('00:00');
  });

  it('throws on an invalid date', () => {
    expect(() => formatTime('')).toThrow(RangeError);
  });

  it('always gives two-digit hours and minutes, in any zone', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }), fc.constantFrom('UTC', 'Asia/Kolkata', 'America/St_Johns'), (d, zone) =>
        /^\d{2}:\d{2}$/.test(formatTime(d, zone)),
      ),
    );
  });
});

describe('zone names and date-times', () => {
  it('names IST and UTC, and a zone without a name by its offset', () => {
    expect(formatZoneName('2024-01-05T09:30:00Z', 'Asia/Kolkata')).toBe('IST');
    expect(formatZoneName('2024-01-05T09:30:00Z', 'UTC')).toBe('UTC');
    expect(formatZoneName('2024-01-05T09:30:00Z', 'Asia/Kathmandu')).toMatch(/^(GMT\+5:45|NPT)$/);
  });

  it('writes a 15:00 IST match as 15:00 IST, not 09:30', () => {
    expect(formatTimeWithZone('2024-01-05T09:30:00Z', 'Asia/Kolkata')).toBe('15:00 IST');
    expect(formatTimeWithZone('2024-01-05T09:30:00Z', 'UTC')).toBe('09:30 UTC');
    expect(formatDateTime('2024-09-14T20:00:00Z', 'Asia/Kolkata')).toBe('15 Sept 2024, 01:30 IST');
  });
});

describe('datetime-local fields in a zone', () => {
  it('reads a wall-clock time in the zone as UTC, and back', () => {
    expect(zonedInputToIso('2030-05-04T18:30', 'Asia/Kolkata')).toBe('2030-05-04T13:00:00.000Z');
    expect(zonedInputToIso('2030-05-04T18:30', 'UTC')).toBe('2030-05-04T18:30:00.000Z');
    expect(isoToZonedInput('2030-05-04T13:00:00.000Z', 'Asia/Kolkata')).toBe('2030-05-04T18:30');
    expect(isoToZonedInput('2030-05-04T18:30:00.000Z', 'UTC')).toBe('2030-05-04T18:30');
  });

  it('follows daylight saving: London is UTC+1 in summer', () => {
    expect(zonedInputToIso('2030-07-01T12:00', 'Europe/London')).toBe('2030-07-01T11:00:00.000Z');
    expect(zonedInputToIso('2030-01-01T12:00', 'Europe/London')).toBe('2030-01-01T12:00:00.000Z');
  });

  it('gives null for an empty or incomplete value', () => {
    expect(zonedInputToIso('', 'UTC')).toBeNull();
    expect(zonedInputToIso('2030-05-04', 'UTC')).toBeNull();
    expect(zonedInputToIso('2030-13-04T10:00', 'UTC')).toBeNull();
  });

  it('round-trips any minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }), fc.constantFrom('UTC', 'Asia/Kolkata'), (minute, zone) => {
        const iso = new Date(minute * 60_000).toISOString();
        return zonedInputToIso(isoToZonedInput(iso, zone), zone) === iso;
      }),
    );
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
