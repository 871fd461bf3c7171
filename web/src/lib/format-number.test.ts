import { describe, expect, it } from 'vitest';
import { formatCount, formatRupees } from './format-number.ts';

describe('amount formats', () => {
  it('groups digits the Indian way', () => {
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1250000)).toBe('12,50,000');
  });

  it('shows paise only when there are some', () => {
    expect(formatRupees(10)).toBe('10');
    expect(formatRupees(1250.5)).toBe('1,250.50');
  });
});
