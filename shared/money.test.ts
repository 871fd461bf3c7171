import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('converts rupees with up to two decimals to paise and back exactly', () => {
    expect(rupeesToPaise(10.01)).toBe(1001);
    expect(rupeesToPaise(0.29)).toBe(29);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });
});
