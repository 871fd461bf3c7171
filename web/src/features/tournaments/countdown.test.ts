import { describe, expect, it } from 'vitest';
import { startsInText } from './countdown.ts';

const now = Date.parse('2025-03-01T10:00:00Z');

describe('startsInText', () => {
  it('counts days, hours and minutes with two digits each', () => {
    expect(startsInText('2025-03-03T13:05:00Z', now)).toBe('Starts in 02 days, 03 hours, 05 minutes');
    expect(startsInText('2025-03-13T10:00:00Z', now)).toBe('Starts in 12 days, 00 hours, 00 minutes');
  });

  it('rounds partial minutes down', () => {
    expect(startsInText('2025-03-01T10:00:59Z', now)).toBe('Starts in 00 days, 00 hours, 00 minutes');
    expect(startsInText('2025-03-01T11:01:30Z', now)).toBe('Starts in 00 days, 01 hours, 01 minutes');
  });

  it('shows zeros once the time has passed or when nothing is scheduled', () => {
    expect(startsInText('2025-02-28T10:00:00Z', now)).toBe('Starts in 00 days, 00 hours, 00 minutes');
    expect(startsInText(null, now)).toBe('Starts in 00 days, 00 hours, 00 minutes');
  });
});
